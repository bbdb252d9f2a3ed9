import { desc, eq } from 'drizzle-orm';
import {
  answerEffects,
  answersSettled,
  authorizedAmountOf,
  draftsBeforeChange,
  planChange,
} from '#domain/enrollment/plan-change';
import { planRecipients } from '#server/application/plan-recipients';
import { recordPlanFit } from '#server/application/plan-fit';
import { planChangeNotice } from '#server/db/schema/enrollment';
import { loadPlanTerms } from '#server/application/plan-terms';
import { recordedAnswers } from '#server/application/recorded-answers';
import { planChangedEmail } from '#server/email/templates';
import type { Config } from '#server/env';
import type { Unit } from '#server/unit-of-work';

/**
 * After a creditor's answer is saved, inside the same transaction: once every creditor on the plan has
 * answered (docs/decisions/0153), when the borrower already authorized the plan and its terms now differ
 * (another amount drawn each month, or a creditor they now pay directly), tells them once by email, naming
 * each creditor's answer and its effect, the new amount, term and first draft it applies to, and whether the
 * plan still fits their budget; and records the notice. The same resulting terms are never announced twice,
 * however many offers staff answer. Nothing here renders a document or calls a vendor: the emails are rows of
 * the unit's outbox, announced once it commits.
 */
export async function announcePlanChange(
  unit: Unit,
  config: Pick<Config, 'publicUrl'>,
  o: {
    applicationId: string;
    actorId: string | null;
    /**
     * Set when the silent-creditor default made the change: the offer it answered, the answer and its
     * programme's days. The record says who acted; the email tells every silent creditor apart by its
     * proposal's state.
     */
    silentDefault?: { offerId: string; answer: 'accepted' | 'declined'; afterDays: number };
  },
): Promise<void> {
  const { tx, today } = unit;
  const plan = await loadPlanTerms(tx, o.applicationId, { today });
  const { terms, authorization, offers } = plan;
  // Each answer (a decline, a counter-offer) changes what the borrower pays each month: the budget check
  // runs again on every one, and its result is kept for the counsellors' queue, even while other answers are
  // still awaited and nothing is announced yet.
  const fit = await recordPlanFit(tx, plan, o.applicationId);
  // Answers recorded one after another make one change: nothing is said while one is still awaited.
  if (!answersSettled(terms)) return;
  const change = planChange({
    terms,
    authorizedMonthlyDraft: authorizedAmountOf(authorization),
    announced: today,
    today,
  });
  if (!change) return;
  const [last] = await tx
    .select({ termsKey: planChangeNotice.termsKey })
    .from(planChangeNotice)
    .where(eq(planChangeNotice.applicationId, o.applicationId))
    .orderBy(desc(planChangeNotice.createdAt))
    .limit(1);
  if (last?.termsKey === change.key) return;

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
  const answers = answerEffects(terms, await recordedAnswers(tx, offers));
  const dated = authorization && authorization.kind !== 'acceptance' ? authorization : null;
  for (const person of await planRecipients(tx, o.applicationId)) {
    await unit.outbox.email(
      planChangedEmail({
        ...person,
        publicUrl: config.publicUrl,
        change,
        answers,
        term: { was: dated?.termInMonths ?? null, now: terms.termInMonths },
        draftsBefore: draftsBeforeChange(terms, change.appliesFrom),
        fit,
      }),
    );
  }
  await unit.audit({
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
      termInMonths: terms.termInMonths,
      ...(fit ? { fits: fit.fits, leftEachMonth: fit.left } : {}),
      ...(o.silentDefault ? { silentDefault: true, silentAfterDays: o.silentDefault.afterDays } : {}),
    },
  });
}
