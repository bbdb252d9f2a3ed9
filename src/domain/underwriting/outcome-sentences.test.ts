import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { SITE } from '../site';
import { belowInterestText, outcomeText, payoffSentences } from './outcome-sentences';
import { OUTCOME_TEXTS, OUTCOMES } from './outcomes';
import { belowInterestWarning, payoffPlan, payoffPlanSentences } from './payoff-plan';

// In English the sentences the page and the email write are the domain's, word for word.

const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });

describe('outcomeText', () => {
  it.each(OUTCOMES)('%s: the same English as OUTCOME_TEXTS', (outcome) => {
    expect(outcomeText(english, outcome, SITE.hours)).toEqual(OUTCOME_TEXTS[outcome]);
  });
});

describe('the payoff sentences as messages', () => {
  const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
  const today = new Date('2026-11-24T00:00:00Z');
  it.each([
    ['paid off, sooner with $50', [{ id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 }]],
    ['never paid off', [{ id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 5000 }]],
    ['never, even with $50', [{ id: 'a', name: 'Chase', balance: 3000000, aprBp: 2990, payment: 1000 }]],
    [
      'one debt below its interest, paid off later',
      [
        { id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 },
        { id: 'b', name: 'Store Card', balance: 120000, aprBp: 2190, payment: 2000 },
      ],
    ],
  ])('%s: the same English as the domain', (_, debts) => {
    const plan = payoffPlan(debts);
    expect(payoffSentences(english, plan, today)).toEqual(payoffPlanSentences(plan, today));
    for (const debt of plan.debts) {
      expect(belowInterestText(english, debt, today)).toBe(belowInterestWarning(debt, today));
    }
  });
});
