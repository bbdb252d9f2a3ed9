import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type ProposalBatchEntry, proposalBatchCsv } from '#domain/enrollment/proposal-batch';
import { SITE } from '#domain/site';
import { proposal, proposalBatch } from '#server/db/schema/proposal';
import type { FieldCipher } from '#server/security/field-encryption';
import type { Transaction, Unit } from '#server/unit-of-work';
import { proposalViewsOf } from './prepare-proposals';
import { withdrawProposalsOffThePlan } from './withdraw-proposals';

// The day's batch file of electronic proposals (docs/decisions/0117-the-days-proposal-batch-file.md).

export type ProposalBatchFile = {
  id: string;
  agencyDay: string;
  proposalCount: number;
  createdAt: Date;
  csv: string;
};

const batchOf = (cipher: FieldCipher, row: typeof proposalBatch.$inferSelect): ProposalBatchFile => ({
  id: row.id,
  agencyDay: row.agencyDay,
  proposalCount: row.proposalCount,
  createdAt: row.createdAt,
  csv: cipher.decrypt(row.content),
});

/**
 * Makes the agency day's batch file, once: every proposal prepared for a creditor that takes electronic batches
 * and not in a batch yet, oldest first, becomes one row, and is marked sent (channel 'batch', now) in the same
 * transaction as the batch's row, which keeps the file sealed. When the day's batch exists already (made
 * earlier today, or by another request at the same moment: the day is unique) it is answered as made, byte for
 * byte, and nothing else changes; proposals prepared later that day wait for the next day's file.
 */
export async function produceProposalBatch(
  unit: Unit,
  o: {
    /** The agency's day, 'yyyy-MM-dd' (the unit's today, or the command's day). */
    agencyDay: string;
    /** The agency's day of a moment (Services.dayOf): a proposal's date is the day it was prepared. */
    dayOf: (at: Date) => string;
    /** The staff member who asked for it; null for the command. */
    actorId: string | null;
  },
): Promise<ProposalBatchFile & { created: boolean }> {
  const { tx, cipher } = unit;
  // Claims the day first: a second producer waits here for the first's commit, then finds its batch.
  const [claimed] = await tx
    .insert(proposalBatch)
    .values({
      agencyDay: o.agencyDay,
      proposalCount: 0,
      content: cipher.encrypt(''),
      createdBy: o.actorId,
    })
    .onConflictDoNothing({ target: proposalBatch.agencyDay })
    .returning();
  if (!claimed) {
    const [made] = await tx.select().from(proposalBatch).where(eq(proposalBatch.agencyDay, o.agencyDay));
    return { ...batchOf(cipher, made!), created: false };
  }
  // A proposal whose offer left the plan while it waited is withdrawn, not put in the file.
  await withdrawProposalsOffThePlan(unit, { now: new Date() });
  const waiting = await tx
    .select()
    .from(proposal)
    .where(and(eq(proposal.state, 'prepared'), eq(proposal.channel, 'batch'), isNull(proposal.batchId)))
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .for('update');
  const entries: ProposalBatchEntry[] = [];
  const byApplication = new Map<string, typeof waiting>();
  for (const p of waiting)
    byApplication.set(p.applicationId, [...(byApplication.get(p.applicationId) ?? []), p]);
  for (const [applicationId, proposals] of byApplication) {
    const { views } = await proposalViewsOf(tx, cipher, {
      applicationId,
      today: o.agencyDay,
      offerIds: proposals.map((p) => p.offerId),
    });
    for (const p of proposals) {
      const view = views.get(p.offerId);
      // Withdrawn above when its offer left the plan; nothing to propose without the plan's terms either.
      if (!view) continue;
      entries.push({
        proposalId: p.id,
        offerId: p.offerId,
        creditorId: p.creditorId ?? '',
        view: { ...view, date: o.dayOf(p.preparedAt) },
      });
    }
  }
  // The file's order is the proposals' age, whatever order the applications were read in.
  const order = new Map(waiting.map((p, i) => [p.id, i]));
  entries.sort((a, b) => order.get(a.proposalId)! - order.get(b.proposalId)!);
  const csv = proposalBatchCsv(entries, SITE.agencyId);
  const [batch] = await tx
    .update(proposalBatch)
    .set({ content: cipher.encrypt(csv), proposalCount: entries.length })
    .where(eq(proposalBatch.id, claimed.id))
    .returning();
  const ids = entries.map((e) => e.proposalId);
  if (ids.length > 0) {
    const now = new Date();
    await tx
      .update(proposal)
      .set({ state: 'sent', sentAt: now, batchId: claimed.id, updatedAt: now })
      .where(inArray(proposal.id, ids));
  }
  return { ...batchOf(cipher, batch!), created: true };
}

/**
 * A day's batch file as staff download it, or null when that day has none. The file names borrowers and their
 * budgets: each download is audited (the agency's record, not one application's) in the read's transaction.
 */
export async function proposalBatchForStaff(
  unit: Unit,
  o: { viewerId: string; agencyDay: string },
): Promise<ProposalBatchFile | null> {
  const { tx } = unit;
  const [row] = await tx.select().from(proposalBatch).where(eq(proposalBatch.agencyDay, o.agencyDay));
  if (!row) return null;
  await unit.audit({
    actorId: o.viewerId,
    action: 'proposalBatchDownloaded',
    entityType: 'proposalBatch',
    entityId: row.id,
    after: { agencyDay: row.agencyDay, proposalCount: row.proposalCount },
  });
  return batchOf(unit.cipher, row);
}

/** The day's batch as the proposals screen shows it (no content), and how many wait for the next one. */
export async function proposalBatchStatus(
  tx: Transaction,
  agencyDay: string,
): Promise<{
  agencyDay: string;
  today: { proposalCount: number; createdAt: string } | null;
  waiting: number;
}> {
  const [row] = await tx
    .select({ proposalCount: proposalBatch.proposalCount, createdAt: proposalBatch.createdAt })
    .from(proposalBatch)
    .where(eq(proposalBatch.agencyDay, agencyDay));
  const waiting = await tx.$count(
    proposal,
    and(eq(proposal.state, 'prepared'), eq(proposal.channel, 'batch'), isNull(proposal.batchId)),
  );
  return {
    agencyDay,
    today: row ? { proposalCount: row.proposalCount, createdAt: row.createdAt.toISOString() } : null,
    waiting,
  };
}
