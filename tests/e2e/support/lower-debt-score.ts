/**
 * A journey's stand-in for a month of history: gives the borrower with this email a debt score 31 days older
 * than their newest and `points` higher, so the next run of the alert rules finds the score fell in 30 days.
 * Run by tsx against the journey's database while its server is stopped (the embedded database has one owner
 * at a time). Prints the two scores. Usage: tsx tests/e2e/support/lower-debt-score.ts <borrower email> <points>
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { debtScore } from '#server/db/schema/credit';
import { loadConfig } from '#server/env';

const [email, pointsArg] = process.argv.slice(2);
const points = Number(pointsArg);
if (!email || !Number.isInteger(points) || points < 1) {
  console.error('Usage: tsx tests/e2e/support/lower-debt-score.ts <borrower email> <points>');
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
  const [newest] = await database.db
    .select()
    .from(debtScore)
    .where(inArray(debtScore.applicationId, owners))
    .orderBy(desc(debtScore.createdAt))
    .limit(1);
  if (!newest) throw new Error(`No debt score for ${email}`);
  const { id: _id, ...score } = newest;
  await database.db.insert(debtScore).values({
    ...score,
    value: newest.value + points,
    createdAt: new Date(newest.createdAt.getTime() - 31 * 86_400_000),
  });
  console.log(`Debt score ${newest.value}, 31 days before ${newest.value + points}.`);
} finally {
  await database.close();
}
