import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * AES-256-GCM for values encrypted at rest (dates of birth, account and routing numbers, bank access tokens,
 * outbox email and text bodies, the signed letter).
 *
 * Format: v2.<key id>.<iv>.<tag>.<ciphertext>, each base64url. The key id says which key sealed the value, so
 * an agency can rotate ENCRYPTION_KEY: the new key seals, the old ones (ENCRYPTION_KEYS_OLD) still open what
 * they sealed, and `npm run keys:rotate` re-seals everything under the new key before the old one is retired.
 * Values written before key ids existed read v1.<iv>.<tag>.<ciphertext>: they are opened by trying each known
 * key (GCM's tag tells a wrong key from the right one) and re-sealed as v2 by the rotation.
 */
export type FieldCipher = {
  encrypt: (plain: string) => string;
  decrypt: (stored: string) => string;
  /** The id of the key new values are sealed with (ENCRYPTION_KEY's). */
  currentKeyId: string;
  /** True when `stored` is sealed in the current format under the current key: nothing to re-seal. */
  isCurrent: (stored: string) => boolean;
};

/** A sealed value that names a key this server was not given: a retired key, or another environment's. */
export class UnknownKeyError extends Error {
  constructor(readonly keyId: string) {
    super(
      `A stored value was sealed with encryption key ${keyId}, which is neither ENCRYPTION_KEY nor one of ` +
        'ENCRYPTION_KEYS_OLD: give that key back in ENCRYPTION_KEYS_OLD (npm run keys:rotate -- --check lists ' +
        'the key ids in use)',
    );
    this.name = 'UnknownKeyError';
  }
}

/**
 * A key's public name: a short HMAC of a fixed label with the key, so it identifies the key without
 * revealing anything usable about it, and needs no setting of its own (the same key always has the same id).
 */
export function encryptionKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('field-encryption key id').digest('base64url').slice(0, 8);
}

/** True when `stored` is in one of the cipher's formats (v1 or v2), whichever key sealed it. */
export const isSealedValue = (stored: string): boolean => /^v[12]\./.test(stored);

/** The key id a stored value names; null for a v1 value (written before key ids) or something not sealed. */
export function sealedKeyId(stored: string): string | null {
  if (!stored.startsWith('v2.')) return null;
  const end = stored.indexOf('.', 3);
  return end > 3 ? stored.slice(3, end) : null;
}

function open(key: KeyObject, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The cipher for the current key and, to read values they sealed, the keys it replaced (oldest last or
 * first: order does not matter).
 */
export function createFieldCipher(key: Buffer, oldKeys: readonly Buffer[] = []): FieldCipher {
  for (const k of [key, ...oldKeys])
    if (k.length !== 32) throw new Error('The encryption key must be 32 bytes');
  const currentKeyId = encryptionKeyId(key);
  // Each key made a KeyObject once: handed a Buffer, Node makes one at every call, which cost 3 to 7 times the
  // encryption of a short field itself.
  const sealingKey = createSecretKey(key);
  const keyring = new Map<string, KeyObject>([[currentKeyId, sealingKey]]);
  for (const k of oldKeys)
    if (!keyring.has(encryptionKeyId(k))) keyring.set(encryptionKeyId(k), createSecretKey(k));
  const currentPrefix = `v2.${currentKeyId}.`;
  return {
    currentKeyId,
    isCurrent: (stored) => stored.startsWith(currentPrefix),
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealingKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v2',
        currentKeyId,
        ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')),
      ].join('.');
    },
    decrypt(stored) {
      const parts = stored.split('.');
      if (parts[0] === 'v2' && parts.length === 5 && parts[1]) {
        const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
        const k = keyring.get(keyId);
        if (!k) throw new UnknownKeyError(keyId);
        return open(k, iv, tag, body);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        // Written before key ids: the right key is the one whose tag checks out.
        for (const k of keyring.values()) {
          try {
            return open(k, iv, tag, body);
          } catch {
            // Not this key (or tampered): try the next.
          }
        }
        throw new Error(
          'A stored value (written before key ids) opens with none of ENCRYPTION_KEY and ENCRYPTION_KEYS_OLD',
        );
      }
      throw new Error('Unknown encrypted field format');
    },
  };
}

/** The last 4 digits of an encrypted account or routing number; the full value never leaves the server. */
export const last4 = (cipher: FieldCipher, stored: string | null | undefined): string | null =>
  stored ? cipher.decrypt(stored).slice(-4) : null;
