import { APPLICATION_STATUSES } from '../flow/statuses';

// The queue's pagination control: 10 tiles a page; 2 range pages, 2 margin pages.

export const QUEUE_PAGE_SIZE = 10;
export const RANGE_PAGES = 2;
export const MARGIN_PAGES = 2;

/**
 * The queue counts its matches up to this many and then says "1,000+": an exact count reads every match at
 * every page (a common surname matches ten thousand borrowers of a million, and counting them cost more than
 * half a second), and a counsellor narrows a search rather than page past a hundred pages of tiles.
 */
export const QUEUE_COUNT_CAP = 1_000;
/** The last page the count can reach: deeper pages would walk ever more rows to skip them. */
export const MAX_QUEUE_PAGE = QUEUE_COUNT_CAP / QUEUE_PAGE_SIZE;

export const pageCount = (total: number, pageSize = QUEUE_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** A page number to show, or a gap ('…') between runs of pages. */
export type PaginationItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap' };

/**
 * The pages the control shows for 1-based `current` of `count`: the first and last `margin` pages, `range` pages
 * either side of the current one, and a gap wherever pages are skipped (a lone skipped page is shown instead).
 */
export function paginationItems(
  current: number,
  count: number,
  o: { range?: number; margin?: number } = {},
): PaginationItem[] {
  const range = o.range ?? RANGE_PAGES;
  const margin = o.margin ?? MARGIN_PAGES;
  const shown = new Set<number>();
  for (let p = 1; p <= count; p++) {
    if (p <= margin || p > count - margin || Math.abs(p - current) <= range) shown.add(p);
  }
  // A gap of exactly one page shows that page: a gap marker would take the same room.
  for (let p = 2; p < count; p++) {
    if (!shown.has(p) && shown.has(p - 1) && shown.has(p + 1)) shown.add(p);
  }
  const items: PaginationItem[] = [];
  for (let p = 1; p <= count; p++) {
    if (shown.has(p)) items.push({ kind: 'page', page: p, current: p === current });
    else if (items.at(-1)?.kind !== 'gap') items.push({ kind: 'gap' });
  }
  return items;
}

/**
 * The /summary list: each status shows at most its newest SUMMARY_LIST_LIMIT applications of the date window,
 * merged newest first and sent SUMMARY_PAGE_SIZE at a time, so an answer stays small however busy the window.
 */
export const SUMMARY_LIST_LIMIT = 1000;
export const SUMMARY_PAGE_SIZE = 50;
/** Every status at its limit, SUMMARY_PAGE_SIZE to a page. */
export const MAX_SUMMARY_PAGE = Math.ceil(
  (APPLICATION_STATUSES.length * SUMMARY_LIST_LIMIT) / SUMMARY_PAGE_SIZE,
);
