import { type FieldCipher, isSealedValue } from '#server/security/field-encryption';

// The signed Letter of Authorization holds the borrower's name and address, the bank account and every
// creditor with its balance: it is stored sealed with ENCRYPTION_KEY, as the outbox's email bodies are.

/** The sealed value stored in `docusign.signed_document`. */
export const sealSignedLetter = (cipher: FieldCipher, pdf: Buffer): string =>
  cipher.encrypt(pdf.toString('base64'));

/**
 * The signed letter's bytes from what is stored. A letter signed before the letters were sealed is plain
 * base64 (never 'v1.' or 'v2.': base64 has no dot) and is read as such; `npm run keys:rotate` seals it.
 */
export const openSignedLetter = (cipher: FieldCipher, stored: string): Buffer =>
  Buffer.from(isSealedValue(stored) ? cipher.decrypt(stored) : stored, 'base64');
