import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  OFFERS_TABLE_COLUMNS,
  OFFERS_TABLE_EMPTY,
  OffersTable,
  sortOffersByBalance,
  type OffersTableRow,
} from './offers-table';

let container: HTMLElement;

const row = (overrides: Partial<OffersTableRow> & Pick<OffersTableRow, 'id'>): OffersTableRow => ({
  creditorName: 'Bank',
  currentBalance: 100_000,
  currentMonthlyPayment: 3_000,
  newMonthlyPayment: 2_000,
  term: 50,
  ...overrides,
});

const ROWS: OffersTableRow[] = [
  row({
    id: 'a',
    creditorName: 'Alpha Card',
    currentBalance: 250_000,
    currentMonthlyPayment: 7_063,
    newMonthlyPayment: 5_000,
    term: 56,
    bureauName: 'ALPHA BK',
    accountNumberLast4: '1234',
  }),
  row({
    id: 'b',
    creditorName: 'Beta Store',
    currentBalance: 1_200_049,
    currentMonthlyPayment: 33_901,
    newMonthlyPayment: 24_001,
    term: 60,
  }),
  row({
    id: 'c',
    creditorName: 'Cedar Loans',
    currentBalance: 50_000,
    currentMonthlyPayment: 2_500,
    newMonthlyPayment: 2_500,
    term: 22,
    accountNumberLast4: '0007',
  }),
];

const cells = (tr: Element) => [...tr.children].map((cell) => cell.textContent);

describe('sortOffersByBalance', () => {
  it.each([
    [
      [3, 1, 2],
      [3, 2, 1],
    ],
    [
      [5, 5, 9],
      [9, 5, 5],
    ],
    [[], []],
  ])('orders balances %j as %j', (balances, expected) => {
    const rows = balances.map((b, i) => row({ id: String(i), currentBalance: b }));
    expect(sortOffersByBalance(rows).map((r) => r.currentBalance)).toEqual(expected);
  });

  it('breaks ties by creditor name and leaves the input alone', () => {
    const rows = [row({ id: '1', creditorName: 'Zeta' }), row({ id: '2', creditorName: 'Acme' })];
    expect(sortOffersByBalance(rows).map((r) => r.creditorName)).toEqual(['Acme', 'Zeta']);
    expect(rows[0]?.creditorName).toBe('Zeta');
  });
});

describe('OffersTable', () => {
  it('shows the five columns, rows by current balance descending in whole dollars, and a totals row', () => {
    container = render(<OffersTable rows={ROWS} caption="Your offers" />).container;
    expect(container.querySelector('caption')?.textContent).toBe('Your offers');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      ...OFFERS_TABLE_COLUMNS,
    ]);
    expect([...container.querySelectorAll('tbody tr')].map(cells)).toEqual([
      ['Beta Store', '$12,000', '$339', '$240', '60'],
      ['Alpha Card', '$2,500', '$71', '$50', '56'],
      ['Cedar Loans', '$500', '$25', '$25', '22'],
    ]);
    expect(cells(container.querySelector('tfoot tr')!)).toEqual([
      'Total',
      '$15,000',
      '$435',
      '$315',
      'Longest term 60',
    ]);
    // Details are off by default.
    expect(container.textContent).not.toContain('...1234');
  });

  it('adds the bureau name and the masked account number with showDetails', () => {
    container = render(<OffersTable rows={ROWS} showDetails />).container;
    const creditors = [...container.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(creditors).toEqual([
      'Beta Store',
      'Alpha CardReported as ALPHA BKAccount ...1234',
      'Cedar LoansAccount ...0007',
    ]);
  });

  it('scrolls sideways inside a keyboard-focusable region named by its caption', () => {
    container = render(<OffersTable rows={ROWS} />).container;
    const region = container.querySelector('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById(region.getAttribute('aria-labelledby')!)?.tagName).toBe('CAPTION');
  });

  it('says so when there are no offers', () => {
    container = render(<OffersTable rows={[]} />).container;
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toBe(OFFERS_TABLE_EMPTY);
  });
});
