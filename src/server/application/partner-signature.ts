import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * How the agency's system and the product sign what they send each other, both ways: the hand-over and its
 * updates going out, the agency's events coming in. One shared secret (PARTNER_WEBHOOK_SECRET), signed over the
 * moment of sending as well as the body, so that a captured request cannot be sent again later:
 *
 *   X-Timestamp: the sending moment, in whole seconds since 1970 (UTC)
 *   X-Signature: sha256=<hex HMAC-SHA256 of `${X-Timestamp}.${body}` with the shared secret>
 *
 * The receiver recomputes the signature over the exact bytes received, compares in constant time, and refuses a
 * moment more than five minutes away from its clock (docs/decisions/0190, 0194).
 */

export const PARTNER_SIGNATURE_HEADER = 'x-signature';
export const PARTNER_TIMESTAMP_HEADER = 'x-timestamp';
/** How far the sending moment may be from the receiver's clock, either way. */
export const PARTNER_REPLAY_WINDOW_SECONDS = 300;
const SIGNATURE_PREFIX = 'sha256=';

/** The sending moment as X-Timestamp carries it: whole seconds since 1970. */
export const partnerTimestamp = (now: Date): string => String(Math.floor(now.getTime() / 1000));

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the shared secret. */
export function signPartnerMessage(timestamp: string, body: string, secret: string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** Why a request is not the partner's, or null when its signature and moment are good. */
export function partnerSignatureProblem(o: {
  body: string;
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
}): string | null {
  if (!o.timestamp || !o.signature) return 'Missing signature.';
  if (!/^\d{1,12}$/.test(o.timestamp)) return 'Invalid signature.';
  const expected = Buffer.from(signPartnerMessage(o.timestamp, o.body, o.secret));
  const given = Buffer.from(o.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid signature.';
  // Checked after the signature, so that a forger learns nothing from the answer about the receiver's clock.
  const age = Math.abs(o.now.getTime() / 1000 - Number(o.timestamp));
  if (age > PARTNER_REPLAY_WINDOW_SECONDS) return 'The request is too old or too far ahead.';
  return null;
}
