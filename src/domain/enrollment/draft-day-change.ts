import { CHANGED_DRAFT_NOTICE_DAYS } from '../underwriting/constants';
import { addDays } from '#domain/calendar';
import { PORTAL_REFUSALS, formatEnglish } from '#domain/i18n/validation-messages';
import { draftDateAt, isDraftDay, type PlanTerms } from './plan-terms';

// A borrower who is paid on another day can move their monthly draft in Settings (docs/decisions/0095). The
// change is announced before it is drawn: it starts with the first month whose draft, on the current day and on
// the new one, is at least 10 days away, so no draft moves with less notice and none comes sooner than the
// borrower was told. Drafts stay one to a month, so the plan keeps its number of drafts and its amounts.

export type DraftSchedule = Pick<PlanTerms, 'firstDraftDate' | 'termInMonths' | 'draftDayChanges'>;

export type DraftDayChange = {
  /** The new day of the month (1 to 28). */
  draftDay: number;
  /** The first draft on the new day. */
  firstDraftOnNewDay: string;
  /** The drafts still to come on the current day before the change (at most a few), oldest first. */
  draftsBeforeChange: string[];
  /** The plan's changes of day with this one (what is stored and read back as PlanTerms.draftDayChanges). */
  draftDayChanges: string[];
};

export type DraftDayRefusal =
  { refused: 'notADraftDay' } | { refused: 'sameDay' } | { refused: 'planEndsFirst' };

/** Each refusal's English, written from its message (PORTAL_REFUSALS), which the server answers with by id. */
export const DRAFT_DAY_REFUSALS: Record<DraftDayRefusal['refused'], string> = {
  notADraftDay: formatEnglish(PORTAL_REFUSALS.notADraftDay),
  sameDay: formatEnglish(PORTAL_REFUSALS.sameDay),
  planEndsFirst: formatEnglish(PORTAL_REFUSALS.planEndsFirst),
};

const pad = (n: number): string => String(n).padStart(2, '0');

/** Drops changes that keep the day already in effect (a change undone before it started). */
function withoutNoOps(firstDraftDate: string, changes: readonly string[]): string[] {
  const kept: string[] = [];
  let day = firstDraftDate.slice(8, 10);
  for (const change of changes) {
    if (change.slice(8, 10) === day) continue;
    kept.push(change);
    day = change.slice(8, 10);
  }
  return kept;
}

/**
 * Moving the monthly draft to `draftDay`, asked on `today`: from which draft, and the schedule that results.
 * Schedule: first draft 2027-01-20, 24 drafts. Asked 2027-03-12 for the 5th: March's draft (20th) is 8 days
 * away, so it stays; April's is on the 5th (24 days away): drafts ['2027-04-05'], before it ['2027-03-20'].
 * Asked 2027-03-01 for the 28th: March's draft moves to 2027-03-28 (the 20th is 19 days away, the 28th 27).
 */
export function changeDraftDay(
  schedule: DraftSchedule,
  draftDay: number,
  today: string,
): DraftDayChange | DraftDayRefusal {
  if (!isDraftDay(draftDay)) return { refused: 'notADraftDay' };
  const first = schedule.firstDraftDate;
  if (!first) return { refused: 'planEndsFirst' };
  const earliest = addDays(today, CHANGED_DRAFT_NOTICE_DAYS);
  const dated = { firstDraftDate: first, draftDayChanges: schedule.draftDayChanges };
  const drafts = Array.from({ length: schedule.termInMonths }, (_, k) => draftDateAt(dated, k));
  const from = drafts.findIndex(
    (draft) => draft >= earliest && `${draft.slice(0, 7)}-${pad(draftDay)}` >= earliest,
  );
  if (from < 0) return { refused: 'planEndsFirst' };
  const firstDraftOnNewDay = `${drafts[from]!.slice(0, 7)}-${pad(draftDay)}`;
  const current = withoutNoOps(first, schedule.draftDayChanges);
  const changed = withoutNoOps(first, [
    ...current.filter((c) => c.slice(0, 7) < firstDraftOnNewDay.slice(0, 7)),
    firstDraftOnNewDay,
  ]);
  // The same list means the drafts from `from` on are already on that day.
  if (changed.length === current.length && changed.every((c, i) => c === current[i])) {
    return { refused: 'sameDay' };
  }
  return {
    draftDay,
    firstDraftOnNewDay,
    draftsBeforeChange: drafts.slice(0, from).filter((d) => d >= today),
    draftDayChanges: changed,
  };
}
