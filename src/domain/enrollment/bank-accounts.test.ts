import { describe, expect, it } from 'vitest';
import { checkingAccounts, hasCheckingAccount } from './bank-accounts';

type Account = { id: string; type?: string | null; subtype?: string | null };

const CHECKING: Account = { id: 'chk', type: 'depository', subtype: 'checking' };
const SAVINGS: Account = { id: 'sav', type: 'depository', subtype: 'savings' };
const CREDIT_CARD: Account = { id: 'cc', type: 'credit', subtype: 'credit card' };

describe('checkingAccounts and hasCheckingAccount', () => {
  it.each([
    // [case, accounts, ids of the checking accounts]
    ['no accounts', [], []],
    ['savings and a credit card only', [SAVINGS, CREDIT_CARD], []],
    ['a checking account', [CHECKING], ['chk']],
    ['checking among others, in their order', [SAVINGS, CHECKING, CREDIT_CARD], ['chk']],
    [
      'two checking accounts',
      [CHECKING, { id: 'chk2', type: 'depository', subtype: 'checking' }],
      ['chk', 'chk2'],
    ],
    ['an upper-case subtype', [{ id: 'a', type: 'Depository', subtype: 'Checking' }], ['a']],
    ['spaces around the subtype', [{ id: 'a', type: 'depository', subtype: ' checking ' }], ['a']],
    ['a null subtype', [{ id: 'a', type: 'depository', subtype: null }], []],
    ['no subtype at all', [{ id: 'a', type: 'depository' }], []],
    ['no type: the subtype decides', [{ id: 'a', type: null, subtype: 'checking' }], ['a']],
    ['a checking subtype on a non-depository type', [{ id: 'a', type: 'credit', subtype: 'checking' }], []],
    [
      'a cash management account is not checking',
      [{ id: 'a', type: 'depository', subtype: 'cash management' }],
      [],
    ],
    ['a money market account', [{ id: 'a', type: 'depository', subtype: 'money market' }], []],
  ])('%s', (_, accounts: Account[], ids) => {
    expect(checkingAccounts(accounts).map((a) => a.id)).toEqual(ids);
    expect(hasCheckingAccount(accounts)).toBe(ids.length > 0);
  });

  it('returns the accounts themselves, with all their fields', () => {
    const account = { ...CHECKING, mask: '0000', name: 'Plaid Checking' };
    expect(checkingAccounts([account])[0]).toBe(account);
  });
});
