import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dayIn, daysBetween } from '#domain/calendar';
import { riskScore as scoreRisk } from '#domain/underwriting/scores';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { Db } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { creditReport, inquiry, riskScore } from '#server/db/schema/credit';
import type { FieldCipher } from '#server/security/field-encryption';
import { recordDebtScore } from './refresh-data';

/** MONITOR_CREDIT_PULL_DAYS: days between two soft pulls of an enrolled customer's file (about monthly). */
export const DEFAULT_CREDIT_PULL_DAYS = 30;

export type CreditPullDeps = {
  db: Db;
  creditBureau: CreditBureau;
  cipher: FieldCipher;
  log?: FastifyBaseLogger;
};

export type CreditPullOutcome = 'pulled' | 'notDue' | 'noFile' | 'failed';

/** The borrower's newest report on or before `asOf`: when the file was last pulled. */
async function lastPull(db: Db, applicationId: string, asOf: Date) {
  const [newest] = await db
    .select({ createdAt: creditReport.createdAt })
    .from(creditReport)
    .where(
      and(
        eq(creditReport.applicationId, applicationId),
        isNotNull(creditReport.borrowerId),
        lte(creditReport.createdAt, asOf),
      ),
    )
    .orderBy(desc(creditReport.createdAt))
    .limit(1);
  return newest?.createdAt ?? null;
}

/**
 * The periodic soft pull of one enrolled borrower's credit file, as of `asOf`, when the last pull is at least
 * `pullDays` old. Stores the report (its score and inquiries, which the alert rules compare with the pull
 * before: newCreditInquiry) and a risk score, and scores the debt again with it. The tradelines are not
 * stored again: the plan's debts were chosen from the application's report and stay as they are.
 *
 * Only the borrower's file is pulled: the spouse consented to one pull for the application. An application
 * never pulled (no report) is not pulled by the monitor either: the consent came with the application's pull.
 */
export async function pullCredit(
  deps: CreditPullDeps,
  o: { applicationId: string; asOf: Date; timeZone: string; pullDays?: number },
): Promise<CreditPullOutcome> {
  const pullDays = o.pullDays ?? DEFAULT_CREDIT_PULL_DAYS;
  const last = await lastPull(deps.db, o.applicationId, o.asOf);
  if (!last || daysBetween(dayIn(last, o.timeZone), dayIn(o.asOf, o.timeZone)) < pullDays)
    return last ? 'notDue' : 'noFile';
  const [person] = await deps.db
    .select({
      id: borrower.id,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
      dateOfBirth: borrower.dateOfBirth,
      addressLine1: borrower.addressLine1,
      city: borrower.city,
      state: borrower.state,
      zipCode: borrower.zipCode,
      isHomeowner: application.isHomeowner,
    })
    .from(borrower)
    .innerJoin(application, eq(application.id, borrower.applicationId))
    .where(eq(borrower.applicationId, o.applicationId))
    .limit(1);
  if (!person) return 'noFile';
  let pull;
  try {
    pull = await deps.creditBureau.pull(
      {
        role: 'borrower',
        firstName: person.firstName ?? '',
        lastName: person.lastName ?? '',
        dateOfBirth: person.dateOfBirth ? deps.cipher.decrypt(person.dateOfBirth) : '',
        addressLine1: person.addressLine1 ?? '',
        city: person.city ?? '',
        state: person.state ?? '',
        zipCode: person.zipCode ?? '',
        isHomeowner: person.isHomeowner ?? false,
      },
      { asOf: o.asOf },
    );
  } catch (error) {
    deps.log?.warn(
      { err: error, applicationId: o.applicationId },
      'credit pull failed; tried again tomorrow',
    );
    return 'failed';
  }
  if (!pull.wasSuccessful) {
    deps.log?.warn({ applicationId: o.applicationId }, 'credit pull found no file; tried again tomorrow');
    return 'failed';
  }
  const report = pull.report;
  return deps.db.transaction(async (tx) => {
    // One pull stored per due date, however many runs meet (a retried job beside a slow first attempt).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-pull:${o.applicationId}`}))`);
    const [again] = await tx
      .select({ createdAt: creditReport.createdAt })
      .from(creditReport)
      .where(
        and(
          eq(creditReport.applicationId, o.applicationId),
          isNotNull(creditReport.borrowerId),
          lte(creditReport.createdAt, o.asOf),
        ),
      )
      .orderBy(desc(creditReport.createdAt))
      .limit(1);
    if (again && daysBetween(dayIn(again.createdAt, o.timeZone), dayIn(o.asOf, o.timeZone)) < pullDays)
      return 'notDue' as const;
    const [row] = await tx
      .insert(creditReport)
      .values({
        applicationId: o.applicationId,
        borrowerId: person.id,
        vantageScore: report.vantageScore,
        s3Key: pull.fileId,
        createdAt: o.asOf,
        updatedAt: o.asOf,
      })
      .returning({ id: creditReport.id });
    if (report.inquiries.length > 0) {
      await tx.insert(inquiry).values(
        report.inquiries.map((q) => ({
          creditReportId: row!.id,
          date: q.date,
          subscriberName: q.subscriberName,
          industryCode: q.industryCode,
          createdAt: o.asOf,
        })),
      );
    }
    const risk = scoreRisk(report);
    await tx
      .insert(riskScore)
      .values({ creditReportId: row!.id, value: risk.value, version: risk.version, createdAt: o.asOf });
    await recordDebtScore(tx, { applicationId: o.applicationId, asOf: o.asOf });
    return 'pulled' as const;
  });
}
