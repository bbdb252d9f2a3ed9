/**
 * A document store: whole files (the creditors' proposals) kept by key outside the database, on the server's
 * disk (`local`) or in an S3-compatible bucket (`s3`). The store keeps bytes as given: callers hand it
 * documents already sealed (src/server/application/sealed-documents.ts), so neither the disk nor the bucket
 * ever holds a personal document in clear.
 *
 * Keys are relative paths of plain segments ('proposals/<application>/<offer>.pdf'): letters, digits, '.', '_'
 * and '-', separated by '/', never '.' or '..' alone. A key outside that is refused before any I/O, so no key
 * can reach a file outside the store's directory or a surprising object name.
 *
 * Every adapter passes tests/contracts/document-store.contract.ts.
 */
export interface DocumentStore {
  /** Which adapter this is, for the start banner and the logs. */
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under `key`, replacing what the key held. A put either lands whole or leaves the key as it
   * was: a reader never sees half a document. Rejects an invalid key, or when the store cannot be reached.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes stored under `key`, or null when it holds nothing. Rejects an invalid key or an unreachable store. */
  get(key: string): Promise<Uint8Array | null>;
}

const SEGMENT = /^[A-Za-z0-9._-]{1,128}$/;
/** Long enough for any key we make; short enough for every S3-compatible service (S3 allows 1,024 bytes). */
const MAX_KEY_LENGTH = 512;

/** True when `key` is a valid document key (see DocumentStore). */
export function isDocumentKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

/** Throws, naming no part of the key (it can carry ids), when `key` is not a valid document key. */
export function assertDocumentKey(key: string): void {
  if (!isDocumentKey(key)) throw new RangeError('Document store: invalid document key');
}
