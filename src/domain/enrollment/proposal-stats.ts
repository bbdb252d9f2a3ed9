import type { ProposalAnswer } from './proposal-answers';

/**
 * How long a creditor is given to answer a proposal before staff chase it, when the agency has recorded no
 * response time of its own for that creditor: thirty days, the time agencies commonly allow.
 */
export const DEFAULT_RESPONSE_DAYS = 30;

/** The shortest usual response time a creditor may have on file (a day). */
export const MIN_RESPONSE_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment before which a proposal still waiting has waited too long: sent (or prepared, while not yet sent)
 * earlier than `responseDays` days before `now`.
 */
export const overdueBefore = (now: Date, responseDays: number = DEFAULT_RESPONSE_DAYS): Date =>
  new Date(now.getTime() - responseDays * DAY_MS);

/** Whole days a proposal has waited since it went out (or was prepared), as staff read "waiting 34 days". */
export const daysWaiting = (since: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));

/** How many of a creditor's answers gave this answer after this many whole days. */
export interface AnswerCount {
  answer: ProposalAnswer;
  days: number;
  count: number;
}

export interface CreditorAnswerStats {
  answered: number;
  /** Accepted or countered (the plan goes on with that creditor), over all answered; null before any answer. */
  acceptanceRate: number | null;
  /** Median whole days from sending (or preparing) to the answer; null before any answer. */
  medianDaysToAnswer: number | null;
}

/**
 * A creditor's acceptance rate and median days to answer, from its answers counted by kind and by days (the
 * database counts them, so a million proposals make a few hundred rows here). With an even number of answers the
 * median is the mean of the two middle values.
 */
export function creditorAnswerStats(counts: readonly AnswerCount[]): CreditorAnswerStats {
  const rows = counts.filter((c) => c.count > 0);
  const answered = rows.reduce((n, c) => n + c.count, 0);
  if (answered === 0) return { answered: 0, acceptanceRate: null, medianDaysToAnswer: null };
  const accepted = rows.filter((c) => c.answer !== 'declined').reduce((n, c) => n + c.count, 0);
  const byDays = new Map<number, number>();
  for (const c of rows) byDays.set(c.days, (byDays.get(c.days) ?? 0) + c.count);
  const sorted = [...byDays.entries()].sort(([a], [b]) => a - b);
  /** The value at a 0-based position in the answers ordered by days. */
  const at = (position: number): number => {
    let seen = 0;
    for (const [days, n] of sorted) {
      seen += n;
      if (position < seen) return days;
    }
    return sorted.at(-1)![0];
  };
  const median = answered % 2 === 1 ? at((answered - 1) / 2) : (at(answered / 2 - 1) + at(answered / 2)) / 2;
  return { answered, acceptanceRate: accepted / answered, medianDaysToAnswer: median };
}
