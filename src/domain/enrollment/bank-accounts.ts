// A bank connection must include a checking account: the plan's monthly payment is debited from it.

/** The provider's account type for bank (deposit) accounts, as opposed to credit, loan or investment. */
const DEPOSITORY_TYPE = 'depository';
/** The one deposit-account subtype the plan's payments are debited from. */
const CHECKING_SUBTYPE = 'checking';

type TypedAccount = { type?: string | null; subtype?: string | null };

const normalized = (value: string | null | undefined): string | undefined => value?.trim().toLowerCase();

/**
 * The checking accounts among a connection's accounts, in their order. An account is checking when its subtype
 * is 'checking' (any case) and its type, when reported, is 'depository'; an account with no type is judged by
 * its subtype alone, since the provider only uses 'checking' for depository accounts. An account with no
 * subtype is not checking: nothing says it can be debited.
 *
 * 'cash management' accounts are not checking even though they come with a debit card and a routing number:
 * they are brokerage accounts whose cash is swept to partner banks, and many of them refuse or return the
 * recurring ACH debits a plan depends on. A returned payment can cost the borrower the creditors' concessions.
 */
export function checkingAccounts<T extends TypedAccount>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => {
    const type = normalized(account.type);
    return (
      (type === undefined || type === DEPOSITORY_TYPE) && normalized(account.subtype) === CHECKING_SUBTYPE
    );
  });
}

/** True when the connection includes at least one checking account (checkingAccounts). */
export function hasCheckingAccount(accounts: readonly TypedAccount[]): boolean {
  return checkingAccounts(accounts).length > 0;
}
