import { describe, expect, it } from 'vitest';
import { describeReason, DISQUALIFICATION_REASONS, REASON_DESCRIPTIONS } from './reasons';

describe('disqualification reasons', () => {
  it('are stored with the exact strings of the spec', () => {
    expect(DISQUALIFICATION_REASONS).toEqual({
      notLicensed: 'notLicensedInState',
      noHardship: 'noHardshipSelected',
      getCreditReportsFailed: 'get credit reports failed',
      notEnoughEligible: 'not enough eligible collections or debts',
      getEligibleDebtsFailed: 'get eligible debts failed',
      getExpenseEstimatesFailed: 'get expense estimates failed',
      getDecisionFailed: 'get decision failed',
      getProposedBudgetFailed: 'get proposed budget failed',
      notEnoughEligibleDebt: 'notEnoughEligibleDebt',
      cashflowTooHigh: 'cashflowTooHigh',
      insufficientIncome: 'insufficientIncome',
      allOffersDeclined: 'allOffersDeclined',
      allOffersLeftOut: 'allOffersLeftOut',
    });
  });

  it('each has a plain-language description for staff', () => {
    for (const reason of Object.values(DISQUALIFICATION_REASONS)) {
      expect(REASON_DESCRIPTIONS[reason]).toMatch(/^[A-Z].+\.$/);
    }
    expect(describeReason('cashflowTooHigh')).toContain('$500');
    // A bureau's own error text is shown as stored.
    expect(describeReason('SUBJECT NOT FOUND')).toBe('SUBJECT NOT FOUND');
  });
});
