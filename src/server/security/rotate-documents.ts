import { asc, gt } from 'drizzle-orm';
import type { DocumentStore } from '#providers/document-store/port';
import type { Db } from '#server/db/client';
import { proposal } from '#server/db/schema/proposal';
import { type FieldCipher, sealedKeyId } from './field-encryption';

/*
 * Key rotation for the documents kept outside the database (the creditors' proposals, in the document store:
 * a directory or a bucket). Each is stored sealed with ENCRYPTION_KEY as one text (src/server/application/
 * sealed-documents.ts), so rotating the key means reading each document, opening it with whichever key sealed it
 * and storing it again under the current key, as rotate-keys.ts does for the sealed columns.
 *
 * The database lists the documents (proposal.document_key), so the walk goes by proposal id in batches and a run
 * stopped half-way carries on where it left off (a document already under the current key is read, not rewritten).
 * Nothing read is printed or returned: only counts and the ids of proposals whose document could not be opened.
 */

export type DocumentsProgress = {
  /** Documents the database names. */
  total: number;
  /** Documents under the current key, as of now. */
  current: number;
  /** Documents re-sealed by this run. */
  resealed: number;
  /** Documents the database names that the store does not hold. */
  missing: number;
  /** Proposals whose document opens with no key given (ids only; at most 20 kept). */
  unreadable: string[];
  unreadableCount: number;
};

const UNREADABLE_IDS_KEPT = 20;

/**
 * A document the database names may be absent from the store, and is counted as missing. With a bucket
 * policy without s3:ListBucket, S3 answers a missing object 403, so the reads say they may find nothing.
 */
const MAY_BE_MISSING = { mayBeMissing: true } as const;

const sameBytes = (a: Uint8Array, b: Uint8Array | null) =>
  b !== null && Buffer.from(a).equals(Buffer.from(b));

/** Re-seals every stored document under the current key; `onProgress` hears after each batch. */
export async function rotateDocuments(
  db: Db,
  store: DocumentStore,
  cipher: FieldCipher,
  o: { batchSize?: number; onProgress?: (p: DocumentsProgress) => void } = {},
): Promise<DocumentsProgress> {
  const progress: DocumentsProgress = {
    total: 0,
    current: 0,
    resealed: 0,
    missing: 0,
    unreadable: [],
    unreadableCount: 0,
  };
  const batchSize = o.batchSize ?? 200;
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .select({ id: proposal.id, key: proposal.documentKey })
      .from(proposal)
      .where(after === null ? undefined : gt(proposal.id, after))
      .orderBy(asc(proposal.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    for (const row of batch) {
      progress.total++;
      const stored = await store.get(row.key, MAY_BE_MISSING);
      if (stored === null) {
        progress.missing++;
        continue;
      }
      const text = Buffer.from(stored).toString('utf8');
      if (sealedKeyId(text) === cipher.currentKeyId) {
        progress.current++;
        continue;
      }
      let resealed: string;
      try {
        resealed = cipher.encrypt(cipher.decrypt(text));
      } catch {
        // An unknown key or a tampered file: reported by proposal id, never by content.
        progress.unreadableCount++;
        if (progress.unreadable.length < UNREADABLE_IDS_KEPT) progress.unreadable.push(row.id);
        continue;
      }
      // Written only if the document is still what was read: one the server stored again meanwhile was sealed
      // under its own (current) key. The store has no compare-and-swap, so this narrows the window to one get.
      if (!sameBytes(stored, await store.get(row.key, MAY_BE_MISSING))) continue;
      await store.put(row.key, Buffer.from(resealed, 'utf8'), 'application/octet-stream');
      progress.resealed++;
      progress.current++;
    }
    o.onProgress?.({ ...progress, unreadable: [...progress.unreadable] });
  }
  return progress;
}

/** How many stored documents each key sealed ('v1' before key ids, 'clear' when not sealed, 'missing'). */
export async function documentKeysInUse(db: Db, store: DocumentStore): Promise<Record<string, number>> {
  const byKey: Record<string, number> = {};
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .select({ id: proposal.id, key: proposal.documentKey })
      .from(proposal)
      .where(after === null ? undefined : gt(proposal.id, after))
      .orderBy(asc(proposal.id))
      .limit(200);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    for (const row of batch) {
      const stored = await store.get(row.key, MAY_BE_MISSING);
      const text = stored === null ? null : Buffer.from(stored.subarray(0, 64)).toString('utf8');
      const key =
        text === null ? 'missing' : (sealedKeyId(text) ?? (text.startsWith('v1.') ? 'v1' : 'clear'));
      byKey[key] = (byKey[key] ?? 0) + 1;
    }
  }
  return byKey;
}
