import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, encryptionKeyId, sealedKeyId, UnknownKeyError } from './field-encryption';

/** A value as versions before key ids wrote it: v1.<iv>.<tag>.<ciphertext>. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('field encryption', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips and never stores the plain value', () => {
    const stored = cipher.encrypt('1990-04-17');
    expect(stored).not.toContain('1990');
    expect(cipher.decrypt(stored)).toBe('1990-04-17');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('123456789')).not.toBe(cipher.encrypt('123456789'));
  });

  it('refuses a tampered value and a different key', () => {
    const stored = cipher.encrypt('021000021');
    const parts = stored.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored)).toThrow();
  });
});

describe('key rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('names the sealing key in the value, by an id that does not depend on anything but the key', () => {
    const stored = createFieldCipher(newKey).encrypt('x');
    expect(stored.startsWith(`v2.${encryptionKeyId(newKey)}.`)).toBe(true);
    expect(sealedKeyId(stored)).toBe(encryptionKeyId(newKey));
    expect(encryptionKeyId(Buffer.from(newKey))).toBe(encryptionKeyId(newKey));
    expect(encryptionKeyId(oldKey)).not.toBe(encryptionKeyId(newKey));
    // The id is no part of the key.
    expect(newKey.toString('base64url')).not.toContain(encryptionKeyId(newKey));
  });

  it('seals with the new key and still opens what the old key sealed', () => {
    const before = createFieldCipher(oldKey).encrypt('1990-04-17');
    const rotated = createFieldCipher(newKey, [oldKey]);
    expect(rotated.decrypt(before)).toBe('1990-04-17');
    expect(rotated.isCurrent(before)).toBe(false);
    const after = rotated.encrypt('1990-04-17');
    expect(rotated.isCurrent(after)).toBe(true);
    expect(sealedKeyId(after)).toBe(rotated.currentKeyId);
    // Once the old key is retired, values it sealed are refused with a message that names the key id only.
    const retired = createFieldCipher(newKey);
    expect(retired.decrypt(after)).toBe('1990-04-17');
    const error = (() => {
      try {
        retired.decrypt(before);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnknownKeyError);
    expect((error as Error).message).toContain(encryptionKeyId(oldKey));
    expect((error as Error).message).not.toContain(oldKey.toString('hex'));
  });

  it('opens values written before key ids under whichever known key sealed them', () => {
    const legacy = sealV1(oldKey, '021000021');
    expect(createFieldCipher(oldKey).decrypt(legacy)).toBe('021000021');
    const rotated = createFieldCipher(newKey, [oldKey]);
    expect(rotated.decrypt(legacy)).toBe('021000021');
    expect(rotated.isCurrent(legacy)).toBe(false);
    expect(sealedKeyId(legacy)).toBeNull();
    expect(() => createFieldCipher(newKey).decrypt(legacy)).toThrow(/none of ENCRYPTION_KEY/);
  });

  it('refuses keys of the wrong size and values in no known format', () => {
    expect(() => createFieldCipher(newKey, [randomBytes(16)])).toThrow(/32 bytes/);
    expect(() => createFieldCipher(newKey).decrypt('plain text')).toThrow(/Unknown encrypted field format/);
  });
});
