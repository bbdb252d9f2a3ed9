import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { silentDefaultNote } from '#domain/enrollment/proposal-answers';
import type { CreditorAccount } from '#domain/validation/staff';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';
import { offer } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import type { FieldCipher } from '#server/security/field-encryption';
import type { OpenUnit } from '#server/unit-of-work';
import { openOffer, recordOfferAnswer, type OfferAnswerPorts } from './answer-offer';

// The silent-creditor default (docs/decisions/0118-the-silent-creditor-default.md): a proposal sent and left
// unanswered past its programme's days gets the answer the programme assumes, through the same path as a
// staff answer, and stays flagged (state noAnswer) until staff record the creditor's real answer.

/** The most proposals one run handles; the next run (or the one queued after a full run) takes the rest. */
export const SILENT_SWEEP_LIMIT = 200;

/** What the proposal keeps as the reason its offer was answered without the creditor (the domain's words). */
export { silentDefaultNote } from '#domain/enrollment/proposal-answers';

type CreditorRow = typeof creditor.$inferSelect;

/**
 * Where the agency pays a creditor, as the creditor table holds it, in the offer's creditor-account shape: by
 * ACH when the creditor takes it and its numbers are on file, else by check to its remittance address when that
 * is whole; null otherwise. The offer-status modal starts from the same details (staff may change them for the
 * one account), and a silent creditor's acceptance records them.
 */
export function creditorAccountFromCreditor(cipher: FieldCipher, row: CreditorRow): CreditorAccount | null {
  const address = {
    addressLine1: row.addressLine1 ?? undefined,
    addressLine2: row.addressLine2 ?? undefined,
    city: row.city ?? undefined,
    state: (row.state ?? undefined) as CreditorAccount['state'],
    zipCode: row.zipCode ?? undefined,
  };
  if (row.paysByAch && row.achRoutingNumber && row.achAccountNumber) {
    return {
      isAch: true,
      accountNumber: cipher.decrypt(row.achAccountNumber),
      routingNumber: cipher.decrypt(row.achRoutingNumber),
      ...address,
    } as CreditorAccount;
  }
  if (row.addressLine1 && row.city && row.state && row.zipCode) {
    return { isAch: false, ...address } as CreditorAccount;
  }
  return null;
}

/**
 * Applies the silent default to every proposal sent more than its programme's silent_after_days ago with no
 * answer, and whose offer nobody answered. The list is read in one unit of work; each default is a unit of its
 * own holding the application's row (as a staff answer does), so one that cannot be answered now (the
 * application left creditor review, or the offer belongs to an older decision) is skipped without stopping
 * the others, and the emails it writes (the borrower told of changed terms) are announced once it commits.
 * Answers how many were applied and skipped, and whether more may wait (the run took as many as it may).
 */
export async function applySilentDefaults(
  openUnit: OpenUnit,
  ports: OfferAnswerPorts,
  o: { now: Date },
): Promise<{ applied: number; skipped: number; more: boolean }> {
  const due = await openUnit(({ tx }) =>
    tx
      .select({
        proposalId: proposal.id,
        offerId: proposal.offerId,
        creditorId: proposal.creditorId,
        silentDefault: concessionProgramme.silentDefault,
        silentAfterDays: concessionProgramme.silentAfterDays,
      })
      .from(proposal)
      .innerJoin(offer, eq(offer.id, proposal.offerId))
      .innerJoin(concessionProgramme, eq(concessionProgramme.id, offer.lenderConcessionId))
      .where(
        and(
          eq(proposal.state, 'sent'),
          isNull(offer.status),
          sql`${proposal.sentAt} < ${o.now.toISOString()}::timestamptz - make_interval(days => ${concessionProgramme.silentAfterDays})`,
        ),
      )
      .orderBy(asc(proposal.sentAt), asc(proposal.id))
      .limit(SILENT_SWEEP_LIMIT),
  );

  let applied = 0;
  let skipped = 0;
  for (const d of due) {
    try {
      await openUnit(async (unit) => {
        const { tx } = unit;
        const { app, current } = await openOffer(tx, d.offerId);
        // Read again under the application's lock: a staff answer may have come in since the list was read.
        const [still] = await tx
          .select({ state: proposal.state })
          .from(proposal)
          .where(eq(proposal.id, d.proposalId));
        if (still?.state !== 'sent' || current.status !== null) throw new AppError('Conflict');
        const [owner] = d.creditorId
          ? await tx.select().from(creditor).where(eq(creditor.id, d.creditorId))
          : [];
        const answer = d.silentDefault;
        const view = await recordOfferAnswer(unit, ports, {
          app,
          current,
          actorId: null,
          silentDefault: { afterDays: d.silentAfterDays },
          status: answer,
          counter: { payment: null, aprBp: null },
          reasons: [],
          creditorAccount:
            answer === 'accepted' && owner ? creditorAccountFromCreditor(unit.cipher, owner) : null,
          proposal: {
            state: 'noAnswer',
            answer,
            answerPayment: null,
            answerNote: silentDefaultNote(d.silentAfterDays, answer),
            answeredAt: null,
          },
        });
        // An answer that completes the creditors' answers hands the plan over: the partner hears of it as after
        // a staff answer.
        if (view.handOver === 'transfer') unit.outbox.partnerEvent(view.application.id);
      });
      applied++;
    } catch (error) {
      // Not answerable now (status or decision moved on, or answered meanwhile): left as it is.
      if (error instanceof AppError) skipped++;
      else throw error;
    }
  }
  return { applied, skipped, more: due.length >= SILENT_SWEEP_LIMIT };
}
