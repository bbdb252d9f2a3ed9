import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type {
  CreditorAccount,
  CreditorAccountView,
  OfferAnswerView,
  OfferDeclineReason,
  OfferReasonsView,
  OfferStatusAnswer,
} from '#domain/validation/staff';
import type { Services } from '#server/services';
import type { Tx } from '#server/db/client';
import { creditorAccount } from '#server/db/schema/credit';
import { decision, offer, offerDisqualificationReason, offerStatusChange } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { proposalAnswerOf } from '#domain/enrollment/proposal-answers';
import type { FieldCipher } from '#server/security/field-encryption';
import { recordAudit } from '#server/audit/record-audit';
import { counterOfferOf, storedStatusOf } from './counter-offer';
import { handOverWhenAnswered } from './hand-over';
import { announcePlanChange } from './announce-plan-change';
import { assertStatus, lockApplication } from '#server/application/application-state';
import { last4 } from '#server/security/field-encryption';

export const OFFERS_NOT_OPEN_MESSAGE =
  'Creditor answers can be recorded only while the application is in creditor review.';
export const OFFER_NOT_CURRENT_MESSAGE =
  'This offer belongs to an older decision and can no longer be answered.';

type OfferRow = typeof offer.$inferSelect;
type CreditorAccountRow = typeof creditorAccount.$inferSelect;

function creditorAccountView(
  cipher: FieldCipher,
  row: CreditorAccountRow | undefined,
): CreditorAccountView | null {
  if (!row) return null;
  return {
    id: row.id,
    isAch: row.isAch,
    email: row.email,
    accountNumberLast4: last4(cipher, row.accountNumber),
    routingNumberLast4: last4(cipher, row.routingNumber),
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    memo: row.memo,
  };
}

/** A counter-offer's figures for the audit record: only when there is one (before or after). */
const counterAudit = (x: OfferRow) =>
  x.counterPayment != null || x.counterApr != null
    ? { counterOffer: { payment: x.counterPayment, apr: x.counterApr } }
    : {};

/** The creditor account of the offer's debt or collection (exactly one of the two is set). */
const targetOf = (x: OfferRow) =>
  x.debtId ? eq(creditorAccount.debtId, x.debtId) : eq(creditorAccount.collectionId, x.collectionId!);

async function reasonsOf(tx: Tx, offerId: string): Promise<string[]> {
  const rows = await tx
    .select({ reason: offerDisqualificationReason.reason })
    .from(offerDisqualificationReason)
    .where(eq(offerDisqualificationReason.offerId, offerId))
    .orderBy(offerDisqualificationReason.createdAt);
  return rows.map((r) => r.reason);
}

/**
 * Locks the offer's application and checks the offer may be answered now: the application is in
 * creditorReview and the offer belongs to its newest decision.
 */
async function openOffer(tx: Tx, offerId: string) {
  const [found] = await tx
    .select({ applicationId: offer.applicationId })
    .from(offer)
    .where(eq(offer.id, offerId));
  if (!found) throw new AppError('NotFound');
  const app = await lockApplication(tx, found.applicationId);
  assertStatus(app, 'creditorReview', OFFERS_NOT_OPEN_MESSAGE);
  const [current] = await tx.select().from(offer).where(eq(offer.id, offerId));
  const [newest] = await tx
    .select({ id: decision.id })
    .from(decision)
    .where(eq(decision.applicationId, app.id))
    .orderBy(desc(decision.createdAt))
    .limit(1);
  if (!current) throw new AppError('NotFound');
  if (current.decisionId !== newest?.id) throw new AppError('Conflict', OFFER_NOT_CURRENT_MESSAGE);
  return { app, current };
}

/** Creates the creditor account of the offer's debt or collection, or replaces the one it had. */
async function saveCreditorAccount(tx: Tx, cipher: FieldCipher, x: OfferRow, input: CreditorAccount) {
  const values = {
    isAch: input.isAch,
    email: input.email ?? null,
    accountNumber: input.accountNumber ? cipher.encrypt(input.accountNumber) : null,
    routingNumber: input.routingNumber ? cipher.encrypt(input.routingNumber) : null,
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    memo: input.memo ?? null,
  };
  const [row] = await tx
    .insert(creditorAccount)
    .values({ applicationId: x.applicationId, debtId: x.debtId, collectionId: x.collectionId, ...values })
    .onConflictDoUpdate({
      target: x.debtId ? creditorAccount.debtId : creditorAccount.collectionId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/**
 * POST /api/staff/offers/:id/status: records a creditor's answer. The version
 * read by the client must still be the offer's (409 otherwise). Accepted saves the creditor account of the debt
 * or collection and clears rejection reasons; declined stores the ticked reasons and drops a creditor account
 * saved by an earlier acceptance. Every answer is a StatusChange. Then the hand-over runs when it is due.
 */
export async function answerOffer(o: {
  services: Services;
  actorId: string;
  offerId: string;
  answer: OfferStatusAnswer;
}): Promise<OfferAnswerView> {
  const { cipher } = o.services;
  const emailIds: string[] = [];
  const view = await o.services.database.db.transaction(async (tx) => {
    const { app, current } = await openOffer(tx, o.offerId);
    if (current.version !== o.answer.version) throw new AppError('Conflict');
    const counter = counterOfferOf(current, o.answer);
    const status = storedStatusOf(o.answer);
    const beforeReasons = await reasonsOf(tx, current.id);
    const [previousAccount] = await tx.select().from(creditorAccount).where(targetOf(current));

    const [updated] = await tx
      .update(offer)
      .set({
        status,
        counterPayment: counter.payment,
        counterApr: counter.aprBp,
        version: current.version + 1,
      })
      .where(and(eq(offer.id, current.id), eq(offer.version, o.answer.version)))
      .returning();
    if (!updated) throw new AppError('Conflict');
    await tx.insert(offerStatusChange).values({ offerId: current.id, status, changedBy: o.actorId });
    // The creditor answered the proposal it was sent (an offer made before proposals existed has none); a
    // later correction of the answer replaces it, with the time it was entered.
    await tx
      .update(proposal)
      .set({
        state: 'answered',
        answeredAt: new Date(),
        ...proposalAnswerOf(o.answer),
        updatedAt: new Date(),
      })
      .where(eq(proposal.offerId, current.id));

    await tx.delete(offerDisqualificationReason).where(eq(offerDisqualificationReason.offerId, current.id));
    let account: CreditorAccountRow | undefined;
    if (o.answer.status !== 'declined') {
      account = await saveCreditorAccount(tx, cipher, current, o.answer.creditorAccount);
    } else {
      await tx
        .insert(offerDisqualificationReason)
        .values(o.answer.reasons.map((reason) => ({ offerId: current.id, reason })));
      if (previousAccount) await tx.delete(creditorAccount).where(eq(creditorAccount.id, previousAccount.id));
    }
    const reasons = o.answer.status === 'declined' ? o.answer.reasons : [];

    await recordAudit(tx, {
      actorId: o.actorId,
      action: 'offerStatus',
      entityType: 'offer',
      entityId: current.id,
      applicationId: app.id,
      before: {
        status: current.status,
        version: current.version,
        reasons: beforeReasons,
        ...counterAudit(current),
      },
      after: { status: updated.status, version: updated.version, reasons, ...counterAudit(updated) },
    });
    if (account || previousAccount) {
      await recordAudit(tx, {
        actorId: o.actorId,
        action: 'creditorAccount',
        entityType: 'creditorAccount',
        entityId: (account ?? previousAccount)!.id,
        applicationId: app.id,
        before: creditorAccountView(cipher, previousAccount),
        after: creditorAccountView(cipher, account),
      });
    }

    // The borrower hears of new terms before the plan is handed over with them.
    emailIds.push(
      ...(await announcePlanChange(tx, o.services, { applicationId: app.id, actorId: o.actorId })),
    );
    const handOver = await handOverWhenAnswered(tx, app, o.actorId, o.services);
    return {
      offer: {
        id: updated.id,
        status: updated.status,
        version: updated.version,
        reasons,
        creditorAccount: creditorAccountView(cipher, account),
        counterPayment: updated.counterPayment,
        counterApr: updated.counterApr,
      },
      application: { id: app.id, status: app.status },
      handOver,
    };
  });
  for (const id of emailIds) o.services.onEmailQueued?.(id);
  return view;
}

/**
 * POST /api/staff/offers/:id/reasons/toggle: a rejection reason is added when the offer lacks it and removed
 * when it has it.
 */
export async function toggleOfferReason(o: {
  services: Services;
  actorId: string;
  offerId: string;
  reason: OfferDeclineReason;
}): Promise<OfferReasonsView> {
  return o.services.database.db.transaction(async (tx) => {
    const { app, current } = await openOffer(tx, o.offerId);
    const before = await reasonsOf(tx, current.id);
    if (before.includes(o.reason)) {
      await tx
        .delete(offerDisqualificationReason)
        .where(
          and(
            eq(offerDisqualificationReason.offerId, current.id),
            eq(offerDisqualificationReason.reason, o.reason),
          ),
        );
    } else {
      await tx.insert(offerDisqualificationReason).values({ offerId: current.id, reason: o.reason });
    }
    const reasons = await reasonsOf(tx, current.id);
    await recordAudit(tx, {
      actorId: o.actorId,
      action: 'offerStatus',
      entityType: 'offerDisqualificationReason',
      entityId: current.id,
      applicationId: app.id,
      before: { reasons: before },
      after: { reasons },
    });
    return { offerId: current.id, reasons };
  });
}
