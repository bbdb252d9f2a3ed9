import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLiveCall, type CallState } from '#domain/counselling/calls';

// The links in a counselling call's emails that read, move or cancel it without signing in. A token is the
// call's id and an expiry, signed with a key derived from AUTH_SECRET: nothing is stored, a server restart
// keeps them valid, and a changed AUTH_SECRET ends them all. It expires when the call it was issued for ends
// (a moved call's new email carries a new one). It also carries the call's revision when it was issued: a move
// raises the revision, so the old email's link stops working and only the newest one moves or cancels the
// call. Binary and short (about 55 characters): it sits in a URL path, and Fastify refuses path parameters over
// 100 characters.

export type CallTokenKey = Buffer;

/** 128 bits of HMAC-SHA256: far beyond guessing at the routes' rate limit. */
const MAC_BYTES = 16;

/** The signing key for call links, derived from the auth secret so it signs nothing else. */
export const callTokenKey = (authSecret: string): CallTokenKey =>
  createHmac('sha256', authSecret).update('counselling-call-links').digest();

const mac = (key: CallTokenKey, body: Buffer) =>
  createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

const BODY_BYTES = 24;
const LEGACY_BODY_BYTES = 20;

/**
 * 16 bytes of the call's UUID, 4 of its expiry (Unix seconds) and 4 of the call's revision, base64url; a dot;
 * the signature.
 */
export function signCallToken(key: CallTokenKey, callId: string, expiresAt: Date, revision: number): string {
  const body = Buffer.alloc(BODY_BYTES);
  Buffer.from(callId.replace(/-/g, ''), 'hex').copy(body, 0);
  body.writeUInt32BE(Math.max(0, Math.floor(expiresAt.getTime() / 1000)), 16);
  body.writeUInt32BE(revision, 20);
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
): { callId: string; revision: number } | { refused: 'invalid' | 'expired' } {
  const [bodyText, signatureText, ...rest] = token.split('.');
  if (!bodyText || !signatureText || rest.length > 0) return { refused: 'invalid' };
  const body = Buffer.from(bodyText, 'base64url');
  const given = Buffer.from(signatureText, 'base64url');
  // A link emailed before links carried the revision (20 bytes) reads as revision 0: it still opens a call
  // never changed since, and no other.
  if ((body.length !== BODY_BYTES && body.length !== LEGACY_BODY_BYTES) || given.length !== MAC_BYTES)
    return { refused: 'invalid' };
  if (!timingSafeEqual(given, mac(key, body))) return { refused: 'invalid' };
  if (body.readUInt32BE(16) * 1000 <= now.getTime()) return { refused: 'expired' };
  const revision = body.length === BODY_BYTES ? body.readUInt32BE(20) : 0;
  return { callId: uuidOf(body.subarray(0, 16).toString('hex')), revision };
}

/**
 * The call a token names, without checking its signature: what the per-call rate limit counts by (a forged
 * token names the real call's id or another id; either way requests at one call share one budget).
 */
export function callIdOfToken(token: string): string | null {
  const body = Buffer.from(token.split('.')[0] ?? '', 'base64url');
  return body.length === BODY_BYTES || body.length === LEGACY_BODY_BYTES
    ? uuidOf(body.subarray(0, 16).toString('hex'))
    : null;
}

/**
 * Whether a link was issued before the call's latest change: one live link per call, the one in the newest
 * email. A call no longer live (cancelled, over) cannot be changed by any link, so the link that cancelled it
 * may still show it as cancelled.
 */
export const isReplacedLink = (call: { revision: number; state: CallState }, revision: number): boolean =>
  isLiveCall(call.state) && revision !== call.revision;
