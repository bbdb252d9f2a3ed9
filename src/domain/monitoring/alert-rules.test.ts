import { describe, expect, it } from 'vitest';
import {
  alertKey,
  balanceBelowDmpPayment,
  bankAccountDisconnected,
  debtScore30DayDecrease,
  feeTransactions,
  monthlyIncomeDecrease,
  newCreditInquiries,
  nextPaymentDate,
} from './alert-rules';

const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);

describe('balanceBelowDmpPayment: the payment account cannot cover the next draft', () => {
  // The plan draws $412.00 on 2026-03-15; the window is the 5 days before it.
  const rule = (available: number | null, readOn: string, current: number | null = 100_000) =>
    balanceBelowDmpPayment({
      balance: { id: 'bal-1', available, current, createdAt: at(readOn) },
      monthlyPayment: 41_200,
      nextPaymentDate: '2026-03-15',
      windowDays: 5,
      timeZone: 'America/New_York',
    });

  it.each([
    ['a dollar short, 3 days before', 41_100, '2026-03-12', true],
    ['exactly the payment (it covers it)', 41_200, '2026-03-12', false],
    ['a cent short on the payment day itself', 41_199, '2026-03-15', true],
    ['short, exactly 5 days before (the window’s first day)', 10_000, '2026-03-10', true],
    ['short, 6 days before (a paycheck may come first)', 10_000, '2026-03-09', false],
    ['short, after the payment date', 10_000, '2026-03-16', false],
    ['overdrawn (a negative balance)', -5_000, '2026-03-14', true],
  ])('%s → alert: %s', (_, available, readOn, alerts) => {
    const found = rule(available, readOn);
    expect(found).toEqual(
      alerts ? { type: 'balanceBelowDMPPayment', trigger: { id: 'bal-1', type: 'plaidBalance' } } : null,
    );
  });

  it('uses the current balance when the bank reports no available one, and says nothing with neither', () => {
    expect(rule(null, '2026-03-13', 20_000)).not.toBeNull();
    expect(rule(null, '2026-03-13', 50_000)).toBeNull();
    expect(rule(null, '2026-03-13', null)).toBeNull();
  });
});

describe('nextPaymentDate: the plan’s payment day in the month of today or the next', () => {
  it.each([
    ['2026-03-15', '2026-02-01', '2026-03-15'], // before the first payment: the first payment
    ['2026-03-15', '2026-03-15', '2026-03-15'], // on the day
    ['2026-03-15', '2026-03-16', '2026-04-15'],
    ['2026-01-31', '2026-02-10', '2026-02-28'], // a short month: its last day
    ['2026-01-31', '2026-03-01', '2026-03-31'],
    ['2026-11-20', '2026-12-25', '2027-01-20'], // across the year
  ])('first %s, today %s → %s', (first, today, next) => {
    expect(nextPaymentDate(first, today)).toBe(next);
  });

  it.each([
    ['2026-03-16', '2026-04-15'], // April is still on the 15th
    ['2026-04-16', '2026-05-05'], // May's draft is on the new day
    ['2026-05-06', '2026-06-05'],
  ])('after a change of day from May 5: today %s → %s', (today, next) => {
    expect(nextPaymentDate('2026-03-15', today, ['2026-05-05'])).toBe(next);
  });
});

describe('bankAccountDisconnected', () => {
  it('alerts on a connection that is no longer connected, naming it', () => {
    expect(bankAccountDisconnected({ id: 'item-1', isConnected: false })).toEqual({
      type: 'bankAccountDisconnected',
      trigger: { id: 'item-1', type: 'plaidItem' },
    });
    expect(bankAccountDisconnected({ id: 'item-1', isConnected: true })).toBeNull();
  });
});

describe('debtScore30DayDecrease: the newest score against the one 30 days before', () => {
  const score = (id: string, value: number, day: string) => ({ id, value, createdAt: at(day) });

  it.each([
    [
      'lower than exactly 30 days before',
      [score('a', 700, '2026-03-01'), score('b', 690, '2026-03-31')],
      'b',
    ],
    ['lower, but only 29 days after', [score('a', 700, '2026-03-02'), score('b', 690, '2026-03-31')], null],
    ['equal (no decrease)', [score('a', 700, '2026-03-01'), score('b', 700, '2026-03-31')], null],
    ['higher', [score('a', 700, '2026-03-01'), score('b', 720, '2026-03-31')], null],
    ['the first score', [score('a', 700, '2026-03-01')], null],
    [
      // The score to compare is the newest at least 30 days old (a, 715), not the oldest (o, 650).
      'compared with the newest score that is 30 days old',
      [
        score('o', 650, '2026-01-01'),
        score('a', 715, '2026-02-20'),
        score('m', 600, '2026-03-20'),
        score('b', 705, '2026-03-31'),
      ],
      'b',
    ],
    ['in any order', [score('b', 690, '2026-03-31'), score('a', 700, '2026-03-01')], 'b'],
  ])('%s', (_, scores, trigger) => {
    expect(debtScore30DayDecrease(scores)).toEqual(
      trigger ? { type: 'debtScore30DayDecrease', trigger: { id: trigger, type: 'debtScore' } } : null,
    );
  });
});

describe('feeTransactions: overdraft and insufficient-funds fees', () => {
  it.each([
    ['OVERDRAFT FEE', null, 3_500, 'overdraftTransaction'],
    ['Overdraft Item Fee 03/12', null, 3_500, 'overdraftTransaction'],
    ['OD FEE', null, 3_500, 'overdraftTransaction'],
    ['NSF RETURNED ITEM FEE', null, 3_400, 'insufficientFundsTransaction'],
    ['Insufficient Funds Fee', null, 3_400, 'insufficientFundsTransaction'],
    ['NON-SUFFICIENT FUNDS CHARGE', null, 3_400, 'insufficientFundsTransaction'],
    ['NSF/OVERDRAFT FEE', null, 3_400, 'insufficientFundsTransaction'],
    ['Monthly service charge', 'BANK_FEES_OVERDRAFT_FEES', 3_500, 'overdraftTransaction'],
    ['Fee', 'BANK_FEES_INSUFFICIENT_FUNDS', 3_400, 'insufficientFundsTransaction'],
    ['OVERDRAFT FEE REFUND', null, -3_500, null], // money coming back is not a fee
    ['Overdraft protection transfer', null, 0, null],
    ['OVERDRAFT PROTECTION TRANSFER', null, 5_000, null], // the customer's own savings, not a fee
    ['GROCERY OUTLET', 'FOOD_AND_DRINK_GROCERIES', 8_000, null],
    ['ODYSSEY THEATRE', null, 2_000, null], // 'od' inside a word is not a fee
    [null, null, 3_500, null],
  ])('%s (%s, %i cents) → %s', (name, category, amount, type) => {
    const found = feeTransactions([{ id: 'tx-1', name, category, amount }]);
    expect(found).toEqual(type ? [{ type, trigger: { id: 'tx-1', type: 'plaidTransaction' } }] : []);
  });
});

describe('newCreditInquiries: inquiries since the last pull', () => {
  const inquiries = [
    { id: 'i-old', date: '2026-02-10' },
    { id: 'i-same-day', date: '2026-03-01' },
    { id: 'i-new', date: '2026-03-12' },
  ];

  it('alerts on each inquiry dated after the last pull (the pull’s own day is not after it)', () => {
    expect(newCreditInquiries({ inquiries, lastPullDate: '2026-03-01' })).toEqual([
      { type: 'newCreditInquiry', trigger: { id: 'i-new', type: 'inquiry' } },
    ]);
  });

  it('has no news on the first pull', () => {
    expect(newCreditInquiries({ inquiries, lastPullDate: null })).toEqual([]);
  });
});

describe('monthlyIncomeDecrease: the newest snapshot against the previous one', () => {
  const snap = (id: string, monthlyIncome: number, day: string) => ({
    id,
    monthlyIncome,
    createdAt: at(day),
  });

  it.each([
    ['down 20 % (more than 10 %)', 400_000, 320_000, 0.1, 'b'],
    ['down exactly 10 % (not more)', 400_000, 360_000, 0.1, null],
    ['down a cent more than 10 %', 400_000, 359_999, 0.1, 'b'],
    ['up', 400_000, 450_000, 0.1, null],
    ['from nothing', 0, 0, 0.1, null],
    ['down 30 % with a 25 % threshold', 400_000, 280_000, 0.25, 'b'],
  ])('%s', (_, before, after, share, trigger) => {
    const found = monthlyIncomeDecrease(
      [snap('a', before, '2026-02-01'), snap('b', after, '2026-03-01')],
      share,
    );
    expect(found).toEqual(
      trigger ? { type: 'monthlyIncomeDecrease', trigger: { id: trigger, type: 'incomeSnapshot' } } : null,
    );
  });

  it('has nothing to compare with one snapshot, and takes the two newest in any order', () => {
    expect(monthlyIncomeDecrease([snap('a', 400_000, '2026-02-01')], 0.1)).toBeNull();
    expect(
      monthlyIncomeDecrease(
        [
          snap('c', 300_000, '2026-03-01'),
          snap('a', 100_000, '2026-01-01'),
          snap('b', 400_000, '2026-02-01'),
        ],
        0.1,
      ),
    ).toEqual({ type: 'monthlyIncomeDecrease', trigger: { id: 'c', type: 'incomeSnapshot' } });
  });
});

describe('alertKey: one alert per condition and trigger', () => {
  it('is the same for the same type and trigger, different otherwise', () => {
    const a = {
      type: 'overdraftTransaction' as const,
      trigger: { id: 'tx-1', type: 'plaidTransaction' as const },
    };
    expect(alertKey(a)).toBe(alertKey({ ...a, trigger: { ...a.trigger } }));
    expect(alertKey(a)).not.toBe(alertKey({ ...a, type: 'insufficientFundsTransaction' }));
    expect(alertKey(a)).not.toBe(alertKey({ ...a, trigger: { ...a.trigger, id: 'tx-2' } }));
  });
});
