import type { Tx } from '#server/db/client';
import { auditLog } from '#server/db/schema/ops';

/** What staff did; every staff mutation and every opening of a borrower's record is one of these. */
export type AuditAction =
  | 'viewBorrowerSummary'
  | 'letterDownloaded'
  | 'claim'
  | 'unclaim'
  /** Unclaim of a claim another counsellor held (takeOver: true). */
  | 'unclaimTakeOver'
  | 'contactAttempt'
  | 'offerStatus'
  | 'creditorAccount'
  | 'qualityControl'
  | 'transfer'
  | 'markTransferred'
  | 'alertSeen';

/**
 * Writes one audit record (who, when, what, before → after) in the caller's transaction, so the record exists
 * exactly when the change does. Values must hold no account or routing numbers and no dates of birth.
 */
export async function recordAudit(
  tx: Tx,
  o: {
    actorId: string;
    action: AuditAction;
    entityType: string;
    entityId: string;
    applicationId?: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: o.actorId,
    action: o.action,
    entityType: o.entityType,
    entityId: o.entityId,
    applicationId: o.applicationId ?? null,
    before: o.before ?? null,
    after: o.after ?? null,
  });
}
