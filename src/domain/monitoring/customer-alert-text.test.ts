import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, type AlertType } from '../flow/staff-views';
import {
  type CustomerAlertFigures,
  customerAlertFiguresSchema,
  customerAlertText,
  DEBT_SCORE_MEANING,
  formatAlertDate,
  percentFall,
  statementDollars,
} from './customer-alert-text';

describe('customerAlertText: each alert with its figures, in plain words', () => {
  it.each<[string, AlertType, CustomerAlertFigures, string]>([
    [
      'a debt score 38 points lower',
      'debtScore30DayDecrease',
      { kind: 'debtScore', score: 612, previous: 650 },
      `Your debt score is 612, 38 points lower than 30 days ago (650). ${DEBT_SCORE_MEANING}`,
    ],
    [
      'a debt score one point lower',
      'debtScore30DayDecrease',
      { kind: 'debtScore', score: 499, previous: 500 },
      `Your debt score is 499, 1 point lower than 30 days ago (500). ${DEBT_SCORE_MEANING}`,
    ],
    [
      'a debt score with nothing to compare (the older score is gone)',
      'debtScore30DayDecrease',
      { kind: 'debtScore', score: 580, previous: null },
      `Your debt score is 580. ${DEBT_SCORE_MEANING}`,
    ],
    [
      'a debt score that has since risen back',
      'debtScore30DayDecrease',
      { kind: 'debtScore', score: 640, previous: 610 },
      `Your debt score is 640, 30 points higher than 30 days ago (610). ${DEBT_SCORE_MEANING}`,
    ],
    [
      'an available balance below the plan payment',
      'balanceBelowDMPPayment',
      {
        kind: 'balance',
        balance: 212_40,
        available: true,
        readAt: '2026-11-10T14:05:00.000Z',
        payment: 257_00,
        paymentDate: '2026-11-15',
      },
      'On November 10, 2026 your payment account had $212.40 available. ' +
        'Your plan payment of $257 is drawn on November 15, 2026.',
    ],
    [
      'a current balance (the bank reports no available one)',
      'balanceBelowDMPPayment',
      {
        kind: 'balance',
        balance: 90_00,
        available: false,
        readAt: '2026-02-26T23:30:00.000Z',
        payment: 330_25,
        paymentDate: '2026-03-01',
      },
      'On February 26, 2026 your payment account had $90 in it. ' +
        'Your plan payment of $330 is drawn on March 1, 2026.',
    ],
    [
      'a balance a few cents short: the payment to the cent, not rounded to look covered',
      'balanceBelowDMPPayment',
      {
        kind: 'balance',
        balance: 257_20,
        available: true,
        readAt: '2026-11-12T08:00:00.000Z',
        payment: 257_40,
        paymentDate: '2026-11-15',
      },
      'On November 12, 2026 your payment account had $257.20 available. ' +
        'Your plan payment of $257.40 is drawn on November 15, 2026.',
    ],
    [
      'a plan without terms (no payment to compare)',
      'balanceBelowDMPPayment',
      {
        kind: 'balance',
        balance: 10_00,
        available: true,
        readAt: '2026-11-12T08:00:00.000Z',
        payment: null,
        paymentDate: null,
      },
      'On November 12, 2026 your payment account had $10 available.',
    ],
    [
      'an overdraft fee',
      'overdraftTransaction',
      { kind: 'fee', name: 'OVERDRAFT FEE', amount: 35_00, date: '2026-11-12' },
      'On November 12, 2026 your bank charged an overdraft fee of $35. Your statement shows it as "OVERDRAFT FEE".',
    ],
    [
      'an insufficient-funds fee with cents and no name',
      'insufficientFundsTransaction',
      { kind: 'fee', name: '  ', amount: 36_50, date: '2026-01-03' },
      'On January 3, 2026 your bank charged an insufficient-funds fee of $36.50.',
    ],
    [
      'an income that fell by 14 %',
      'monthlyIncomeDecrease',
      { kind: 'income', monthlyIncome: 3_600_00, previous: 4_200_00 },
      'The pay coming into your bank account went from about $4,200 to $3,600 a month, 14% less.',
    ],
    [
      'an income with nothing to compare',
      'monthlyIncomeDecrease',
      { kind: 'income', monthlyIncome: 3_600_00, previous: null },
      'The pay coming into your bank account is now about $3,600 a month.',
    ],
    [
      'an inquiry by a named lender',
      'newCreditInquiry',
      { kind: 'inquiry', lender: 'Capital One', date: '2026-10-30' },
      'Capital One checked your credit on October 30, 2026.',
    ],
    [
      'an inquiry without a lender',
      'newCreditInquiry',
      { kind: 'inquiry', lender: null, date: '2026-10-30' },
      'A lender checked your credit on October 30, 2026.',
    ],
    [
      'a disconnected bank',
      'bankAccountDisconnected',
      { kind: 'bank', institutionName: 'First Platypus Bank' },
      'Your connection to First Platypus Bank stopped.',
    ],
  ])('%s', (_, type, figures, text) => {
    expect(customerAlertFiguresSchema.parse(figures)).toEqual(figures);
    expect(customerAlertText(type, figures)).toBe(text);
  });

  it('says what the debt score is with its real range', () => {
    expect(DEBT_SCORE_MEANING).toBe(
      'The score, from 0 to 1,000, shows how likely you are to complete your plan, judged from your credit ' +
        'report and from how much of your income is left for your debts after your expenses: the higher, the better.',
    );
  });

  it('says nothing when the figures are gone or belong to another kind of alert', () => {
    for (const type of ALERT_TYPES) expect(customerAlertText(type, null)).toBe('');
    const bank: CustomerAlertFigures = { kind: 'bank', institutionName: 'Tartan Bank' };
    for (const type of ALERT_TYPES.filter((t) => t !== 'bankAccountDisconnected'))
      expect(customerAlertText(type, bank)).toBe('');
  });
});

describe('the figures’ formats', () => {
  it.each([
    ['2026-11-12', 'November 12, 2026'],
    ['2026-11-12T00:00:00.000Z', 'November 12, 2026'],
    ['2026-12-31T23:59:59.999Z', 'December 31, 2026'],
    ['not a date', ''],
    ['2026-13-01', ''],
  ])('formatAlertDate(%s) is %j', (value, text) => {
    expect(formatAlertDate(value)).toBe(text);
  });

  it.each([
    [35_00, '$35'],
    [212_40, '$212.40'],
    [1_234_05, '$1,234.05'],
    [-5_50, '-$5.50'],
  ])('statementDollars(%i) is %s', (c, text) => {
    expect(statementDollars(c)).toBe(text);
  });

  it.each([
    [4_200_00, 3_600_00, 14],
    [1_000_00, 854_00, 15],
    [1_000_00, 1_000_00, 0],
    [0, 100_00, 0],
  ])('percentFall(%i, %i) is %i', (previous, now, fall) => {
    expect(percentFall(previous, now)).toBe(fall);
  });
});
