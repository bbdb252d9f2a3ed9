// How the creditor offers are listed wherever they appear (the borrower's /offers/review and the service
// portal's tables), so both show the same order and the same masked account numbers.

/** What ordering an offer needs: its creditor and its current balance (integer cents). */
export type BalanceRow = { creditorName: string; currentBalance: number };

/** The message shown in place of an empty offers table. */
export const OFFERS_TABLE_EMPTY = 'There are no creditor offers to show.';

/** Creditors sorted by current balance, largest first (the creditor's name breaks ties); the input is left alone. */
export function sortOffersByBalance<T extends BalanceRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) => b.currentBalance - a.currentBalance || a.creditorName.localeCompare(b.creditorName),
  );
}

/** An account number as staff and borrowers see it: only its last four digits, '...1234'. */
export const maskedAccountNumber = (last4: string): string => `...${last4}`;
