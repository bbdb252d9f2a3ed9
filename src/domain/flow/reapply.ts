import { z } from 'zod';
import { addDays } from '#domain/calendar';
import { issueError } from '#domain/validation/issue-messages';
import { MESSAGE_REFS } from '#domain/validation/messages';

// Applying again after an application ended not qualified: at once when the borrower's situation changed (what
// changed is recorded), or once the agency's waiting period has passed since the refusal. The new application is
// made on the same account; the old one is kept for the record.

/** What changed in the borrower's situation since the refusal. */
export const REAPPLY_CHANGES = ['income', 'expenses', 'debts', 'household', 'address'] as const;
export type ReapplyChange = (typeof REAPPLY_CHANGES)[number];

export const reapplySchema = z.strictObject({
  /** Null: nothing changed, the borrower applies again after the waiting period. */
  // Chosen from the page's list: anything else was not sent by the page, and the request is invalid.
  change: z.enum(REAPPLY_CHANGES, { error: issueError(MESSAGE_REFS.requestInvalid) }).nullable(),
});
export type Reapply = z.output<typeof reapplySchema>;

/** The agency's day ('yyyy-MM-dd') from which a borrower may apply again without a change of situation. */
export const reapplyFrom = (refusedOn: string, waitingDays: number): string =>
  addDays(refusedOn, waitingDays);

/** True when a borrower whose application ended on `refusedOn` may apply again on `today`. */
export const mayReapply = (o: {
  refusedOn: string;
  today: string;
  waitingDays: number;
  change: ReapplyChange | null;
}): boolean => o.change !== null || o.today >= reapplyFrom(o.refusedOn, o.waitingDays);
