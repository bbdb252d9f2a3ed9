import type { BankAccount, BankItem } from '#providers/bank-link/port';
import type { TransactionUpdates } from '#providers/bank-link/sync';

/**
 * What the bank link answered for a connection (connect-bank.ts asks it, outside any unit of work): the units
 * that keep it (connection-rows.ts, reconnection-rows.ts) are given this answer, never the provider.
 */
export type Connection = {
  accessToken: string;
  item: BankItem;
  accounts: BankAccount[];
  /** The first reading of the transactions: for a bank connected seconds ago, usually nothing yet. */
  transactions: TransactionUpdates;
};
