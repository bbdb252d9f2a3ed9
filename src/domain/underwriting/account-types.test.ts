import { describe, expect, it } from 'vitest';
import { accountTypeName } from './account-types';

describe('accountTypeName', () => {
  it.each([
    ['CC', 'Credit Card (CC)'],
    ['CH', 'Charge Account (CH)'],
    ['FX', 'Flexible Spending Credit Card (FX)'],
    ['LC', 'Line of Credit (LC)'],
    ['US', 'Unsecured Loan (US)'],
    ['AU', 'Auto Loan (AU)'],
    ['CV', 'Conventional Real Estate Mortgage (CV)'],
    ['SM', 'Second Mortgage (SM)'],
    ['ST', 'Student Loan (ST)'],
    ['FE', 'Attorney Fees (FE)'],
    ['cc', 'Credit Card (CC)'],
    ['ZZ', 'ZZ'],
    [null, null],
  ])('%j → %j', (code, expected) => {
    expect(accountTypeName(code)).toBe(expected);
  });
});
