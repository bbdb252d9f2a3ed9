import type { AuditAction } from '#domain/service-portal/audit-sentences';
import type { Transaction } from '#server/db/client';
import { auditLog } from '#server/db/schema/ops';

/** What staff did (the list lives with the sentences the borrower summary tells them by). */
export type { AuditAction };

/**
 * Writes one audit record (who, when, what, before → after) in the caller's transaction, so the record exists
 * exactly when the change does. Values must hold no account or routing numbers and no dates of birth.
 */
export async function recordAudit(
  tx: Transaction,
  o: {
    /** Null when nobody signed in did it (a signer acting from their emailed link). */
    actorId: string | null;
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
