import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { BANK_HISTORY_WAIT_MS, type BankHistoryView } from '#domain/enrollment/views';
import { bankLinkWebhookUrl, syncItem } from '#server/application/bank-history';
import { incomeSnapshot, plaidItem } from '#server/db/schema/enrollment';
import { ownCurrentApplication } from '#server/application/own-application';
import type { PaymentsDeps } from './deps';

/**
 * While the income page waits, it asks about every few seconds; the provider is asked at most this often per
 * item (its webhook normally says first). A poll is the fallback for a webhook that cannot arrive (a
 * development server the provider cannot reach) or is late.
 */
export const HISTORY_POLL_MIN_MS = 5_000;

/**
 * GET /api/application/income/bank-history: the borrower's newest connected bank and whether its history is
 * read. 'ready': the income was predicted from it (the newest income snapshot's); 'reading': not yet;
 * 'timed-out': not read within BANK_HISTORY_WAIT_MS of the connection (the page keeps the stated income; a
 * history that arrives later still counts, and answers 'ready' then). Only the signed-in borrower's own
 * application is read: there is no id to ask for another's. The provider, when asked, is asked between the
 * units that read the item before and after.
 */
export async function readBankHistory(
  deps: Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink'>,
  o: { userId: string; log: FastifyBaseLogger },
): Promise<BankHistoryView> {
  const { openUnit } = deps;
  const now = new Date();
  const newest = () =>
    openUnit(async ({ tx }) => {
      const app = await tx.query.application.findFirst({
        where: ownCurrentApplication(o.userId),
        columns: { id: true },
      });
      if (!app) throw new AppError('NotFound');
      const item = await tx.query.plaidItem.findFirst({
        where: eq(plaidItem.applicationId, app.id),
        orderBy: desc(plaidItem.createdAt),
        columns: {
          id: true,
          institutionName: true,
          isFinishedHistoricalUpdate: true,
          isConnected: true,
          createdAt: true,
          updatedAt: true,
        },
      });
      if (!item) return null;
      // Once the history is read, the income predicted from it (the newest income snapshot's).
      const [snapshot] = item.isFinishedHistoricalUpdate
        ? await tx
            .select({ monthlyIncome: incomeSnapshot.monthlyIncome })
            .from(incomeSnapshot)
            .where(eq(incomeSnapshot.applicationId, app.id))
            .orderBy(desc(incomeSnapshot.createdAt))
            .limit(1)
        : [];
      return { ...item, predictedMonthlyIncome: snapshot?.monthlyIncome ?? null };
    });
  let item = await newest();
  if (!item) throw new AppError('NotFound');
  if (
    !item.isFinishedHistoricalUpdate &&
    item.isConnected &&
    now.getTime() - item.updatedAt.getTime() >= HISTORY_POLL_MIN_MS
  ) {
    try {
      await syncItem(
        {
          openUnit,
          bankLink: deps.bankLink,
          webhookUrl: bankLinkWebhookUrl(deps.config.publicUrl),
          log: o.log,
        },
        { itemId: item.id },
      );
    } catch (error) {
      // The provider is down or slow: the answer is the item as it stands; the next poll tries again.
      o.log.warn({ err: error, itemId: item.id }, 'reading the bank history failed');
      const { id } = item;
      await openUnit(({ tx }) => tx.update(plaidItem).set({ updatedAt: now }).where(eq(plaidItem.id, id)));
    }
    item = (await newest()) ?? item;
  }
  if (item.isFinishedHistoricalUpdate) {
    return {
      institutionName: item.institutionName,
      historyStatus: 'ready',
      predictedMonthlyIncome: item.predictedMonthlyIncome,
    };
  }
  const waited = now.getTime() - item.createdAt.getTime();
  return {
    institutionName: item.institutionName,
    historyStatus: waited >= BANK_HISTORY_WAIT_MS ? 'timed-out' : 'reading',
    predictedMonthlyIncome: null,
  };
}
