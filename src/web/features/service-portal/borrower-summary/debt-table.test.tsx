import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebtRowView } from '#domain/flow/staff-views';
import { renderRoutes } from '#web/test/render';
import {
  DEBT_TABLE_COLUMNS,
  DEBT_TABLE_EMPTY,
  DEBT_TABLE_PAGE_SIZE,
  DebtTable,
  SELF_REPORTED_MARK,
  sortDebts,
  type DebtSortKey,
  type SortOrder,
} from './debt-table';

const row = (over: Partial<DebtRowView> & { id: string }): DebtRowView => ({
  source: 'debt',
  isEligibleForDmp: true,
  creditor: 'Creditor',
  accountType: 'Credit card (CC)',
  currentBalance: 100_000,
  accountClosed: false,
  accountNumberLast4: '1234',
  dateOpened: '2019-05-01',
  dateClosed: null,
  ecoaDesignator: 'Individual',
  highCredit: 200_000,
  pastDue: 0,
  scheduledMonthlyPayment: 3_500,
  mostRecentPaymentDate: '2025-02-15',
  selectedForDebtReduction: true,
  creditorAccountId: null,
  isSelfReported: false,
  ...over,
});

describe('sortDebts', () => {
  const rows = [
    row({ id: 'a', creditor: 'beta', currentBalance: 50_000, pastDue: null, dateOpened: '2020-01-01' }),
    row({
      id: 'b',
      creditor: 'Alpha',
      currentBalance: 90_000,
      pastDue: 2_000,
      dateOpened: null,
      isEligibleForDmp: false,
    }),
    row({ id: 'c', creditor: 'Gamma', currentBalance: 70_000, pastDue: 500, dateOpened: '2018-06-30' }),
  ];
  it.each<[DebtSortKey, SortOrder, string[]]>([
    ['currentBalance', 'desc', ['b', 'c', 'a']],
    ['currentBalance', 'asc', ['a', 'c', 'b']],
    // Text ignores case.
    ['creditor', 'asc', ['b', 'a', 'c']],
    ['creditor', 'desc', ['c', 'a', 'b']],
    // Empty values last in both orders.
    ['pastDue', 'asc', ['c', 'b', 'a']],
    ['pastDue', 'desc', ['b', 'c', 'a']],
    ['dateOpened', 'asc', ['c', 'a', 'b']],
    ['dateOpened', 'desc', ['a', 'c', 'b']],
    // Ties (all eligible but one) fall back to balance descending.
    ['isEligibleForDmp', 'desc', ['c', 'a', 'b']],
    ['isEligibleForDmp', 'asc', ['b', 'c', 'a']],
  ])('by %s %s', (key, order, expected) => {
    expect(sortDebts(rows, key, order).map((r) => r.id)).toEqual(expected);
  });
});

let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

/** 23 debts, balances 1,000 … 23,000 dollars, creditors named by their balance rank from the top. */
const many = Array.from({ length: 23 }, (_, i) =>
  row({
    id: `debt-${String(i + 1).padStart(2, '0')}`,
    creditor: `Creditor ${String.fromCharCode(65 + i)}`,
    currentBalance: (i + 1) * 100_000,
  }),
);

/** The table has no data to wait for: it renders from its props and the URL at once. */
function render(debts: DebtRowView[], search = '') {
  app = renderRoutes(
    [{ path: '/borrower-summary', Component: () => <DebtTable debts={debts} /> }],
    `/borrower-summary?id=x${search}`,
  );
}

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const firstColumnOf = (key: DebtSortKey) => {
  const index = DEBT_TABLE_COLUMNS.findIndex((c) => c.key === key);
  return [...document.querySelectorAll('tbody tr')].map((tr) => tr.children[index]?.textContent);
};
const headerButton = (label: string) => screen.getByRole('button', { name: label });
const search = () => new URLSearchParams(app.router.state.location.search);
const click = (element: HTMLElement) => app.user.click(element);

describe('DebtTable', () => {
  it('has the 15 columns of the spec, in its order', async () => {
    render([row({ id: 'd1' })]);
    expect(headers()).toEqual([
      'Is Eligible for DMP',
      'Creditor',
      'Type',
      'Current Balance',
      'Source',
      'Debt ID',
      'Account Closed',
      'Account Number',
      'Date Opened',
      'Date Closed',
      'ECOA Designator',
      'High Credit',
      'Past Due',
      'Scheduled Monthly Payment',
      'Most Recent Payment Date',
    ]);
    const cells = [...document.querySelectorAll('tbody tr > *')].map((c) => c.textContent);
    expect(cells).toEqual([
      'Yes',
      'Creditor',
      'Credit card (CC)',
      '$1,000',
      'Debt',
      'd1',
      'No',
      '...1234',
      '05-01-2019',
      '—Not provided',
      'Individual',
      '$2,000',
      '$0',
      '$35',
      '02-15-2025',
    ]);
  });

  it('shows 10 a page, current balance descending by default, and pages through the rest', async () => {
    render(many);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(DEBT_TABLE_PAGE_SIZE);
    expect(firstColumnOf('currentBalance').slice(0, 3)).toEqual(['$23,000', '$22,000', '$21,000']);
    expect(document.querySelector('th[aria-sort="descending"]')?.textContent).toBe('Current Balance');

    await click(screen.getByLabelText('Page 3'));
    expect(firstColumnOf('currentBalance')).toEqual(['$3,000', '$2,000', '$1,000']);
    expect(search().get('debtPage')).toBe('3');
    expect(document.body).toHaveTextContent('Showing 21–23 of 23');
  });

  it('sorts by a clicked column (text ascending first, then flipped), back on page 1, kept in the URL', async () => {
    render(many, '&debtPage=2');
    await click(headerButton('Creditor'));
    expect(firstColumnOf('creditor').slice(0, 2)).toEqual(['Creditor A', 'Creditor B']);
    expect(search().get('debtSort')).toBe('creditor');
    expect(search().get('debtOrder')).toBe('asc');
    expect(search().get('debtPage')).toBeNull();
    expect(search().get('id')).toBe('x');

    await click(headerButton('Creditor'));
    expect(firstColumnOf('creditor').slice(0, 2)).toEqual(['Creditor W', 'Creditor V']);
    expect(document.querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('starts an amount column largest first', async () => {
    render(many, '&debtSort=creditor&debtOrder=asc');
    await click(headerButton('High Credit'));
    expect(search().get('debtSort')).toBe('highCredit');
    expect(search().get('debtOrder')).toBe('desc');
  });

  it.each([
    ['a sort from the URL', '&debtSort=creditor&debtOrder=desc&debtPage=3', 'Creditor C'],
    ['an unknown sort and a page past the end', '&debtSort=nope&debtPage=99', '$3,000'],
  ])('reads %s', async (_name, query, firstCell) => {
    render(many, query);
    expect(document.querySelector('tbody tr')?.textContent).toContain(firstCell);
  });

  it('says so when there are no debts', async () => {
    render([]);
    expect(document.body.textContent).toBe(DEBT_TABLE_EMPTY);
  });

  it('marks a debt the borrower added as self-reported, to verify', async () => {
    render([
      row({ id: 'bureau', creditor: 'Chase', currentBalance: 500_000 }),
      row({ id: 'added', creditor: 'Hometown Credit Union', isSelfReported: true, accountType: null }),
    ]);
    const rows = [...document.querySelectorAll('tbody tr')].map((tr) => tr.children[1]!.textContent);
    expect(rows).toEqual(['Chase', 'Hometown Credit Union Self-reported — verify']);
    expect(SELF_REPORTED_MARK).toBe('Self-reported — verify');
  });
});
