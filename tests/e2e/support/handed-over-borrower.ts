/**
 * A journey's borrower whose plan was handed over to the agency: the first seeded application in `transferred`
 * (npm run seed ran before), given a password so its borrower can sign in (seeded borrowers have none), its
 * first draft moved three months back (a seeded plan starts in the weeks ahead), so the agency can have drawn
 * three drafts by today. The seed also records months of the agency's events for every handed-over plan
 * (src/server/seed/agency-ledger.ts); this journey starts before the agency has said anything, so this plan's
 * events, its open payments and the alerts they raised are taken away first.
 * Prints, as JSON, what the journey needs to post the agency's events and read the pages: the borrower's
 * email and name, the application id, the plan's first draft, its monthly draft and each creditor on the plan.
 * Run by tsx against the journey's database before its server starts (the embedded database has one owner at a
 * time). Usage: tsx tests/e2e/support/handed-over-borrower.ts <password>
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { AGENCY_ALERT_TYPES } from '#domain/enrollment/agency-alerts';
import { agencyEvent, agencyOpenPayment } from '#server/db/schema/agency-events';
import { alert } from '#server/db/schema/service-work';
import { openDatabase } from '#server/db/client';
import { loadPlanTerms } from '#server/application/plan-terms';
import { application, borrower } from '#server/db/schema/application';
import { account, user } from '#server/db/schema/auth';
import { addMonthsToMonth, dayInMonth, monthOf } from '#domain/calendar';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { loadConfig } from '#server/env';
import { hashPassword } from '#server/plugins/auth';

const password = process.argv[2];
if (!password) {
  console.error('Usage: tsx tests/e2e/support/handed-over-borrower.ts <password>');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { db } = database;
  const [found] = await db
    .select({ applicationId: application.id, userId: application.owner })
    .from(application)
    .innerJoin(dmpEnrollment, eq(dmpEnrollment.applicationId, application.id))
    .where(and(eq(application.status, 'transferred'), isNotNull(application.owner)))
    .orderBy(asc(application.createdAt))
    .limit(1);
  if (!found?.userId) throw new Error('no seeded application was handed over: seed more applications');
  await db.delete(agencyEvent).where(eq(agencyEvent.applicationId, found.applicationId));
  await db.delete(agencyOpenPayment).where(eq(agencyOpenPayment.applicationId, found.applicationId));
  await db
    .delete(alert)
    .where(and(eq(alert.applicationId, found.applicationId), inArray(alert.type, [...AGENCY_ALERT_TYPES])));
  const [person] = await db
    .select({ firstName: borrower.firstName, lastName: borrower.lastName })
    .from(borrower)
    .where(eq(borrower.applicationId, found.applicationId));
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, found.userId));
  await db.insert(account).values({
    id: randomUUID(),
    accountId: found.userId,
    providerId: 'credential',
    userId: found.userId,
    password: await hashPassword(password),
  });
  await db.update(user).set({ mustChangePassword: false }).where(eq(user.id, found.userId));
  const today = new Date().toISOString().slice(0, 10);
  const before = await loadPlanTerms(db, found.applicationId, { today });
  const first = dayInMonth(addMonthsToMonth(monthOf(today), -3), before.terms.draftDay);
  await db
    .update(planAuthorization)
    .set({ firstDraftDate: first })
    .where(eq(planAuthorization.applicationId, found.applicationId));
  await db
    .update(dmpEnrollment)
    .set({ firstPaymentDate: first })
    .where(eq(dmpEnrollment.applicationId, found.applicationId));
  const { terms } = await loadPlanTerms(db, found.applicationId, { today });
  console.log(
    JSON.stringify({
      email: owner!.email,
      name: `${person!.firstName} ${person!.lastName}`,
      applicationId: found.applicationId,
      firstDraftDate: terms.firstDraftDate,
      draftDay: terms.draftDay,
      monthlyDraft: terms.monthlyDraft,
      creditors: terms.creditors.map((c) => ({ offerId: c.id, name: c.creditorName, payment: c.payment })),
    }),
  );
} finally {
  await database.close();
}
