/**
 * A document store: whole files (the creditors' proposals) kept by key, in the database (`database`, the
 * default on PostgreSQL), on the server's disk (`local`) or in an S3-compatible bucket (`s3`). The store keeps bytes as given: callers hand it
 * documents already sealed (src/server/application/sealed-documents.ts), so neither the disk nor the bucket
 * ever holds a personal document in clear.
 *
 * Keys are relative paths of plain segments ('proposals/<application>/<offer>.pdf'): letters, digits, '.', '_'
 * and '-', separated by '/', never '.' or '..' alone. A key outside that is refused before any I/O, so no key
 * can reach a file outside the store's directory or a surprising object name.
 *
 * Every adapter passes tests/contracts/document-store.contract.ts.
 */
export type GetOptions = {
  /** The caller expects the key may hold nothing: a refusal that may mean "missing" answers null. */
  mayBeMissing?: boolean;
};

export interface DocumentStore {
  /** Which adapter this is, for the start banner and the logs. */
  readonly kind: 'local' | 's3' | 'database';
  /**
   * Stores the bytes under `key`, replacing what the key held. A put either lands whole or leaves the key as it
   * was: a reader never sees half a document. Rejects an invalid key, or when the store cannot be reached.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * The bytes stored under `key`, or null when it holds nothing. Rejects an invalid key or an unreachable store.
   *
   * A bucket whose policy grants no s3:ListBucket (least privilege) answers a missing object with 403
   * AccessDenied, exactly as it answers an object the policy does not let us read: the store cannot tell them
   * apart. A caller ready for the key to hold nothing passes `mayBeMissing`, and such a refusal then answers
   * null (the S3 store warns, without the key); without it, the refusal rejects, so a read that must find its
   * document never hides a broken policy.
   */
  get(key: string, o?: GetOptions): Promise<Uint8Array | null>;
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
