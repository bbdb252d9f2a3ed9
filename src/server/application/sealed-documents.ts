import type { DocumentStore, GetOptions } from '#providers/document-store/port';
import type { FieldCipher } from '#server/security/field-encryption';

// Documents about a borrower (a creditor's proposal names them, their account and their budget) are sealed with
// ENCRYPTION_KEY before they reach the document store, as the signed letter is in its column: the disk or the
// bucket holds only ciphertext, and whoever can read the bucket still cannot read a proposal.

/** What the store is told it holds: sealed bytes, never the document's own type. */
const SEALED_CONTENT_TYPE = 'application/octet-stream';

export type SealedDocuments = {
  /** Seals and stores the document under `key`, replacing what the key held. */
  put: (key: string, document: Uint8Array) => Promise<void>;
  /** The document stored under `key`, opened; null when the key holds nothing (see DocumentStore.get). */
  get: (key: string, o?: GetOptions) => Promise<Buffer | null>;
};

export function sealedDocuments(store: DocumentStore, cipher: FieldCipher): SealedDocuments {
  return {
    put: async (key, document) => {
      const sealed = cipher.encrypt(Buffer.from(document).toString('base64'));
      await store.put(key, Buffer.from(sealed, 'utf8'), SEALED_CONTENT_TYPE);
    },
    get: async (key, o) => {
      const stored = await store.get(key, o);
      if (!stored) return null;
      return Buffer.from(cipher.decrypt(Buffer.from(stored).toString('utf8')), 'base64');
    },
  };
}
