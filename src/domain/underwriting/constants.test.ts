import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import { describe, expect, it } from 'vitest';
import {
  HARDSHIP_PAYMENT_BP,
  INCOME_CADENCE_DAYS,
  INCOME_WINDOW_DAYS,
  INCOME_WINDOW_MONTHS,
  PAYOFF_CHART_MAX_POINTS,
  PAYOFF_PROJECTION_MAX_MONTHS,
  SHORTFALL_BALANCE_SHARE_BP,
} from './constants';
import { isEligibleTradeline } from './eligibility';
import { buildOffer } from './offers';
import {
  estimatedCurrentMonthlyPayment,
  estimatedShortfall,
  incomeThreshold,
  needsIncomeConfirmation,
} from './payment-estimates';

// Each underwriting threshold seen through the rule that uses it, with the arithmetic written out in dollars:
// a changed threshold, or a rule that stops using it, fails here with the number a counsellor would check.

const dollars = (d: number) => Math.round(d * 100);

describe('estimated current monthly payment: 1% of the balance + a month of interest at 21.9%, at least $25', () => {
  it.each([
    // $5,000: 50 + 5,000 × 0.219 / 12 = 50 + 91.25 = 141.25 → $141
    [5_000, 141],
    // $20,000: 200 + 365 = $565
    [20_000, 565],
    // $100: 1 + 1.825 = 2.83 → the $25 minimum
    [100, 25],
  ])('$%s → $%s', (balance, payment) => {
    expect(estimatedCurrentMonthlyPayment(dollars(balance))).toBe(dollars(payment));
  });
});

describe('the shortfall and the confirm-income step', () => {
  it('shortfall = 1.75% of the eligible balance − (income − expenses)', () => {
    // 1.75% of $20,000 = $350; income $3,000 − expenses $2,800 = $200 to spare → $150 short.
    expect(
      estimatedShortfall({
        totalEligibleBalance: dollars(20_000),
        monthlyIncome: dollars(3_000),
        totalEstimatedExpenses: dollars(2_800),
      }),
    ).toBe(dollars(150));
  });

  it('asks to confirm the income above a $100 shortfall, not at exactly $100', () => {
    expect(needsIncomeConfirmation(dollars(100))).toBe(false);
    expect(needsIncomeConfirmation(dollars(100.01))).toBe(true);
  });

  it('shows the income needed: income + shortfall − $100', () => {
    expect(incomeThreshold(dollars(3_000), dollars(150))).toBe(dollars(3_050));
  });

  it('measures the shortfall against the hardship plan payment (1.75% of the balance a month)', () => {
    expect(SHORTFALL_BALANCE_SHARE_BP).toBe(HARDSHIP_PAYMENT_BP);
  });
});

describe('an offer from a creditor without its own concession row', () => {
  const offer = (hasHardship: boolean) =>
    buildOffer(
      { itemId: 'd1', kind: 'debt', creditorName: 'A Creditor Nobody Lists', balance: dollars(10_000) },
      { hasHardship, concessions: SHIPPED_CONCESSIONS },
    );

  it('asks 2% a month at 8% (1.75% under a hardship), raised to pay off within 60 months, with no fee', () => {
    for (const o of [offer(false), offer(true)]) {
      // 2% = $200 a month would take 61 months at 8%, 1.75% = $175 would take 71: both are raised to the
      // payment that pays $10,000 off in 60 months at 8%, $202.77.
      expect(o.term).toBe(60);
      expect(o.payment).toBe(dollars(202.77));
      expect(o.proposedApr).toBe(800);
      expect(o.currentApr).toBe(2190);
      expect(o.fee).toBe(0);
      // 8% / 12 of $10,000 = $66.67 of the first payment is interest.
      expect(o.proposedMonthlyInterestPayment).toBe(dollars(66.67));
    }
  });
});

describe('eligible accounts: unsecured types with a balance', () => {
  it.each([
    ['CC', true],
    ['CH', true],
    ['FX', true],
    ['LC', true],
    ['US', true],
    ['AU', false],
    ['MT', false],
    ['SE', false],
  ])('account type %s → %s', (accountType, eligible) => {
    expect(isEligibleTradeline({ accountType, currentBalance: dollars(500), dateClosed: null })).toBe(
      eligible,
    );
  });
});

describe('income windows and the payoff chart', () => {
  it('reads 90 days of deposits as 3 months', () => {
    expect(INCOME_WINDOW_DAYS / INCOME_WINDOW_MONTHS).toBe(30);
  });

  it.each([
    ['weekly', 7],
    ['biweekly', 14],
    ['semimonthly', 365.25 / 24],
    ['monthly', 365.25 / 12],
  ] as const)('the %s cadence allows its nominal %s days between pay dates', (cadence, days) => {
    const [min, max] = INCOME_CADENCE_DAYS[cadence];
    expect(min).toBeLessThanOrEqual(days);
    expect(max).toBeGreaterThanOrEqual(days);
  });

  it('charts 10 years month by month plus month 0, within the 50-year projection', () => {
    expect(PAYOFF_CHART_MAX_POINTS).toBe(10 * 12 + 1);
    expect(PAYOFF_PROJECTION_MAX_MONTHS).toBe(50 * 12);
  });
});
