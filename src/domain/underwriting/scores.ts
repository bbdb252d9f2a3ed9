import { BASIS_POINTS_PER_WHOLE, type Cents } from '../money/cents';
import type { BureauCreditReport, PortfolioType } from './credit-report';

// Versioned scores. Weights and scales are documented in
// docs/decisions/0014; a change to either is a new version, so stored scores stay comparable.

export const RISK_SCORE_VERSION = 'risk-2026.1';
export const DEBT_SCORE_VERSION = 'debt-2026.1';

/** Scores run from 0 (highest risk) to 1000 (lowest). */
export const SCORE_MAX = 1000;

/** Risk score weights in basis points; they sum to 10,000. */
export const RISK_WEIGHTS_BP = {
  vantage: 5000,
  utilization: 2000,
  delinquencies: 1500,
  collections: 1000,
  inquiries: 500,
} as const;

const VANTAGE_MIN = 300;
const VANTAGE_MAX = 850;
/** A file that cannot be scored counts as below the middle of the range. */
const UNSCORED_VANTAGE_PART = 0.4;
/** Neither good nor bad: no revolving credit to measure. */
const NO_REVOLVING_UTILIZATION_PART = 0.5;
/** Weighted late payments (30 days = 1, 60 = 2, 90 = 3) at which the delinquency part reaches zero. */
const DELINQUENCY_POINTS_AT_ZERO = 10;
/** Collections with a balance at which the collections part reaches zero. */
const COLLECTIONS_AT_ZERO = 5;
/** Inquiries on the report at which the inquiries part reaches zero. */
const INQUIRIES_AT_ZERO = 10;

/** Utilization is measured on credit lines, not on loans. */
const REVOLVING_PORTFOLIOS: readonly PortfolioType[] = ['revolving', 'lineOfCredit'];

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** Each part is 0 (worst) to 1 (best). */
export function riskScoreParts(report: BureauCreditReport): Record<keyof typeof RISK_WEIGHTS_BP, number> {
  const vantage =
    report.vantageScore === null
      ? UNSCORED_VANTAGE_PART
      : clamp01((report.vantageScore - VANTAGE_MIN) / (VANTAGE_MAX - VANTAGE_MIN));

  const revolving = report.debts.filter(
    (d) => d.dateClosed === null && REVOLVING_PORTFOLIOS.includes(d.portfolioType),
  );
  const limit = revolving.reduce((s, d) => s + (d.creditLimit ?? d.highCredit ?? 0), 0);
  const balance = revolving.reduce((s, d) => s + Math.max(0, d.currentBalance), 0);
  const utilization = limit > 0 ? clamp01(1 - balance / limit) : NO_REVOLVING_UTILIZATION_PART;

  const latePoints = report.debts.reduce(
    (s, d) => s + d.late30DaysTotal + 2 * d.late60DaysTotal + 3 * d.late90DaysTotal,
    0,
  );
  const delinquencies = clamp01(1 - latePoints / DELINQUENCY_POINTS_AT_ZERO);
  const collections = clamp01(
    1 - report.collections.filter((c) => c.currentBalance > 0).length / COLLECTIONS_AT_ZERO,
  );
  const inquiries = clamp01(1 - report.inquiries.length / INQUIRIES_AT_ZERO);
  return { vantage, utilization, delinquencies, collections, inquiries };
}

/** 0-1000, higher is lower risk: a weighted sum of the report's parts. */
export function riskScore(report: BureauCreditReport): { value: number; version: string } {
  const p = riskScoreParts(report);
  const w = RISK_WEIGHTS_BP;
  const weighted =
    p.vantage * w.vantage +
    p.utilization * w.utilization +
    p.delinquencies * w.delinquencies +
    p.collections * w.collections +
    p.inquiries * w.inquiries;
  return { value: Math.round((weighted * SCORE_MAX) / BASIS_POINTS_PER_WHOLE), version: RISK_SCORE_VERSION };
}

/** Debt score weights in basis points: the borrowers' risk and the budget's room for unsecured payments. */
export const DEBT_WEIGHTS_BP = { risk: 6000, affordability: 4000 } as const;
/** Income left after expenses of twice the unsecured payments (or more) is full affordability. */
const FULL_AFFORDABILITY_COVERAGE = 2;

/**
 * How likely the household is to complete a plan, 0-1000. riskScore: the borrower's risk score, averaged with
 * the spouse's when there is one. discount (basis points): the share of the unsecured balance at risk,
 * (1000 − value) × 10.
 */
export function debtScore(o: {
  borrowerRiskScore: number;
  spouseRiskScore?: number | null;
  monthlyIncome: Cents;
  monthlyExpense: Cents;
  monthlyUnsecuredDebt: Cents;
}): { value: number; discount: number; riskScore: number; version: string } {
  const risk =
    o.spouseRiskScore == null
      ? o.borrowerRiskScore
      : Math.round((o.borrowerRiskScore + o.spouseRiskScore) / 2);
  const room = o.monthlyIncome - o.monthlyExpense;
  const affordability =
    o.monthlyUnsecuredDebt <= 0
      ? room >= 0
        ? 1
        : 0
      : clamp01(room / o.monthlyUnsecuredDebt / FULL_AFFORDABILITY_COVERAGE);
  const value = Math.round(
    (clamp01(risk / SCORE_MAX) * DEBT_WEIGHTS_BP.risk + affordability * DEBT_WEIGHTS_BP.affordability) *
      (SCORE_MAX / BASIS_POINTS_PER_WHOLE),
  );
  return {
    value,
    discount: ((SCORE_MAX - value) * BASIS_POINTS_PER_WHOLE) / SCORE_MAX,
    riskScore: risk,
    version: DEBT_SCORE_VERSION,
  };
}
