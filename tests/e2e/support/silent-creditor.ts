/**
 * A journey's stand-in for time passing after proposals were mailed: one proposal marked mailed, whose creditor
 * has not answered, is dated as sent 40 days ago (past the programme's 30 silent days, so the server's
 * silent-creditor job flags it at the next start), and its creditor gets ACH numbers on file (as creditor
 * relations would enter them), so the offer-status modal can keep them. It is chosen in an application with
 * another creditor still to answer, so the silent answer does not close the creditor review. Prints the chosen
 * application, the offer's creditor as the borrower summary names it, its balance (cents; the summary's answer
 * buttons name it when the application has two accounts at that creditor) and the creditor table's name, as JSON.
 * Run by tsx against the journey's database while its server is stopped (the embedded database has one owner
 * at a time). Usage: tsx tests/e2e/support/silent-creditor.ts
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { collection, creditor, debt, offer, proposal } from '#server/db/schema/index';
import { loadConfig } from '#server/env';
import { createFieldCipher } from '#server/security/field-encryption';

const DAY = 24 * 60 * 60 * 1000;
/** Test numbers: 021000021 passes the routing check digit. */
const ROUTING = '021000021';
const ACCOUNT = '445566778899';

const config = loadConfig();
const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { db } = database;
  const waiting = await db
    .select({
      id: proposal.id,
      applicationId: proposal.applicationId,
      creditorId: proposal.creditorId,
      balance: offer.balance,
      debtName: sql<string | null>`coalesce(${debt.lenderFriendlyName}, ${debt.lenderName})`,
      collectionName: sql<
        string | null
      >`coalesce(${collection.subscriberFriendlyName}, ${collection.subscriberName}, ${collection.originalLenderName})`,
    })
    .from(proposal)
    .innerJoin(offer, eq(offer.id, proposal.offerId))
    .leftJoin(debt, eq(debt.id, offer.debtId))
    .leftJoin(collection, eq(collection.id, offer.collectionId))
    .where(and(eq(proposal.state, 'sent'), eq(proposal.channel, 'mail'), isNull(offer.status)))
    .orderBy(proposal.preparedAt, proposal.id);
  const perApplication = new Map<string, number>();
  for (const p of waiting)
    perApplication.set(p.applicationId, (perApplication.get(p.applicationId) ?? 0) + 1);
  const chosen = waiting.find((p) => p.creditorId && (perApplication.get(p.applicationId) ?? 0) >= 2);
  if (!chosen)
    throw new Error('no mailed proposal waits for an answer beside another one of its application');
  const sentAt = new Date(Date.now() - 40 * DAY);
  await db
    .update(proposal)
    .set({ sentAt, preparedAt: new Date(sentAt.getTime() - DAY) })
    .where(eq(proposal.id, chosen.id));
  const [owner] = await db
    .update(creditor)
    .set({
      paysByAch: true,
      paysByCheck: false,
      achRoutingNumber: cipher.encrypt(ROUTING),
      achAccountNumber: cipher.encrypt(ACCOUNT),
    })
    .where(eq(creditor.id, chosen.creditorId!))
    .returning({ name: creditor.name });
  console.log(
    JSON.stringify({
      applicationId: chosen.applicationId,
      offerCreditor: chosen.debtName ?? chosen.collectionName ?? 'Unknown',
      offerBalance: chosen.balance,
      creditorName: owner!.name,
    }),
  );
} finally {
  await database.close();
}
