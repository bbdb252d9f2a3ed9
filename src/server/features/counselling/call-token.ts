import { createHmac, timingSafeEqual } from 'node:crypto';

// The links in a counselling call's emails that read, move or cancel it without signing in. A token is the
// call's id and an expiry, signed with a key derived from AUTH_SECRET: nothing is stored, a server restart
// keeps them valid, and a changed AUTH_SECRET ends them all. It expires when the call it was issued for ends
// (a moved call's new email carries a new one). Binary and short (about 50 characters): it sits in a URL path,
// and Fastify refuses path parameters over 100 characters.

export type CallTokenKey = Buffer;

/** 128 bits of HMAC-SHA256: far beyond guessing at the routes' rate limit. */
const MAC_BYTES = 16;

/** The signing key for call links, derived from the auth secret so it signs nothing else. */
export const callTokenKey = (authSecret: string): CallTokenKey =>
  createHmac('sha256', authSecret).update('counselling-call-links').digest();

const mac = (key: CallTokenKey, body: Buffer) =>
  createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

/** 16 bytes of the call's UUID and 4 of its expiry (Unix seconds), base64url; a dot; the signature. */
export function signCallToken(key: CallTokenKey, callId: string, expiresAt: Date): string {
  const body = Buffer.alloc(20);
  Buffer.from(callId.replace(/-/g, ''), 'hex').copy(body, 0);
  body.writeUInt32BE(Math.max(0, Math.floor(expiresAt.getTime() / 1000)), 16);
  return `${body.toString('base64url')}.${mac(key, body).toString('base64url')}`;
}

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The call id a token names, or why it names none: 'invalid' (not ours, altered) or 'expired'. Compared in
 * constant time, so a stranger learns nothing from how long a wrong signature takes to refuse.
 */
export function openCallToken(
  key: CallTokenKey,
  token: string,
  now: Date,
): { callId: string } | { refused: 'invalid' | 'expired' } {
  const [bodyText, signatureText, ...rest] = token.split('.');
  if (!bodyText || !signatureText || rest.length > 0) return { refused: 'invalid' };
  const body = Buffer.from(bodyText, 'base64url');
  const given = Buffer.from(signatureText, 'base64url');
  if (body.length !== 20 || given.length !== MAC_BYTES) return { refused: 'invalid' };
  if (!timingSafeEqual(given, mac(key, body))) return { refused: 'invalid' };
  if (body.readUInt32BE(16) * 1000 <= now.getTime()) return { refused: 'expired' };
  return { callId: uuidOf(body.subarray(0, 16).toString('hex')) };
}
