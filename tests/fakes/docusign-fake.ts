import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

// A local stand-in for exactly the DocuSign eSignature REST calls the adapter makes, answering DocuSign's
// documented JSON shapes. It speaks HTTPS because the SDK's OAuth call always does (`https://${oAuthBasePath}`):
// the fake makes itself a certificate for 127.0.0.1 and, while it runs, this process's HTTPS agent trusts it.
// Nothing here is a secret: every key is generated per run.

export type FakeSigner = {
  recipientId: string;
  name: string;
  email: string;
  routingOrder: string;
  clientUserId?: string;
  embeddedRecipientStartURL?: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined';
  deliveredDateTime?: string;
  signedDateTime?: string;
  /** The tabs as the adapter defined them (anchors), to check where signatures go. */
  tabs: unknown;
  /** The recipient's own email and signing-page language (RecipientEmailNotification), when given. */
  emailNotification?: FakeEmailNotification;
};

export type FakeEmailNotification = { emailSubject?: string; emailBody?: string; supportedLanguage?: string };

/** The signing languages DocuSign documents for supportedLanguage (its signing page and emails). */
const SUPPORTED_LANGUAGES = new Set([
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'es_MX',
  'et',
  'fa',
  'fi',
  'fr',
  'fr_CA',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt_BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh_CN',
  'zh_TW',
]);

/**
 * What DocuSign refuses of recipients' own emails: once one recipient has an emailNotification every one must,
 * each naming its supportedLanguage; the subject at most 100 characters, the body at most 10,000.
 */
function emailNotificationError(notifications: (FakeEmailNotification | undefined)[]): string | null {
  if (notifications.every((n) => n === undefined)) return null;
  for (const n of notifications) {
    if (n === undefined) return 'When emailNotification is set for one recipient it must be set for all.';
    if (!n.supportedLanguage || !SUPPORTED_LANGUAGES.has(n.supportedLanguage))
      return `supportedLanguage is required and must be a supported language: ${String(n.supportedLanguage)}`;
    if ((n.emailSubject ?? '').length > 100) return 'The email subject is longer than 100 characters.';
    if ((n.emailBody ?? '').length > 10_000) return 'The email body is longer than 10000 characters.';
  }
  return null;
}

export type FakeEnvelope = {
  envelopeId: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';
  emailSubject: string;
  document: { name: string; documentId: string; bytes: Buffer };
  signers: FakeSigner[];
  createdDateTime: string;
  sentDateTime: string;
  statusChangedDateTime: string;
  completedDateTime?: string;
  /** The envelope definition as posted. */
  definition: Record<string, unknown>;
};

export type DocuSignFake = {
  /** The adapter's configuration for this fake (a fresh RSA key pair, the fake's addresses). */
  config: {
    integrationKey: string;
    userId: string;
    accountId: string;
    privateKey: string;
    basePath: string;
    oauthBasePath: string;
  };
  /** JWT grants answered so far. */
  readonly tokenRequests: number;
  /** The Authorization header of each request to /oauth/token, in order (undefined when there was none). */
  readonly tokenRequestAuthorizations: readonly (string | undefined)[];
  /** Every request, in order: 'POST /oauth/token', 'GET /restapi/v2.1/accounts/…'. */
  readonly requests: readonly string[];
  /** The last recipient view request as posted (returnUrl, clientUserId, …). */
  readonly lastRecipientView: Record<string, string | undefined> | undefined;
  envelope(envelopeId: string): FakeEnvelope | undefined;
  /** What a signer signing in DocuSign does to the envelope; the last signature completes it. */
  markSigned(envelopeId: string, recipientId: string, at?: Date): void;
  /** Makes every access token handed out so far invalid (as an expired or revoked token would be). */
  revokeTokens(): void;
  /**
   * Answers the next `times` (1) REST requests whose path matches `path` with `status` (500) and DocuSign's
   * error shape, as DocuSign does during an incident; the requests after that are answered as usual.
   */
  failNext(o: { path: RegExp; status?: number; times?: number }): void;
  close(): Promise<void>;
};

/** DocuSign writes timestamps with 7 fractional digits. */
const docuSignTime = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');

export async function startDocuSignFake(o: { expiresIn?: number } = {}): Promise<DocuSignFake> {
  const { publicKey: jwtPublicKey, privateKey: jwtPrivateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
  });
  const tls = selfSignedCertificate();
  const integrationKey = randomUUID();
  const userId = randomUUID();
  const accountId = randomUUID();

  const envelopes = new Map<string, FakeEnvelope>();
  const tokens = new Map<string, number>();
  const requests: string[] = [];
  const tokenRequestAuthorizations: (string | undefined)[] = [];
  let tokenRequests = 0;
  let failure: { path: RegExp; status: number; times: number } | undefined;
  let lastRecipientView: Record<string, string | undefined> | undefined;
  let host = '';

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    void handle(req, res).catch((error: unknown) => {
      send(res, 500, { errorCode: 'FAKE_ERROR', message: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://fake');
    const body = await readBody(req);
    requests.push(`${req.method} ${url.pathname}`);

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      tokenRequestAuthorizations.push(req.headers.authorization);
      return jwtGrant(body, res);
    }
    if (failure && failure.times > 0 && failure.path.test(url.pathname)) {
      failure.times -= 1;
      return send(res, failure.status, {
        errorCode: 'UNSPECIFIED_ERROR',
        message: 'An unexpected error occurred. Please try again.',
      });
    }

    const m = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+)(\/.*)?)?$/.exec(url.pathname);
    if (!m) return send(res, 404, { errorCode: 'RESOURCE_NOT_FOUND', message: `No route ${url.pathname}` });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (tokens.get(bearer) ?? 0) < Date.now()) {
      return send(res, 401, {
        errorCode: 'USER_AUTHENTICATION_FAILED',
        message: 'One or both of Username and Password are invalid. Invalid access token',
      });
    }
    if (m[1] !== accountId) {
      return send(res, 400, {
        errorCode: 'USER_LACKS_MEMBERSHIP',
        message: 'The UserID does not have a valid membership in this Account.',
      });
    }
    const [, , envelopeId, rest = ''] = m;
    if (!envelopeId) {
      if (req.method === 'POST') return createEnvelope(body, res);
      return send(res, 404, { errorCode: 'RESOURCE_NOT_FOUND', message: 'Not in the fake' });
    }
    const envelope = envelopes.get(envelopeId);
    if (envelope) expireIfDue(envelope);
    if (!envelope) {
      return send(res, 404, {
        errorCode: 'ENVELOPE_DOES_NOT_EXIST',
        message: 'The envelope specified either does not exist or you have no rights to it.',
      });
    }
    if (req.method === 'GET' && rest === '') return send(res, 200, envelopeJson(envelope));
    if (req.method === 'PUT' && rest === '') return updateEnvelope(envelope, body, res);
    if (req.method === 'GET' && rest === '/recipients') return send(res, 200, recipientsJson(envelope));
    if (req.method === 'GET' && rest === '/documents/combined') {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': envelope.document.bytes.length,
      });
      res.end(envelope.document.bytes);
      return;
    }
    if (req.method === 'POST' && rest === '/views/recipient') return recipientView(envelope, body, res);
    return send(res, 404, { errorCode: 'RESOURCE_NOT_FOUND', message: 'Not in the fake' });
  }

  function jwtGrant(body: Buffer, res: ServerResponse): void {
    const form = new URLSearchParams(body.toString('utf8'));
    const refuse = (description: string) =>
      send(res, 400, { error: 'invalid_grant', error_description: description });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('grant_type');
    const claims = verifyJwt(form.get('assertion') ?? '', jwtPublicKey);
    if (!claims) return refuse('no_valid_signature');
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== integrationKey) return refuse('issuer_not_found');
    if (claims.sub !== userId) return refuse('user_not_found');
    if (claims.aud !== host) return refuse('invalid_audience');
    const scopes = String(claims.scope ?? '').split(' ');
    if (!scopes.includes('signature') || !scopes.includes('impersonation')) return refuse('invalid_scope');
    if (
      typeof claims.exp !== 'number' ||
      claims.exp <= now ||
      typeof claims.iat !== 'number' ||
      claims.iat > now + 60
    ) {
      return refuse('expired_grant');
    }
    tokenRequests += 1;
    const accessToken = randomBytes(32).toString('base64url');
    const expiresIn = o.expiresIn ?? 3600;
    tokens.set(accessToken, Date.now() + expiresIn * 1000);
    send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
  }

  function createEnvelope(body: Buffer, res: ServerResponse): void {
    const definition = JSON.parse(body.toString('utf8')) as {
      emailSubject?: string;
      status?: string;
      documents?: { documentBase64?: string; name?: string; documentId?: string }[];
      recipients?: { signers?: (Omit<FakeSigner, 'status'> & { tabs?: unknown })[] };
    };
    const document = definition.documents?.[0];
    const signers = definition.recipients?.signers ?? [];
    if (!document?.documentBase64 || definition.documents?.length !== 1) {
      return send(res, 400, { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'One document is expected.' });
    }
    if (definition.status !== 'sent' || signers.length === 0 || !definition.emailSubject) {
      return send(res, 400, {
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: 'A sent envelope with signers.',
      });
    }
    const notificationError = emailNotificationError(signers.map((s) => s.emailNotification));
    if (notificationError)
      return send(res, 400, { errorCode: 'INVALID_REQUEST_PARAMETER', message: notificationError });
    const now = docuSignTime(new Date());
    const envelopeId = randomUUID();
    envelopes.set(envelopeId, {
      envelopeId,
      status: 'sent',
      emailSubject: definition.emailSubject,
      document: {
        name: document.name ?? '',
        documentId: document.documentId ?? '1',
        bytes: Buffer.from(document.documentBase64, 'base64'),
      },
      signers: signers.map((s) => ({
        recipientId: s.recipientId,
        name: s.name,
        email: s.email,
        routingOrder: s.routingOrder,
        ...(s.clientUserId ? { clientUserId: s.clientUserId } : {}),
        ...(s.embeddedRecipientStartURL ? { embeddedRecipientStartURL: s.embeddedRecipientStartURL } : {}),
        ...(s.emailNotification ? { emailNotification: s.emailNotification } : {}),
        status: 'sent',
        tabs: s.tabs,
      })),
      createdDateTime: now,
      sentDateTime: now,
      statusChangedDateTime: now,
      definition: definition as Record<string, unknown>,
    });
    send(res, 201, { envelopeId, uri: `/envelopes/${envelopeId}`, statusDateTime: now, status: 'sent' });
  }

  /**
   * DocuSign voids an envelope whose expiration (notification.expirations, days after it was sent) passed
   * before every signer signed; its links then open nothing. Checked on each request, by the clock the test
   * may have moved.
   */
  function expireIfDue(envelope: FakeEnvelope): void {
    const expirations = (
      envelope.definition.notification as { expirations?: Record<string, string> } | undefined
    )?.expirations;
    if (expirations?.expireEnabled !== 'true' || !['sent', 'delivered'].includes(envelope.status)) return;
    const days = Number(expirations.expireAfter);
    if (Date.now() >= Date.parse(envelope.sentDateTime) + days * 86_400_000) {
      envelope.status = 'voided';
      envelope.statusChangedDateTime = docuSignTime(new Date());
    }
  }

  function recipientView(envelope: FakeEnvelope, body: Buffer, res: ServerResponse): void {
    if (envelope.status === 'voided') {
      return send(res, 400, {
        errorCode: 'ENVELOPE_INVALID_STATUS',
        message: 'Invalid envelope status. Envelope status is voided.',
      });
    }
    const request = JSON.parse(body.toString('utf8')) as Record<string, string | undefined>;
    lastRecipientView = request;
    const signer = envelope.signers.find(
      (s) =>
        s.clientUserId !== undefined &&
        s.clientUserId === request.clientUserId &&
        s.name === request.userName &&
        s.email === request.email,
    );
    if (!signer || !request.returnUrl || !request.authenticationMethod) {
      return send(res, 400, {
        errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT',
        message: 'The recipient you have identified is not a valid recipient of the specified envelope.',
      });
    }
    send(res, 201, {
      url: `https://demo.docusign.net/Signing/MTRedeem/v1/${randomUUID()}?slt=${randomBytes(24).toString('base64url')}`,
    });
  }

  /** PUT /envelopes/{id}: only voiding, as DocuSign answers it (a completed envelope cannot be voided). */
  function updateEnvelope(envelope: FakeEnvelope, body: Buffer, res: ServerResponse): void {
    const update = JSON.parse(body.toString('utf8') || '{}') as { status?: string; voidedReason?: string };
    if (update.status !== 'voided' || !update.voidedReason) {
      return send(res, 400, { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'Not in the fake' });
    }
    if (envelope.status === 'completed') {
      return send(res, 400, {
        errorCode: 'ENVELOPE_CANNOT_VOID_INVALID_STATE',
        message: 'Only envelopes in the Sent or Delivered states may be voided.',
      });
    }
    envelope.status = 'voided';
    envelope.statusChangedDateTime = new Date().toISOString();
    send(res, 200, { envelopeId: envelope.envelopeId });
  }

  function envelopeJson(e: FakeEnvelope) {
    return {
      envelopeId: e.envelopeId,
      status: e.status,
      emailSubject: e.emailSubject,
      createdDateTime: e.createdDateTime,
      sentDateTime: e.sentDateTime,
      statusChangedDateTime: e.statusChangedDateTime,
      ...(e.completedDateTime ? { completedDateTime: e.completedDateTime } : {}),
      documentsUri: `/envelopes/${e.envelopeId}/documents`,
      recipientsUri: `/envelopes/${e.envelopeId}/recipients`,
      envelopeUri: `/envelopes/${e.envelopeId}`,
    };
  }

  function recipientsJson(e: FakeEnvelope) {
    return {
      signers: e.signers.map(({ tabs: _tabs, ...s }) => ({
        ...s,
        recipientIdGuid: randomUUID(),
        requireIdLookup: 'false',
        recipientType: 'signer',
        deliveryMethod: 'email',
      })),
      agents: [],
      editors: [],
      intermediaries: [],
      carbonCopies: [],
      certifiedDeliveries: [],
      inPersonSigners: [],
      seals: [],
      witnesses: [],
      notaries: [],
      recipientCount: String(e.signers.length),
      currentRoutingOrder: '1',
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;

  // Trust the fake's certificate for as long as it runs; an HTTPS proxy from the environment would not reach it.
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = tls.cert;
  const previousNoProxy = { NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
  process.env.NO_PROXY = [process.env.NO_PROXY, '127.0.0.1'].filter(Boolean).join(',');
  process.env.no_proxy = process.env.NO_PROXY;

  return {
    config: {
      integrationKey,
      userId,
      accountId,
      privateKey: jwtPrivateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      basePath: `https://${host}/restapi`,
      oauthBasePath: host,
    },
    get tokenRequests() {
      return tokenRequests;
    },
    get tokenRequestAuthorizations() {
      return [...tokenRequestAuthorizations];
    },
    get lastRecipientView() {
      return lastRecipientView;
    },
    get requests() {
      return [...requests];
    },
    envelope: (envelopeId) => envelopes.get(envelopeId),
    markSigned(envelopeId, recipientId, at = new Date()) {
      const envelope = envelopes.get(envelopeId);
      const signer = envelope?.signers.find((s) => s.recipientId === recipientId);
      if (!envelope || !signer)
        throw new Error(`DocuSign fake: no recipient ${recipientId} on ${envelopeId}`);
      signer.status = 'completed';
      signer.deliveredDateTime ??= docuSignTime(at);
      signer.signedDateTime = docuSignTime(at);
      envelope.statusChangedDateTime = docuSignTime(at);
      if (envelope.signers.every((s) => s.status === 'completed')) {
        envelope.status = 'completed';
        envelope.completedDateTime = docuSignTime(at);
      }
    },
    revokeTokens: () => tokens.clear(),
    failNext: ({ path, status = 500, times = 1 }) => {
      failure = { path, status, times };
    },
    async close() {
      https.globalAgent.options.ca = previousCa;
      for (const [name, value] of Object.entries(previousNoProxy)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The claims of an RS256 JWT signed by `key`, or null. */
function verifyJwt(jwt: string, key: KeyObject): Record<string, unknown> | null {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (h.alg !== 'RS256') return null;
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      key,
      Buffer.from(signature, 'base64url'),
    );
    return ok
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ a certificate for 127.0.0.1

/**
 * A self-signed P-256 certificate for IP 127.0.0.1, valid for a day, written in DER by hand: node:crypto signs
 * but does not issue certificates, and an openssl binary is not everywhere the tests run.
 */
function selfSignedCertificate(): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from('127.0.0.1')))));
  const serial = randomBytes(8);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  // The machine's clock, not Date (which a test may have moved, TEST_NOW): TLS checks the certificate's days
  // against the machine's clock.
  const now = performance.timeOrigin + performance.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      seq(
        // basicConstraints CA:TRUE (critical), as `openssl req -x509` writes it, so it can anchor itself.
        seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, seq(der(0x01, Buffer.from([0xff]))))),
        // subjectAltName IP:127.0.0.1, which is what the client checks the address against.
        seq(oid('2.5.29.17'), der(0x04, seq(der(0x87, Buffer.from([127, 0, 0, 1]))))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const pem = (label: string, bytes: Buffer) =>
    `-----BEGIN ${label}-----\n${bytes
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n')}\n-----END ${label}-----\n`;
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: pem('CERTIFICATE', certificate),
  };
}

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  let length: Buffer;
  if (body.length < 0x80) length = Buffer.from([body.length]);
  else {
    const hex = body.length.toString(16);
    const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    length = Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const seq = (...content: Buffer[]): Buffer => der(0x30, ...content);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const n of rest) {
    const group = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) group.unshift((v & 0x7f) | 0x80);
    bytes.push(...group);
  }
  return der(0x06, Buffer.from(bytes));
}

/** YYMMDDHHMMSSZ */
const utcTime = (d: Date): Buffer =>
  der(0x17, Buffer.from(`${d.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));
