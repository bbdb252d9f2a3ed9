/**
 * A journey's stand-in for a plan that now needs more than the borrower authorized (as after a creditor's
 * counter-offer): records a newer Letter of Authorization amount `cents` below the plan's terms for the
 * borrower with this email, and hands the plan to the agency as the hand-over would then (the authorized
 * amount drawn, the higher one waiting). Run by tsx against the journey's database while its server is
 * stopped (the embedded database has one owner at a time).
 * Usage: tsx tests/e2e/support/authorize-less.ts <borrower email> <cents>
 */
import { desc, eq } from 'drizzle-orm';
import { loadPlanTerms } from '#server/application/plan-terms';
import { openDatabase } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { loadConfig } from '#server/env';

const [email, less] = [process.argv[2], Number(process.argv[3])];
if (!email || !Number.isInteger(less) || less <= 0) {
  console.error('Usage: tsx tests/e2e/support/authorize-less.ts <borrower email> <cents>');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { db } = database;
  const [owner] = await db
    .select({ applicationId: borrower.applicationId })
    .from(borrower)
    .where(eq(borrower.email, email));
  if (!owner) throw new Error('No borrower with this email');
  const [letter] = await db
    .select()
    .from(planAuthorization)
    .where(eq(planAuthorization.applicationId, owner.applicationId))
    .orderBy(desc(planAuthorization.createdAt))
    .limit(1);
  // The letter, or a later change of the draft day (which carries the letter's amount and schedule).
  if (!letter || letter.kind === 'acceptance') throw new Error('The letter is not signed');
  const { terms } = await loadPlanTerms(db, owner.applicationId);
  const authorized = terms.monthlyDraft - less;
  const { id: _id, createdAt: _createdAt, ...rest } = letter;
  await db.insert(planAuthorization).values({ ...rest, kind: 'letter', monthlyDraftAmount: authorized });
  await db
    .update(dmpEnrollment)
    .set({ monthlyPaymentAmount: authorized, pendingMonthlyPaymentAmount: terms.monthlyDraft })
    .where(eq(dmpEnrollment.applicationId, owner.applicationId));
  console.log(`Authorized ${authorized} of ${terms.monthlyDraft}.`);
} finally {
  await database.close();
}
