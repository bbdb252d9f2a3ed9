import { describe, expect, it } from 'vitest';
import { describeTrigger, formatExactDollars, formatShortDate, type TriggerFacts } from './alert-triggers';

describe('describeTrigger: what raised an alert, in words', () => {
  it.each<[string, TriggerFacts, string]>([
    [
      'an overdraft fee',
      { type: 'plaidTransaction', name: 'OVERDRAFT FEE', date: '2026-11-12', amount: 35_00 },
      'Transaction OVERDRAFT FEE on 12 Nov 2026, $35.00',
    ],
    [
      'a transaction without a name',
      { type: 'plaidTransaction', name: '  ', date: '2026-01-03', amount: 1_234_56 },
      'Transaction (no name) on 3 Jan 2026, $1,234.56',
    ],
    ['a score that fell', { type: 'debtScore', value: 580, previous: 612 }, 'Debt score 612 → 580'],
    ['a score with nothing to compare', { type: 'debtScore', value: 580, previous: null }, 'Debt score 580'],
    [
      'an income that fell',
      { type: 'incomeSnapshot', monthlyIncome: 3_200_00, previous: 4_000_00 },
      'Monthly income $4,000.00 → $3,200.00',
    ],
    [
      'an income with nothing to compare',
      { type: 'incomeSnapshot', monthlyIncome: 3_200_00, previous: null },
      'Monthly income $3,200.00',
    ],
    [
      'an inquiry',
      { type: 'inquiry', subscriberName: 'ACME AUTO FINANCE', date: '2026-10-30' },
      'Inquiry by ACME AUTO FINANCE on 30 Oct 2026',
    ],
    [
      'an inquiry without a lender',
      { type: 'inquiry', subscriberName: null, date: '2026-10-30' },
      'Inquiry by an unnamed lender on 30 Oct 2026',
    ],
    [
      'an available balance',
      {
        type: 'plaidBalance',
        available: 120_50,
        current: 300_00,
        at: new Date('2026-11-20T08:00:00Z'),
        accountName: 'Everyday Checking',
      },
      'Available balance $120.50 in Everyday Checking on 20 Nov 2026',
    ],
    [
      'only the current balance',
      {
        type: 'plaidBalance',
        available: null,
        current: -5_00,
        at: new Date('2026-11-20T08:00:00Z'),
        accountName: null,
      },
      'Current balance -$5.00 on 20 Nov 2026',
    ],
    [
      'no balance at all',
      {
        type: 'plaidBalance',
        available: null,
        current: null,
        at: new Date('2026-11-20T08:00:00Z'),
        accountName: null,
      },
      'No balance reported on 20 Nov 2026',
    ],
    [
      'a disconnection',
      { type: 'plaidItem', institutionName: 'First Platypus Bank' },
      'The connection to First Platypus Bank stopped',
    ],
  ])('%s', (_name, facts, expected) => {
    expect(describeTrigger(facts)).toBe(expected);
  });

  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [-500, '-$5.00'],
    [123_456_789, '$1,234,567.89'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatExactDollars(cents)).toBe(text);
  });

  it('writes a day as day, short month and year', () => {
    expect(formatShortDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatShortDate('2026-05-01T23:00:00.000Z')).toBe('1 May 2026');
  });
});
