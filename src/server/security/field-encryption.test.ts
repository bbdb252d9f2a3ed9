import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-encryption';

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
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored)).toThrow();
  });
});
