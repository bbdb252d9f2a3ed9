import { describe, expect, it } from 'vitest';
import { pageCount, type PaginationItem, paginationItems } from './pagination';

/** '1 2 [3] 4 … 10' */
const render = (items: PaginationItem[]) =>
  items.map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page))).join(' ');

describe('paginationItems (2 range pages, 2 margin pages)', () => {
  it.each([
    [1, 1, '[1]'],
    [1, 5, '[1] 2 3 4 5'],
    [1, 20, '[1] 2 3 … 19 20'],
    [5, 20, '1 2 3 4 [5] 6 7 … 19 20'],
    [10, 20, '1 2 … 8 9 [10] 11 12 … 19 20'],
    [20, 20, '1 2 … 18 19 [20]'],
    // A single skipped page is shown rather than a gap.
    [6, 20, '1 2 3 4 5 [6] 7 8 … 19 20'],
  ])('page %i of %i: %s', (current, count, expected) => {
    expect(render(paginationItems(current, count))).toBe(expected);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [1000, 100],
  ])('%i tiles → %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});
