import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '../i18n/all-catalogs';
import { SHIPPED_CONCESSIONS } from './concessions';
import { englishIn } from '#tests/support/english-in-spanish';
import { englishOf, formatMessageRef, type MessageRef } from '../i18n/message';
import { decide, type DecisionExpense, type DecisionInput } from './decision';
import { ceilToDollar, formatDollars, type Cents } from '../money/cents';
import {
  budgetSentence,
  budgetSentenceRef,
  fitSentence,
  fitSentenceRef,
  planSentence,
  planSentenceRef,
} from './explanation-text';
import type { OfferInput } from './offers';

// The explanation's sentences are messages (the *Ref functions); their English is written from them. Held here to
// the English as it was written by hand before, word for word, and worded in Spanish for every outcome.

/** The explanation's English as the domain wrote it by hand, before the messages were its one source. */
const BY_HAND = {
  plural: (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`,
  budget: (f: { monthlyIncome: Cents; expenses: Cents; otherDebtPayments: Cents; agreed?: boolean }) =>
    (f.agreed ? 'With the budget you agreed, your monthly income' : 'Your monthly income') +
    ` of ${formatDollars(f.monthlyIncome)}, less ${formatDollars(f.expenses)} of expenses` +
    (f.otherDebtPayments > 0 ? ` and ${formatDollars(f.otherDebtPayments)} of other debt payments` : '') +
    `, leaves ${formatDollars(f.monthlyIncome - f.expenses - f.otherDebtPayments)} a month.`,
  plan: (f: {
    accounts: number;
    owed: Cents;
    planPayment: Cents;
    monthlyFee: Cents;
    currentPayment: Cents;
  }) =>
    `The plan pays ${BY_HAND.plural(f.accounts, 'account', 'accounts')} with ${formatDollars(f.owed)} owed ` +
    `for ${formatDollars(f.planPayment)} a month` +
    (f.monthlyFee > 0 ? ` (including the ${formatDollars(f.monthlyFee)} monthly fee)` : '') +
    `, against an estimated ${formatDollars(f.currentPayment)} a month now.`,
  fit: (gap: Cents, reducible: Cents, agreed = false): string => {
    const short = formatDollars(ceilToDollar(gap));
    if (agreed) {
      return gap <= 0
        ? 'The plan fits the budget you agreed.'
        : `That is ${short} a month more than the budget you agreed leaves.`;
    }
    if (gap <= 0) return 'The plan fits the budget as it is.';
    return reducible >= gap
      ? `That is ${short} short; lowering flexible expenses (up to ${formatDollars(reducible)} can be cut) ` +
          'closes the gap, so a proposed budget comes with the offers.'
      : `That is ${short} short, and flexible expenses can only be cut by ${formatDollars(reducible)}, so ` +
          'the plan payment cannot be afforded.';
  },
};

const intlIn = (language: 'en' | 'es') =>
  createIntl({ locale: language === 'en' ? 'en-US' : 'es-US', messages: ALL_CATALOGS[language] });
const en = intlIn('en');
const es = intlIn('es');

const card = (itemId: string, balance: number): OfferInput => ({
  itemId,
  kind: 'debt',
  creditorName: 'JPMCB CARD',
  balance,
});
const expenses: DecisionExpense[] = [
  { category: 'housing', subCategory: 'rent', value: 150000, estimatedValue: 150000 },
  { category: 'food', subCategory: 'home', value: 50000, estimatedValue: 43500 },
  { category: 'food', subCategory: 'away', value: 30000, estimatedValue: 20000 },
  { category: 'personal', subCategory: 'entertainment', value: 10000, estimatedValue: 10000 },
  { category: 'utilities', subCategory: 'electricity', value: 14000, estimatedValue: 13500 },
];
const input = (more: Partial<DecisionInput>): DecisionInput => ({
  monthlyIncome: 280000,
  expenses,
  ineligibleDebtPayment: 0,
  selectedItems: [card('d1', 500000)],
  hasHardship: false,
  concessions: SHIPPED_CONCESSIONS,
  ...more,
});

const words = (refs: MessageRef[], intl: typeof en): string =>
  refs.map((ref) => formatMessageRef(ref, (d, v) => intl.formatMessage(d, v))).join(' ');

const BUDGETS = [0, 2_000].flatMap((otherDebtPayments) =>
  [false, true].map((agreed) => ({ monthlyIncome: 300_000, expenses: 270_000, otherDebtPayments, agreed })),
);
const PLANS = [1, 2].flatMap((accounts) =>
  [0, 2_500].map((monthlyFee) => ({
    accounts,
    owed: 620_000,
    planPayment: 12_600,
    monthlyFee,
    currentPayment: 14_100,
  })),
);
const FITS: [number, number, boolean][] = [
  [0, 0, false],
  [4_050, 20_000, false],
  [4_050, 2_000, false],
  [0, 0, true],
  [4_050, 20_000, true],
];

describe('the explanation’s sentences as messages', () => {
  it('formatted in English, each is its English sentence word for word, as it was written by hand', () => {
    for (const f of BUDGETS) {
      expect(words([budgetSentenceRef(f)], en)).toBe(BY_HAND.budget(f));
      expect(budgetSentence(f)).toBe(BY_HAND.budget(f));
    }
    for (const f of PLANS) {
      expect(words([planSentenceRef(f)], en)).toBe(BY_HAND.plan(f));
      expect(planSentence(f)).toBe(BY_HAND.plan(f));
    }
    for (const [gap, reducible, agreed] of FITS) {
      expect(words([fitSentenceRef(gap, reducible, agreed)], en)).toBe(BY_HAND.fit(gap, reducible, agreed));
      expect(fitSentence(gap, reducible, agreed)).toBe(BY_HAND.fit(gap, reducible, agreed));
    }
  });

  it('the decision’s English is its sentences’ English, for every outcome, and each reads in Spanish', () => {
    const outcomes = {
      // A plan needs debts: none selected, or too little owed.
      noEligibleDebt: decide(input({ selectedItems: [] })),
      tooLittleDebt: decide(input({ selectedItems: [card('d1', 50_000)] })),
      // Income that pays the debts as they are: no plan needed.
      cashflowTooHigh: decide(input({ monthlyIncome: 500_000 })),
      fits: decide(input({})),
      proposedBudget: decide(input({ monthlyIncome: 262_000 })),
      insufficientIncome: decide(input({ monthlyIncome: 200_000 })),
    };
    expect(outcomes.noEligibleDebt.explanation).toBe('No eligible debt was selected for the plan.');
    expect(outcomes.tooLittleDebt.explanation).toBe(
      'The debts selected total $500; a plan needs at least $1,000.',
    );
    expect(outcomes.cashflowTooHigh.explanation).toBe(
      `${BY_HAND.budget({ monthlyIncome: 500_000, expenses: 254_000, otherDebtPayments: 0 })} That covers the ` +
        'current estimated payments of $141 with $2,319 to spare, so a plan is not needed.',
    );
    for (const [name, result] of Object.entries(outcomes)) {
      expect(result.explanationRefs.map(englishOf).join(' '), name).toBe(result.explanation);
      expect(words(result.explanationRefs, en), name).toBe(result.explanation);
      const spanish = words(result.explanationRefs, es);
      expect(englishIn(spanish), `${name}: ${spanish}`).toEqual([]);
      expect(spanish, name).not.toMatch(/\b(the|plan is not needed|debt|selected|short)\b/);
    }
    expect(words(outcomes.noEligibleDebt.explanationRefs, es)).not.toBe(outcomes.noEligibleDebt.explanation);
    expect(outcomes.proposedBudget.proposedBudget).not.toBeNull();
    expect(outcomes.insufficientIncome.isQualified).toBe(false);
    expect(outcomes.cashflowTooHigh.disqualificationReasons).toEqual(['cashflowTooHigh']);
  });

  it('writes them in Spanish with the same figures', () => {
    const fits = decide(input({ ineligibleDebtPayment: 2000, monthlyFee: 2500 })).explanation;
    expect(fits).toBe(
      'Your monthly income of $2,800, less $2,540 of expenses and $20 of other debt payments, leaves $240 a month. ' +
        'The plan pays 1 account with $5,000 owed for $126 a month (including the $25 monthly fee), against an ' +
        'estimated $141 a month now. The plan fits the budget as it is.',
    );
    const refs = [
      budgetSentenceRef({ monthlyIncome: 280_000, expenses: 254_000, otherDebtPayments: 2_000 }),
      planSentenceRef({
        accounts: 1,
        owed: 500_000,
        planPayment: 12_600,
        monthlyFee: 2_500,
        currentPayment: 14_100,
      }),
      fitSentenceRef(0, 0),
    ];
    expect(words(refs, en)).toBe(fits);
    expect(words(refs, es)).toBe(
      'Su ingreso mensual de $2,800, menos $2,540 de gastos y $20 de pagos de otras deudas, le deja $240 al mes. ' +
        'El plan paga 1 cuenta con $5,000 adeudados por $126 al mes (incluida la tarifa mensual de $25), frente a ' +
        'unos $141 al mes estimados ahora. El plan cabe en el presupuesto tal como está.',
    );
    const two = words([planSentenceRef({ ...PLANS[2]!, owed: 620_000 })], es);
    expect(two).toContain('El plan paga 2 cuentas con $6,200 adeudados');
    expect(words([fitSentenceRef(4_050, 20_000)], es)).toMatch(
      /Faltan \$[\d,]+; al reducir los gastos flexibles/,
    );
    const all = [
      ...BUDGETS.map(budgetSentenceRef),
      ...PLANS.map(planSentenceRef),
      ...FITS.map(([gap, reducible, agreed]) => fitSentenceRef(gap, reducible, agreed)),
    ];
    expect(words(all, es)).not.toMatch(/\b(the|income|month|plan pays|short)\b/);
  });

  it('words the sentences against a budget the borrower agreed in Spanish', () => {
    const agreed = { monthlyIncome: 300_000, expenses: 268_000, otherDebtPayments: 2_000, agreed: true };
    expect(budgetSentence(agreed)).toContain(`leaves ${formatDollars(30_000)} a month.`);
    expect(words([budgetSentenceRef(agreed)], es)).toMatch(
      /^Con el presupuesto que aceptó, su ingreso mensual de \$3,000/,
    );
    expect(words([fitSentenceRef(4_050, 20_000, true)], es)).toBe(
      'Eso es $41 al mes más de lo que le deja el presupuesto que aceptó.',
    );
    expect(words([fitSentenceRef(0, 20_000, true)], es)).toBe('El plan cabe en el presupuesto que aceptó.');
  });
});
