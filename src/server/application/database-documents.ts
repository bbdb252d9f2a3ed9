import { eq } from 'drizzle-orm';
import { assertDocumentKey, type DocumentStore } from '#providers/document-store/port';
import type { Db } from '#server/db/client';
import { storedDocument } from '#server/db/schema/ops';

/**
 * The document store in the database itself (table stored_document): what every instance on one PostgreSQL
 * shares without a bucket or a shared disk. A put is one upsert, so it lands whole or not at all. Documents are
 * small (a proposal is a few kilobytes) and reach the store already sealed.
 */
export function createDatabaseDocumentStore(db: Db): DocumentStore {
  return {
    kind: 'database',
    async put(key, bytes) {
      assertDocumentKey(key);
      const body = new Uint8Array(bytes);
      await db
        .insert(storedDocument)
        .values({ key, body })
        .onConflictDoUpdate({ target: storedDocument.key, set: { body, updatedAt: new Date() } });
    },
    async get(key) {
      assertDocumentKey(key);
      const [row] = await db
        .select({ body: storedDocument.body })
        .from(storedDocument)
        .where(eq(storedDocument.key, key));
      return row ? row.body : null;
    },
  };
}
