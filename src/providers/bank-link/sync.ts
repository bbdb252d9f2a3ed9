import { BankLinkSyncMutationError, type BankLink, type BankTransaction, type ReadOptions } from './port';

/** How many times one reading starts again after the transactions changed under it, before it gives up. */
export const MAX_SYNC_RESTARTS = 3;

export type TransactionUpdates = {
  /** New transactions, by id (a later page's version wins). */
  added: BankTransaction[];
  /** Transactions stored before whose details changed: to be updated in place. */
  modified: BankTransaction[];
  /** Ids of transactions to delete. */
  removed: string[];
  /** Where the next reading resumes; the starting cursor when nothing was read. */
  cursor: string | null;
  /** The provider's word on the last page: the item's whole history has been read. */
  historyComplete: boolean;
  /** Whether every page was read (false: `maxPages` stopped it; the rest waits for the next reading). */
  reachedEnd: boolean;
};

/**
 * Reads every page of an item's transaction updates since `cursor`. The provider's rule for a change that
 * happens between two pages of one reading (TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION) is that "the entire
 * pagination request loop must be restarted beginning with the cursor for the first page of the update":
 * the pages read so far are dropped and the reading starts again from `cursor`, at most MAX_SYNC_RESTARTS
 * times. Within one reading a transaction's last word wins: added then modified stays one transaction (with
 * the modified details), and a removed one is dropped from what was added.
 */
export async function readTransactionUpdates(
  bankLink: BankLink,
  accessToken: string,
  cursor: string | null,
  o: { maxPages: number } & ReadOptions,
): Promise<TransactionUpdates> {
  const read = o.asOf ? { asOf: o.asOf } : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await readOnce(bankLink, accessToken, cursor, o.maxPages, read);
    } catch (error) {
      if (!(error instanceof BankLinkSyncMutationError) || attempt >= MAX_SYNC_RESTARTS) throw error;
    }
  }
}

async function readOnce(
  bankLink: BankLink,
  accessToken: string,
  start: string | null,
  maxPages: number,
  read: ReadOptions | undefined,
): Promise<TransactionUpdates> {
  const added = new Map<string, BankTransaction>();
  const modified = new Map<string, BankTransaction>();
  const removed = new Set<string>();
  let cursor = start ?? undefined;
  let historyComplete = false;
  for (let page = 0; page < maxPages; page++) {
    const answer = await bankLink.syncTransactions(accessToken, cursor, read);
    for (const t of answer.added) {
      removed.delete(t.transactionId);
      added.set(t.transactionId, t);
    }
    for (const t of answer.modified) {
      // A transaction added earlier in this same reading is still new: it is stored with its latest details.
      if (added.has(t.transactionId)) added.set(t.transactionId, t);
      else modified.set(t.transactionId, t);
    }
    for (const id of answer.removed) {
      added.delete(id);
      modified.delete(id);
      removed.add(id);
    }
    cursor = answer.nextCursor;
    historyComplete = answer.historyComplete;
    if (!answer.hasMore) {
      return {
        added: [...added.values()],
        modified: [...modified.values()],
        removed: [...removed],
        cursor: cursor ?? null,
        historyComplete,
        reachedEnd: true,
      };
    }
  }
  return {
    added: [...added.values()],
    modified: [...modified.values()],
    removed: [...removed],
    cursor: cursor ?? null,
    // Pages are left unread: the history is not all in yet, whatever the last page said.
    historyComplete: false,
    reachedEnd: false,
  };
}
