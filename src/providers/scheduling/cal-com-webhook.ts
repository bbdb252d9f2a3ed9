import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Cal.com signs its webhooks in: the hex HMAC-SHA256 of the exact body, keyed by the webhook's secret. */
export const CAL_COM_SIGNATURE_HEADER = 'x-cal-signature-256';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether a webhook call is Cal.com's: its signature must be the HMAC of the exact bytes received (a body
 * parsed and written out again would differ). Compared in constant time, so a forger learns nothing from how
 * long the refusal took; a missing or malformed signature is simply not Cal.com's.
 */
export function isCalComSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The signature Cal.com would send for a body: for the tests and the local fake. */
export function calComSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}
