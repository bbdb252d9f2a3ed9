import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '#server/security/field-encryption';
import { openSignedLetter, sealSignedLetter } from '#server/application/signed-letter-store';

const cipher = createFieldCipher(randomBytes(32));
const PDF = Buffer.from('%PDF-1.7\nPat Doe, 12 Elm Street, Chase ...1234 $3,342\n%%EOF');

describe('the signed letter at rest', () => {
  it('is sealed: nothing of the PDF or its base64 shows, and it opens to the same bytes', () => {
    const stored = sealSignedLetter(cipher, PDF);
    expect(stored).toMatch(/^v2\./);
    expect(stored).not.toContain(PDF.toString('base64').slice(0, 12));
    expect(openSignedLetter(cipher, stored).equals(PDF)).toBe(true);
  });

  it('opens a letter stored before sealing (plain base64)', () => {
    expect(openSignedLetter(cipher, PDF.toString('base64')).equals(PDF)).toBe(true);
  });

  it('refuses a sealed letter under another key', () => {
    const stored = sealSignedLetter(createFieldCipher(randomBytes(32)), PDF);
    expect(() => openSignedLetter(cipher, stored)).toThrow();
  });
});
