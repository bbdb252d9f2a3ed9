import { HOTP, Secret, TOTP } from 'otpauth';

// Time-based one-time codes for the staff second factor, on the `otpauth` library (RFC 4226 HOTP and RFC 6238
// TOTP). This module fixes the parameters every authenticator app uses and gives the rest of the server a small
// vocabulary: a key is raw bytes, a step is RFC 6238's T.

/** RFC 6238 defaults, the ones every authenticator app uses: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes one step either side of now are accepted, for clock drift and typing time (RFC 6238 section 5.2). */
export const TOTP_WINDOW_STEPS = 1;
const ALGORITHM = 'SHA1';

const secretOf = (key: Uint8Array) =>
  new Secret({ buffer: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) });

/** RFC 4226 HOTP: the code for one counter value. */
export const hotp = (key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string =>
  HOTP.generate({ secret: secretOf(key), algorithm: ALGORITHM, digits, counter });

/** The time step (RFC 6238 T) of a moment in milliseconds. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The TOTP code of a moment. */
export const totp = (key: Uint8Array, nowMs: number, digits: number = TOTP_DIGITS) =>
  TOTP.generate({
    secret: secretOf(key),
    algorithm: ALGORITHM,
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
  });

/** What an authenticator app shows now, or `steps` 30-second steps from now (for tests and tools). */
export const authenticatorCode = (key: Uint8Array, steps = 0) =>
  totp(key, Date.now() + steps * TOTP_PERIOD_SECONDS * 1000);

/**
 * The time step whose code this is, within the accepted window around now; undefined if none. The library
 * compares in constant time; the step is kept so that a code is accepted once (see plugins/auth.ts).
 */
export function matchingStep(key: Uint8Array, code: string, nowMs: number): number | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(key),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? undefined : totpStep(nowMs) + delta;
}

/** RFC 4648 base32 without padding: how otpauth URIs and authenticator apps write the secret. */
export const base32Encode = (bytes: Uint8Array): string => secretOf(bytes).base32;

export const base32Decode = (text: string): Uint8Array =>
  Secret.fromBase32(text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '')).bytes;
