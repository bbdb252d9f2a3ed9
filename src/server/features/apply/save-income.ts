import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { sumCents } from '#domain/money/cents';
import { asPortfolioType } from '#domain/underwriting/credit-report';
import { estimateExpenses } from '#domain/underwriting/expense-estimates';
import { estimatedShortfall, needsIncomeConfirmation } from '#domain/underwriting/payment-estimates';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { ConfirmIncome, ProvideIncome } from '#domain/validation/application';
import type { Config } from '#server/env';
import { application } from '#server/db/schema/application';
import { expense } from '#server/db/schema/budget';
import {
  assertCanSave,
  disqualify,
  lockOwnApplication,
  type ApplicationRow,
  updateApplication,
} from '#server/application/application-state';
import { hasCompleted } from '#domain/flow/page-order';
import { builtOnce } from '#server/db/built-once';
import { inSavepoint, type Transaction, type Unit } from '#server/unit-of-work';
import { writeNotQualifiedEmail } from './not-qualified-email';
import { moveOnUnchanged } from './unchanged-save';

/** People in the household: the borrower, the spouse when applying together, and the dependents. */
export const householdSize = (app: ApplicationRow) =>
  1 + (app.hasSpouse ? 1 : 0) + (app.hasDependents ? (app.numberOfDependentsInHousehold ?? 0) : 0);

/** A tradeline as the expense estimates read it, with whether it counts in the selected eligible balance. */
type Tradeline = {
  accountType: string | null;
  portfolioType: string | null;
  scheduledMonthlyPayment: number | null;
  currentBalance: number;
  dateClosed: string | null;
  lenderName: string | null;
  isEligibleForDmp: boolean | null;
  selectedForDebtReduction: boolean | null;
};

/**
 * What the income's save reads under the application's lock, in one statement (three or four reads before,
 * each a round trip and a statement built): the expense lines already estimated, every tradeline (the
 * estimates' input, used only on the first save) and the selected eligible collections' balances.
 */
const incomeInputsRead = builtOnce((db: Transaction) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: {
        expenses: { columns: { selfReportedValue: true } },
        debts: {
          columns: {
            accountType: true,
            portfolioType: true,
            scheduledMonthlyPayment: true,
            currentBalance: true,
            dateClosed: true,
            lenderName: true,
            isEligibleForDmp: true,
            selectedForDebtReduction: true,
          },
        },
        collections: {
          columns: { currentBalance: true },
          where: (c, { and, eq }) => and(eq(c.isEligibleForDmp, true), eq(c.selectedForDebtReduction, true)),
        },
      },
    })
    .prepare('income_inputs'),
);

async function incomeInputs(tx: Transaction, applicationId: string) {
  const found = await incomeInputsRead(tx).execute({ id: applicationId });
  return {
    storedExpenses: (found?.expenses ?? []).map((r) => r.selfReportedValue ?? 0),
    tradelines: (found?.debts ?? []) as Tradeline[],
    selectedCollections: found?.collections ?? [],
  };
}

/** Total balance of the selected eligible debts and collections. */
function selectedEligibleBalance(
  tradelines: readonly Tradeline[],
  selectedCollections: readonly { currentBalance: number }[],
): number {
  const debts = tradelines.filter((t) => t.isEligibleForDmp === true && t.selectedForDebtReduction === true);
  return sumCents([...debts, ...selectedCollections].map((r) => r.currentBalance));
}

/** Estimates the expense lines (once per application, from the benchmark table) and stores them. */
async function writeExpenseEstimates(
  tx: Transaction,
  app: ApplicationRow,
  monthlyIncome: number,
  tradelines: readonly Tradeline[],
): Promise<number[]> {
  const estimate = estimateExpenses({
    monthlyIncome,
    householdSize: householdSize(app),
    isHomeowner: app.isHomeowner ?? false,
    hasMortgageEscrow: app.hasMortgageEscrow ?? false,
    isCarOwner: app.isCarOwner ?? false,
    monthlyHousingCost: app.monthlyRentOrMortgageAmount ?? 0,
    numberOfDependents: app.hasDependents ? (app.numberOfDependentsInHousehold ?? 0) : 0,
    tradelines: tradelines.map((t) => ({
      accountType: t.accountType ?? '',
      portfolioType: asPortfolioType(t.portfolioType),
      scheduledMonthlyPayment: t.scheduledMonthlyPayment ?? 0,
      currentBalance: t.currentBalance,
      dateClosed: t.dateClosed,
      lenderName: t.lenderName ?? '',
    })),
  });
  await tx.insert(expense).values(
    estimate.lines.map((line) => ({
      applicationId: app.id,
      owner: app.owner,
      category: line.category,
      subCategory: line.subCategory,
      estimatedValue: line.estimatedValue,
      selfReportedValue: line.estimatedValue,
    })),
  );
  return estimate.lines.map((line) => line.estimatedValue);
}

/**
 * Submits /income/provide-monthly-income (item 7): saves the income, requests the expense estimates once,
 * computes the estimated shortfall and sends the borrower to confirm the income when it exceeds $100,
 * else to /expenses. An estimate failure disqualifies with its reason. The same income sent again for a
 * completed page, giving the same shortfall, writes nothing but the next page.
 */
export async function saveIncome(
  unit: Unit,
  o: { config: Config; userId: string; input: ProvideIncome },
): Promise<{ next: string; emailId?: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'ProvideMonthlyIncome');
  const income = o.input.selfReportedMonthlyCurrentIncome;
  const inputs = await incomeInputs(tx, app.id);
  let expenses = inputs.storedExpenses;
  // The estimates are made once: the first save makes and stores them in a savepoint, so that their failure
  // disqualifies (below) instead of failing the save. Later saves read them, with no savepoint to open.
  try {
    if (expenses.length === 0) {
      expenses = await inSavepoint(unit, (inner) =>
        writeExpenseEstimates(inner, app, income, inputs.tradelines),
      );
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    await updateApplication(tx, app, {
      set: { selfReportedMonthlyCurrentIncome: income, hasProvidedMonthlyIncome: true },
    });
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.getExpenseEstimatesFailed], {
      changedBy: o.userId,
      viewed: 'NotQualified',
    });
    const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
    return { next: PAGE_ROUTES.NotQualified, emailId };
  }
  const shortfall = estimatedShortfall({
    totalEligibleBalance: selectedEligibleBalance(inputs.tradelines, inputs.selectedCollections),
    monthlyIncome: income,
    totalEstimatedExpenses: sumCents(expenses),
  });
  const confirm = needsIncomeConfirmation(shortfall);
  // The same income on a completed page, with the debts and expenses giving the same shortfall: the page
  // leads where it led, and nothing is written but the next page.
  const unchanged =
    hasCompleted(app.lastCompletedPage, 'ProvideMonthlyIncome') &&
    app.hasProvidedMonthlyIncome === true &&
    app.selfReportedMonthlyCurrentIncome === income &&
    app.estimatedShortfall === shortfall;
  if (unchanged) {
    await moveOnUnchanged(tx, app, confirm ? 'ConfirmIncome' : 'Expenses');
    return { next: confirm ? PAGE_ROUTES.ConfirmIncome : PAGE_ROUTES.Expenses };
  }
  await updateApplication(tx, app, {
    completed: 'ProvideMonthlyIncome',
    viewed: confirm ? 'ConfirmIncome' : 'Expenses',
    set: {
      selfReportedMonthlyCurrentIncome: income,
      hasProvidedMonthlyIncome: true,
      estimatedShortfall: shortfall,
    },
  });
  return { next: confirm ? PAGE_ROUTES.ConfirmIncome : PAGE_ROUTES.Expenses };
}

/** /income/confirm-income (item 8): Yes → /expenses; No clears the income → /income/provide-monthly-income. */
export async function confirmIncome(
  unit: Unit,
  o: { userId: string; input: ConfirmIncome },
): Promise<{ next: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'ConfirmIncome');
  if (app.selfReportedMonthlyCurrentIncome == null) throw new AppError('PreconditionFailed');
  if (o.input.isIncomeCorrect) {
    // Confirmed before (or already past it): completing it again would change nothing but the next page.
    if (hasCompleted(app.lastCompletedPage, 'ConfirmIncome')) await moveOnUnchanged(tx, app, 'Expenses');
    else await updateApplication(tx, app, { completed: 'ConfirmIncome', viewed: 'Expenses' });
    return { next: PAGE_ROUTES.Expenses };
  }
  await updateApplication(tx, app, {
    viewed: 'ProvideMonthlyIncome',
    set: {
      selfReportedMonthlyCurrentIncome: null,
      hasProvidedMonthlyIncome: false,
      estimatedShortfall: null,
    },
  });
  return { next: PAGE_ROUTES.ProvideMonthlyIncome };
}
