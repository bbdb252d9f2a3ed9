import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { EligibleDebtsView, EligibleItemView } from '#domain/flow/application-view';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { accountTypePlainWords } from '#domain/underwriting/account-types';
import { accountTypeKey } from '#domain/underwriting/account-type-messages';
import { byBalanceDescending } from '#domain/underwriting/eligibility';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { EligibleDebtsInput, MissingDebtInput } from '#domain/validation/application';
import { messageRef } from '#domain/i18n/message';
import { LABELS, TEMPLATES } from '#domain/i18n/validation-messages';
import { invalidRef } from '#domain/validation/messages';
import type { Config } from '#server/env';
import { application } from '#server/db/schema/application';
import { collection, creditReport, debt } from '#server/db/schema/credit';
import type { FieldCipher } from '#server/security/field-encryption';
import {
  assertCanSave,
  disqualify,
  lockOwnApplication,
  updateApplication,
} from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import { builtOnce } from '#server/db/built-once';
import type { ReadUnit, Reader, Unit } from '#server/unit-of-work';
import { writeNotQualifiedEmail } from './not-qualified-email';
import { moveOnUnchanged } from './unchanged-save';

const ownerOf = (row: {
  ownedByBorrower: boolean | null;
  ownedBySpouse: boolean | null;
}): EligibleItemView['owner'] =>
  row.ownedByBorrower && row.ownedBySpouse ? 'joint' : row.ownedBySpouse ? 'spouse' : 'borrower';

const last4 = (cipher: FieldCipher, stored: string | null) =>
  stored ? cipher.decrypt(stored).slice(-4) : null;

/**
 * The eligible debts and collections of an application, as a relational read nests them: each kind at most
 * 1000 rows, DMP-eligible only. Read with the application row, it makes one statement where a read per table
 * made three (each a round trip and a statement built).
 */
const eligibleAccounts = {
  debts: { where: (d: typeof debt._.columns) => eq(d.isEligibleForDmp, true), limit: 1000 },
  collections: { where: (c: typeof collection._.columns) => eq(c.isEligibleForDmp, true), limit: 1000 },
} as const;

/** The borrower's application with its eligible items: the page's one read, built once (built-once.ts). */
const ownEligibleAccounts = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({ where: ownCurrentApplication(sql.placeholder('owner')), with: eligibleAccounts })
    .prepare('own_eligible_accounts'),
);

/** An application's eligible items by its id, built once: the eligible-debts save reads them. */
const eligibleAccountsOf = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: eligibleAccounts,
    })
    .prepare('eligible_accounts_of_application'),
);

/** Every DMP-eligible debt and collection of an application, balance descending (one statement). */
export async function eligibleItems(
  tx: Reader,
  cipher: FieldCipher,
  applicationId: string,
): Promise<EligibleItemView[]> {
  const found = await eligibleAccountsOf(tx).execute({ id: applicationId });
  return itemsOf(cipher, found?.debts ?? [], found?.collections ?? []);
}

/** The page's items from the stored debts and collections, balance descending. */
function itemsOf(
  cipher: FieldCipher,
  debts: (typeof debt.$inferSelect)[],
  collections: (typeof collection.$inferSelect)[],
): EligibleItemView[] {
  const items: EligibleItemView[] = [
    ...debts.map((d) => ({
      id: d.id,
      kind: 'debt' as const,
      creditorName: d.lenderFriendlyName ?? lenderFriendlyName(d.lenderName ?? ''),
      originalCreditorName: null,
      accountType: accountTypeKey(d.accountType),
      accountTypeName: accountTypePlainWords(d.accountType),
      accountNumberLast4: last4(cipher, d.accountNumber),
      currentBalance: d.currentBalance,
      // What the borrower told us they pay, for a debt they added; otherwise the estimate.
      estimatedMonthlyPayment:
        d.isSelfReported && d.scheduledMonthlyPayment != null
          ? d.scheduledMonthlyPayment
          : estimatedCurrentMonthlyPayment(d.currentBalance),
      selectedForDebtReduction: d.selectedForDebtReduction,
      owner: ownerOf(d),
      isSelfReported: d.isSelfReported,
    })),
    ...collections.map((c) => ({
      id: c.id,
      kind: 'collection' as const,
      creditorName: c.subscriberFriendlyName ?? lenderFriendlyName(c.subscriberName ?? ''),
      originalCreditorName: c.originalLenderName ? lenderFriendlyName(c.originalLenderName) : null,
      accountType: accountTypeKey(c.accountType),
      accountTypeName: accountTypePlainWords(c.accountType),
      accountNumberLast4: last4(cipher, c.accountNumber),
      currentBalance: c.currentBalance,
      estimatedMonthlyPayment: estimatedCurrentMonthlyPayment(c.currentBalance),
      selectedForDebtReduction: c.selectedForDebtReduction,
      owner: ownerOf(c),
      isSelfReported: false,
    })),
  ];
  return items.sort(byBalanceDescending);
}

/**
 * GET /api/application/eligible-debts: available once the credit page is completed. Read with no transaction
 * (a read-only unit): the credit page is completed in the same commit that stores the debts and collections,
 * so once the application says so, each of the reads finds them all.
 */
export async function getEligibleDebts(unit: ReadUnit, o: { userId: string }): Promise<EligibleDebtsView> {
  // The application with its eligible items in one statement; the items are answered only once the credit
  // page is completed, and dropped unread before.
  const found = await ownEligibleAccounts(unit.db).execute({ owner: o.userId });
  if (!found) throw new AppError('NotFound');
  const { debts, collections, ...app } = found;
  if (!hasCompleted(app.lastCompletedPage, 'Credit')) {
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  }
  return { items: itemsOf(unit.cipher, debts, collections) };
}

/**
 * Continue on /eligible-debts: each eligible item's selection is set (an id is
 * looked up among collections first, then debts; only changed rows are written). With nothing eligible left
 * selected, 'not enough eligible collections or debts' is recorded and the application is disqualified
 * (→ /offers/not-qualified); otherwise → /income/provide-monthly-income. The same selection sent again for a
 * completed page writes nothing but the next page.
 */
export async function saveEligibleDebts(
  unit: Unit,
  o: { config: Config; userId: string; input: EligibleDebtsInput },
): Promise<{ next: string; emailId?: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'EligibleDebts');
  const items = await eligibleItems(tx, unit.cipher, app.id);
  const known = new Set(items.map((i) => i.id));
  const unknown = o.input.selectedIds.find((id) => !known.has(id));
  if (unknown) {
    const message = invalidRef(LABELS.selectedDebt);
    throw new AppError('ValidationError', message, { fieldErrors: { selectedIds: message } });
  }
  const selected = new Set(o.input.selectedIds);
  const differing = items.filter((item) => selected.has(item.id) !== item.selectedForDebtReduction);
  // The same debts kept again on a completed page: it leads to the income as before, and nothing is written.
  if (differing.length === 0 && selected.size > 0 && hasCompleted(app.lastCompletedPage, 'EligibleDebts')) {
    await moveOnUnchanged(tx, app, 'ProvideMonthlyIncome');
    return { next: PAGE_ROUTES.ProvideMonthlyIncome };
  }
  for (const item of differing) {
    const value = selected.has(item.id);
    // Collections first, then debts (spec): the id names exactly one of them.
    if (item.kind === 'collection') {
      await tx.update(collection).set({ selectedForDebtReduction: value }).where(eq(collection.id, item.id));
    } else {
      await tx.update(debt).set({ selectedForDebtReduction: value }).where(eq(debt.id, item.id));
    }
  }
  if (selected.size === 0) {
    await updateApplication(tx, app, { completed: 'EligibleDebts' });
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.notEnoughEligible], {
      changedBy: o.userId,
      viewed: 'NotQualified',
    });
    const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
    return { next: PAGE_ROUTES.NotQualified, emailId };
  }
  await updateApplication(tx, app, { completed: 'EligibleDebts', viewed: 'ProvideMonthlyIncome' });
  return { next: PAGE_ROUTES.ProvideMonthlyIncome };
}

/** A borrower adds at most this many missing debts: enough for any household, and a bound on a script's. */
export const MAX_SELF_REPORTED_DEBTS = 20;

/**
 * 'A debt is missing?' on /eligible-debts: an unsecured debt the credit report did not show, stored on the
 * borrower's report marked self-reported and selected for the plan. The decision includes it like any other
 * debt; a counsellor verifies it against a statement before the plan starts. Answers the updated list.
 */
export async function addMissingDebt(
  unit: Unit,
  o: { userId: string; input: MissingDebtInput },
): Promise<EligibleDebtsView> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'EligibleDebts');
  // The report the debt should have been on: the borrower's newest.
  const [report] = await tx
    .select({ id: creditReport.id })
    .from(creditReport)
    .where(and(eq(creditReport.applicationId, app.id), isNotNull(creditReport.borrowerId)))
    .orderBy(desc(creditReport.createdAt))
    .limit(1);
  if (!report) throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  const [added] = await tx
    .select({ n: count() })
    .from(debt)
    .where(and(eq(debt.applicationId, app.id), eq(debt.isSelfReported, true)));
  if ((added?.n ?? 0) >= MAX_SELF_REPORTED_DEBTS) {
    const message = messageRef(TEMPLATES.tooManySelfReportedDebts, { n: MAX_SELF_REPORTED_DEBTS });
    throw new AppError('ValidationError', message, { fieldErrors: { creditorName: message } });
  }
  await tx.insert(debt).values({
    applicationId: app.id,
    creditReportId: report.id,
    // The bureau's type is unknown: the borrower only says it is unsecured.
    accountType: null,
    lenderName: o.input.creditorName,
    lenderFriendlyName: o.input.creditorName,
    currentBalance: o.input.currentBalance,
    scheduledMonthlyPayment: o.input.monthlyPayment,
    isEligibleForDmp: true,
    selectedForDebtReduction: true,
    ownedByBorrower: true,
    ownedBySpouse: false,
    isSelfReported: true,
  });
  return { items: await eligibleItems(tx, unit.cipher, app.id) };
}

/** Removes a debt the borrower added by mistake; a debt of the credit report, or anyone else's, is not found. */
export async function removeMissingDebt(
  unit: Unit,
  o: { userId: string; debtId: string },
): Promise<EligibleDebtsView> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'EligibleDebts');
  const removed = await tx
    .delete(debt)
    .where(and(eq(debt.id, o.debtId), eq(debt.applicationId, app.id), eq(debt.isSelfReported, true)))
    .returning({ id: debt.id });
  if (removed.length === 0) throw new AppError('NotFound');
  return { items: await eligibleItems(tx, unit.cipher, app.id) };
}
