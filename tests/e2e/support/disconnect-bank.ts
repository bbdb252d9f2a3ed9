/**
 * A journey's stand-in for the bank revoking a connection: marks every bank connection of the borrower with
 * this email disconnected (plaid_item.is_connected = false), as the provider's item-error webhook would.
 * Run by tsx against the journey's database while its server is stopped (the embedded database has one
 * owner at a time). Usage: tsx tests/e2e/support/disconnect-bank.ts <borrower email>
 */
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { plaidItem } from '#server/db/schema/enrollment';
import { loadConfig } from '#server/env';

const email = process.argv[2];
if (!email) {
  console.error('Usage: tsx tests/e2e/support/disconnect-bank.ts <borrower email>');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const owners = database.db
    .select({ applicationId: borrower.applicationId })
    .from(borrower)
    .where(eq(borrower.email, email));
  const items = await database.db
    .update(plaidItem)
    .set({ isConnected: false })
    .where(inArray(plaidItem.applicationId, owners))
    .returning({ id: plaidItem.id });
  console.log(`${items.length} bank connection(s) disconnected.`);
} finally {
  await database.close();
}
