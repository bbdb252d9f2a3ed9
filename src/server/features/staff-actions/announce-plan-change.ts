import { desc, eq } from 'drizzle-orm';
import { authorizedAmountOf, planChange } from '#domain/enrollment/plan-change';
import type { Tx } from '#server/db/client';
import { planRecipients } from '#server/application/plan-recipients';
import { planChangeNotice } from '#server/db/schema/enrollment';
import { creditorNameOf, loadPlanTerms } from '#server/application/plan-terms';
import { recordAudit } from '#server/audit/record-audit';
import { enqueueEmail } from '#server/email/outbox';
import { planChangedEmail } from '#server/email/templates';
import type { Services } from '#server/services';

/**
 * After a creditor's answer is saved, inside the same transaction: when the borrower already authorized the
 * plan and its terms now differ (another amount drawn each month, or a creditor they now pay directly), tells
 * them once by email and records the notice. The same resulting terms are never announced twice, however
 * many offers staff answer. Answers the outbox ids, to hand to the queue after commit.
 */
export async function announcePlanChange(
  tx: Tx,
  services: Pick<Services, 'cipher' | 'config' | 'today'>,
  o: {
    applicationId: string;
    actorId: string | null;
    today?: string;
    /**
     * Set when the silent-creditor default made the change: the offer it answered, the answer and its
     * programme's days. The borrower is told the creditor did not answer, and the record says who acted.
     */
    silentDefault?: { offerId: string; answer: 'accepted' | 'declined'; afterDays: number };
  },
): Promise<string[]> {
  const today = o.today ?? services.today();
  const { terms, authorization, offers } = await loadPlanTerms(tx, o.applicationId, { today });
  const change = planChange({
    terms,
    authorizedMonthlyDraft: authorizedAmountOf(authorization),
    announced: today,
    today,
  });
  if (!change) return [];
  const [last] = await tx
    .select({ termsKey: planChangeNotice.termsKey })
    .from(planChangeNotice)
    .where(eq(planChangeNotice.applicationId, o.applicationId))
    .orderBy(desc(planChangeNotice.createdAt))
    .limit(1);
  if (last?.termsKey === change.key) return [];

  const [notice] = await tx
    .insert(planChangeNotice)
    .values({
      applicationId: o.applicationId,
      authorizedMonthlyDraftAmount: change.authorizedMonthlyDraft,
      monthlyDraftAmount: change.monthlyDraft,
      appliesFrom: change.appliesFrom,
      needsConfirmation: change.needsConfirmation,
      termsKey: change.key,
    })
    .returning({ id: planChangeNotice.id });
  const silentOffer = o.silentDefault && offers.find((x) => x.id === o.silentDefault!.offerId);
  const silent =
    o.silentDefault && silentOffer
      ? {
          offerId: silentOffer.id,
          creditorName: creditorNameOf(silentOffer),
          days: o.silentDefault.afterDays,
          answer: o.silentDefault.answer,
        }
      : undefined;
  const emailIds: string[] = [];
  for (const person of await planRecipients(tx, o.applicationId)) {
    emailIds.push(
      await enqueueEmail(
        tx,
        services.cipher,
        planChangedEmail({ ...person, publicUrl: services.config.publicUrl, change, silent }),
      ),
    );
  }
  await recordAudit(tx, {
    actorId: o.actorId,
    action: 'planChangeAnnounced',
    entityType: 'planChangeNotice',
    entityId: notice!.id,
    applicationId: o.applicationId,
    before: { monthlyDraft: change.authorizedMonthlyDraft },
    after: {
      monthlyDraft: change.monthlyDraft,
      appliesFrom: change.appliesFrom,
      needsConfirmation: change.needsConfirmation,
      payDirectly: change.declinedByCreditor.map((c) => c.id),
      ...(o.silentDefault ? { silentDefault: true, silentAfterDays: o.silentDefault.afterDays } : {}),
    },
  });
  return emailIds;
}
