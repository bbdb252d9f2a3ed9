import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { ClaimView } from '#domain/flow/staff-views';
import { application } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import type { Transaction, Unit } from '#server/unit-of-work';
import { staffDisplayName } from './staff-names';

export const NOT_CLAIMED_MESSAGE = 'This borrower is not claimed by anyone.';
export const alreadyClaimedMessage = (name: string) => `Already claimed by ${name}`;
/** Unclaim of a colleague's claim without takeOver: true. */
export const takeOverRequiredMessage = (name: string) =>
  `Claimed by ${name}. Releasing a colleague's claim must be confirmed as a take-over.`;

/** The assigned-borrower count is derived, never stored: applications assigned to the staff member. */
export async function assignedCount(db: Transaction, staffId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(application).where(eq(application.assignedTo, staffId));
  return Number(row?.n ?? 0);
}

/**
 * Claim (assignedTo = me, assignedToAt = now) or unclaim (both null), as ONE conditional
 * UPDATE on the version the counsellor saw: of two counsellors claiming at once, the database lets exactly one
 * row update through; the other gets 409 naming who has the borrower. One's own claim is released freely; a
 * colleague's only with takeOver (the portal asks first), and the audit record says it was a take-over.
 */
export async function setClaim(
  unit: Unit,
  o: {
    viewerId: string;
    applicationId: string;
    version: number;
    claim: boolean;
    /** Unclaim only: release the claim even when another counsellor holds it. */
    takeOver?: boolean;
  },
): Promise<ClaimView> {
  const { tx } = unit;
  // Read for the audit's 'before' (locked, so it is what the UPDATE changes); the UPDATE's conditions decide.
  const [seen] = await tx
    .select({ assignedTo: application.assignedTo, assignedToAt: application.assignedToAt })
    .from(application)
    .where(eq(application.id, o.applicationId))
    .for('update');
  if (!seen) throw new AppError('NotFound');
  const [updated] = await tx
    .update(application)
    .set(
      o.claim
        ? { assignedTo: o.viewerId, assignedToAt: sql`now()`, version: sql`${application.version} + 1` }
        : { assignedTo: null, assignedToAt: null, version: sql`${application.version} + 1` },
    )
    .where(
      and(
        eq(application.id, o.applicationId),
        eq(application.version, o.version),
        o.claim
          ? isNull(application.assignedTo)
          : o.takeOver
            ? isNotNull(application.assignedTo)
            : eq(application.assignedTo, o.viewerId),
      ),
    )
    .returning({
      id: application.id,
      version: application.version,
      assignedToAt: application.assignedToAt,
    });
  if (!updated) throw await refusal(tx, o);

  // A claim released from someone else is a take-over.
  const tookOver = !o.claim && seen.assignedTo !== o.viewerId;
  await unit.audit({
    actorId: o.viewerId,
    action: o.claim ? 'claim' : tookOver ? 'unclaimTakeOver' : 'unclaim',
    entityType: 'application',
    entityId: updated.id,
    applicationId: updated.id,
    before: { version: o.version, assignedTo: seen.assignedTo, assignedToAt: seen.assignedToAt },
    after: {
      version: updated.version,
      assignedTo: o.claim ? o.viewerId : null,
      ...(tookOver ? { takeOver: true } : {}),
    },
  });
  const [me] = await tx.select({ name: user.name }).from(user).where(eq(user.id, o.viewerId));
  return {
    id: updated.id,
    version: updated.version,
    assignedTo: o.claim ? { id: o.viewerId, name: staffDisplayName(me?.name) } : null,
    assignedToAt: updated.assignedToAt ? updated.assignedToAt.toISOString() : null,
    assignedCount: await assignedCount(tx, o.viewerId),
  };
}

/**
 * Why the conditional update touched nothing: unknown (404), or taken / not claimed / someone else's without a
 * take-over / changed since it was read (409).
 */
async function refusal(
  tx: Transaction,
  o: { applicationId: string; claim: boolean; takeOver?: boolean; viewerId: string },
): Promise<AppError> {
  const [row] = await tx
    .select({ assignedTo: application.assignedTo, name: user.name })
    .from(application)
    .leftJoin(user, eq(user.id, application.assignedTo))
    .where(eq(application.id, o.applicationId));
  if (!row) return new AppError('NotFound');
  if (o.claim && row.assignedTo)
    return new AppError('Conflict', alreadyClaimedMessage(staffDisplayName(row.name)));
  if (!o.claim && !row.assignedTo) return new AppError('Conflict', NOT_CLAIMED_MESSAGE);
  if (!o.claim && !o.takeOver && row.assignedTo !== o.viewerId)
    return new AppError('Conflict', takeOverRequiredMessage(staffDisplayName(row.name)));
  return new AppError('Conflict');
}
