import { describe, expect, it } from 'vitest';
import { SITE } from '../site';
import { OUTCOME_TEXTS, OUTCOMES, outcomesOf } from './outcomes';
import { DISQUALIFICATION_REASONS as R } from './reasons';

describe('outcomesOf', () => {
  it.each([
    [[R.cashflowTooHigh], ['cashflowTooHigh']],
    [[R.insufficientIncome], ['insufficientIncome']],
    [[R.notEnoughEligibleDebt], ['notEnoughEligibleDebt']],
    // The eligible-debts page's reason and the decision's mean the same to a borrower: shown once.
    [[R.notEnoughEligible, R.notEnoughEligibleDebt], ['notEnoughEligibleDebt']],
    [['no credit file found'], ['noCreditFile']],
    [[R.getCreditReportsFailed], ['creditReportUnavailable']],
    // Any other text is the bureau's error.
    [['Subject not found: code 42'], ['creditReportUnavailable']],
    [[R.noHardship], ['noHardship']],
    [[R.notLicensed], ['notLicensed']],
    [[R.allOffersDeclined], ['allOffersDeclined']],
    [[R.getDecisionFailed, R.getExpenseEstimatesFailed], ['notCompleted']],
    // A counsellor's failed quality control is told as such, not as a credit report the bureau kept back.
    [['couldNotVerifyIncome'], ['qualityControlFailed']],
    [
      ['couldNotVerifyConsumerIdentity', 'couldNotVerifyExpenses', 'proposedBudgetWasUnrealistic'],
      ['qualityControlFailed'],
    ],
    [
      [R.notLicensed, R.cashflowTooHigh],
      ['cashflowTooHigh', 'notLicensed'],
    ],
    [[], []],
  ])('%j → %j', (reasons, expected) => {
    expect(outcomesOf(reasons)).toEqual(expected);
  });
});

describe('OUTCOME_TEXTS', () => {
  it('gives every outcome a reason and at least one next step', () => {
    for (const outcome of OUTCOMES) {
      const text = OUTCOME_TEXTS[outcome];
      expect(text.title.length).toBeGreaterThan(0);
      expect(text.why.length).toBeGreaterThan(0);
      expect(text.nextSteps.length).toBeGreaterThan(0);
    }
  });

  it('sends an insufficient income to a counsellor, the creditors and HUD housing counselling', () => {
    const steps = OUTCOME_TEXTS.insufficientIncome.nextSteps;
    expect(steps.map((s) => s.link?.href)).toEqual([
      `tel:${SITE.phone.tel}`,
      undefined,
      'https://www.hud.gov/counseling',
    ]);
    expect(steps[2]!.text).toContain('HUD-approved housing counseling agency');
  });

  it('states the minimum a plan needs', () => {
    expect(OUTCOME_TEXTS.notEnoughEligibleDebt.why).toContain('at least $1,000');
  });
});
