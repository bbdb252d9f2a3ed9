import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AGENCY_TIME_ZONE, isTimeZoneName } from '#domain/calendar';

/**
 * Where the running server keeps its state (the embedded database, generated keys, local documents) unless
 * DATA_DIR says otherwise. Nothing shipped lives there: removing it starts afresh and loses only that state.
 */
export const DEFAULT_DATA_DIR = './data';

/** The environment, parsed once at boot. A bad value stops the start with a message naming the variable. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A Redis server for the rate limits' counters, shared by every server instance. Unset: they are kept in
   * the database (shared too).
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMAIL_FROM: z.string().min(3).default('Debt Relief <no-reply@localhost>'),
  /**
   * How emails leave: 'smtp' (through SMTP_URL), 'dev-mailbox' (kept for /dev/mailbox, outside production) or
   * 'log' (a demo: nothing is sent). Unset: smtp with SMTP_URL, else the dev mailbox outside production.
   */
  EMAIL_TRANSPORT: z
    .enum(['smtp', 'dev-mailbox', 'log'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Days a delivered email's or text's body (codes, links, the signed letter) is kept before it is dropped. */
  EMAIL_BODY_RETENTION_DAYS: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number of days (0 to 9999)')
    .default('7')
    .transform(Number),
  /**
   * Hours an undelivered email keeps being retried (with growing delays) before it is marked failed and shown
   * to staff as such.
   */
  EMAIL_GIVE_UP_HOURS: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'must be a whole number of hours (1 to 9999)')
    .default('48')
    .transform(Number),
  /**
   * The agency's time zone, an IANA name: the day it is there is "today" for the letter's date, the first
   * draft, the offers' debt-free dates and the income read from a bank, and the day a signature is dated.
   */
  AGENCY_TIME_ZONE: z
    .string()
    .default(DEFAULT_AGENCY_TIME_ZONE)
    .refine(
      isTimeZoneName,
      "must be a time zone's IANA name, such as America/New_York or America/Chicago (not an offset or EST)",
    ),
  /**
   * Days after an application ended not qualified before the borrower may apply again with nothing changed
   * (with a change in their situation they may at once).
   */
  REAPPLY_WAITING_DAYS: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number of days (0 to 999)')
    .default('90')
    .transform(Number),
  /** Days between two soft credit pulls of an enrolled customer by the monitors (about monthly). */
  MONITOR_CREDIT_PULL_DAYS: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'must be a whole number of days (1 to 999)')
    .default('30')
    .transform(Number),
  /**
   * Business days a creditor has to post a payment the agency sent before the borrower is alerted that it was
   * not posted (the agency's window).
   */
  AGENCY_POSTING_WINDOW_BUSINESS_DAYS: z
    .string()
    .regex(/^[1-9]\d?$/, 'must be a whole number of business days (1 to 99)')
    .default('10')
    .transform(Number),
  /** 32 bytes as 64 hex characters or base64; generated into DATA_DIR when absent outside production. */
  ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || decodeKey(v) !== null,
      'must be 32 bytes as 64 hex characters or base64',
    ),
  /**
   * Keys ENCRYPTION_KEY replaced, comma-separated, each like ENCRYPTION_KEY: they only open values they
   * sealed, until `npm run keys:rotate` has re-sealed those under ENCRYPTION_KEY (README, key rotation).
   */
  ENCRYPTION_KEYS_OLD: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || splitKeys(v).every((k) => decodeKey(k) !== null),
      'must be keys of 32 bytes as 64 hex characters or base64, separated by commas',
    ),
  /** Secret that signs sessions; generated into DATA_DIR when absent outside production. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sign-in, lead, reset and change calls allowed per client IP per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * How many reverse proxies in front of the server to believe: the client address is read that many hops
   * back in X-Forwarded-For. 0 ignores the header, so a client cannot pick its own address for the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of proxy hops (0 or more)')
    .default('0')
    .transform(Number),
  /** Swagger UI and the OpenAPI document at /api/docs; on by default outside production only. */
  API_DOCS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Keep borrowers' sessions and applications in memory between requests, dropped when the database announces
   * a change (src/server/plugins/read-cache.ts). On unless 'off'.
   */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  ALLOW_SANDBOX_PROVIDERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where transfers are announced to the agency's CRM (a signed JSON POST); none means skipped, logged. */
  PARTNER_WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** HMAC-SHA256 key of the X-Signature header; required with PARTNER_WEBHOOK_URL. */
  PARTNER_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Plaid: set both to use the real bank-link provider instead of the sandbox dialog. */
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /**
   * Where Plaid's API is reached instead of PLAID_ENV's host: a stand-in for Plaid (a mock of its published API
   * document) in tests and staging. Refused when NODE_ENV=production unless it is Plaid's (*.plaid.com).
   */
  PLAID_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** DocuSign (JWT grant): set all of these to use the real e-signature provider instead of the sandbox. */
  DOCUSIGN_INTEGRATION_KEY: z.string().min(1).optional(),
  DOCUSIGN_USER_ID: z.string().min(1).optional(),
  DOCUSIGN_ACCOUNT_ID: z.string().min(1).optional(),
  /** The RSA private key (PEM; literal \n sequences are accepted). */
  DOCUSIGN_PRIVATE_KEY: z.string().min(1).optional(),
  /** REST base path; when NODE_ENV=production it must be DocuSign's (*.docusign.net, *.docusign.com). */
  DOCUSIGN_BASE_PATH: z.url().default('https://demo.docusign.net/restapi'),
  DOCUSIGN_OAUTH_BASE_PATH: z.string().min(1).default('account-d.docusign.com'),
  /** The Connect HMAC key that signs DocuSign's webhooks. */
  DOCUSIGN_CONNECT_HMAC_KEY: z.string().min(16).optional(),
  /**
   * Where documents (the creditors' proposals) are kept, sealed: in the database, files under DATA_DIR/documents,
   * or a bucket. Unset: the database on PostgreSQL (which every instance shares), else the files beside the
   * embedded database (one process).
   */
  DOCUMENT_STORE: z.enum(['database', 'local', 's3']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  /** The bucket's region; S3-compatible services that have none take any value ('us-east-1'). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /**
   * An S3-compatible service's address (MinIO, R2, a mock in tests); unset for AWS. Any host, since an agency
   * may keep its documents in a store of its choice, but https when NODE_ENV=production (decision 0137).
   */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Path-style addresses (host/bucket/key): most S3-compatible services need them. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Who schedules counselling calls: the product's own scheduler (default) or a Cal.com event type. */
  SCHEDULING_PROVIDER: z.enum(['in-product', 'cal-com']).default('in-product'),
  /** Cal.com's API key (sent as a Bearer token), when SCHEDULING_PROVIDER=cal-com. */
  CAL_COM_API_KEY: z.string().min(1).optional(),
  /** The Cal.com event type whose slots are the counselling calls. */
  CAL_COM_EVENT_TYPE_ID: z.coerce.number().int().positive().optional(),
  /** The Cal.com event type of the calls in Spanish, hosted by counsellors who speak it; unset, the one above. */
  CAL_COM_EVENT_TYPE_ID_ES: z.coerce.number().int().positive().optional(),
  /**
   * Cal.com's API: https://api.cal.com, a stand-in in tests and staging, or the agency's own Cal.com (which is
   * open source) with CAL_COM_SELF_HOSTED=true. Refused when NODE_ENV=production unless one of the first and
   * last (decision 0137).
   */
  CAL_COM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.cal.com'),
  /** 'true': CAL_COM_API_URL is the agency's own Cal.com, which production then accepts (https). */
  CAL_COM_SELF_HOSTED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The secret of the Cal.com webhook that tells the product of cancellations and moves made in Cal.com;
   * unset, POST /api/webhooks/scheduling answers 404.
   */
  CAL_COM_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where texts go: the built-in sandbox (default) or Twilio's Messages API (the TWILIO_ variables). */
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  /** Who checks phone numbers: the built-in sandbox (default) or Twilio Lookup v2 (the TWILIO_ variables). */
  PHONE_LOOKUP_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
    .optional(),
  /** Also the key that signs Twilio's webhooks (X-Twilio-Signature). */
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The sending number, +1 and 10 digits; or set TWILIO_MESSAGING_SERVICE_SID instead. */
  TWILIO_FROM: z
    .string()
    .regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, 'must be a US number written +1 and 10 digits')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex digits')
    .optional(),
  /**
   * A stand-in for Twilio (a mock of its published API documents) in tests and staging: every Twilio call
   * (api.twilio.com's texts, lookups.twilio.com's lookups) goes to this one address instead. A Twilio host here
   * means Twilio itself, each call to its own host. Refused when NODE_ENV=production unless Twilio's.
   */
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The agency's legal texts: each either the https address of the agency's own page (the product's link
   * sends the visitor there) or the path of a Markdown/text file the server serves as a page of the product.
   * Unset: the template texts in src/server/features/legal/texts/.
   */
  LEGAL_PRIVACY_POLICY: z.string().min(1).optional(),
  LEGAL_TERMS_AND_CONDITIONS: z.string().min(1).optional(),
  LEGAL_CREDIT_REPORT_POLICY: z.string().min(1).optional(),
  /**
   * The same texts in Spanish (an address or a file). Unset: the Spanish template where the English is the
   * template too; where the agency set its own English text, Spanish readers are given that English text.
   */
  LEGAL_PRIVACY_POLICY_ES: z.string().min(1).optional(),
  LEGAL_TERMS_AND_CONDITIONS_ES: z.string().min(1).optional(),
  LEGAL_CREDIT_REPORT_POLICY_ES: z.string().min(1).optional(),
  /**
   * 'true' once the agency has approved its Spanish legal texts as binding. Until then each Spanish text is a
   * courtesy translation and says that the English version governs (decision 0099).
   */
  LEGAL_SPANISH_APPROVED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Session recording on the borrower's pages: off unless set (decision 0052). */
  SESSION_RECORDING_PROVIDER: z.enum(['off', 'logrocket']).default('off'),
  /** The LogRocket app id ('org/app'), required with SESSION_RECORDING_PROVIDER=logrocket. */
  LOGROCKET_APP_ID: z
    .string()
    .regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "must be LogRocket's 'organization/app' id")
    .optional(),
  /**
   * The landing page's promo video (a build-time setting of the web app, read here too): the pages' security
   * policy lets the video modal load it from its origin. Anything but an https address is ignored, as the web
   * app ignores it.
   */
  VITE_PROMO_VIDEO_URL: z.string().optional(),
  DEMO_STAFF: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Prometheus metrics at /metrics: off unless 'true' (src/server/plugins/metrics.ts). */
  METRICS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A port of its own for /metrics, kept off the public one; unset: /metrics is on PORT. */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The address the metrics port listens on; HOST unless set (127.0.0.1 or a private interface, say). */
  METRICS_HOST: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A bearer token /metrics asks for (Authorization: Bearer ...); required in production on the main port. */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: where the rate limits count, when set (otherwise the database). */
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Where emails go; production has no dev mailbox, so there it is smtp, or log when asked for explicitly. */
  emailTransport: 'smtp' | 'dev-mailbox' | 'log';
  emailBodyRetentionDays: number;
  /** Hours an email is retried before it is marked failed. */
  emailGiveUpHours: number;
  /** AGENCY_TIME_ZONE: the IANA time zone whose calendar day is the agency's "today". */
  agencyTimeZone: string;
  /** MONITOR_CREDIT_PULL_DAYS: days between the monitors' soft credit pulls of an enrolled customer. */
  monitorCreditPullDays: number;
  /** AGENCY_POSTING_WINDOW_BUSINESS_DAYS: business days a creditor has to post a payment the agency sent. */
  agencyPostingWindowDays: number;
  /** REAPPLY_WAITING_DAYS: days after a refusal before the borrower may apply again with nothing changed. */
  reapplyWaitingDays: number;
  encryptionKey: Buffer;
  /** ENCRYPTION_KEYS_OLD: retired keys that still open what they sealed (none: an empty list). */
  encryptionKeysOld: Buffer[];
  authSecret: string;
  logLevel: Env['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  /** Proxy hops trusted for the client address (X-Forwarded-For); 0 means the socket's address. */
  trustProxy: number;
  apiDocs: boolean;
  readCache: boolean;
  allowSandboxProviders: boolean;
  demoStaff: boolean;
  /** The partner webhook; undefined when not configured. */
  partnerWebhook: { url: string; secret: string } | undefined;
  /**
   * The real bank-link provider; undefined means the built-in sandbox. `basePath` (PLAID_BASE_URL) replaces
   * PLAID_ENV's host, for a stand-in of Plaid in tests and staging.
   */
  plaid:
    | { clientId: string; secret: string; env: 'sandbox' | 'production'; basePath: string | undefined }
    | undefined;
  /** Twilio's account, when SMS_PROVIDER or PHONE_LOOKUP_PROVIDER is 'twilio' (also verifies its webhooks). */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        /** Exactly one of `from` and `messagingServiceSid` is set when texts go through Twilio. */
        from: string | undefined;
        messagingServiceSid: string | undefined;
        /** TWILIO_API_URL when it is a stand-in for Twilio; undefined, Twilio's own hosts. */
        baseUrl: string | undefined;
      }
    | undefined;
  smsProvider: 'sandbox' | 'twilio';
  phoneLookupProvider: 'sandbox' | 'twilio';
  /** Each legal text: the agency's page (a URL) or a file to serve; undefined means the template text. */
  legal: Record<LegalDocumentKey, LegalSource | undefined>;
  /** The Spanish legal texts: each one's setting (undefined as above), and whether the agency approved them. */
  legalSpanish: { approved: boolean; sources: Record<LegalDocumentKey, LegalSource | undefined> };
  /** Session recording on the borrower's pages; 'off' loads nothing. */
  sessionRecording: { provider: 'off' } | { provider: 'logrocket'; appId: string };
  /** The promo video's origin ('https://videos.example'), which the video modal plays from; none unset. */
  promoVideoOrigin: string | undefined;
  /**
   * Prometheus metrics (METRICS=true); undefined when off. `port` is a listener of their own (METRICS_PORT),
   * undefined when /metrics is on the main port; `token`, when set, is asked for as a bearer token.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined } | undefined;
  /** Who schedules counselling calls (SCHEDULING_PROVIDER and the CAL_COM_ variables). */
  scheduling:
    | { kind: 'in-product' }
    | {
        kind: 'cal-com';
        baseUrl: string;
        apiKey: string;
        eventTypeId: number;
        /** The event type of the calls in Spanish (CAL_COM_EVENT_TYPE_ID_ES); undefined, `eventTypeId`. */
        spanishEventTypeId: number | undefined;
        /** Signs Cal.com's webhook calls (CAL_COM_WEBHOOK_SECRET); undefined, the webhook is off. */
        webhookSecret: string | undefined;
      };
  /** Where documents are kept (DOCUMENT_STORE and the S3_ variables). */
  documentStore:
    | { kind: 'local' }
    | { kind: 'database' }
    | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };
  /** The real e-signature provider; undefined means the built-in sandbox. */
  docusign:
    | {
        integrationKey: string;
        userId: string;
        accountId: string;
        privateKey: string;
        basePath: string;
        oauthBasePath: string;
        connectHmacKey: string;
      }
    | undefined;
};

export const LEGAL_DOCUMENT_KEYS = [
  'privacy-policy',
  'terms-and-conditions',
  'credit-report-policy',
] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENT_KEYS)[number];
export type LegalSource = { kind: 'url'; url: string } | { kind: 'file'; path: string };

export class ConfigError extends Error {}

/** A legal text's setting: an http(s) address is the agency's page, anything else a file path. */
function legalSource(name: string, value: string | undefined, production: boolean): LegalSource | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(`${name}: not a valid address`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !production))
      throw new ConfigError(`${name}: must be an https address (or the path of a text file)`);
    return { kind: 'url', url: url.href };
  }
  const file = path.resolve(value);
  if (!existsSync(file)) throw new ConfigError(`${name}: no file at ${file}`);
  return { kind: 'file', path: file };
}

/** The origin of an https address; undefined for anything else (the web app offers no video then either). */
function httpsOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Twilio's settings, checked together: a provider set to 'twilio' needs the account, texts need a sender. */
function twilioConfig(env: Env): Config['twilio'] {
  const wanted = env.SMS_PROVIDER === 'twilio' || env.PHONE_LOOKUP_PROVIDER === 'twilio';
  if (!wanted) return undefined;
  const which = env.SMS_PROVIDER === 'twilio' ? 'SMS_PROVIDER' : 'PHONE_LOOKUP_PROVIDER';
  if (!env.TWILIO_ACCOUNT_SID) throw new ConfigError(`TWILIO_ACCOUNT_SID: required when ${which}=twilio`);
  if (!env.TWILIO_AUTH_TOKEN) throw new ConfigError(`TWILIO_AUTH_TOKEN: required when ${which}=twilio`);
  if (env.SMS_PROVIDER === 'twilio' && !env.TWILIO_FROM === !env.TWILIO_MESSAGING_SERVICE_SID)
    throw new ConfigError(
      'TWILIO_FROM: set either TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (one of them) when SMS_PROVIDER=twilio',
    );
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    // Twilio's products live on hosts of their own (api., lookups.): one Twilio address cannot stand for all of
    // them, so a Twilio host here leaves each call to its own host.
    baseUrl:
      env.TWILIO_API_URL && !isHostOf(env.TWILIO_API_URL, VENDOR_DOMAINS.twilio)
        ? env.TWILIO_API_URL
        : undefined,
  };
}

/** The vendors' own domains: an address is theirs when its host is one of these or a name under one. */
const VENDOR_DOMAINS = {
  plaid: ['plaid.com'],
  twilio: ['twilio.com'],
  calCom: ['api.cal.com'],
  docusign: ['docusign.net', 'docusign.com'],
} as const;

function isHostOf(address: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(address.includes('://') ? address : `https://${address}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * In production each vendor is reached at its own address, over https: a stand-in for a vendor (the mocks
 * the tests and a staging server use) would otherwise take real borrowers' names, bank tokens and letters, or
 * answer for the vendor. Cal.com may be the agency's own (CAL_COM_SELF_HOSTED), and the document store any
 * S3-compatible service the agency chose (decision 0137).
 */
function checkVendorAddresses(env: Env): void {
  const https = (address: string) => address.startsWith('https://');
  const refuse = (name: string, what: string) => {
    throw new ConfigError(
      `${name}: must be ${what} when NODE_ENV=production (a stand-in is for tests and staging)`,
    );
  };
  if (
    env.PLAID_BASE_URL &&
    !(https(env.PLAID_BASE_URL) && isHostOf(env.PLAID_BASE_URL, VENDOR_DOMAINS.plaid))
  )
    refuse('PLAID_BASE_URL', "an https address of Plaid's (*.plaid.com), or unset");
  if (
    env.TWILIO_API_URL &&
    !(https(env.TWILIO_API_URL) && isHostOf(env.TWILIO_API_URL, VENDOR_DOMAINS.twilio))
  )
    refuse('TWILIO_API_URL', "an https address of Twilio's (*.twilio.com), or unset");
  if (
    !https(env.CAL_COM_API_URL) ||
    (!env.CAL_COM_SELF_HOSTED && !isHostOf(env.CAL_COM_API_URL, VENDOR_DOMAINS.calCom))
  )
    refuse(
      'CAL_COM_API_URL',
      "https://api.cal.com, or the https address of the agency's own Cal.com with CAL_COM_SELF_HOSTED=true",
    );
  if (!(https(env.DOCUSIGN_BASE_PATH) && isHostOf(env.DOCUSIGN_BASE_PATH, VENDOR_DOMAINS.docusign)))
    refuse('DOCUSIGN_BASE_PATH', "an https address of DocuSign's (*.docusign.net or *.docusign.com)");
  // The JWT grant's signed assertion goes to this host: it must not reach anyone but DocuSign.
  if (!isHostOf(env.DOCUSIGN_OAUTH_BASE_PATH, ['docusign.com']))
    refuse('DOCUSIGN_OAUTH_BASE_PATH', "DocuSign's account host (account.docusign.com)");
  if (env.S3_ENDPOINT && !https(env.S3_ENDPOINT)) refuse('S3_ENDPOINT', 'an https address, or unset for AWS');
}

/** ENCRYPTION_KEYS_OLD's keys: split at commas, blanks ignored (a trailing comma is harmless). */
function splitKeys(value: string): string[] {
  return value
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const b = Buffer.from(value, 'base64');
  return b.length === 32 ? b : null;
}

/** Reads a generated secret from DATA_DIR/dev-keys, creating it on first use (never in production). */
function devSecret(dataDir: string, name: string, bytes: number): string {
  const dir = path.join(dataDir, 'dev-keys');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const value = randomBytes(bytes).toString('hex');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

/**
 * Production has no dev mailbox: without SMTP every email (reset codes, signing links) would be marked sent
 * and go nowhere. So there SMTP_URL is required, unless EMAIL_TRANSPORT=log says on purpose that nothing is
 * sent (a demo).
 */
function pickEmailTransport(env: Env, production: boolean): Config['emailTransport'] {
  const transport = env.EMAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : production ? undefined : 'dev-mailbox');
  if (transport === undefined)
    throw new ConfigError(
      'SMTP_URL: required when NODE_ENV=production (or set EMAIL_TRANSPORT=log for a demo that sends no email)',
    );
  if (transport === 'smtp' && !env.SMTP_URL)
    throw new ConfigError('SMTP_URL: required when EMAIL_TRANSPORT=smtp');
  if (transport === 'dev-mailbox' && production)
    throw new ConfigError(
      'EMAIL_TRANSPORT: dev-mailbox does not exist when NODE_ENV=production (set SMTP_URL, or EMAIL_TRANSPORT=log for a demo)',
    );
  return transport;
}

/**
 * The metrics settings, checked together. A metrics setting without METRICS=true is refused rather than
 * ignored (an operator who set a port expects metrics there). In production /metrics on the main port is
 * reachable by anyone who reaches the site, so there it needs METRICS_TOKEN (or a port of its own).
 */
function metricsConfig(env: Env, production: boolean): Config['metrics'] {
  if (!env.METRICS) {
    const stray = (['METRICS_PORT', 'METRICS_HOST', 'METRICS_TOKEN'] as const).find(
      (name) => env[name] !== undefined,
    );
    if (stray) throw new ConfigError(`${stray}: set METRICS=true too (metrics are off without it)`);
    return undefined;
  }
  if (env.METRICS_PORT === env.PORT)
    throw new ConfigError('METRICS_PORT: must differ from PORT (unset it to serve /metrics on PORT)');
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined)
    throw new ConfigError('METRICS_HOST: only used with METRICS_PORT');
  if (production && env.METRICS_PORT === undefined && !env.METRICS_TOKEN)
    throw new ConfigError(
      'METRICS_TOKEN: required when NODE_ENV=production serves /metrics on the main port (or set METRICS_PORT to a port that is not public)',
    );
  return { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST, token: env.METRICS_TOKEN };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.ENCRYPTION_KEY)
    throw new ConfigError('ENCRYPTION_KEY: required when NODE_ENV=production');
  if (production && !env.AUTH_SECRET) throw new ConfigError('AUTH_SECRET: required when NODE_ENV=production');
  if (production && !env.PUBLIC_URL) throw new ConfigError('PUBLIC_URL: required when NODE_ENV=production');
  if (production) checkVendorAddresses(env);
  const emailTransport = pickEmailTransport(env, production);
  if (env.PARTNER_WEBHOOK_URL && !env.PARTNER_WEBHOOK_SECRET)
    throw new ConfigError('PARTNER_WEBHOOK_SECRET: required when PARTNER_WEBHOOK_URL is set');
  if (production && env.PARTNER_WEBHOOK_URL && !env.PARTNER_WEBHOOK_URL.startsWith('https:'))
    throw new ConfigError('PARTNER_WEBHOOK_URL: must be https when NODE_ENV=production');
  if (env.SCHEDULING_PROVIDER === 'cal-com' && !env.CAL_COM_API_KEY)
    throw new ConfigError('CAL_COM_API_KEY: required when SCHEDULING_PROVIDER=cal-com');
  if (env.SCHEDULING_PROVIDER === 'cal-com' && !env.CAL_COM_EVENT_TYPE_ID)
    throw new ConfigError('CAL_COM_EVENT_TYPE_ID: required when SCHEDULING_PROVIDER=cal-com');
  if (env.DOCUMENT_STORE === 's3' && !env.S3_BUCKET)
    throw new ConfigError('S3_BUCKET: required when DOCUMENT_STORE=s3');
  if (Boolean(env.PLAID_CLIENT_ID) !== Boolean(env.PLAID_SECRET))
    throw new ConfigError('PLAID_SECRET: PLAID_CLIENT_ID and PLAID_SECRET are set together');
  const docusignVars = [
    'DOCUSIGN_INTEGRATION_KEY',
    'DOCUSIGN_USER_ID',
    'DOCUSIGN_ACCOUNT_ID',
    'DOCUSIGN_PRIVATE_KEY',
    'DOCUSIGN_CONNECT_HMAC_KEY',
  ] as const;
  const docusignSet = docusignVars.filter((name) => env[name]);
  if (docusignSet.length > 0 && docusignSet.length < docusignVars.length) {
    const missing = docusignVars.find((name) => !env[name])!;
    throw new ConfigError(`${missing}: required with the other DOCUSIGN_ variables`);
  }
  if (env.SESSION_RECORDING_PROVIDER === 'logrocket' && !env.LOGROCKET_APP_ID)
    throw new ConfigError('LOGROCKET_APP_ID: required when SESSION_RECORDING_PROVIDER=logrocket');
  const twilio = twilioConfig(env);
  const metrics = metricsConfig(env, production);
  const legal = {
    'privacy-policy': legalSource('LEGAL_PRIVACY_POLICY', env.LEGAL_PRIVACY_POLICY, production),
    'terms-and-conditions': legalSource(
      'LEGAL_TERMS_AND_CONDITIONS',
      env.LEGAL_TERMS_AND_CONDITIONS,
      production,
    ),
    'credit-report-policy': legalSource(
      'LEGAL_CREDIT_REPORT_POLICY',
      env.LEGAL_CREDIT_REPORT_POLICY,
      production,
    ),
  };
  const legalSpanish = {
    approved: env.LEGAL_SPANISH_APPROVED,
    sources: {
      'privacy-policy': legalSource('LEGAL_PRIVACY_POLICY_ES', env.LEGAL_PRIVACY_POLICY_ES, production),
      'terms-and-conditions': legalSource(
        'LEGAL_TERMS_AND_CONDITIONS_ES',
        env.LEGAL_TERMS_AND_CONDITIONS_ES,
        production,
      ),
      'credit-report-policy': legalSource(
        'LEGAL_CREDIT_REPORT_POLICY_ES',
        env.LEGAL_CREDIT_REPORT_POLICY_ES,
        production,
      ),
    },
  };
  const dataDir = path.resolve(env.DATA_DIR);
  const encryptionKey = decodeKey(env.ENCRYPTION_KEY ?? devSecret(dataDir, 'encryption-key', 32));
  if (!encryptionKey)
    throw new ConfigError('ENCRYPTION_KEY: must be 32 bytes as 64 hex characters or base64');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    emailTransport,
    emailBodyRetentionDays: env.EMAIL_BODY_RETENTION_DAYS,
    emailGiveUpHours: env.EMAIL_GIVE_UP_HOURS,
    agencyTimeZone: env.AGENCY_TIME_ZONE,
    monitorCreditPullDays: env.MONITOR_CREDIT_PULL_DAYS,
    agencyPostingWindowDays: env.AGENCY_POSTING_WINDOW_BUSINESS_DAYS,
    reapplyWaitingDays: env.REAPPLY_WAITING_DAYS,
    encryptionKey,
    encryptionKeysOld: splitKeys(env.ENCRYPTION_KEYS_OLD ?? '').map((k) => decodeKey(k)!),
    authSecret: env.AUTH_SECRET ?? devSecret(dataDir, 'auth-secret', 32),
    logLevel: env.LOG_LEVEL,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    apiDocs: env.API_DOCS ?? !production,
    readCache: env.READ_CACHE === 'on',
    allowSandboxProviders: env.ALLOW_SANDBOX_PROVIDERS,
    demoStaff: env.DEMO_STAFF ?? !production,
    partnerWebhook:
      env.PARTNER_WEBHOOK_URL && env.PARTNER_WEBHOOK_SECRET
        ? { url: env.PARTNER_WEBHOOK_URL, secret: env.PARTNER_WEBHOOK_SECRET }
        : undefined,
    plaid:
      env.PLAID_CLIENT_ID && env.PLAID_SECRET
        ? {
            clientId: env.PLAID_CLIENT_ID,
            secret: env.PLAID_SECRET,
            env: env.PLAID_ENV,
            basePath: env.PLAID_BASE_URL,
          }
        : undefined,
    twilio,
    smsProvider: env.SMS_PROVIDER,
    phoneLookupProvider: env.PHONE_LOOKUP_PROVIDER,
    legal,
    legalSpanish,
    promoVideoOrigin: httpsOrigin(env.VITE_PROMO_VIDEO_URL),
    sessionRecording:
      env.SESSION_RECORDING_PROVIDER === 'logrocket'
        ? { provider: 'logrocket', appId: env.LOGROCKET_APP_ID! }
        : { provider: 'off' },
    metrics,
    scheduling:
      env.SCHEDULING_PROVIDER === 'cal-com'
        ? {
            kind: 'cal-com',
            baseUrl: env.CAL_COM_API_URL,
            apiKey: env.CAL_COM_API_KEY!,
            eventTypeId: env.CAL_COM_EVENT_TYPE_ID!,
            spanishEventTypeId: env.CAL_COM_EVENT_TYPE_ID_ES,
            webhookSecret: env.CAL_COM_WEBHOOK_SECRET,
          }
        : { kind: 'in-product' },
    documentStore:
      env.DOCUMENT_STORE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: env.DOCUMENT_STORE ?? (env.DATABASE_URL ? 'database' : 'local') },
    docusign:
      docusignSet.length === docusignVars.length
        ? {
            integrationKey: env.DOCUSIGN_INTEGRATION_KEY!,
            userId: env.DOCUSIGN_USER_ID!,
            accountId: env.DOCUSIGN_ACCOUNT_ID!,
            privateKey: env.DOCUSIGN_PRIVATE_KEY!.replaceAll('\\n', '\n'),
            basePath: env.DOCUSIGN_BASE_PATH,
            oauthBasePath: env.DOCUSIGN_OAUTH_BASE_PATH,
            connectHmacKey: env.DOCUSIGN_CONNECT_HMAC_KEY!,
          }
        : undefined,
  };
}
