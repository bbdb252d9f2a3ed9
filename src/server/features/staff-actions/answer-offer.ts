import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  ACH_NOT_ON_FILE,
  type CreditorAccount,
  type CreditorAccountView,
  type OfferAnswerView,
  type OfferDeclineReason,
  type OfferReasonsView,
  type OfferStatusAnswer,
} from '#domain/validation/staff';
import type { Config } from '#server/env';
import type { Transaction, Unit } from '#server/unit-of-work';
import { creditorAccount } from '#server/db/schema/credit';
import { decision, offer, offerDisqualificationReason, offerStatusChange } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { creditor } from '#server/db/schema/creditors';
import { proposalAnswerOf } from '#domain/enrollment/proposal-answers';
import type { FieldCipher } from '#server/security/field-encryption';
import { counterOfferOf, storedStatusOf } from './counter-offer';
import { handOverWhenAnswered } from './hand-over';
import { announcePlanChange } from './announce-plan-change';
import { assertStaffStatus, lockApplication } from '#server/application/application-state';
import { last4 } from '#server/security/field-encryption';

export const OFFERS_NOT_OPEN_MESSAGE =
  'Creditor answers can be recorded only while the application is in creditor review.';
export const OFFER_NOT_CURRENT_MESSAGE =
  'This offer belongs to an older decision and can no longer be answered.';
export const OFFER_LEFT_OUT_MESSAGE =
  'The borrower left this offer out of the plan: no proposal was sent, so there is no answer to record.';

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

async function reasonsOf(tx: Transaction, offerId: string): Promise<string[]> {
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
export async function openOffer(tx: Transaction, offerId: string) {
  const [found] = await tx
    .select({ applicationId: offer.applicationId })
    .from(offer)
    .where(eq(offer.id, offerId));
  if (!found) throw new AppError('NotFound');
  const app = await lockApplication(tx, found.applicationId);
  assertStaffStatus(app, 'creditorReview', OFFERS_NOT_OPEN_MESSAGE);
  const [current] = await tx.select().from(offer).where(eq(offer.id, offerId));
  const [newest] = await tx
    .select({ id: decision.id })
    .from(decision)
    .where(eq(decision.applicationId, app.id))
    .orderBy(desc(decision.createdAt))
    .limit(1);
  if (!current) throw new AppError('NotFound');
  if (current.decisionId !== newest?.id) throw new AppError('Conflict', OFFER_NOT_CURRENT_MESSAGE);
  if (current.declinedByBorrower) throw new AppError('Conflict', OFFER_LEFT_OUT_MESSAGE);
  return { app, current };
}

const REMITTANCE_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zipCode'] as const;

/** The creditor-table row of the offer's programme; none for the default programme. */
async function creditorOfProgramme(tx: Transaction, lenderConcessionId: string | null) {
  const creditorId = lenderConcessionId?.split('@')[0];
  if (!creditorId || creditorId === 'default') return undefined;
  const [row] = await tx.select().from(creditor).where(eq(creditor.id, creditorId));
  return row;
}

/**
 * The account as it will be saved. When staff kept the creditor table's ACH numbers (`achOnFile`), the browser
 * sent none: they are read here, in the answer's transaction, from the offer's programme's creditor, and
 * opened so that this account seals them under its own key and nonce like typed numbers. A creditor with no
 * ACH numbers on file is a 400 on the option, so staff type the numbers instead.
 */
async function withNumbersOnFile(
  tx: Transaction,
  cipher: FieldCipher,
  lenderConcessionId: string | null,
  input: CreditorAccount,
): Promise<CreditorAccount> {
  if (!input.isAch || !input.achOnFile) return input;
  const row = await creditorOfProgramme(tx, lenderConcessionId);
  if (!row?.achRoutingNumber || !row.achAccountNumber) {
    throw new AppError('ValidationError', ACH_NOT_ON_FILE, {
      fieldErrors: { 'creditorAccount.achOnFile': ACH_NOT_ON_FILE },
    });
  }
  return {
    ...input,
    routingNumber: cipher.decrypt(row.achRoutingNumber),
    accountNumber: cipher.decrypt(row.achAccountNumber),
  };
}

/**
 * The fields of this account's payment details that differ from the creditor table's (the offer's programme's
 * creditor), by name: the payment method, the address lines, the ACH numbers (compared, never recorded).
 * Null when the creditor table has no details for it (nothing was prefilled to differ from).
 */
async function differencesFromCreditorTable(
  tx: Transaction,
  cipher: FieldCipher,
  lenderConcessionId: string | null,
  input: CreditorAccount,
): Promise<string[] | null> {
  const row = await creditorOfProgramme(tx, lenderConcessionId);
  if (!row || (!row.paysByAch && !row.paysByCheck)) return null;
  const differs: string[] = [];
  const methodOnFile = row.paysByCheck ? !input.isAch || row.paysByAch : input.isAch;
  if (!methodOnFile) differs.push('isAch');
  if (input.isAch) {
    const opened = (sealed: string | null) => (sealed ? cipher.decrypt(sealed) : null);
    if ((input.routingNumber ?? null) !== opened(row.achRoutingNumber)) differs.push('routingNumber');
    if ((input.accountNumber ?? null) !== opened(row.achAccountNumber)) differs.push('accountNumber');
  } else {
    for (const key of REMITTANCE_FIELDS) if ((input[key] ?? null) !== (row[key] ?? null)) differs.push(key);
  }
  return differs;
}

/** Creates the creditor account of the offer's debt or collection, or replaces the one it had. */
async function saveCreditorAccount(
  tx: Transaction,
  cipher: FieldCipher,
  x: OfferRow,
  input: CreditorAccount,
) {
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
export async function answerOffer(
  unit: Unit,
  ports: OfferAnswerPorts,
  o: { actorId: string; offerId: string; answer: OfferStatusAnswer },
): Promise<OfferAnswerView> {
  const { tx } = unit;
  const { app, current } = await openOffer(tx, o.offerId);
  if (current.version !== o.answer.version) throw new AppError('Conflict');
  const view = await recordOfferAnswer(unit, ports, {
    app,
    current,
    actorId: o.actorId,
    status: storedStatusOf(o.answer),
    counter: counterOfferOf(current, o.answer),
    reasons: o.answer.status === 'declined' ? o.answer.reasons : [],
    creditorAccount:
      o.answer.status === 'declined'
        ? null
        : await withNumbersOnFile(tx, unit.cipher, current.lenderConcessionId, o.answer.creditorAccount),
    // The creditor answered the proposal it was sent (an offer made before proposals existed has none); a
    // later correction of the answer replaces it, with the time it was entered. It also clears the flag of
    // a proposal left unanswered (state noAnswer), its programme's default having been applied.
    proposal: { state: 'answered', answeredAt: new Date(), ...proposalAnswerOf(o.answer) },
  });
  // The agency hears of the plan handed over once the unit has committed.
  if (view.handOver === 'transfer') unit.outbox.partnerEvent(view.application.id);
  return view;
}

/** What recording an answer uses besides the unit: where the plan-change email links to, the agency's day. */
export type OfferAnswerPorts = {
  config: Pick<Config, 'publicUrl'>;
  /** The agency's day a stored instant fell on (the letter's signature, which a hand-over records). */
  dayOf: (at: Date) => string;
};

/**
 * A creditor's answer as the offer keeps it, in the caller's transaction holding the application's row: staff's
 * answer from the modal, or the default a creditor's programme assumes when it stays silent
 * (silent-creditors.ts), which goes the same way so the plan recomputes, the borrower is told and the hand-over
 * runs exactly as after a staff answer. Its emails are the unit's outbox's; a transfer's partner event is the
 * caller's to send.
 */
export async function recordOfferAnswer(
  unit: Unit,
  ports: OfferAnswerPorts,
  o: {
    app: Awaited<ReturnType<typeof lockApplication>>;
    current: OfferRow;
    /** Null for the silent-creditor default (nobody signed in answered). */
    actorId: string | null;
    /**
     * Set when the silent-creditor default answers: its programme's days. Every record this answer writes
     * (offer, creditor account, plan change, hand-over) then says so, so none reads as a staff member's act.
     */
    silentDefault?: { afterDays: number };
    status: 'accepted' | 'declined';
    counter: { payment: number | null; aprBp: number | null };
    reasons: OfferDeclineReason[];
    /** Where the creditor is paid; null keeps none (a silent creditor whose details are not on file). */
    creditorAccount: CreditorAccount | null;
    /** What the offer's proposal records of the answer. */
    proposal: Partial<typeof proposal.$inferInsert>;
  },
): Promise<OfferAnswerView> {
  const { tx, cipher } = unit;
  const { app, current, status, counter, reasons } = o;
  const cause = o.silentDefault
    ? { silentDefault: true, silentAfterDays: o.silentDefault.afterDays }
    : undefined;
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
    .where(and(eq(offer.id, current.id), eq(offer.version, current.version)))
    .returning();
  if (!updated) throw new AppError('Conflict');
  await tx.insert(offerStatusChange).values({ offerId: current.id, status, changedBy: o.actorId });
  await tx
    .update(proposal)
    .set({ ...o.proposal, updatedAt: new Date() })
    .where(eq(proposal.offerId, current.id));

  await tx.delete(offerDisqualificationReason).where(eq(offerDisqualificationReason.offerId, current.id));
  let account: CreditorAccountRow | undefined;
  if (status !== 'declined') {
    if (o.creditorAccount) account = await saveCreditorAccount(tx, cipher, current, o.creditorAccount);
    else account = previousAccount;
  } else {
    if (reasons.length > 0) {
      await tx
        .insert(offerDisqualificationReason)
        .values(reasons.map((reason) => ({ offerId: current.id, reason })));
    }
    if (previousAccount) await tx.delete(creditorAccount).where(eq(creditorAccount.id, previousAccount.id));
  }

  await unit.audit({
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
    after: {
      status: updated.status,
      version: updated.version,
      reasons,
      ...counterAudit(updated),
      ...cause,
    },
  });
  if ((account || previousAccount) && account !== previousAccount) {
    // What staff changed, for this account only, from the creditor table's details the modal started from
    // (the creditor table itself is not changed).
    const differs = o.creditorAccount
      ? await differencesFromCreditorTable(tx, cipher, current.lenderConcessionId, o.creditorAccount)
      : null;
    await unit.audit({
      actorId: o.actorId,
      action: 'creditorAccount',
      entityType: 'creditorAccount',
      entityId: (account ?? previousAccount)!.id,
      applicationId: app.id,
      before: creditorAccountView(cipher, previousAccount),
      after: account
        ? {
            ...creditorAccountView(cipher, account),
            ...(differs ? { changedFromCreditorTable: differs } : {}),
            ...cause,
          }
        : null,
    });
  }

  // The borrower hears of new terms before the plan is handed over with them.
  await announcePlanChange(unit, ports.config, {
    applicationId: app.id,
    actorId: o.actorId,
    silentDefault: o.silentDefault && { ...o.silentDefault, offerId: current.id, answer: status },
  });
  const handOver = await handOverWhenAnswered(unit, app, o.actorId, ports.dayOf, cause);
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
}

/**
 * POST /api/staff/offers/:id/reasons/toggle: a rejection reason is added when the offer lacks it and removed
 * when it has it.
 */
export async function toggleOfferReason(
  unit: Unit,
  o: { actorId: string; offerId: string; reason: OfferDeclineReason },
): Promise<OfferReasonsView> {
  const { tx } = unit;
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
  await unit.audit({
    actorId: o.actorId,
    action: 'offerStatus',
    entityType: 'offerDisqualificationReason',
    entityId: current.id,
    applicationId: app.id,
    before: { reasons: before },
    after: { reasons },
  });
  return { offerId: current.id, reasons };
}
