import type { Cents } from '../money/cents';
import { CHANGED_DRAFT_NOTICE_DAYS } from '../underwriting/constants';
import { addDays, nextDraftOnOrAfter, type PayDirectly, type PlanTerms } from './plan-terms';

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
