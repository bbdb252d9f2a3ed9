import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '../i18n/all-catalogs';
import { SHIPPED_CONCESSIONS } from './concessions';
import { decide, type DecisionExpense, type DecisionInput } from './decision';
import { formatDollars } from '../money/cents';
import { explanationSentences, localizeExplanation } from './explanation-messages';
import { budgetSentence, fitSentence } from './explanation-text';
import type { OfferInput } from './offers';

// The explanation's messages are checked against decide()'s English, branch by branch, word for word.

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

// Every branch of decide(): fits, with other debts and a fee, a proposed budget, not enough income, no plan
// needed, no debt, too little debt; one account and several.
const CASES: [string, DecisionInput][] = [
  ['fits', input({})],
  ['fits with other debts and a fee', input({ ineligibleDebtPayment: 2000, monthlyFee: 2500 })],
  ['two accounts', input({ selectedItems: [card('d1', 500000), card('d2', 120000)], monthlyIncome: 300000 })],
  ['proposed budget', input({ monthlyIncome: 260000 })],
  ['proposed budget with a fee', input({ monthlyIncome: 265000, monthlyFee: 2500 })],
  ['insufficient income', input({ monthlyIncome: 240000 })],
  ['negative cashflow', input({ monthlyIncome: 200000, ineligibleDebtPayment: 5000 })],
  ['cashflow too high', input({ monthlyIncome: 400000 })],
  ['no eligible debt', input({ selectedItems: [] })],
  ['too little debt', input({ selectedItems: [card('d1', 50000)] })],
];

describe('the decision’s explanation as messages', () => {
  it.each(CASES)(
    '%s: its sentences, formatted in English, are the explanation word for word',
    (_label, i) => {
      const { explanation } = decide(i);
      const parts = explanationSentences(explanation);
      expect(parts, explanation).not.toBeNull();
      expect(parts!.map((p) => en.formatMessage(p.descriptor, p.values)).join(' ')).toBe(explanation);
      expect(localizeExplanation(explanation, (d, v) => en.formatMessage(d, v))).toBe(explanation);
    },
  );

  it('writes it in Spanish with the same figures', () => {
    const fits = decide(input({ ineligibleDebtPayment: 2000, monthlyFee: 2500 })).explanation;
    expect(fits).toBe(
      'Your monthly income of $2,800, less $2,540 of expenses and $20 of other debt payments, leaves $240 a month. ' +
        'The plan pays 1 account with $5,000 owed for $126 a month (including the $25 monthly fee), against an ' +
        'estimated $141 a month now. The plan fits the budget as it is.',
    );
    expect(localizeExplanation(fits, (d, v) => es.formatMessage(d, v))).toBe(
      'Su ingreso mensual de $2,800, menos $2,540 de gastos y $20 de pagos de otras deudas, le deja $240 al mes. ' +
        'El plan paga 1 cuenta con $5,000 adeudados por $126 al mes (incluida la tarifa mensual de $25), frente a ' +
        'unos $141 al mes estimados ahora. El plan cabe en el presupuesto tal como está.',
    );
    const budget = decide(
      input({ selectedItems: [card('d1', 500000), card('d2', 120000)], monthlyIncome: 260000 }),
    );
    const spanish = localizeExplanation(budget.explanation, (d, v) => es.formatMessage(d, v));
    expect(spanish).toContain('El plan paga 2 cuentas con $6,200 adeudados');
    expect(spanish).toMatch(/Faltan \$[\d,]+; al reducir los gastos flexibles/);
    for (const [, i] of CASES) {
      const text = localizeExplanation(decide(i).explanation, (d, v) => es.formatMessage(d, v));
      expect(text).not.toMatch(/\b(the|income|month|plan pays|short)\b/);
    }
  });

  it('recognises the sentences against a budget the borrower agreed, in both languages', () => {
    for (const [cashflow, other, gap] of [
      [30_000, 0, 0],
      [30_000, 2_000, 4_050],
    ] as const) {
      const english = [
        budgetSentence({
          monthlyIncome: 300_000,
          expenses: 270_000 - other,
          otherDebtPayments: other,
          agreed: true,
        }),
        fitSentence(gap, 20_000, true),
      ].join(' ');
      expect(english).toMatch(/^With the budget you agreed, your monthly income of \$3,000/);
      expect(english).toContain(`leaves ${formatDollars(cashflow)} a month.`);
      const parts = explanationSentences(english);
      expect(parts, english).not.toBeNull();
      expect(parts!.map((p) => en.formatMessage(p.descriptor, p.values)).join(' ')).toBe(english);
      const spanish = localizeExplanation(english, (d, v) => es.formatMessage(d, v));
      expect(spanish).toMatch(/^Con el presupuesto que aceptó, su ingreso mensual de \$3,000/);
      expect(spanish).toContain(
        gap > 0
          ? 'Eso es $41 al mes más de lo que le deja el presupuesto que aceptó.'
          : 'El plan cabe en el presupuesto que aceptó.',
      );
    }
  });

  it('leaves an explanation it does not know as it is', () => {
    expect(localizeExplanation('Something else.', (d, v) => es.formatMessage(d, v))).toBe('Something else.');
    expect(explanationSentences('')).toBeNull();
  });
});
