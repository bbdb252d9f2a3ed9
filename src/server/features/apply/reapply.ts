import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { messageRef, type MessageRef } from '#domain/i18n/message';
import { APPLY_REFUSALS } from '#domain/i18n/validation-messages';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { mayReapply, reapplyFrom, type Reapply } from '#domain/flow/reapply';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { lockOwnApplication } from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';

/**
 * Said when nothing changed and the waiting period is not over; the date is the agency's day it ends, as
 * 'yyyy-MM-dd', which the page writes in its reader's way.
 */
export const reapplyTooSoonRef = (from: string): MessageRef =>
  messageRef(APPLY_REFUSALS.reapplyTooSoon, { date: from });

/**
 * POST /api/application/reapply: a borrower whose application ended not qualified applies again, at once after
 * a change in their situation, or once the agency's waiting period has passed. In one unit holding the
 * old application's row: the old one is marked superseded (kept, with everything it holds, for the record),
 * and a new application starts on the same account where the lead form leaves one (its borrower's name and
 * contact details copied, so they are not asked again), then the audit record. The borrower's pages read the
 * new one from then on.
 */
export async function reapply(
  unit: Unit,
  o: { userId: string; input: Reapply; dayOf: (at: Date) => string; waitingDays: number },
): Promise<{ next: string }> {
  const { tx } = unit;
  const old = await lockOwnApplication(tx, o.userId);
  if (old.status !== 'disqualified') {
    throw new AppError('Conflict', MESSAGE_REFS.reapplyNotQualifiedOnly, {
      redirect: resumeRoute(old),
    });
  }
  const [refusal] = await tx
    .select({ at: applicationStatusChange.createdAt })
    .from(applicationStatusChange)
    .where(
      and(eq(applicationStatusChange.applicationId, old.id), eq(applicationStatusChange.to, 'disqualified')),
    )
    .orderBy(desc(applicationStatusChange.createdAt))
    .limit(1);
  const refusedOn = o.dayOf(refusal?.at ?? old.updatedAt);
  if (!mayReapply({ refusedOn, today: unit.today, waitingDays: o.waitingDays, change: o.input.change })) {
    throw new AppError('Conflict', reapplyTooSoonRef(reapplyFrom(refusedOn, o.waitingDays)));
  }
  const person = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, old.id) });
  const now = new Date();
  await tx
    .update(application)
    .set({ supersededAt: now, version: old.version + 1, updatedAt: now })
    .where(eq(application.id, old.id));
  const [fresh] = await tx
    .insert(application)
    .values({
      owner: o.userId,
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
      // Agreed on the lead form of this account; the terms bind the account, not one application.
      agreedToTerms: true,
    })
    .returning({ id: application.id });
  await tx.insert(borrower).values({
    owner: o.userId,
    applicationId: fresh!.id,
    firstName: person?.firstName ?? null,
    lastName: person?.lastName ?? null,
    email: person?.email ?? null,
    phoneNumber: person?.phoneNumber ?? null,
    preferredLanguage: person?.preferredLanguage ?? null,
  });
  await tx
    .insert(applicationStatusChange)
    .values({ applicationId: fresh!.id, from: null, to: 'inProgress', changedBy: o.userId });
  await unit.audit({
    actorId: o.userId,
    action: 'reapplied',
    entityType: 'application',
    entityId: old.id,
    applicationId: old.id,
    after: { newApplicationId: fresh!.id, change: o.input.change },
  });
  return { next: PAGE_ROUTES.Hardships };
}
