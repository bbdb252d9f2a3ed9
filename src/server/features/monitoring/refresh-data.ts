import type { FastifyBaseLogger } from 'fastify';
import { type BankLink, BankLinkLoginRequiredError } from '#providers/bank-link/port';
import { readTransactionUpdates } from '#providers/bank-link/sync';
import { ensureItemWebhookOutsideUnits } from '#server/application/bank-history';
import type { OpenUnit } from '#server/unit-of-work';
import {
  DEFAULT_REFRESH_SETTINGS,
  type ItemRead,
  type ItemToRead,
  itemsToRead,
  type RefreshSettings,
  storeRefresh,
} from './refresh-store';

/** A bank with a long backlog is read in pages; this bounds one item's reading per run. */
const MAX_SYNC_PAGES = 50;

export type RefreshDeps = {
  /** The door to units of work: the items are read in one, what the banks answered stored in a later one. */
  openUnit: OpenUnit;
  /** Called between the units, never inside one. */
  bankLink: BankLink;
  log?: FastifyBaseLogger;
  /**
   * The app's bank-link webhook URL: an item linked without it (before it was configured, or under another
   * PUBLIC_URL) is told it at its next refresh, so its notices reach the app. None: items are left as they are.
   */
  webhookUrl?: string;
};

export type RefreshOutcome = 'refreshed' | 'disconnected' | 'failed' | 'none';

/**
 * One item's news since its stored cursor, as of `asOf`, read from the provider (outside any unit). A change
 * between pages of the reading restarts it from the stored cursor (readTransactionUpdates).
 */
async function readItem(bankLink: BankLink, item: ItemToRead, asOf: Date): Promise<ItemRead> {
  const accounts = await bankLink.getAccounts(item.accessToken, { asOf });
  const updates = await readTransactionUpdates(bankLink, item.accessToken, item.cursor || null, {
    maxPages: MAX_SYNC_PAGES,
    asOf,
  });
  return { itemId: item.id, accounts, updates, finishedBefore: item.finished };
}

/**
 * The data refresh of one application as of `asOf`: for each connected bank, the accounts' balances and the
 * transactions posted since the stored cursor (changed ones updated, removed ones deleted); then, every
 * `snapshotDays`, a new income snapshot and a new debt score, once every bank's whole history is in. An item
 * linked without the app's webhook URL is told it first (`webhookUrl`). A bank that asks the customer to sign
 * in again marks its item disconnected (the alert rules raise bankAccountDisconnected from it). Safe to run
 * again for the same day: balances are kept once a day, transactions once by their provider id, and the
 * snapshot is not due again.
 *
 * The items are read in a first unit, the banks asked with no unit open, and their answers stored in a second
 * unit under the application's lock (refresh-store.ts). A provider that fails otherwise (down, timing out) is
 * logged and skipped: tomorrow's run reads on from the same cursor. No snapshot is taken unless every
 * connected bank was read, so stale data never reads as a fall in income.
 */
export async function refreshApplication(
  deps: RefreshDeps,
  o: {
    applicationId: string;
    asOf: Date;
    /** The agency's time zone (AGENCY_TIME_ZONE): a day's balance and a snapshot's age are counted in its days. */
    timeZone: string;
    settings?: RefreshSettings;
  },
): Promise<RefreshOutcome> {
  const settings = o.settings ?? DEFAULT_REFRESH_SETTINGS;
  const items = await deps.openUnit((unit) => itemsToRead(unit, o.applicationId, o.asOf));
  if (items.length === 0) return 'none';
  const reads: ItemRead[] = [];
  const lost: string[] = [];
  let failed = false;
  for (const item of items) {
    try {
      if (deps.webhookUrl) {
        await ensureItemWebhookOutsideUnits(
          { openUnit: deps.openUnit, bankLink: deps.bankLink, webhookUrl: deps.webhookUrl, log: deps.log },
          item,
        );
      }
      reads.push(await readItem(deps.bankLink, item, o.asOf));
    } catch (error) {
      if (error instanceof BankLinkLoginRequiredError) lost.push(item.id);
      else {
        failed = true;
        deps.log?.warn(
          { err: error, applicationId: o.applicationId, itemId: item.id },
          'bank refresh failed; the next run reads on from the same cursor',
        );
      }
    }
  }
  await deps.openUnit((unit) =>
    storeRefresh(unit, {
      applicationId: o.applicationId,
      asOf: o.asOf,
      timeZone: o.timeZone,
      settings,
      reads,
      lost,
      failed,
    }),
  );
  return lost.length > 0 ? 'disconnected' : failed ? 'failed' : 'refreshed';
}
