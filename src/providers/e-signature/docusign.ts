import type { ApiClient, EnvelopesApi } from 'docusign-esign';
import { PDFDocument } from '@cantoo/pdf-lib';
import { z } from 'zod';
import {
  checkPositionsOnDocument,
  checkSigners,
  looksLikePdf,
  RECIPIENT_IDS,
  roleOfRecipientId,
  verifyConnectWebhook,
} from './connect-webhook';
import type { ESignature, EnvelopeStatus, PagePoint, SignerStatus } from './port';
import { SIGNING_LINK_LIFE_DAYS } from '#domain/enrollment/signing-links';
import { DEFAULT_LANGUAGE, linkAskingFor } from '#domain/i18n/language';

export type DocuSignConfig = {
  /** The app's integration key (client id). */
  integrationKey: string;
  /** The API user the app acts as (JWT grant "impersonation"); that user granted the app consent once. */
  userId: string;
  accountId: string;
  /** The integration key's RSA private key, PEM (literal "\n" sequences, as env files carry them, are accepted). */
  privateKey: string;
  /** REST base path: https://demo.docusign.net/restapi (developer), or the account's base URI + /restapi. */
  basePath: string;
  /** OAuth host, no scheme: account-d.docusign.com (developer) or account.docusign.com. */
  oauthBasePath: string;
  /** The Connect HMAC key the webhook deliveries are signed with. */
  connectHmacKey: string;
  now?: () => Date;
};

const SCOPES = ['signature', 'impersonation'];
/** The JWT assertion's lifetime; DocuSign accepts at most an hour. */
const JWT_ASSERTION_SECONDS = 3600;
/** A token is renewed this long before it expires, so no call starts with a token about to lapse. */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/**
 * Hybrid signers: each signer has a clientUserId (the role) and embeddedRecipientStartURL SIGN_AT_DOCUSIGN.
 * DocuSign still emails each signer the invitation (deliversEmail), and the clientUserId lets signingUrl open
 * a signing session from the product too; a plain remote signer cannot have one. DocuSign advises an access
 * code or similar on such signers, since the emailed link skips the product's sign-in.
 */
const EMBEDDED_START = 'SIGN_AT_DOCUSIGN';

/** The one document of an envelope. */
const DOCUMENT_ID = '1';
/**
 * How far above its line each tab's top-left corner goes, in points: the signature's box rises above the
 * line it is signed on; the date, in the text's size, sits just above its line.
 */
const SIGN_HERE_RISE = 36;
const DATE_SIGNED_RISE = 14;

/**
 * Each envelope expires SIGNING_LINK_LIFE_DAYS after it is sent, whatever the account's default (DocuSign's
 * own is 120 days): its emailed links then stop opening the letter and DocuSign voids it. DocuSign warns each
 * signer who has not signed by email this many days before.
 */
const EXPIRY_WARNING_DAYS = 3;
const ENVELOPE_NOTIFICATION = {
  useAccountDefaults: 'false',
  expirations: {
    expireEnabled: 'true',
    expireAfter: String(SIGNING_LINK_LIFE_DAYS),
    expireWarn: String(EXPIRY_WARNING_DAYS),
  },
} as const;

/**
 * DocuSign's limits on a recipient's own email (RecipientEmailNotification): a longer subject or body is
 * refused, so ours are cut to fit rather than the envelope failing.
 */
const EMAIL_SUBJECT_MAX = 100;
const EMAIL_BODY_MAX = 10_000;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().positive(),
});

const envelopeSummarySchema = z.object({ envelopeId: z.string().min(1), status: z.string().nullish() });

const envelopeSchema = z.object({ envelopeId: z.string().min(1), status: z.string() });

const recipientsSchema = z.object({
  signers: z
    .array(
      z.object({
        recipientId: z.string(),
        name: z.string().nullish(),
        email: z.string().nullish(),
        clientUserId: z.string().nullish(),
        status: z.string(),
        signedDateTime: z.string().nullish(),
      }),
    )
    .nullish(),
});
type DocuSignSigner = NonNullable<z.infer<typeof recipientsSchema>['signers']>[number];

const viewUrlSchema = z.object({ url: z.url() });

/** DocuSign's envelope statuses, as the port has them; 'signed' is every signature in but not yet completed. */
function envelopeStatus(status: string): EnvelopeStatus['status'] {
  switch (status.toLowerCase()) {
    case 'completed':
      return 'completed';
    case 'delivered':
    case 'signed':
      return 'delivered';
    case 'declined':
      return 'declined';
    case 'voided':
    case 'deleted':
    case 'timedout':
      return 'voided';
    default:
      return 'sent';
  }
}

function signerStatus(status: string): SignerStatus['status'] {
  switch (status.toLowerCase()) {
    case 'completed':
    case 'signed':
      return 'completed';
    case 'delivered':
      return 'delivered';
    case 'declined':
      return 'declined';
    default:
      return 'sent';
  }
}

/** DocuSign writes 7 fractional digits ('…05.1230000Z'); the port's timestamps are plain ISO. */
function isoTimestamp(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/**
 * A DocuSign error as a plain Error: status, DocuSign's error code and message only. The SDK's error carries
 * the request, bearer token included, which must never reach a log.
 */
function docuSignError(what: string, error: unknown): Error {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  if (!response) {
    const message = error instanceof Error ? error.message : String(error);
    return new Error(`DocuSign: ${what} failed: ${message}`);
  }
  const data = (response.data ?? {}) as Record<string, unknown>;
  const code =
    typeof data.errorCode === 'string' ? data.errorCode : typeof data.error === 'string' ? data.error : '';
  const detail =
    typeof data.message === 'string'
      ? data.message
      : typeof data.error_description === 'string'
        ? data.error_description
        : '';
  const hint =
    code === 'consent_required'
      ? ' (the API user has not granted the integration key consent for "signature impersonation")'
      : '';
  return new Error(
    `DocuSign: ${what} failed (HTTP ${String(response.status)}${code ? ` ${code}` : ''})${detail ? `: ${detail}` : ''}${hint}`,
  );
}

type DocuSignSdk = typeof import('docusign-esign');

/**
 * The SDK, loaded on first use: it takes about half a second to load, which a server running the sandbox, and
 * every test that builds the app, should not pay. It is CommonJS: under ESM its exports are the default export.
 */
async function loadSdk(): Promise<DocuSignSdk> {
  const sdk = (await import('docusign-esign')) as DocuSignSdk & { default?: DocuSignSdk };
  return sdk.default ?? sdk;
}

const statusOf = (error: unknown): unknown =>
  (error as { response?: { status?: unknown } } | null)?.response?.status;

/**
 * The DocuSign adapter (docs/providers.md, E-signature), on DocuSign's Node SDK with the JWT grant: sends the
 * letter as one envelope, DocuSign emails each signer, and Connect tells the server of each signature.
 */
export function createDocuSignESignature(config: DocuSignConfig): ESignature {
  for (const key of [
    'integrationKey',
    'userId',
    'accountId',
    'privateKey',
    'basePath',
    'oauthBasePath',
    'connectHmacKey',
  ] as const) {
    if (typeof config[key] !== 'string' || config[key].trim() === '')
      throw new Error(`DocuSign: ${key} is not set`);
  }
  if (/^[a-z]+:\/\//i.test(config.oauthBasePath)) {
    throw new Error('DocuSign: oauthBasePath is a host name without a scheme (account-d.docusign.com)');
  }
  const now = config.now ?? (() => new Date());
  const privateKey = Buffer.from(config.privateKey.replace(/\\n/g, '\n'));
  const { accountId } = config;

  let clients: Promise<{ apiClient: ApiClient; oauthClient: ApiClient; envelopes: EnvelopesApi }> | null =
    null;
  const sdk = () =>
    (clients ??= loadSdk().then((docusign) => {
      const client = () => {
        const c = new docusign.ApiClient({ basePath: config.basePath, oAuthBasePath: config.oauthBasePath });
        // The constructor guesses the OAuth host from basePath; the configured one wins.
        c.setOAuthBasePath(config.oauthBasePath);
        return c;
      };
      const apiClient = client();
      // The JWT grant goes through a client of its own: the SDK sends a client's default headers with the
      // token request too, and the REST client's carry `Authorization: Bearer` with the token being replaced.
      // The grant authenticates by its signed assertion alone; the old token has no business at /oauth/token.
      return { apiClient, oauthClient: client(), envelopes: new docusign.EnvelopesApi(apiClient) };
    }));

  let token: { value: string; expiresAt: number } | null = null;
  let renewing: Promise<string> | null = null;

  /** The cached access token, or a new one from the JWT grant; concurrent callers share one grant. */
  const accessToken = (): Promise<string> => {
    if (token && token.expiresAt - now().getTime() > TOKEN_RENEWAL_MARGIN_MS)
      return Promise.resolve(token.value);
    renewing ??= (async () => {
      try {
        const { oauthClient } = await sdk();
        const response: unknown = await oauthClient.requestJWTUserToken(
          config.integrationKey,
          config.userId,
          SCOPES,
          privateKey,
          JWT_ASSERTION_SECONDS,
        );
        const body = tokenSchema.parse((response as { body?: unknown } | null)?.body);
        token = { value: body.access_token, expiresAt: now().getTime() + body.expires_in * 1000 };
        return token.value;
      } catch (error) {
        throw docuSignError('the JWT grant', error);
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  };

  /** One REST call with a valid token; a 401 drops the cached token so the next call fetches a new one. */
  const call = async <T>(what: string, request: (envelopes: EnvelopesApi) => Promise<T>): Promise<T> => {
    const value = await accessToken();
    const { apiClient, envelopes } = await sdk();
    apiClient.addDefaultHeader('Authorization', `Bearer ${value}`);
    try {
      return await request(envelopes);
    } catch (error) {
      if (statusOf(error) === 401 && token?.value === value) token = null;
      throw docuSignError(what, error);
    }
  };

  const parse = <S extends z.ZodType>(what: string, schema: S, data: unknown): z.infer<S> => {
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new Error(`DocuSign: ${what} answered an unexpected shape: ${parsed.error.message}`);
    return parsed.data;
  };

  const listSigners = async (envelopeId: string): Promise<DocuSignSigner[]> => {
    const data = await call('listing the recipients', (envelopes) =>
      envelopes.listRecipients(accountId, envelopeId),
    );
    return parse('listing the recipients', recipientsSchema, data).signers ?? [];
  };

  /**
   * A tab at a fixed position. DocuSign measures from the page's top-left corner (points, which it calls
   * pixels at 72 dpi) to the tab's top-left corner; the port's points count up from the bottom-left.
   */
  const positionedTab = (point: PagePoint, rise: number, pageHeights: readonly number[]) => ({
    documentId: DOCUMENT_ID,
    pageNumber: String(point.page),
    xPosition: String(Math.round(point.x)),
    yPosition: String(Math.max(0, Math.round(pageHeights[point.page - 1]! - point.y - rise))),
  });

  const getEnvelope = async (envelopeId: string): Promise<EnvelopeStatus> => {
    if (typeof envelopeId !== 'string' || envelopeId.trim() === '')
      throw new Error('DocuSign: no envelope id');
    const [envelope, signers] = await Promise.all([
      call('reading the envelope', (envelopes) => envelopes.getEnvelope(accountId, envelopeId)).then((data) =>
        parse('reading the envelope', envelopeSchema, data),
      ),
      listSigners(envelopeId),
    ]);
    const ours: SignerStatus[] = [];
    for (const s of signers) {
      const role = roleOfRecipientId(s.recipientId);
      if (!role) continue; // someone added in DocuSign by hand: not a signer of the letter
      const status = signerStatus(s.status);
      ours.push({ role, status, signedAt: status === 'completed' ? isoTimestamp(s.signedDateTime) : null });
    }
    return { envelopeId: envelope.envelopeId, status: envelopeStatus(envelope.status), signers: ours };
  };

  return {
    deliversEmail: true,

    async createEnvelope({ document, documentName, emailSubject, signers }) {
      if (!looksLikePdf(document)) throw new Error('DocuSign: the document is not a PDF');
      checkSigners(signers);
      const pages = (await PDFDocument.load(document)).getPages().map((page) => page.getSize());
      checkPositionsOnDocument(signers, pages);
      const heights = pages.map((page) => page.height);
      const envelopeDefinition = {
        emailSubject,
        status: 'sent',
        notification: ENVELOPE_NOTIFICATION,
        documents: [
          {
            documentId: DOCUMENT_ID,
            name: documentName,
            fileExtension: 'pdf',
            documentBase64: Buffer.from(document).toString('base64'),
          },
        ],
        recipients: {
          signers: signers.map((s) => ({
            recipientId: RECIPIENT_IDS[s.role],
            routingOrder: '1',
            name: s.name.trim(),
            email: s.email.trim(),
            clientUserId: s.role,
            embeddedRecipientStartURL: EMBEDDED_START,
            // Each signer's own email and signing page in their language. DocuSign wants this on every
            // recipient once one has it, and `supportedLanguage` set whenever it is used.
            emailNotification: {
              emailSubject: cut((s.invitation?.subject ?? emailSubject).trim(), EMAIL_SUBJECT_MAX),
              ...(s.invitation?.body ? { emailBody: cut(s.invitation.body, EMAIL_BODY_MAX) } : {}),
              supportedLanguage: s.language ?? DEFAULT_LANGUAGE,
            },
            tabs: {
              signHereTabs: [positionedTab(s.positions.signature, SIGN_HERE_RISE, heights)],
              dateSignedTabs: [positionedTab(s.positions.date, DATE_SIGNED_RISE, heights)],
            },
          })),
        },
      };
      const data = await call('creating the envelope', (envelopes) =>
        envelopes.createEnvelope(accountId, { envelopeDefinition }),
      );
      const summary = parse('creating the envelope', envelopeSummarySchema, data);
      return { envelopeId: summary.envelopeId, templateId: null };
    },

    // A recipient view: a one-time URL, valid for minutes, so it is asked for when the signer clicks.
    async signingUrl({ envelopeId, role, returnUrl, language }) {
      const signer = (await listSigners(envelopeId)).find((s) => roleOfRecipientId(s.recipientId) === role);
      if (!signer) throw new Error(`DocuSign: envelope ${envelopeId} has no ${role} signer`);
      const recipientViewRequest = {
        // DocuSign's page is its own; the page it sends the signer back to opens in the letter's language.
        returnUrl: language === undefined ? returnUrl : linkAskingFor(returnUrl, language),
        authenticationMethod: 'none',
        clientUserId: signer.clientUserId ?? role,
        userName: signer.name ?? '',
        email: signer.email ?? '',
        recipientId: signer.recipientId,
      };
      const data = await call('creating the signing view', (envelopes) =>
        envelopes.createRecipientView(accountId, envelopeId, { recipientViewRequest }),
      );
      return parse('creating the signing view', viewUrlSchema, data).url;
    },

    async voidEnvelope(envelopeId, reason) {
      const { status } = await getEnvelope(envelopeId);
      if (status === 'voided') return;
      if (status === 'completed') throw new Error(`DocuSign: envelope ${envelopeId} is completed`);
      await call('voiding the envelope', (envelopes) =>
        envelopes.update(accountId, envelopeId, { envelope: { status: 'voided', voidedReason: reason } }),
      );
    },

    getEnvelope,

    // DocuSign would hand out the combined PDF of an unfinished envelope; the port promises only a signed one.
    async getSignedDocument(envelopeId) {
      const { status } = await getEnvelope(envelopeId);
      if (status !== 'completed')
        throw new Error(`DocuSign: envelope ${envelopeId} is not completed (${status})`);
      const data: unknown = await call('downloading the signed document', (envelopes) =>
        // The certificate of completion (DocuSign's audit trail) goes with the signed letter.
        envelopes.getDocument(accountId, envelopeId, 'combined', { certificate: 'true' }),
      );
      const bytes =
        data instanceof Uint8Array
          ? new Uint8Array(data)
          : new Uint8Array(Buffer.from(String(data), 'binary'));
      if (!looksLikePdf(bytes)) throw new Error('DocuSign: the signed document is not a PDF');
      return bytes;
    },

    verifyWebhook: (request) => verifyConnectWebhook(config.connectHmacKey, request),
  };
}
