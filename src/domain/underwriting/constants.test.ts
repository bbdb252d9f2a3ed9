import { describe, expect, it } from 'vitest';
import * as c from './constants';

// The thresholds the spec and DESIGN fix; a change here is a product decision, not a refactor.
describe('underwriting constants', () => {
  it.each([
    ['ASSUMED_CURRENT_APR_BP', 2190],
    ['MINIMUM_ESTIMATED_PAYMENT', 2500],
    ['MINIMUM_PRINCIPAL_SHARE_BP', 100],
    ['SHORTFALL_BALANCE_SHARE_BP', 175],
    ['CONFIRM_INCOME_SHORTFALL_THRESHOLD', 10000],
    ['INCOME_THRESHOLD_MARGIN', 10000],
    ['CASHFLOW_TOO_HIGH_MARGIN', 50000],
    ['MINIMUM_ELIGIBLE_BALANCE', 100000],
    ['MAX_PLAN_TERM_MONTHS', 60],
    ['DEFAULT_PROPOSED_APR_BP', 800],
    ['STANDARD_PAYMENT_BP', 200],
    ['HARDSHIP_PAYMENT_BP', 175],
    ['PLAN_FEE', 0],
  ] as const)('%s = %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it('lists the eligible account types', () => {
    expect(c.ELIGIBLE_ACCOUNT_TYPES).toEqual(['CC', 'CH', 'FX', 'LC', 'US']);
  });
});
