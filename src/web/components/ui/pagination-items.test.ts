import { describe, expect, it } from 'vitest';
import { paginationItems, type PaginationItem, type PaginationItemsOptions } from './pagination-items';

const cases: [string, PaginationItemsOptions, PaginationItem[]][] = [
  ['no pages', { pageCount: 0, page: 1 }, []],
  ['one page', { pageCount: 1, page: 1 }, [1]],
  ['fewer pages than the range', { pageCount: 2, page: 2 }, [1, 2]],
  ['margins cover every page', { pageCount: 4, page: 1 }, [1, 2, 3, 4]],
  ['first page: one break before the end margin', { pageCount: 10, page: 1 }, [1, 2, 'break', 9, 10]],
  ['second page', { pageCount: 10, page: 2 }, [1, 2, 3, 'break', 9, 10]],
  [
    'a one-page gap shows the page instead of a break',
    { pageCount: 10, page: 5 },
    [1, 2, 3, 4, 5, 6, 'break', 9, 10],
  ],
  ['a one-page gap on the right side', { pageCount: 10, page: 6 }, [1, 2, 'break', 5, 6, 7, 8, 9, 10]],
  [
    'middle of a long list: two breaks',
    { pageCount: 20, page: 10 },
    [1, 2, 'break', 9, 10, 11, 'break', 19, 20],
  ],
  ['last page', { pageCount: 10, page: 10 }, [1, 2, 'break', 9, 10]],
  ['next to last page', { pageCount: 10, page: 9 }, [1, 2, 'break', 8, 9, 10]],
  [
    'wider range, one-page margins',
    { pageCount: 20, page: 10, pageRangeDisplayed: 5, marginPagesDisplayed: 1 },
    [1, 'break', 8, 9, 10, 11, 12, 'break', 20],
  ],
  [
    'wider range at the start leans right',
    { pageCount: 20, page: 1, pageRangeDisplayed: 5, marginPagesDisplayed: 1 },
    [1, 2, 3, 4, 5, 'break', 20],
  ],
  [
    'wider range at the end leans left',
    { pageCount: 20, page: 20, pageRangeDisplayed: 5, marginPagesDisplayed: 1 },
    [1, 'break', 16, 17, 18, 19, 20],
  ],
  [
    'no margins: no leading break (as react-paginate)',
    { pageCount: 10, page: 5, marginPagesDisplayed: 0 },
    [4, 5, 6, 'break'],
  ],
  ['a page below 1 is treated as the first page', { pageCount: 10, page: 0 }, [1, 2, 'break', 9, 10]],
  ['a page past the end is treated as the last page', { pageCount: 10, page: 99 }, [1, 2, 'break', 9, 10]],
];

describe('paginationItems', () => {
  it.each(cases)('%s', (_name, options, expected) => {
    expect(paginationItems(options)).toEqual(expected);
  });
});
