import { sql } from 'drizzle-orm';
import type { TestApp } from '#tests/setup/test-app';

type Transaction = Parameters<Parameters<TestApp['db']['transaction']>[0]>[0];

/**
 * Changes rows without the database announcing it (triggers off for the transaction, which only a superuser
 * may do): an answer that still shows the old value came from a server's memory (src/server/plugins/read-cache.ts).
 */
export const silently = (t: TestApp, change: (tx: Transaction) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });
