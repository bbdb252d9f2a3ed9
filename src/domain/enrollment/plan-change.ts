import type { Cents } from '../money/cents';
import { CHANGED_DRAFT_NOTICE_DAYS } from '../underwriting/constants';
import { addDays } from '#domain/calendar';
import { nextDraftOnOrAfter, type PayDirectly, type PlanTerms } from './plan-terms';

// When a creditor's answer changes the plan after the borrower authorized it: what the borrower is told, from
// which draft the new amount applies, and what the agency may draw meanwhile (docs/decisions/0080). My plan,
// the change email, the re-authorization and the plan handed to the agency all read these functions, so the
// date and the amounts cannot differ between them.

/**
 * The first draft a changed amount applies to: the first draft of the schedule at least 10 days after the
 * change is announced, so the borrower always hears of a new amount before it is drawn. Null when the plan
 * has no dates yet or ends before then.
 */
export const changeAppliesFrom = (
  terms: Parameters<typeof nextDraftOnOrAfter>[0],
  announced: string,
): string | null => nextDraftOnOrAfter(terms, addDays(announced, CHANGED_DRAFT_NOTICE_DAYS));

export type PlanChange = {
  /** The amount the borrower last authorized (the letter, or their latest confirmation). */
  authorizedMonthlyDraft: Cents;
  /** The amount drawn each month under the new terms. */
  monthlyDraft: Cents;
  /**
   * The first draft the new amount applies to. A higher amount waits for the borrower's confirmation: its date
   * is counted from today, the earliest they can confirm.
   */
  appliesFrom: string | null;
  /** More than authorized: not drawn until the borrower confirms the new terms. */
  needsConfirmation: boolean;
  /** The creditors that declined the plan: the borrower pays them directly, about `currentPayment` a month. */
  declinedByCreditor: PayDirectly[];
  /** Names the resulting terms: the same key means the same change, already announced. */
  key: string;
};

const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * What changed since the borrower authorized the plan, or null when there is nothing to tell: no authorization
 * yet, no creditor left on the plan, or the same amount with no creditor declining. `announced` is the day the
 * change was (or is being) announced, `today` the day it is read.
 */
export function planChange(i: {
  terms: PlanTerms;
  authorizedMonthlyDraft: Cents | null;
  announced: string;
  today: string;
}): PlanChange | null {
  const { terms, authorizedMonthlyDraft: authorized } = i;
  if (authorized === null || terms.creditors.length === 0) return null;
  const declinedByCreditor = terms.payDirectly.filter((c) => c.why === 'declinedByCreditor');
  if (terms.monthlyDraft === authorized && declinedByCreditor.length === 0) return null;
  const needsConfirmation = terms.monthlyDraft > authorized;
  return {
    authorizedMonthlyDraft: authorized,
    monthlyDraft: terms.monthlyDraft,
    appliesFrom: changeAppliesFrom(terms, needsConfirmation ? later(i.announced, i.today) : i.announced),
    needsConfirmation,
    declinedByCreditor,
    key: [
      terms.monthlyDraft,
      declinedByCreditor
        .map((c) => c.id)
        .sort()
        .join(','),
    ].join('|'),
  };
}

/**
 * What the agency may draw each month: the terms' amount, except that a higher amount than the borrower
 * authorized is not drawn until they confirm it; until then the authorized amount stays the draft and the
 * higher one waits (`awaitingConfirmation`).
 */
export function drawableMonthlyDraft(
  terms: Pick<PlanTerms, 'monthlyDraft'>,
  authorizedMonthlyDraft: Cents | null,
): { monthlyDraft: Cents; awaitingConfirmation: Cents | null } {
  if (authorizedMonthlyDraft !== null && terms.monthlyDraft > authorizedMonthlyDraft) {
    return { monthlyDraft: authorizedMonthlyDraft, awaitingConfirmation: terms.monthlyDraft };
  }
  return { monthlyDraft: terms.monthlyDraft, awaitingConfirmation: null };
}

/** The amount the borrower authorized: the newest letter or confirmation; an acceptance alone is not one. */
export const authorizedAmountOf = (
  authorization: { kind: string; monthlyDraftAmount: Cents } | null | undefined,
): Cents | null =>
  authorization && authorization.kind !== 'acceptance' ? authorization.monthlyDraftAmount : null;

/**
 * The amount of the draft on `date` ('yyyy-MM-dd'): the amount authorized until a change applies (a lower
 * amount from its first draft, `appliesFrom`; a higher one only once confirmed, when the change is gone), then
 * the terms' amount. My plan's and Settings' "next draft" read it, so the date and the amount beside it agree
 * with the sentence that says from when the amount changes.
 */
export function draftAmountOn(
  terms: Pick<PlanTerms, 'monthlyDraft'>,
  change: Pick<PlanChange, 'authorizedMonthlyDraft' | 'appliesFrom' | 'needsConfirmation'> | null,
  date: string | null,
): Cents {
  if (!change) return terms.monthlyDraft;
  const applies =
    !change.needsConfirmation && change.appliesFrom !== null && date !== null && date >= change.appliesFrom;
  return applies ? terms.monthlyDraft : change.authorizedMonthlyDraft;
}

/**
 * Whether every creditor still on the plan has answered. The borrower is told of a change once the answers
 * it is made of are all in (docs/decisions/0153): answers recorded one after another, minutes or weeks
 * apart, make one email naming each of them and the plan they add up to, never a string of amounts that
 * are already out of date when read.
 */
export const answersSettled = (terms: Pick<PlanTerms, 'creditors'>): boolean =>
  terms.creditors.every((c) => c.creditorAnswer !== 'pending');

/**
 * Whether a draft of the schedule comes before the changed amount applies: only then do drafts "stay" at the
 * authorized amount. Without dates, or when the change applies from the very first draft, none does.
 */
export const draftsBeforeChange = (
  terms: Pick<PlanTerms, 'firstDraftDate'>,
  appliesFrom: string | null,
): boolean => terms.firstDraftDate !== null && appliesFrom !== null && terms.firstDraftDate < appliesFrom;

/** What one creditor answered and what it does to the plan, as the change email names it. */
export type CreditorAnswerEffect =
  | { kind: 'accepted'; id: string; creditorName: string; payment: Cents }
  | {
      kind: 'counterOffer';
      id: string;
      creditorName: string;
      /** What the plan pays it now, and at what rate (its counter-offer). */
      payment: Cents;
      aprBp: number;
      /** What the plan proposed to it. */
      proposedPayment: Cents;
      proposedAprBp: number;
    }
  /** It declined: the borrower keeps paying it, about `currentPayment` a month. */
  | { kind: 'declined'; id: string; creditorName: string; currentPayment: Cents }
  /**
   * Recorded as declined because the agency could not reach it: the agency's failure, not the creditor's
   * refusal, so the borrower is never told it declined.
   */
  | { kind: 'notReached'; id: string; creditorName: string; currentPayment: Cents }
  /** It stayed silent and its programme's default was applied (`days`: the programme's wait). */
  | { kind: 'silentAccepted'; id: string; creditorName: string; payment: Cents; days: number | null }
  | { kind: 'silentDeclined'; id: string; creditorName: string; currentPayment: Cents; days: number | null };

/** An offer's answer as recorded, beside what the plan first proposed to its creditor. */
export type RecordedAnswer = {
  id: string;
  /** The payment and rate the plan proposed (before any counter-offer). */
  proposedPayment: Cents;
  proposedAprBp: number;
  /** The creditor made a counter-offer (another payment or rate). */
  counterOffer: boolean;
  /** The reasons ticked for a decline. */
  declineReasons: readonly string[];
  /** The answer is the programme's default for a creditor that stayed silent; its days when known. */
  silentAfterDays: number | null;
  silent: boolean;
};

/**
 * Each creditor's answer with its effect, largest balance first: the creditors on the plan (an accepted
 * offer, or a counter-offer with the payment and rate it accepted), then those the borrower now pays
 * directly because of an answer. Offers the borrower left out are not answers and are not listed.
 */
export function answerEffects(
  terms: Pick<PlanTerms, 'creditors' | 'payDirectly'>,
  answers: readonly RecordedAnswer[],
): CreditorAnswerEffect[] {
  const byId = new Map(answers.map((a) => [a.id, a]));
  const effects: CreditorAnswerEffect[] = [];
  for (const c of terms.creditors) {
    const a = byId.get(c.id);
    if (!a || c.creditorAnswer !== 'accepted') continue;
    if (a.silent) {
      effects.push({
        kind: 'silentAccepted',
        id: c.id,
        creditorName: c.creditorName,
        payment: c.payment,
        days: a.silentAfterDays,
      });
    } else if (a.counterOffer) {
      effects.push({
        kind: 'counterOffer',
        id: c.id,
        creditorName: c.creditorName,
        payment: c.payment,
        aprBp: c.proposedAprBp,
        proposedPayment: a.proposedPayment,
        proposedAprBp: a.proposedAprBp,
      });
    } else {
      effects.push({ kind: 'accepted', id: c.id, creditorName: c.creditorName, payment: c.payment });
    }
  }
  for (const c of terms.payDirectly) {
    const a = byId.get(c.id);
    if (!a || c.why !== 'declinedByCreditor') continue;
    const base = { id: c.id, creditorName: c.creditorName, currentPayment: c.currentPayment };
    if (a.silent) effects.push({ kind: 'silentDeclined', ...base, days: a.silentAfterDays });
    else if (a.declineReasons.includes(UNABLE_TO_CONTACT)) effects.push({ kind: 'notReached', ...base });
    else effects.push({ kind: 'declined', ...base });
  }
  return effects;
}

/** The decline reason that says the agency could not reach the creditor (OFFER_DECLINE_REASON_KEYS). */
const UNABLE_TO_CONTACT = 'unableToContactTheLender';

/**
 * The creditors whose answers raised the amount drawn each month: those that countered with a higher payment
 * than the plan proposed to them. My plan and the new authorization name them as the reason for a higher
 * amount, rather than anything the borrower chose earlier (a creditor they left out of the plan).
 */
export const raisedByCounterOffers = (effects: readonly CreditorAnswerEffect[]): string[] =>
  effects.flatMap((e) =>
    e.kind === 'counterOffer' && e.payment > e.proposedPayment ? [e.creditorName] : [],
  );
