import { createIntl } from '@formatjs/intl';
import { ALL_CATALOGS } from '../i18n/all-catalogs';
import { ACCOUNT_TYPE_MESSAGES, accountTypeKey } from './account-type-messages';
import { describe, expect, it } from 'vitest';
import table from '#data/account-types.json' with { type: 'json' };
import { accountTypeName, accountTypePlainWords } from './account-types';

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

describe('accountTypePlainWords: what a borrower reads', () => {
  it.each([
    ['CC', 'Credit card'],
    ['CH', 'Charge account'],
    ['FX', 'Flexible spending credit card'],
    ['LC', 'Line of credit'],
    ['US', 'Unsecured loan'],
    ['AG', 'Collection agency'],
    ['MD', 'Medical debt'],
    ['MH', 'Medical or health care'],
    ['AF', 'Appliance or furniture'],
    ['CU', 'Phone or mobile account'],
    ['FR', 'FHA real estate mortgage'],
    ['FL', 'FmHA real estate mortgage'],
    ['VM', 'VA real estate mortgage'],
    ['FE', "Attorney's fees"],
    ['UK', 'Other account'],
    [' cc ', 'Credit card'],
    ['ZZ', 'Other account'],
    ['', null],
    [null, null],
  ])('%j → %j', (code, expected) => {
    expect(accountTypePlainWords(code)).toBe(expected);
  });

  it('never shows a borrower a bare code or a slash, for every code the table has', () => {
    for (const code of Object.keys(table.names)) {
      const words = accountTypePlainWords(code)!;
      expect(words).not.toContain('/');
      expect(words).not.toContain(`(${code})`);
      expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
    }
  });

  it('has a message for every code the table has, worded in Spanish too', () => {
    const es = createIntl({ locale: 'es-US', messages: ALL_CATALOGS.es });
    const en = createIntl({ locale: 'en-US', messages: ALL_CATALOGS.en });
    expect(Object.keys(ACCOUNT_TYPE_MESSAGES).sort()).toEqual(Object.keys(table.names).sort());
    for (const code of [...Object.keys(table.names), 'ZZ']) {
      const key = accountTypeKey(code);
      expect(key, code).not.toBeNull();
      const message = ACCOUNT_TYPE_MESSAGES[key!];
      expect(en.formatMessage(message)).toBe(accountTypePlainWords(code));
      expect(es.formatMessage(message), code).not.toBe(accountTypePlainWords(code));
    }
    expect(es.formatMessage(ACCOUNT_TYPE_MESSAGES[accountTypeKey(' cc ')!])).toBe('Tarjeta de crédito');
  });
});

describe('accountTypeKey: what the answers carry for the page to word', () => {
  it.each([
    ['CC', 'CC'],
    [' cc ', 'CC'],
    ['AG', 'AG'],
    ['ZZ', 'UK'],
    ['', null],
    [null, null],
  ])('%j → %j', (code, expected) => {
    expect(accountTypeKey(code)).toBe(expected);
  });
});
