import { sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { ApplicationView } from '#domain/flow/application-view';
import { incomeThreshold } from '#domain/underwriting/payment-estimates';
import { isLanguage } from '#domain/i18n/language';
import { e164ToPhone, fromIsoDate } from '#domain/validation/format';
import type { ReadCache } from '#server/plugins/read-cache';
import { readOutcome } from '#server/application/outcome';
import type { OpenReadUnit, ReadUnit, Reader } from '#server/unit-of-work';
import { hardshipRecord } from './queries';

/**
 * The borrower's application with what the flow's forms show, in one query. A named statement: the most
 * frequent read of the product is parsed and planned by the database once per connection, not at every
 * request. A prepared query belongs to the handle it was made on; the read-only unit hands the same database
 * handle to every request, so it is built once per handle (`applicationRead`), not by drizzle at every read.
 */
function prepareApplicationRead(db: Reader) {
  return db.query.application
    .findFirst({
      // The current application: one a re-application superseded is kept for the record only.
      where: (a, { and, eq, isNull }) => and(eq(a.owner, sql.placeholder('owner')), isNull(a.supersededAt)),
      with: {
        hardships: { columns: { key: true, value: true } },
        borrower: true,
        spouse: true,
        plaidItems: {
          where: (item, { eq: is }) => is(item.isConnected, true),
          orderBy: (item, { desc }) => [desc(item.createdAt)],
          limit: 1,
          columns: { institutionName: true },
        },
      },
    })
    .prepare('application_of_owner');
}

const preparedReads = new WeakMap<Reader, ReturnType<typeof prepareApplicationRead>>();
/** The application read prepared on `db`, built the first time this handle asks for it. */
function applicationRead(db: Reader) {
  let read = preparedReads.get(db);
  if (!read) preparedReads.set(db, (read = prepareApplicationRead(db)));
  return read;
}

/**
 * GET /api/application: the borrower's own application as the flow's forms read it. Kept in `cache` by owner
 * until a row it is made of changes (the application, borrower, spouse, hardships or bank items: see
 * read-cache.ts), so a borrower moving between pages costs no database read, and no unit is opened for it.
 * Read with no transaction: the application and the rows it is made of come in one statement, which sees
 * one snapshot by itself; a disqualified application's reasons are a second, but they are written with the
 * status change, so once the status is seen they are too.
 */
export async function getApplication(o: {
  openReadUnit: OpenReadUnit;
  userId: string;
  cache?: ReadCache<ApplicationView>;
}): Promise<ApplicationView> {
  const kept = o.cache?.get(o.userId);
  if (kept) return kept;
  const ticket = o.cache?.ticket() ?? 0;
  const view = await o.openReadUnit((unit) => readApplication(unit, o.userId));
  o.cache?.set(o.userId, view, { ticket, labels: [`application:${view.id}`] });
  return view;
}

async function readApplication(unit: ReadUnit, userId: string): Promise<ApplicationView> {
  const app = await applicationRead(unit.db).execute({ owner: userId });
  if (!app) throw new AppError('NotFound');
  const dob = (stored: string | null | undefined) =>
    stored ? fromIsoDate(unit.cipher.decrypt(stored)) : null;
  const b = app.borrower;
  const s = app.spouse;
  return {
    id: app.id,
    status: app.status,
    lastCompletedPage: app.lastCompletedPage,
    lastViewedPage: app.lastViewedPage,
    hardships: hardshipRecord(app.hardships),
    household: {
      hasDependents: app.hasDependents,
      numberOfDependentsInHousehold: app.numberOfDependentsInHousehold,
      isHomeowner: app.isHomeowner,
      hasMortgageEscrow: app.hasMortgageEscrow,
      monthlyRentOrMortgageAmount: app.monthlyRentOrMortgageAmount,
      isCarOwner: app.isCarOwner,
      hasSpouse: app.hasSpouse,
    },
    borrower: {
      firstName: b?.firstName ?? null,
      lastName: b?.lastName ?? null,
      email: b?.email ?? null,
      phoneNumber: b?.phoneNumber ? e164ToPhone(b.phoneNumber) : null,
      addressLine1: b?.addressLine1 ?? null,
      addressLine2: b?.addressLine2 ?? null,
      city: b?.city ?? null,
      state: b?.state ?? null,
      zipCode: b?.zipCode ?? null,
      dateOfBirth: dob(b?.dateOfBirth),
      consentedToCreditPolicy: b?.consentedToCreditPolicy ?? null,
      notifyWhenStateIsEligible: b?.notifyWhenStateIsEligible ?? null,
    },
    spouse: s
      ? {
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          phoneNumber: s.phoneNumber ? e164ToPhone(s.phoneNumber) : null,
          addressLine1: s.addressLine1,
          addressLine2: s.addressLine2,
          city: s.city,
          state: s.state,
          zipCode: s.zipCode,
          dateOfBirth: dob(s.dateOfBirth),
          consentedToCreditPolicy: s.consentedToCreditPolicy,
          hasSameAddressAsBorrower: s.hasSameAddressAsBorrower,
          preferredLanguage: isLanguage(s.preferredLanguage) ? s.preferredLanguage : null,
        }
      : null,
    hasPulledCredit: app.hasPulledCredit,
    selfReportedMonthlyCurrentIncome: app.selfReportedMonthlyCurrentIncome,
    estimatedShortfall: app.estimatedShortfall,
    incomeThreshold:
      app.selfReportedMonthlyCurrentIncome != null && app.estimatedShortfall != null
        ? incomeThreshold(app.selfReportedMonthlyCurrentIncome, app.estimatedShortfall)
        : null,
    verifiedMonthlyCurrentIncome: app.verifiedMonthlyCurrentIncome,
    connectedBankName: app.plaidItems[0]?.institutionName ?? null,
    reasonForNotConnectingBank: app.reasonForNotConnectingBank,
    // Read only for a disqualified application; its reasons are written with the status change, which
    // drops the kept copy of this view.
    outcome: app.status === 'disqualified' ? await readOutcome(unit.db, app.id) : null,
  };
}

export type { ApplicationView };
