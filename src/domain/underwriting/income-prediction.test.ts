import { describe, expect, it } from 'vitest';
import { dollars } from '../money/cents';
import { payerKey, predictIncome, type IncomeTransaction } from './income-prediction';

// Today is 2026-03-31 throughout, so the 90-day window is 2026-01-01 ... 2026-03-31 (31 + 28 + 31 days).
const TODAY = '2026-03-31';

/** Money coming in: the provider signs it negative. */
const deposit = (
  id: string,
  date: string,
  amount: number,
  name: string,
  accountSubtype: string | null = 'checking',
): IncomeTransaction => ({ id, date, amount: -dollars(amount), name, accountSubtype });

/** Money going out: positive. */
const spend = (id: string, date: string, amount: number, name: string): IncomeTransaction => ({
  id,
  date,
  amount: dollars(amount),
  name,
});

// $1,850 every other Friday. Two paychecks in December fall before the window; 7 fall inside it.
const BIWEEKLY_PAYROLL = [
  '2025-12-05',
  '2025-12-19',
  '2026-01-02',
  '2026-01-16',
  '2026-01-30',
  '2026-02-13',
  '2026-02-27',
  '2026-03-13',
  '2026-03-27',
].map((date, i) => deposit(`pay-${date}`, date, 1850, `ACME CORP PAYROLL PPD ID ${4000 + i}`));
const BIWEEKLY_IDS_IN_WINDOW = BIWEEKLY_PAYROLL.slice(2).map((t) => t.id);

// $2,000 on the 15th and the last day of the month, a business day early when that is a weekend. No income
// word in the name: it counts because it recurs.
const SEMIMONTHLY_PAYROLL = [
  '2025-12-15',
  '2025-12-31',
  '2026-01-15',
  '2026-01-30',
  '2026-02-13',
  '2026-02-27',
  '2026-03-13',
  '2026-03-31',
].map((date) => deposit(`globex-${date}`, date, 2000, `GLOBEX CORP PPD ID ${date.replaceAll('-', '')}`));

// Irregular payouts from three platforms; each counts by its name, even the single DoorDash payout.
const GIG = [
  deposit('uber-dec', '2025-12-20', 150.0, 'UBER TECHNOLOGIES INC'), // before the window
  deposit('uber-1', '2026-01-05', 212.4, 'UBER TECHNOLOGIES INC'),
  deposit('uber-2', '2026-02-09', 187.15, 'UBER TECHNOLOGIES INC'),
  deposit('doordash-1', '2026-02-20', 96.3, 'DOORDASH INC DES:PAYOUT ID:88213'),
  deposit('instacart-1', '2026-03-02', 143.55, 'INSTACART SHOPPER PAY'),
  deposit('uber-3', '2026-03-16', 240.0, 'UBER TECHNOLOGIES INC'),
  deposit('instacart-2', '2026-03-23', 88.1, 'INSTACART SHOPPER PAY'),
];
const GIG_IDS_IN_WINDOW = ['uber-1', 'uber-2', 'doordash-1', 'instacart-1', 'uber-3', 'instacart-2'];

const SPENDING = [
  spend('rent', '2026-03-01', 1400, 'OAK APARTMENTS RENT'),
  spend('groceries', '2026-03-07', 86.12, 'KROGER #123'),
  // Money going out is never income, even with an income word: the borrower paying a nanny's payroll service.
  spend('payroll-out', '2026-03-10', 600, 'HOMEPAY PAYROLL'),
];

const NONE = { monthlyIncome: 0, annualIncome: 0, ninetyDayIncome: 0, incomeTransactionIds: [] };

describe('predictIncome: worked examples (today 2026-03-31, window 2026-01-01 ... 2026-03-31)', () => {
  it.each([
    [
      // 7 × 1,850 = 12,950 dollars; 12,950 / 3 = 4,316.666... → 4,316.67; × 12 = 51,800.04.
      'biweekly payroll of $1,850: 7 paychecks in the window',
      [...BIWEEKLY_PAYROLL, ...SPENDING],
      {
        ninetyDayIncome: 1_295_000,
        monthlyIncome: 431_667,
        annualIncome: 5_180_004,
        ids: BIWEEKLY_IDS_IN_WINDOW,
      },
    ],
    [
      // 6 × 2,000 = 12,000; 4,000 a month; 48,000 a year.
      'semimonthly payroll of $2,000, recurring without an income word',
      SEMIMONTHLY_PAYROLL,
      {
        ninetyDayIncome: 1_200_000,
        monthlyIncome: 400_000,
        annualIncome: 4_800_000,
        ids: SEMIMONTHLY_PAYROLL.slice(2).map((t) => t.id),
      },
    ],
    [
      // 212.40 + 187.15 + 96.30 + 143.55 + 240.00 + 88.10 = 967.50; / 3 = 322.50; × 12 = 3,870.
      'irregular gig income across Uber, DoorDash and Instacart',
      [...GIG, ...SPENDING],
      { ninetyDayIncome: 96_750, monthlyIncome: 32_250, annualIncome: 387_000, ids: GIG_IDS_IN_WINDOW },
    ],
    [
      // 12,950 + 967.50 = 13,917.50; / 3 = 4,639.1666... → 4,639.17; × 12 = 55,670.04.
      'biweekly payroll and gig income together, ids oldest first',
      [...GIG, ...BIWEEKLY_PAYROLL, ...SPENDING],
      {
        ninetyDayIncome: 1_391_750,
        monthlyIncome: 463_917,
        annualIncome: 5_567_004,
        ids: [
          'pay-2026-01-02',
          'uber-1',
          'pay-2026-01-16',
          'pay-2026-01-30',
          'uber-2',
          'pay-2026-02-13',
          'doordash-1',
          'pay-2026-02-27',
          'instacart-1',
          'pay-2026-03-13',
          'uber-3',
          'instacart-2',
          'pay-2026-03-27',
        ],
      },
    ],
  ])('%s', (_, transactions, expected) => {
    expect(predictIncome(transactions, TODAY)).toEqual({
      ninetyDayIncome: expected.ninetyDayIncome,
      monthlyIncome: expected.monthlyIncome,
      annualIncome: expected.annualIncome,
      incomeTransactionIds: expected.ids,
    });
  });

  it.each([
    ['no transactions at all', []],
    ['spending only', SPENDING],
    ['a one-off tax refund', [deposit('irs', '2026-03-03', 1240, 'IRS TREAS 310 TAX REF')]],
    [
      'a monthly transfer from savings',
      ['2026-01-02', '2026-02-02', '2026-03-02'].map((date) =>
        deposit(`sav-${date}`, date, 300, 'ONLINE TRANSFER FROM SAVINGS XXXXXX4321'),
      ),
    ],
    [
      'payroll that stopped before the window (last paycheck 2025-12-26)',
      ['2025-10-03', '2025-10-17', '2025-10-31', '2025-11-14', '2025-11-28', '2025-12-12', '2025-12-26'].map(
        (date) => deposit(`old-${date}`, date, 1850, 'ACME CORP PAYROLL PPD ID 1234'),
      ),
    ],
  ])('no income: %s', (_, transactions) => {
    expect(predictIncome(transactions, TODAY)).toEqual(NONE);
  });
});

describe('predictIncome: which deposits are income', () => {
  it.each([
    // [case, transactions, ids counted]
    [
      'a payroll word counts from a single deposit',
      [deposit('a', '2026-03-06', 900, 'STATE OF OHIO PAYROLL')],
      ['a'],
    ],
    ['Social Security', [deposit('a', '2026-03-04', 1420, 'SSA TREAS 310 XXSOC SEC')], ['a']],
    ['unemployment', [deposit('a', '2026-03-04', 450, 'NYS DOL UI BENEFITS')], ['a']],
    [
      'a refund, even when it recurs',
      [
        deposit('a', '2026-02-10', 25, 'AMAZON.COM REFUND'),
        deposit('b', '2026-03-10', 25, 'AMAZON.COM REFUND'),
      ],
      [],
    ],
    ['a reversal of a payroll deposit', [deposit('a', '2026-03-06', 900, 'ACME PAYROLL REVERSAL')], []],
    ['a returned item', [deposit('a', '2026-03-06', 120, 'RETURNED ITEM FEE')], []],
    [
      'payments on a credit card account, even when they recur',
      [
        deposit('a', '2026-02-05', 200, 'ONLINE PAYMENT', 'credit card'),
        deposit('b', '2026-03-05', 200, 'ONLINE PAYMENT', 'Credit Card'),
      ],
      [],
    ],
    ['a card payment', [deposit('a', '2026-03-05', 200, 'PAYMENT - THANK YOU')], []],
    ['a one-off Zelle payment', [deposit('a', '2026-03-12', 60, 'ZELLE FROM JOHN SMITH')], []],
    [
      'Zelle from the same person every month (labelled a transfer)',
      [
        deposit('a', '2026-02-01', 400, 'ZELLE TRANSFER FROM JANE DOE CONF# A81B2'),
        deposit('b', '2026-03-01', 400, 'ZELLE TRANSFER FROM JANE DOE CONF# C92D4'),
      ],
      ['a', 'b'],
    ],
    [
      'a one-off cash deposit at an ATM',
      [deposit('a', '2026-03-02', 500, 'ATM CASH DEPOSIT 03/02 123 MAIN ST')],
      [],
    ],
    [
      'cash deposits at the same ATM in two months',
      [
        deposit('a', '2026-02-02', 500, 'ATM CASH DEPOSIT 02/02 123 MAIN ST'),
        deposit('b', '2026-03-02', 500, 'ATM CASH DEPOSIT 03/02 123 MAIN ST'),
      ],
      ['a', 'b'],
    ],
    [
      'a new weekly job, all in one month: a regular cadence',
      [
        deposit('a', '2026-03-06', 300, 'BRIGHT CLEANING LLC'),
        deposit('b', '2026-03-13', 300, 'BRIGHT CLEANING LLC'),
        deposit('c', '2026-03-20', 300, 'BRIGHT CLEANING LLC'),
      ],
      ['a', 'b', 'c'],
    ],
    [
      'two deposits two days apart in one month: neither two months nor a cadence',
      [
        deposit('a', '2026-03-03', 75, 'MARKETPLACE SALE'),
        deposit('b', '2026-03-05', 75, 'MARKETPLACE SALE'),
      ],
      [],
    ],
    [
      'a name with no payer left once cleaned is never recurring',
      [deposit('a', '2026-02-12', 100, 'DEPOSIT 0212'), deposit('b', '2026-03-12', 100, 'DEPOSIT 0312')],
      [],
    ],
    [
      'recurrence is judged on the whole history: the one January payment in the window counts',
      [
        deposit('a', '2025-11-20', 250, 'RENTAL INCOME SMITH'),
        deposit('b', '2026-01-20', 250, 'RENTAL INCOME SMITH'),
      ],
      ['b'],
    ],
    [
      'the window ends today: a deposit dated tomorrow waits',
      [deposit('a', '2026-03-31', 900, 'ACME PAYROLL'), deposit('b', '2026-04-01', 900, 'ACME PAYROLL')],
      ['a'],
    ],
    [
      'the window starts 89 days before today',
      [deposit('a', '2025-12-31', 900, 'ACME PAYROLL'), deposit('b', '2026-01-01', 900, 'ACME PAYROLL')],
      ['b'],
    ],
  ])('%s', (_, transactions, ids) => {
    expect(predictIncome(transactions, TODAY).incomeTransactionIds).toEqual(ids);
  });

  it('refuses a today that is not a yyyy-MM-dd day', () => {
    expect(() => predictIncome([], '2026-02-30')).toThrow(RangeError);
  });
});

describe('payerKey', () => {
  it.each([
    ['ACME CORP PAYROLL PPD ID 1234', 'ACME CORP PAYROLL'],
    ['ACME CORP PAYROLL PPD ID 5678', 'ACME CORP PAYROLL'],
    ['ACME CORP DES:PAYROLL ID:XXXXX1234 INDN:JANE DOE CO ID:9876 PPD', 'ACME CORP PAYROLL JANE DOE'],
    ['Globex Corp 01/15/26 #A1B2', 'GLOBEX CORP'],
    ['CITY OF SPRINGFIELD ACH DEPOSIT MARCH 2026', 'CITY OF SPRINGFIELD'],
    ['ATM CASH DEPOSIT 03/02 123 MAIN ST', 'ATM CASH MAIN ST'],
    ['DEPOSIT 0412', ''],
  ])('%s → %s', (name, key) => {
    expect(payerKey(name)).toBe(key);
  });
});
