export type PaginationItem = number | 'break';

export type PaginationItemsOptions = {
  /** Total number of pages. */
  pageCount: number;
  /** The current page, 1-based. */
  page: number;
  /** Pages shown around the current page. */
  pageRangeDisplayed?: number;
  /** Pages always shown at each end. */
  marginPagesDisplayed?: number;
};

/**
 * The items of a pagination control: 1-based page numbers and 'break' markers (an ellipsis).
 * Follows react-paginate's algorithm (its `selected` is our `page - 1`), including its quirks: a gap of a
 * single page shows that page instead of a break, and no break is shown before the first displayed item.
 */
export function paginationItems({
  pageCount,
  page,
  pageRangeDisplayed = 2,
  marginPagesDisplayed = 2,
}: PaginationItemsOptions): PaginationItem[] {
  if (pageCount <= 0) return [];
  const selected = Math.min(Math.max(page, 1), pageCount) - 1;

  if (pageCount <= pageRangeDisplayed) {
    return Array.from({ length: pageCount }, (_, index) => index + 1);
  }

  let leftSide = pageRangeDisplayed / 2;
  let rightSide = pageRangeDisplayed - leftSide;
  // Near either end the range leans towards the middle, so only one break is needed.
  if (selected > pageCount - pageRangeDisplayed / 2) {
    rightSide = pageCount - selected;
    leftSide = pageRangeDisplayed - rightSide;
  } else if (selected < pageRangeDisplayed / 2) {
    leftSide = selected;
    rightSide = pageRangeDisplayed - leftSide;
  }
  // On the first page the range would otherwise show one page too many.
  const adjustedRightSide = selected === 0 && pageRangeDisplayed > 1 ? rightSide - 1 : rightSide;

  // First pass: pages to show, and one break per run of hidden pages (each with its first hidden index).
  const marked: { type: 'page' | 'break'; index: number }[] = [];
  for (let index = 0; index < pageCount; index++) {
    const pageNumber = index + 1;
    const shown =
      pageNumber <= marginPagesDisplayed ||
      pageNumber > pageCount - marginPagesDisplayed ||
      (index >= selected - leftSide && index <= selected + adjustedRightSide);
    if (shown) {
      marked.push({ type: 'page', index });
      continue;
    }
    const last = marked.at(-1);
    if (last && last.type !== 'break' && (pageRangeDisplayed > 0 || marginPagesDisplayed > 0)) {
      marked.push({ type: 'break', index });
    }
  }

  // Second pass: a break that hides exactly one page becomes that page.
  return marked.map((item, i): PaginationItem => {
    const before = marked[i - 1];
    const after = marked[i + 1];
    if (
      item.type === 'break' &&
      !(before?.type === 'page' && after?.type === 'page' && after.index - before.index <= 2)
    ) {
      return 'break';
    }
    return item.index + 1;
  });
}
