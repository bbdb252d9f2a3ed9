import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { dayIn } from '#domain/calendar';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import type { CreditBureau } from '#providers/credit-bureau/port';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import type { PhoneLookup } from '#providers/phone-lookup/port';
import { createSandboxSms } from '#providers/sms/sandbox';
import { buildApp } from '#server/app';
import { createEnrollmentProviders } from '#server/enrollment-providers';
import type { QueueLetter } from '#server/application/letter-queue';
import type { QueueProposals } from '#server/application/proposal-queue';
import type { DocumentStore } from '#providers/document-store/port';
import type { BankLink } from '#providers/bank-link/port';
import type { Database } from '#server/db/client';
import { emailOutbox } from '#server/db/schema/ops';
import { loadConfig } from '#server/env';
import { loggerOptions } from '#server/logging';
import { openEmailBody } from '#server/email/outbox';
import { createFieldCipher } from '#server/security/field-encryption';
import { createTestDatabase } from './test-database';

/**
 * A Fastify app on a fresh database, plus a cookie-keeping client per person. With `logStream` the app logs
 * as in production (the same options, at LOG_LEVEL) to that stream, for tests of what reaches the logs; with
 * `webRoot` it serves that build of the web app instead of dist/web; with `today` the letter's dates are checked
 * against that day instead of the real one.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    logStream?: DestinationStream;
    webRoot?: string;
    today?: () => string;
    /** A phone lookup of the test's own (a slow one, say) instead of the sandbox. */
    phoneLookup?: PhoneLookup;
    /** A credit bureau of the test's own (a slow one, say) instead of the sandbox. */
    creditBureau?: CreditBureau;
    /** A database of the test's own, migrated (one a real server then opens), instead of a fresh clone. */
    database?: Database;
    /** The letter's job, written in the payment account's transaction, when the test runs a job queue. */
    queueLetter?: QueueLetter;
    /** The proposals' job, written in quality control's transaction, when the test runs a job queue. */
    queueProposals?: QueueProposals;
    /** A document store of the test's own (the S3 adapter on a fake) instead of DATA_DIR/documents. */
    documentStore?: DocumentStore;
    /** A bank link of the test's own (the Plaid adapter on its fake) instead of the sandbox. */
    bankLink?: BankLink;
  } = {},
) {
  const database: Database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-test-')),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // The test app sends no email (no job queue runs): production's required SMTP_URL gets a stand-in.
    ...(overrides.NODE_ENV === 'production' && !overrides.EMAIL_TRANSPORT
      ? { SMTP_URL: 'smtp://127.0.0.1:1' }
      : {}),
    ...overrides,
  });
  const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
  const queued: string[] = [];
  const smsQueued: string[] = [];
  const webhooksQueued: string[] = [];
  /** Each partner event queued, with its type (undefined: the transfer). */
  const webhookEventsQueued: { applicationId: string; type: string | undefined }[] = [];
  const sms = createSandboxSms();
  const app = await buildApp(
    {
      config,
      database,
      phoneLookup: options.phoneLookup ?? createSandboxPhoneLookup(),
      creditBureau: options.creditBureau ?? createSandboxCreditBureau(),
      addressLookup: createSandboxAddressLookup(),
      sms,
      ...createEnrollmentProviders(config, database.db),
      ...(options.bankLink ? { bankLink: options.bankLink, bankLinkSandbox: null } : {}),
      onEmailQueued: (id) => queued.push(id),
      onSmsQueued: (id) => smsQueued.push(id),
      onWebhookQueued: (id, type) => {
        webhooksQueued.push(id);
        webhookEventsQueued.push({ applicationId: id, type });
      },
      queueLetter: options.queueLetter,
      queueProposals: options.queueProposals,
      documentStore: options.documentStore,
      logger: options.logStream
        ? loggerOptions(config.logLevel, withoutEveryLinesFields(options.logStream))
        : false,
      today: options.today,
    },
    { webRoot: options.webRoot },
  );
  await app.ready();

  /**
   * A browser-like client: keeps its cookies between calls and, like a browser on our pages, sends our Origin
   * (state-changing calls without one are refused). A test of that rule passes its own `origin` header.
   */
  function client() {
    const jar = new Map<string, string>();
    const remember = (res: LightMyRequestResponse) => {
      for (const c of res.cookies) {
        if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return res;
    };
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = (extra: Record<string, string> = {}) => ({
      cookie: cookieHeader(),
      origin: config.publicUrl,
      ...extra,
    });
    return {
      jar,
      get: async (url: string, extraHeaders: Record<string, string> = {}) =>
        remember(await app.inject({ method: 'GET', url, headers: headers(extraHeaders) })),
      send: async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
        remember(await app.inject({ method, url, payload: payload as object, headers: headers() })),
      post: async (url: string, payload?: unknown, extraHeaders: Record<string, string> = {}) =>
        remember(
          await app.inject({
            method: 'POST',
            url,
            payload: payload as object,
            headers: headers(extraHeaders),
          }),
        ),
    };
  }

  /** An outbox row with its body decrypted (the outbox keeps bodies encrypted). */
  function openEmail(row: typeof emailOutbox.$inferSelect) {
    const body = openEmailBody(cipher, row);
    if (!body) throw new Error(`The body of outbox email ${row.id} was dropped`);
    return { ...row, ...body };
  }

  /** Every email sent to an address, oldest first, decrypted. */
  async function emailsTo(to: string) {
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(asc(emailOutbox.createdAt));
    return rows.map(openEmail);
  }

  /** The newest email sent to an address, with the code its link carries. */
  async function lastEmail(to: string) {
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    if (!row) return undefined;
    const mail = openEmail(row);
    const url = new URL(mail.links[0]!.url);
    return { ...mail, url, code: url.searchParams.get('code') ?? '' };
  }

  return {
    app,
    database,
    db: database.db,
    config,
    /** Today as the app counts it: the day `today` gives, else the agency's (AGENCY_TIME_ZONE), never UTC's. */
    today: options.today ?? (() => dayIn(new Date(), config.agencyTimeZone)),
    queued,
    smsQueued,
    webhooksQueued,
    webhookEventsQueued,
    sms,
    client,
    cipher,
    emailsTo,
    lastEmail,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What every log line carries whatever happened: when, which process on which host, how long it took. */
const EVERY_LINES_FIELDS = ['time', 'pid', 'hostname', 'responseTime'] as const;

/**
 * The log as a test reads it: each line without EVERY_LINES_FIELDS. A test that checks the log holds no account
 * digits or phone number would otherwise fail by chance on the same digits in a timestamp or a response time.
 */
function withoutEveryLinesFields(stream: DestinationStream): DestinationStream {
  return {
    write: (line: string) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return stream.write(line);
      }
      for (const field of EVERY_LINES_FIELDS) delete entry[field];
      return stream.write(`${JSON.stringify(entry)}\n`);
    },
  };
}
