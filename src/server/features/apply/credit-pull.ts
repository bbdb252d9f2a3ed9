import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CalendarDate, calendarDateOfIso } from '#domain/calendar';
import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import type { BureauCreditReport, CreditApplicant } from '#domain/underwriting/credit-report';
import { isEligibleCollection, isEligibleTradeline } from '#domain/underwriting/eligibility';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { isUnderContractAge } from '#domain/underwriting/contract-age';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { CreditConsent } from '#domain/validation/application';
import { fromIsoDate } from '#domain/validation/format';
import { isLicensedState } from '#domain/validation/states';
import type { MessageRef } from '#domain/i18n/message';
import { LABELS } from '#domain/i18n/validation-messages';
import { MESSAGE_REFS, requiredRef } from '#domain/validation/messages';
import { isSpouseFullName } from '#domain/validation/spouse-consent';
import type { Language } from '#domain/i18n/language';
import type { Config } from '#server/env';
import type { FieldCipher } from '#server/security/field-encryption';
import { borrower, hardship, spouse } from '#server/db/schema/application';
import { collection, creditReport, debt, inquiry } from '#server/db/schema/credit';
import {
  assertCanSave,
  disqualify,
  lockOwnApplication,
  updateApplication,
} from '#server/application/application-state';
import { hasCompleted } from '#domain/flow/page-order';
import { moveOnUnchanged } from './unchanged-save';
import { builtOnce } from '#server/db/built-once';
import type { Reader, Transaction, Unit } from '#server/unit-of-work';
import { type Write, writeAsOne } from '#server/db/writes-as-one';
import { writeNotQualifiedEmail } from './not-qualified-email';
import { type ConsentEvidence, recordSpouseConsent, standingSpouseConsent } from './spouse-consent';

/** A person as the bureau is asked for their file: as entered on /household (the domain's type, since a file
 * that works inside a unit may not import the bureau's port). */
export type Applicant = CreditApplicant;

/** The borrower or the spouse whose file is to be pulled: their row, and what the bureau is asked with. */
export type Person = { id: string; role: Applicant['role']; applicant: Applicant };

/** A file the bureau found, with the person it is of. */
export type PulledFile = { person: Person; report: BureauCreditReport; fileId: string };

/** What /credit's first unit decided: the page to go to now, or the files to pull before the second. */
export type CreditStart =
  { done: string; emailId?: string } | { done: null; people: Person[]; hadReport: boolean };

/**
 * /credit's first unit, before the bureau is asked (save-credit.ts): consent saved (with a spouse, the
 * spouse's own: recorded before, or their tick and typed name sent now from the screen, decision 0170); an
 * already disqualified application goes to /offers/not-qualified; a state we are not licensed in disqualifies
 * (→ /notify-when-eligible) and so does having no hardship (→ /offers/not-qualified); otherwise
 * hasPulledCredit goes false and the people whose file is not on record yet are answered, to be pulled.
 * Sent again for a completed page with everyone's report on file, after the same checks, it writes nothing
 * but the next page.
 *
 * A borrower or spouse under 18 on the agency's calendar is refused before all of that (422 UnderContractAge,
 * nothing saved): a plan is a contract they cannot sign, so no credit is pulled, and the application stays
 * open because a mistyped date of birth is far likelier than a minor applying (decision 0075).
 */
export async function startCreditPull(
  unit: Unit,
  o: {
    config: Config;
    userId: string;
    consent: CreditConsent;
    /** The agency's day the borrower's age is counted on. */
    today: string;
    now: Date;
    evidence: ConsentEvidence;
    language: Language;
  },
): Promise<CreditStart> {
  const { tx, cipher } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  if (app.status === 'disqualified') return { done: PAGE_ROUTES.NotQualified } as const;
  assertCanSave(app, 'Credit');
  // The borrower, the spouse (one at most), whether a hardship is ticked and whose credit reports are already
  // stored, in one statement: each read is a round trip and a statement built.
  const [household] = await tx
    .select({
      b: borrower,
      s: spouse,
      hasHardship: sql<boolean>`exists (select 1 from ${hardship} where ${hardship.applicationId} = ${borrower.applicationId} and ${hardship.value})`,
      hasAnyReport: sql<boolean>`exists (select 1 from ${creditReport} where ${creditReport.applicationId} = ${borrower.applicationId})`,
      borrowerHasReport: sql<boolean>`exists (select 1 from ${creditReport} where ${creditReport.applicationId} = ${borrower.applicationId} and ${creditReport.borrowerId} = ${borrower.id})`,
      spouseHasReport: sql<boolean>`exists (select 1 from ${creditReport} where ${creditReport.applicationId} = ${borrower.applicationId} and ${creditReport.spouseId} = ${spouse.id})`,
    })
    .from(borrower)
    .leftJoin(spouse, eq(spouse.applicationId, borrower.applicationId))
    .where(eq(borrower.applicationId, app.id));
  if (!household) throw new AppError('NotFound');
  const { b } = household;
  const s = household.s ?? undefined;
  refuseUnderContractAge({ borrower: b, spouse: s }, cipher, calendarDateOfIso(o.today));
  // The spouse's file is pulled only on the spouse's own consent: one already recorded (from the emailed
  // link, or at this screen before), or the spouse's tick and typed name sent now from this screen.
  if (s && !(await standingSpouseConsent(tx, s))) {
    refuseWithoutSpouseConsent(o.consent, s);
    await recordSpouseConsent(unit, {
      applicationId: app.id,
      spouse: s,
      method: 'atScreen',
      typedName: o.consent.spouseFullName!,
      language: o.language,
      evidence: o.evidence,
      actorId: o.userId,
      now: o.now,
    });
  }
  if (!b.consentedToCreditPolicy) {
    await tx.update(borrower).set({ consentedToCreditPolicy: true }).where(eq(borrower.id, b.id));
  }

  if (!isLicensedState(b.state)) {
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.notLicensed], {
      changedBy: o.userId,
      viewed: 'NotifyWhenEligible',
    });
    return { done: PAGE_ROUTES.NotifyWhenEligible } as const;
  }
  if (!household.hasHardship) {
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.noHardship], {
      changedBy: o.userId,
      viewed: 'NotQualified',
    });
    const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
    return { done: PAGE_ROUTES.NotQualified, emailId } as const;
  }

  // A report already stored is not pulled again: the borrower came back to this page after a pull.
  const people: Person[] = [];
  const applicantOf = (p: typeof b | NonNullable<typeof s>, role: Person['role']): Applicant => ({
    role,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    dateOfBirth: p.dateOfBirth ? cipher.decrypt(p.dateOfBirth) : '',
    addressLine1: p.addressLine1 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zipCode: p.zipCode ?? '',
    isHomeowner: app.isHomeowner ?? false,
  });
  if (!household.borrowerHasReport) {
    people.push({ id: b.id, role: 'borrower', applicant: applicantOf(b, 'borrower') });
  }
  if (s && !household.spouseHasReport) {
    people.push({ id: s.id, role: 'spouse', applicant: applicantOf(s, 'spouse') });
  }
  // Everyone's report is on file and the page was completed with it: the pull would store nothing and the
  // page would be completed again as it is. Nothing is written but the next page.
  if (people.length === 0 && app.hasPulledCredit && hasCompleted(app.lastCompletedPage, 'Credit')) {
    await moveOnUnchanged(tx, app, 'EligibleDebts');
    return { done: PAGE_ROUTES.EligibleDebts } as const;
  }
  // The pull is under way: hasPulledCredit goes false until the second unit stores the files. Already false (a
  // first visit), the row is left as it is: the second unit writes it, pages and version, once the bureau answered.
  if (app.hasPulledCredit !== false) await updateApplication(tx, app, { set: { hasPulledCredit: false } });
  return { done: null, people, hadReport: household.hasAnyReport } as const;
}

/** Whose reports the application already has, built once (built-once.ts): every credit save reads it. */
const storedReports = builtOnce((db: Reader) =>
  db
    .select({ borrowerId: creditReport.borrowerId, spouseId: creditReport.spouseId })
    .from(creditReport)
    .where(eq(creditReport.applicationId, sql.placeholder('id')))
    .prepare('stored_credit_reports'),
);

/**
 * /credit's second unit, once the bureau answered: stores each file found (a concurrent submit may have stored
 * one while this one was pulling: each person keeps one report) and completes the page, hasPulledCredit true.
 * With no file on record at all, the application is disqualified with `failure` (the bureau's words, or
 * 'get credit reports failed' when it could not be reached).
 */
export async function storeCreditPull(
  unit: Unit,
  o: { config: Config; userId: string; hadReport: boolean; found: PulledFile[]; failure: string },
): Promise<{ next: string; emailId?: string }> {
  const { tx, cipher } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'Credit');
  // A concurrent submit may have stored a file while this one was pulling: each person keeps one report.
  const stored = await storedReports(tx).execute({ id: app.id });
  const hasReport = (person: Person) =>
    stored.some((r) => (person.role === 'spouse' ? r.spouseId : r.borrowerId) === person.id);
  for (const file of o.found) {
    if (!hasReport(file.person)) await storeReport(tx, { cipher, applicationId: app.id, file });
  }
  if (!o.hadReport && o.found.length === 0) {
    await updateApplication(tx, app, { set: { hasPulledCredit: true } });
    await disqualify(tx, app, [o.failure], { changedBy: o.userId, viewed: 'NotQualified' });
    const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
    return { next: PAGE_ROUTES.NotQualified, emailId };
  }
  await updateApplication(tx, app, {
    completed: 'Credit',
    viewed: 'EligibleDebts',
    set: { hasPulledCredit: true },
  });
  return { next: PAGE_ROUTES.EligibleDebts };
}

/**
 * Refuses a pull of the spouse's file without the spouse's own consent (400 on the field to complete): the
 * spouse's tick (the spec's message), their typed name, which must be the spouse's name on the application.
 */
function refuseWithoutSpouseConsent(
  consent: CreditConsent,
  s: { firstName: string | null; lastName: string | null },
): void {
  const refuse = (field: string, message: MessageRef) => {
    throw new AppError('ValidationError', message, { fieldErrors: { [field]: message } });
  };
  if (!consent.spouseConsentedToCreditPolicy) {
    refuse('spouseConsentedToCreditPolicy', MESSAGE_REFS.creditConsentRequired);
  }
  if (!consent.spouseFullName) refuse('spouseFullName', requiredRef(LABELS.spouseFullName));
  if (!isSpouseFullName(consent.spouseFullName!, s)) {
    refuse('spouseFullName', MESSAGE_REFS.spouseConsentNameMismatch);
  }
}

/**
 * Throws UnderContractAge when the borrower's or the spouse's stored date of birth makes them younger than
 * 18 today, naming whose date it is (the page explains it and links back to /household).
 */
function refuseUnderContractAge(
  people: { borrower: { dateOfBirth: string | null }; spouse?: { dateOfBirth: string | null } | undefined },
  cipher: FieldCipher,
  today: CalendarDate,
): void {
  for (const role of ['borrower', 'spouse'] as const) {
    const stored = people[role]?.dateOfBirth;
    if (stored && isUnderContractAge(fromIsoDate(cipher.decrypt(stored)), today)) {
      throw new AppError('UnderContractAge', undefined, {
        fieldErrors: { [`${role}.dateOfBirth`]: MESSAGE_REFS.underContractAge },
      });
    }
  }
}

/** Stores one person's report with its tradelines, collections and inquiries; eligible items start selected. */
async function storeReport(
  tx: Transaction,
  o: { cipher: FieldCipher; applicationId: string; file: PulledFile },
): Promise<void> {
  const { report, person } = o.file;
  const isSpouse = person.role === 'spouse';
  // The report's rows are sent in one statement at the end (writeAsOne): the report's id is made here, so its
  // tradelines, collections and inquiries name it without an answer back. One statement where up to four
  // were sent; a spouse's report reads the borrower's joint tradelines first, stored by an earlier statement.
  const creditReportId = randomUUID();
  const writes: Write[] = [
    tx.insert(creditReport).values({
      id: creditReportId,
      applicationId: o.applicationId,
      borrowerId: isSpouse ? null : person.id,
      spouseId: isSpouse ? person.id : null,
      vantageScore: report.vantageScore,
      s3Key: o.file.fileId,
    }),
  ];
  const owner = { ownedByBorrower: !isSpouse, ownedBySpouse: isSpouse };
  // A joint account appears in both spouses' files: the spouse's copy marks the borrower's row as shared
  // instead of adding the same debt twice.
  const shared = isSpouse ? await jointDebtsOnFile(tx, o.cipher, o.applicationId) : new Map<string, string>();
  const own = report.debts.filter((t) => {
    const existing =
      t.ecoaDesignator === 'joint' ? shared.get(`${t.lenderName}|${t.accountNumber}`) : undefined;
    return existing === undefined;
  });
  const alsoSpouses = new Set<string>();
  for (const t of report.debts) {
    const existing =
      t.ecoaDesignator === 'joint' ? shared.get(`${t.lenderName}|${t.accountNumber}`) : undefined;
    if (existing) alsoSpouses.add(existing);
  }
  // One update for them all: a statement writes each row once.
  if (alsoSpouses.size > 0) {
    writes.push(
      tx
        .update(debt)
        .set({ ownedBySpouse: true })
        .where(inArray(debt.id, [...alsoSpouses])),
    );
  }
  // What a tradeline and a collection account store alike: whose report it came from, its number sealed, its
  // standing, and whether it is in the plan (what is eligible starts selected).
  const accountColumns = (
    a: (typeof report.debts)[number] | (typeof report.collections)[number],
    eligible: boolean,
  ) => ({
    applicationId: o.applicationId,
    creditReportId,
    accountNumber: o.cipher.encrypt(a.accountNumber),
    accountType: a.accountType,
    accountRating: a.accountRating,
    currentBalance: a.currentBalance,
    dateOpened: a.dateOpened,
    dateClosed: a.dateClosed,
    ecoaDesignator: a.ecoaDesignator,
    isEligibleForDmp: eligible,
    monthsReviewedCount: a.monthsReviewedCount,
    mostRecentPayment: a.mostRecentPayment,
    pastDue: a.pastDue,
    portfolioType: a.portfolioType,
    scheduledMonthlyPayment: a.scheduledMonthlyPayment,
    selectedForDebtReduction: eligible,
    ...owner,
  });
  if (own.length > 0) {
    writes.push(
      tx.insert(debt).values(
        own.map((t) => {
          const eligible = isEligibleTradeline(t);
          return {
            ...accountColumns(t, eligible),
            highCredit: t.highCredit,
            creditLimit: t.creditLimit,
            late30DaysTotal: t.late30DaysTotal,
            late60DaysTotal: t.late60DaysTotal,
            late90DaysTotal: t.late90DaysTotal,
            lenderName: t.lenderName,
            lenderFriendlyName: lenderFriendlyName(t.lenderName),
          };
        }),
      ),
    );
  }
  if (report.collections.length > 0) {
    writes.push(
      tx.insert(collection).values(
        report.collections.map((c) => {
          const eligible = isEligibleCollection(c);
          return {
            ...accountColumns(c, eligible),
            originalBalance: c.originalBalance,
            subscriberName: c.subscriberName,
            subscriberFriendlyName: lenderFriendlyName(c.subscriberName),
            originalLenderName: c.originalLenderName,
          };
        }),
      ),
    );
  }
  if (report.inquiries.length > 0) {
    writes.push(
      tx.insert(inquiry).values(
        report.inquiries.map((q) => ({
          creditReportId,
          date: q.date,
          subscriberName: q.subscriberName,
          industryCode: q.industryCode,
        })),
      ),
    );
  }
  await writeAsOne(tx, writes);
}

/** The joint tradelines already stored for the application, by lender and account number. */
async function jointDebtsOnFile(tx: Transaction, cipher: FieldCipher, applicationId: string) {
  const rows = await tx
    .select({ id: debt.id, lenderName: debt.lenderName, accountNumber: debt.accountNumber })
    .from(debt)
    .where(and(eq(debt.applicationId, applicationId), eq(debt.ecoaDesignator, 'joint')));
  return new Map(
    rows.map(
      (r) => [`${r.lenderName}|${r.accountNumber ? cipher.decrypt(r.accountNumber) : ''}`, r.id] as const,
    ),
  );
}
