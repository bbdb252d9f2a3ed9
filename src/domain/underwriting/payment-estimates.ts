import { roundToDollar, shareOf, type Cents } from '../money/cents';
import { monthlyInterest } from '../money/amortization';
import {
  ASSUMED_CURRENT_APR_BP,
  CONFIRM_INCOME_SHORTFALL_THRESHOLD,
  INCOME_THRESHOLD_MARGIN,
  MINIMUM_ESTIMATED_PAYMENT,
  MINIMUM_PRINCIPAL_SHARE_BP,
  SHORTFALL_BALANCE_SHARE_BP,
} from './constants';

// Payment and shortfall estimates.

/**
 * Estimated current monthly payment: 1% of the principal plus one month of interest (21.9% APR unless the
 * bureau reported a rate), at least $25, rounded to whole dollars. 5,000 dollars → 50 + 91.25 → 141 dollars.
 */
export function estimatedCurrentMonthlyPayment(
  balance: Cents,
  aprBp: number = ASSUMED_CURRENT_APR_BP,
): Cents {
  if (balance <= 0) return 0;
  const firstPayment = shareOf(balance, MINIMUM_PRINCIPAL_SHARE_BP) + monthlyInterest(balance, aprBp);
  return Math.max(MINIMUM_ESTIMATED_PAYMENT, roundToDollar(firstPayment));
}

/** 1.75% of the total eligible balance − (income − estimated expenses); negative when income is to spare. */
export function estimatedShortfall(o: {
  totalEligibleBalance: Cents;
  monthlyIncome: Cents;
  totalEstimatedExpenses: Cents;
}): Cents {
  return (
    shareOf(o.totalEligibleBalance, SHORTFALL_BALANCE_SHARE_BP) - (o.monthlyIncome - o.totalEstimatedExpenses)
  );
}

/** The confirm-income step is shown when the shortfall exceeds $100 (exactly $100 does not). */
export function needsIncomeConfirmation(shortfall: Cents): boolean {
  return shortfall > CONFIRM_INCOME_SHORTFALL_THRESHOLD;
}

/** The income threshold shown on confirm-income: income + shortfall − $100. */
export function incomeThreshold(income: Cents, shortfall: Cents): Cents {
  return income + shortfall - INCOME_THRESHOLD_MARGIN;
}
