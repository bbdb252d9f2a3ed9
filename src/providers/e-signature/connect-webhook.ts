import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { EnvelopeSigner, PagePoint, SignatureEvent, SignerRole } from './port';

// What both adapters share: DocuSign Connect's webhook (the sandbox sends the same messages, so the server has
// one webhook route), the recipient ids that tell the borrower from the spouse, and the envelope rules.

/** DocuSign Connect's HMAC header: base64(HMAC-SHA256(key, raw body)). One per key on the account (-1, -2 …). */
export const CONNECT_SIGNATURE_HEADER = 'x-docusign-signature-1';

/** The recipient id of each signer: fixed, so a webhook's recipientId names the role. */
export const RECIPIENT_IDS = { borrower: '1', spouse: '2' } as const satisfies Record<SignerRole, string>;

export function roleOfRecipientId(recipientId: string | null | undefined): SignerRole | null {
  if (recipientId === RECIPIENT_IDS.borrower) return 'borrower';
  if (recipientId === RECIPIENT_IDS.spouse) return 'spouse';
  return null;
}

/** base64(HMAC-SHA256(key, rawBody)), as Connect computes it. */
export function connectSignature(key: string, rawBody: string): string {
  return createHmac('sha256', key).update(rawBody, 'utf8').digest('base64');
}

/** The part of a Connect (JSON SIM) message the product reads; the rest (uri, retryCount …) is ignored. */
const connectMessageSchema = z.object({
  event: z.string().min(1),
  generatedDateTime: z.string().min(1),
  data: z.object({
    envelopeId: z.string().min(1),
    recipientId: z.string().min(1).optional(),
  }),
});
export type ConnectMessage = z.infer<typeof connectMessageSchema>;

const KNOWN_EVENTS = new Set<string>([
  'recipient-completed',
  'envelope-completed',
  'envelope-declined',
  'envelope-voided',
]);

/**
 * The event id: Connect sends no delivery id, so it is a digest of what names the event (event, envelope,
 * recipient, generatedDateTime). A retried delivery carries the same values (only retryCount changes) and so
 * the same id, which is what the server's deduplication needs.
 */
export function connectEventId(message: ConnectMessage): string {
  const key = [
    message.event,
    message.data.envelopeId,
    message.data.recipientId ?? '',
    message.generatedDateTime,
  ];
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url');
}

/**
 * Checks a Connect webhook and reads it: null unless one `x-docusign-signature-N` header (any N, as DocuSign
 * signs once per key during a key rotation) is the HMAC of the raw body with `key`, and the body is a Connect
 * JSON message. Header names are matched whatever their case.
 */
export function verifyConnectWebhook(
  key: string,
  o: { rawBody: string; headers: Record<string, string | undefined> },
): SignatureEvent | null {
  if (typeof o?.rawBody !== 'string' || key === '') return null;
  const expected = Buffer.from(connectSignature(key, o.rawBody), 'utf8');
  const signatures = Object.entries(o.headers ?? {})
    .filter(([name, value]) => /^x-docusign-signature-\d+$/i.test(name) && typeof value === 'string')
    .map(([, value]) => Buffer.from(String(value).trim(), 'utf8'));
  // Every candidate is compared in constant time; a length mismatch says nothing about the key.
  const valid = signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected));
  if (!valid) return null;

  let body: unknown;
  try {
    body = JSON.parse(o.rawBody);
  } catch {
    return null;
  }
  const parsed = connectMessageSchema.safeParse(body);
  if (!parsed.success) return null;
  const message = parsed.data;
  const event = KNOWN_EVENTS.has(message.event) ? (message.event as SignatureEvent['event']) : 'other';
  return {
    eventId: connectEventId(message),
    envelopeId: message.data.envelopeId,
    event,
    role: roleOfRecipientId(message.data.recipientId),
  };
}

/** A Connect JSON message for an envelope, shaped as DocuSign sends it (the sandbox's and the tests' events). */
export function connectMessage(o: {
  event: string;
  envelopeId: string;
  role?: SignerRole | null;
  at: Date;
  accountId?: string;
}): string {
  return JSON.stringify({
    event: o.event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${o.accountId ?? 'sandbox'}/envelopes/${o.envelopeId}`,
    retryCount: 0,
    configurationId: 0,
    generatedDateTime: o.at.toISOString(),
    data: {
      accountId: o.accountId ?? 'sandbox',
      envelopeId: o.envelopeId,
      ...(o.role ? { recipientId: RECIPIENT_IDS[o.role] } : {}),
    },
  });
}

/**
 * One signer per person: a borrower, and at most one spouse, each with a name, an email and a place to sign
 * and date (checked against the document itself by each adapter).
 */
export function checkSigners(signers: readonly EnvelopeSigner[]): void {
  if (!Array.isArray(signers) || signers.length === 0)
    throw new Error('E-signature: an envelope needs a signer');
  const roles = signers.map((s) => s?.role);
  if (!roles.includes('borrower')) throw new Error('E-signature: the borrower must sign');
  if (new Set(roles).size !== roles.length) throw new Error('E-signature: one signer per role');
  for (const s of signers) {
    if (s.role !== 'borrower' && s.role !== 'spouse') {
      throw new Error(`E-signature: unknown signer role ${JSON.stringify(s.role)}`);
    }
    if (typeof s.name !== 'string' || s.name.trim() === '')
      throw new Error('E-signature: a signer has no name');
    if (typeof s.email !== 'string' || !s.email.includes('@')) {
      throw new Error('E-signature: a signer has no email address');
    }
    if (!isPagePoint(s.positions?.signature) || !isPagePoint(s.positions?.date)) {
      throw new Error('E-signature: a signer has no place to sign');
    }
  }
}

const isPagePoint = (p: PagePoint | undefined): p is PagePoint =>
  p !== undefined &&
  Number.isInteger(p.page) &&
  p.page >= 1 &&
  Number.isFinite(p.x) &&
  Number.isFinite(p.y) &&
  p.x >= 0 &&
  p.y >= 0;

/**
 * Refuses a signer position on a page the document does not have, or outside its page: a provider would
 * otherwise put the signature nowhere (DocuSign refuses the envelope; the sandbox would fail at signing).
 */
export function checkPositionsOnDocument(
  signers: readonly EnvelopeSigner[],
  pages: readonly { width: number; height: number }[],
): void {
  for (const s of signers) {
    for (const point of [s.positions.signature, s.positions.date]) {
      const page = pages[point.page - 1];
      if (!page || point.x > page.width || point.y > page.height) {
        throw new Error(`E-signature: the ${s.role}'s place to sign is off the document`);
      }
    }
  }
}

/** True when the bytes start like a PDF file. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes instanceof Uint8Array && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}
