import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for fields encrypted at rest (dates of birth, account and routing numbers, outbox email bodies).
 * Format: v1.<iv>.<tag>.<ciphertext>, each base64url, so a stored value says which scheme wrote it.
 */
export type FieldCipher = {
  encrypt: (plain: string) => string;
  decrypt: (stored: string) => string;
};

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Unknown encrypted field format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The last 4 digits of an encrypted account or routing number; the full value never leaves the server. */
export const last4 = (cipher: FieldCipher, stored: string | null | undefined): string | null =>
  stored ? cipher.decrypt(stored).slice(-4) : null;
