import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 6238 defaults, the ones every authenticator app uses: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes one step either side of now are accepted, for clock drift and typing time (RFC 6238 section 5.2). */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step (RFC 6238 T) of a moment in milliseconds. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The TOTP code of a moment. */
export const totp = (key: Uint8Array, nowMs: number, digits: number = TOTP_DIGITS) =>
  hotp(key, totpStep(nowMs), digits);

/** What an authenticator app shows now, or `steps` 30-second steps from now (for tests and tools). */
export const authenticatorCode = (key: Uint8Array, steps = 0) => hotp(key, totpStep(Date.now()) + steps);

/** The time step whose code this is, within the accepted window around now; undefined if none. */
export function matchingStep(key: Uint8Array, code: string, nowMs: number): number | undefined {
  const now = totpStep(nowMs);
  const given = Buffer.from(code);
  let matched: number | undefined;
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step++) {
    const expected = Buffer.from(hotp(key, step));
    // Every step is computed and compared in constant time, so timing tells nothing about which matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how otpauth URIs and authenticator apps write the secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 string');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}
