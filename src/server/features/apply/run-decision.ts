import { createHash, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import type { Page } from '#domain/flow/pages';
import { asPortfolioType, type BureauCreditReport } from '#domain/underwriting/credit-report';
import {
  isThin,
  leftEachMonth,
  planNotNeededRef,
  planPaymentOf,
  thinBudgetRef,
  wouldDisqualifyRef,
} from '#domain/underwriting/budget-room';
import { decide, type DecisionInput, type DecisionResult } from '#domain/underwriting/decision';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import { debtScore, riskScore } from '#domain/underwriting/scores';
import type { Config } from '#server/env';
import { application, hardship } from '#server/db/schema/application';
import { planFeesFor } from '#server/application/plan-fees';
import { concessionsInForce } from '#server/application/concessions';
import { budget, budgetExpense, expense } from '#server/db/schema/budget';
import {
  collection,
  debt,
  debtScore as debtScoreTable,
  riskScore as riskScoreTable,
} from '#server/db/schema/credit';
import { decision, disqualificationReason, offer } from '#server/db/schema/decision';
import {
  changeStatus,
  disqualify,
  type ApplicationRow,
  updateApplication,
} from '#server/application/application-state';
import { builtOnce } from '#server/db/built-once';
import { inSavepoint, type Reader, type Unit } from '#server/unit-of-work';
import { type Write, writeAsOne } from '#server/db/writes-as-one';
import { writeNotQualifiedEmail } from './not-qualified-email';
import { recordObtainedOffer } from './outreach';

type Outcome = {
  viewed: Extract<Page, 'Review' | 'Budget' | 'NotQualified'>;
  smsId?: string;
  /** The not-qualified email's outbox id (the unit announces it once it commits). */
  emailId?: string;
  /** The newest decision was made on these very inputs and stands: nothing was written. */
  kept?: boolean;
};

/**
 * What identifies the inputs a decision was made on: everything decide() reads (income, every expense line,
 * the payments on other debts, the accounts kept with their balances, the hardship, the creditors' programmes
 * in force, the fee) and the credit reports the scores are read from, in a fixed order. Two saves with the same
 * key would make the same decision, offers and proposed budget.
 */
export function decisionInputsKey(input: DecisionInput, reportIds: readonly (string | null)[]): string {
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const canonical = {
    ...input,
    expenses: [...input.expenses].sort((a, b) =>
      byText(`${a.category}.${a.subCategory}`, `${b.category}.${b.subCategory}`),
    ),
    selectedItems: [...input.selectedItems].sort((a, b) =>
      byText(`${a.kind}.${a.itemId}`, `${b.kind}.${b.itemId}`),
    ),
    concessions: [...input.concessions].sort((a, b) => byText(a.id, b.id)),
    reportIds,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Whether the newest decision was made on the inputs of `key` and still waits on /budget: a qualified decision
 * with a proposed budget not yet agreed. That is the only decision a save of /expenses can meet (any other
 * outcome moves the status on, after which /expenses is not saved again), and deciding again would only
 * replace it, its offers and its proposal with identical copies. On the newest decision and the newest budget
 * as the decision's read of the application's rows found them.
 */
function decisionStands(
  latest: { inputsKey: string | null; isQualified: boolean; wasPresentedToBorrower: boolean } | undefined,
  proposal: { agreedTo: boolean } | undefined,
  key: string,
): boolean {
  if (!latest || latest.inputsKey !== key || !latest.isQualified || latest.wasPresentedToBorrower)
    return false;
  return proposal != null && !proposal.agreedTo;
}

/** A stored report read back in the bureau's shape, for the risk score. */
function reportOf(
  report: {
    id: string;
    vantageScore: number | null;
    /** The report's inquiries, read with the report. */
    inquiries: readonly { date: string; subscriberName: string | null; industryCode: string | null }[];
  },
  application: {
    /** Every debt of the application (its reports' accounts are among them), as the decision read them. */
    debts: readonly (typeof debt.$inferSelect)[];
    /** Every collection account of the application, likewise. */
    collections: readonly (typeof collection.$inferSelect)[];
  },
): BureauCreditReport {
  const reportId = report.id;
  // The report's accounts are picked from the application's, already read in this unit, rather than read
  // again: every account of a report belongs to the report's application.
  // A debt the borrower added is not part of the bureau's file: the risk score reads the file only.
  const debts = application.debts.filter((d) => d.creditReportId === reportId && !d.isSelfReported);
  const collections = application.collections.filter((c) => c.creditReportId === reportId);
  return {
    vantageScore: report.vantageScore,
    debts: debts.map((d) => ({
      accountNumber: '',
      accountType: d.accountType ?? '',
      accountRating: d.accountRating ?? '',
      currentBalance: d.currentBalance,
      dateOpened: d.dateOpened ?? '',
      dateClosed: d.dateClosed,
      ecoaDesignator: 'individual',
      highCredit: d.highCredit,
      creditLimit: d.creditLimit,
      late30DaysTotal: d.late30DaysTotal ?? 0,
      late60DaysTotal: d.late60DaysTotal ?? 0,
      late90DaysTotal: d.late90DaysTotal ?? 0,
      lenderName: d.lenderName ?? '',
      monthsReviewedCount: d.monthsReviewedCount ?? 0,
      mostRecentPayment: d.mostRecentPayment,
      pastDue: d.pastDue ?? 0,
      portfolioType: asPortfolioType(d.portfolioType),
      scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
    })),
    collections: collections.map((c) => ({
      accountNumber: '',
      accountType: c.accountType ?? '',
      accountRating: c.accountRating ?? '',
      currentBalance: c.currentBalance,
      originalBalance: c.originalBalance ?? c.currentBalance,
      dateOpened: c.dateOpened ?? '',
      dateClosed: c.dateClosed,
      ecoaDesignator: 'individual',
      subscriberName: c.subscriberName ?? '',
      originalLenderName: c.originalLenderName ?? '',
      monthsReviewedCount: c.monthsReviewedCount ?? 0,
      mostRecentPayment: c.mostRecentPayment,
      pastDue: c.pastDue ?? 0,
      portfolioType: asPortfolioType(c.portfolioType),
      scheduledMonthlyPayment: c.scheduledMonthlyPayment ?? 0,
    })),
    inquiries: report.inquiries.map((q) => ({
      date: q.date,
      subscriberName: q.subscriberName ?? '',
      industryCode: q.industryCode,
    })),
  };
}

/** What the decision reads of the application's people, as relations of its row (see runDecision's `people`). */
export const DECISION_PEOPLE = {
  borrower: true as const,
  creditReports: { with: { inquiries: true as const } },
};

// The decision's two relational reads, built once (built-once.ts): each cost drizzle about 350 µs to build.
/** The borrower and the credit reports with their inquiries (the risk scores read them), in one statement. */
const borrowerAndReports = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: DECISION_PEOPLE,
    })
    .prepare('decision_borrower_and_reports'),
);
export type DecisionPeople = Pick<
  NonNullable<Awaited<ReturnType<ReturnType<typeof borrowerAndReports>['execute']>>>,
  'borrower' | 'creditReports'
>;
/**
 * What the decision reads of the application's rows, in one statement rather than five: every debt and every
 * collection account (the selected ones are the plan's, and the risk score reads each report's own), whether a
 * hardship is declared, and the newest decision and budget (whether the decision waiting on /budget stands).
 */
const decisionRows = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: {
        debts: true,
        collections: true,
        hardships: { where: eq(hardship.value, true), columns: { id: true }, limit: 1 },
        decisions: {
          orderBy: [desc(decision.createdAt)],
          limit: 1,
          columns: { inputsKey: true, isQualified: true, wasPresentedToBorrower: true },
        },
        budgets: { orderBy: [desc(budget.createdAt)], limit: 1, columns: { agreedTo: true } },
      },
    })
    .prepare('decision_rows'),
);

/**
 * The underwriting after /expenses is saved, in the caller's unit: risk scores for the borrower's and spouse's reports, the debt score, the decision with its
 * offers, reasons and proposed budget, then the flow's move. Any failure disqualifies with the matching reason.
 *
 * Three outcomes are warned of first, by throwing (the caller's unit rolls back, so nothing is saved and
 * the borrower can revise): a budget with no room for the plan and a budget that needs no plan (both
 * WouldDisqualify, unless `confirmDisqualification`, the message saying what would change the result) and a plan that fits with less than the monthly cushion to spare (ThinBudget,
 * unless `acceptThinBudget`). A proposed budget is checked on /budget instead, where its cuts are agreed.
 */
export async function runDecision(
  unit: Unit,
  o: {
    config: Config;
    app: ApplicationRow;
    userId: string;
    log: FastifyBaseLogger;
    /**
     * The application's expense rows as they stand in this unit, when the caller has just read (and saved)
     * them: they are not read again.
     */
    expenses?: readonly (typeof expense.$inferSelect)[];
    /**
     * The borrower and the credit reports with their inquiries, when the caller read them in this unit with
     * its own read of the application (`with: DECISION_PEOPLE`): not read again.
     */
    people?: DecisionPeople;
    confirmDisqualification?: boolean;
    acceptThinBudget?: boolean;
    /**
     * The page the caller's save completed, not yet written: the write that ends the decision records it, so
     * the application row is written once in the request. When the decision stands (`kept`) nothing here
     * writes the row, and the caller writes it.
     */
    completed?: Page;
  },
): Promise<Outcome> {
  const { app } = o;
  const { tx } = unit;
  // The borrower and the credit reports with their inquiries (the risk scores read them), in one statement.
  const held = o.people ?? (await borrowerAndReports(tx).execute({ id: app.id }));
  const b = held?.borrower ?? undefined;
  const reports = held?.creditReports ?? [];
  const borrowerReport = reports.find((r) => r.borrowerId != null) ?? reports[0];
  const spouseReport = reports.find((r) => r.spouseId != null && r !== borrowerReport);
  if (!b || !borrowerReport) {
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.getDecisionFailed], {
      changedBy: o.userId,
      viewed: 'NotQualified',
      completed: o.completed,
    });
    return { viewed: 'NotQualified', emailId: await writeNotQualifiedEmail(unit, o.config, app.id) };
  }

  let result: DecisionResult;
  let decisionId: string;
  try {
    // In a savepoint: a failure part way undoes what the decision wrote, and the unit goes on to disqualify.
    const scored = await inSavepoint(unit, async (inner) => {
      const expenses =
        o.expenses ?? (await inner.select().from(expense).where(eq(expense.applicationId, app.id)));
      const rowsRead = await decisionRows(inner).execute({ id: app.id });
      const tradelines = rowsRead?.debts ?? [];
      const selectedDebts = tradelines.filter((d) => d.isEligibleForDmp && d.selectedForDebtReduction);
      const collections = rowsRead?.collections ?? [];
      const selectedCollections = collections.filter((c) => c.isEligibleForDmp && c.selectedForDebtReduction);
      const hasHardship = (rowsRead?.hardships.length ?? 0) > 0;
      const monthlyIncome = app.selfReportedMonthlyCurrentIncome ?? 0;
      // A debt the borrower added is eligible by what they said (unsecured), whatever its unknown type.
      const ineligibleDebtPayment = ineligibleDebtPayments(
        tradelines
          .filter((t) => !t.isSelfReported)
          .map((t) => ({
            accountType: t.accountType ?? '',
            portfolioType: asPortfolioType(t.portfolioType),
            scheduledMonthlyPayment: t.scheduledMonthlyPayment ?? 0,
            currentBalance: t.currentBalance,
            dateClosed: t.dateClosed,
            lenderName: t.lenderName ?? '',
          })),
        { isHomeowner: app.isHomeowner ?? false },
      );
      const input: DecisionInput = {
        monthlyIncome,
        expenses: expenses.map((e) => ({
          category: e.category,
          subCategory: e.subCategory,
          value: e.selfReportedValue ?? e.estimatedValue ?? 0,
          estimatedValue: e.estimatedValue,
        })),
        ineligibleDebtPayment,
        selectedItems: [
          ...selectedDebts.map((d) => ({
            itemId: d.id,
            kind: 'debt' as const,
            creditorName: d.lenderFriendlyName ?? d.lenderName ?? '',
            balance: d.currentBalance,
          })),
          ...selectedCollections.map((c) => ({
            itemId: c.id,
            kind: 'collection' as const,
            creditorName: c.subscriberFriendlyName ?? c.subscriberName ?? '',
            balance: c.currentBalance,
          })),
        ],
        hasHardship,
        // Each creditor's programme as it stands now: a later revision never changes this decision's offers.
        concessions: await concessionsInForce(inner, new Date()),
        // The agency's monthly fee, capped by the state the borrower lives in, for the accounts selected.
        monthlyFee: planFeesFor(b.state, selectedDebts.length + selectedCollections.length).monthlyFee,
      };
      // The same inputs as the decision waiting on /budget: it stands, with its offers and proposal, and
      // nothing is scored or decided again.
      const inputsKey = decisionInputsKey(input, [borrowerReport.id, spouseReport?.id ?? null]);
      if (decisionStands(rowsRead?.decisions[0], rowsRead?.budgets[0], inputsKey)) return undefined;

      // Every row the decision writes is sent in one statement at the end (writeAsOne): their ids are made
      // here, so a row that names another (a debt score its risk scores, an offer its decision) needs no
      // answer back from the database. One statement where four or more were sent.
      const writes: Write[] = [];
      // Risk scores: a failure is logged and the decision goes on without it.
      const score = (report: typeof borrowerReport) => {
        try {
          const value = riskScore(reportOf(report, { debts: tradelines, collections }));
          const row = { id: randomUUID(), value: value.value };
          writes.push(
            inner
              .insert(riskScoreTable)
              .values({ id: row.id, creditReportId: report.id, value: value.value, version: value.version }),
          );
          return row;
        } catch (error) {
          o.log.warn({ err: error, applicationId: app.id }, 'risk score failed');
          return undefined;
        }
      };
      const borrowerRisk = score(borrowerReport);
      const spouseRisk = spouseReport ? score(spouseReport) : undefined;

      const decided = decide(input);

      if (borrowerRisk) {
        const ds = debtScore({
          borrowerRiskScore: borrowerRisk.value,
          spouseRiskScore: spouseRisk?.value ?? null,
          monthlyIncome,
          monthlyExpense: decided.currentExpenses,
          monthlyUnsecuredDebt: decided.eligibleDebtPayment,
        });
        writes.push(
          inner.insert(debtScoreTable).values({
            applicationId: app.id,
            borrowerId: b.id,
            borrowerRiskScoreId: borrowerRisk.id,
            spouseRiskScoreId: spouseRisk?.id ?? null,
            owner: app.owner,
            value: ds.value,
            discount: ds.discount,
            monthlyExpense: decided.currentExpenses,
            monthlyIncome,
            monthlyUnsecuredDebt: decided.eligibleDebtPayment,
            riskScore: ds.riskScore,
            version: ds.version,
          }),
        );
      }

      const id = randomUUID();
      writes.push(
        inner.insert(decision).values({
          id,
          applicationId: app.id,
          inputsKey,
          currentExpenses: decided.currentExpenses,
          currentIncome: decided.currentIncome,
          eligibleDebtPayment: decided.eligibleDebtPayment,
          ineligibleDebtPayment: decided.ineligibleDebtPayment,
          isQualified: decided.isQualified,
          reducibleExpenseAmount: decided.reducibleExpenseAmount,
          requiredExpenseReductionAmount: decided.requiredExpenseReductionAmount,
          explanation: decided.explanation,
          wasPresentedToBorrower: decided.isQualified && !decided.proposedBudget,
        }),
      );
      if (decided.disqualificationReasons.length > 0) {
        writes.push(
          inner.insert(disqualificationReason).values(
            decided.disqualificationReasons.map((reason) => ({
              applicationId: app.id,
              decisionId: id,
              reason,
            })),
          ),
        );
      }
      if (decided.isQualified && decided.offers.length > 0) {
        writes.push(
          inner.insert(offer).values(
            decided.offers.map((d) => ({
              applicationId: app.id,
              decisionId: id,
              debtId: d.kind === 'debt' ? d.itemId : null,
              collectionId: d.kind === 'collection' ? d.itemId : null,
              type: d.type,
              fee: d.fee,
              payment: d.payment,
              paymentPercentage: d.paymentPercentage,
              term: d.term,
              balance: d.balance,
              currentApr: d.currentApr,
              proposedApr: d.proposedApr,
              currentMinimumMonthlyPrincipalPaymentPercent: d.currentMinimumMonthlyPrincipalPaymentPercent,
              proposedMonthlyInterestPayment: d.proposedMonthlyInterestPayment,
              proposedMonthlyPrincipalPayment: d.proposedMonthlyPrincipalPayment,
              estimatedPayoffSavings: d.estimatedPayoffSavings,
              lenderConcessionId: d.lenderConcessionId,
            })),
          ),
        );
      }
      if (decided.isQualified && decided.proposedBudget && decided.proposedBudget.lines.length > 0) {
        const budgetId = randomUUID();
        writes.push(
          inner.insert(budget).values({
            id: budgetId,
            applicationId: app.id,
            borrowerId: b.id,
            description: decided.proposedBudget.description,
          }),
        );
        const byKey = new Map(expenses.map((e) => [`${e.category}.${e.subCategory}`, e.id]));
        writes.push(
          inner.insert(budgetExpense).values(
            decided.proposedBudget.lines.map((line) => ({
              budgetId,
              expenseId: byKey.get(`${line.category}.${line.subCategory}`)!,
              proposedValue: line.proposedValue,
              budgetCategory: line.category,
            })),
          ),
        );
      }
      await writeAsOne(inner, writes);
      return { decided, id };
    });
    if (!scored) return { viewed: 'Budget', kept: true };
    result = scored.decided;
    decisionId = scored.id;
  } catch (error) {
    o.log.error({ err: error, applicationId: app.id }, 'decision failed');
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.getDecisionFailed], {
      changedBy: o.userId,
      viewed: 'NotQualified',
      completed: o.completed,
    });
    return { viewed: 'NotQualified', emailId: await writeNotQualifiedEmail(unit, o.config, app.id) };
  }

  const planPayment = planPaymentOf(result.offers);
  const room = result.currentIncome - result.currentExpenses - result.ineligibleDebtPayment;
  if (!result.isQualified) {
    if (
      !o.confirmDisqualification &&
      result.disqualificationReasons.includes(DISQUALIFICATION_REASONS.insufficientIncome)
    ) {
      throw new AppError(
        'WouldDisqualify',
        wouldDisqualifyRef({ planPayment, room, reducible: result.reducibleExpenseAmount }),
      );
    }
    // A budget that pays these debts as they are may hold a mistyped figure just as well: the borrower is
    // told what would change the result before the application ends.
    if (
      !o.confirmDisqualification &&
      result.disqualificationReasons.includes(DISQUALIFICATION_REASONS.cashflowTooHigh)
    ) {
      throw new AppError(
        'WouldDisqualify',
        planNotNeededRef({ room, currentPayment: result.eligibleDebtPayment }),
      );
    }
    await disqualify(tx, app, result.disqualificationReasons, {
      changedBy: o.userId,
      decisionId,
      viewed: 'NotQualified',
      completed: o.completed,
    });
    return { viewed: 'NotQualified', emailId: await writeNotQualifiedEmail(unit, o.config, app.id) };
  }
  if (result.proposedBudget && result.proposedBudget.lines.length > 0) {
    await updateApplication(tx, app, { viewed: 'Budget', completed: o.completed });
    return { viewed: 'Budget' };
  }
  const left = leftEachMonth({
    monthlyIncome: result.currentIncome,
    expenses: result.currentExpenses,
    otherDebtPayments: result.ineligibleDebtPayment,
    planPayment,
  });
  if (isThin(left) && !o.acceptThinBudget) throw new AppError('ThinBudget', thinBudgetRef(left));
  await changeStatus(tx, app, 'decisionQualified', o.userId, { viewed: 'Review', completed: o.completed });
  // The borrower read at the start of this unit: nothing here writes the borrower's row.
  const smsId = await recordObtainedOffer(unit, {
    applicationId: app.id,
    publicUrl: o.config.publicUrl,
    borrower: b,
  });
  return { viewed: 'Review', smsId };
}
