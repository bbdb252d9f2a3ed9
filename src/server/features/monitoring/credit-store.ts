import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { dayIn, daysBetween } from '#domain/calendar';
import type { BureauCreditReport, CreditApplicant } from '#domain/underwriting/credit-report';
import { riskScore as scoreRisk } from '#domain/underwriting/scores';
import { application, borrower } from '#server/db/schema/application';
import { creditReport, inquiry, riskScore } from '#server/db/schema/credit';
import type { Transaction, Unit } from '#server/unit-of-work';
import { recordDebtScore } from './refresh-store';

// The credit pull's side inside a unit of work: who is due a pull is read here, the bureau is asked outside
// any unit (credit-pull.ts), and its report stored here again, checked once more under the application's lock.

/** The borrower's newest report on or before `asOf`: when the file was last pulled. */
async function lastPull(tx: Transaction, applicationId: string, asOf: Date) {
  const [newest] = await tx
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

/** Whether the last pull (or none) leaves the application due for another on `asOf`. */
const due = (last: Date | null, o: { asOf: Date; timeZone: string; pullDays: number }) =>
  last !== null && daysBetween(dayIn(last, o.timeZone), dayIn(o.asOf, o.timeZone)) >= o.pullDays;

/** The borrower as the bureau is asked about them (the date of birth opened with the unit's cipher). */
export type PullSubject = { borrowerId: string; applicant: CreditApplicant };

/**
 * The borrower to pull for, when the last pull is at least `pullDays` old on `asOf`; otherwise why not
 * ('notDue', or 'noFile' for an application never pulled or without a borrower).
 */
export async function subjectDue(
  unit: Unit,
  o: { applicationId: string; asOf: Date; timeZone: string; pullDays: number },
): Promise<PullSubject | 'notDue' | 'noFile'> {
  const last = await lastPull(unit.tx, o.applicationId, o.asOf);
  if (!last) return 'noFile';
  if (!due(last, o)) return 'notDue';
  const [person] = await unit.tx
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
  return {
    borrowerId: person.id,
    applicant: {
      role: 'borrower',
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
      dateOfBirth: person.dateOfBirth ? unit.cipher.decrypt(person.dateOfBirth) : '',
      addressLine1: person.addressLine1 ?? '',
      city: person.city ?? '',
      state: person.state ?? '',
      zipCode: person.zipCode ?? '',
      isHomeowner: person.isHomeowner ?? false,
    },
  };
}

/** What the bureau answered: the report, and its file's id (stored as s3Key). */
export type PulledReport = { fileId: string; report: BureauCreditReport };

/**
 * Stores a pull's report, its inquiries and risk score, and scores the debt again with it, unless another run
 * stored one for this due date meanwhile (checked again under the application's lock).
 */
export async function storePull(
  unit: Unit,
  o: { applicationId: string; asOf: Date; timeZone: string; pullDays: number; borrowerId: string },
  pull: PulledReport,
): Promise<'pulled' | 'notDue'> {
  const { tx } = unit;
  // One pull stored per due date, however many runs meet (a retried job beside a slow first attempt).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-pull:${o.applicationId}`}))`);
  if (!due(await lastPull(tx, o.applicationId, o.asOf), o)) return 'notDue';
  const { report } = pull;
  const [row] = await tx
    .insert(creditReport)
    .values({
      applicationId: o.applicationId,
      borrowerId: o.borrowerId,
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
  return 'pulled';
}
