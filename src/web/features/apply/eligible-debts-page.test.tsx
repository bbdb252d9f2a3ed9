import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EligibleItemView } from '#domain/flow/application-view';
import { MESSAGES } from '#domain/validation/messages';
import {
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
import type { ApplicationView } from './application-query';
import { Component as EligibleDebtsPage } from './eligible-debts-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const application = {
  id: 'app-1',
  status: 'inProgress',
  lastCompletedPage: 'Credit',
  lastViewedPage: 'EligibleDebts',
} as const satisfies Partial<ApplicationView>;

const CARD = '11111111-1111-4111-8111-111111111111';
const COLLECTION = '22222222-2222-4222-8222-222222222222';
const LOAN = '33333333-3333-4333-8333-333333333333';

const items: EligibleItemView[] = [
  {
    id: CARD,
    kind: 'debt',
    creditorName: 'Capital One',
    originalCreditorName: null,
    accountTypeName: 'Credit Card (CC)',
    accountNumberLast4: '1234',
    currentBalance: 850000,
    estimatedMonthlyPayment: 24012,
    selectedForDebtReduction: true,
    owner: 'borrower',
  },
  {
    id: COLLECTION,
    kind: 'collection',
    creditorName: 'Midland Credit Management',
    originalCreditorName: 'Synchrony Bank',
    accountTypeName: 'Collection (CO)',
    accountNumberLast4: '9876',
    currentBalance: 215000,
    estimatedMonthlyPayment: 6074,
    selectedForDebtReduction: true,
    owner: 'borrower',
  },
  {
    id: LOAN,
    kind: 'debt',
    creditorName: 'Discover',
    originalCreditorName: null,
    accountTypeName: null,
    accountNumberLast4: null,
    currentBalance: 40000,
    estimatedMonthlyPayment: 2500,
    selectedForDebtReduction: false,
    owner: 'joint',
  },
];

type Reply = Parameters<typeof mockApi>[0][string];

async function renderPage(
  list: Reply,
  put: Reply = { status: 200, body: { next: '/income/provide-monthly-income' } },
) {
  const calls = mockApi({
    'GET /api/application': { status: 200, body: application },
    'GET /api/application/eligible-debts': list,
    'PUT /api/application/eligible-debts': put,
  });
  const app = mountRoutes(
    [
      { path: '/eligible-debts', Component: EligibleDebtsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/eligible-debts',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1, [role="alert"]')).not.toBeNull());
  return { calls, router: app.router };
}

const checkbox = (name: string) => {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
    (input.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ')
      .startsWith(name),
  );
  if (!found) throw new Error(`no checkbox for ${name}`);
  return found;
};
const summary = () => [...document.querySelectorAll('form > dl dd')].map((dd) => dd.textContent);
async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}
const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('/eligible-debts', () => {
  it('lists each debt and collection with its details, selected as saved, and the selected total', async () => {
    await renderPage({ status: 200, body: { items } });
    const tiles = [...document.querySelectorAll('ul[aria-label="Eligible debts"] > li')].map(
      (li) => li.textContent,
    );
    expect(tiles[0]).toContain('Capital One ...1234');
    expect(tiles[0]).toContain('Credit Card (CC)');
    expect(tiles[0]).toContain('$8,500');
    expect(tiles[0]).toContain('$240');
    expect(tiles[1]).toContain('Midland Credit Management ...9876');
    expect(tiles[1]).toContain('Original creditor: Synchrony Bank');
    expect(tiles[2]).not.toContain('...');
    expect(
      [CARD, COLLECTION, LOAN].map(
        (id) => (document.getElementById(`debt-${id}`) as HTMLInputElement).checked,
      ),
    ).toEqual([true, true, false]);
    expect(checkbox('Capital One ...1234 Selected for debt reduction').checked).toBe(true);
    expect(summary()).toEqual(['$10,650', '$301']);
  });

  it('saves the ids kept selected and goes where the server says', async () => {
    const { calls, router } = await renderPage({ status: 200, body: { items } });
    await act(async () => checkbox('Capital One').click());
    await act(async () => checkbox('Discover').click());
    expect(summary()).toEqual(['$2,550', '$86']);
    await submit();
    expect(puts(calls)).toEqual([{ selectedIds: [COLLECTION, LOAN] }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
  });

  it('says when no eligible debt was found and still lets the borrower continue', async () => {
    const { calls, router } = await renderPage(
      { status: 200, body: { items: [] } },
      { status: 200, body: { next: '/offers/not-qualified' } },
    );
    expect(document.body.textContent).toContain('We did not find any eligible debts on your credit report.');
    await submit();
    expect(puts(calls)).toEqual([{ selectedIds: [] }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
  });

  it('offers a retry when the list cannot be read', async () => {
    await renderPage({ status: 500, body: { code: 'InternalError', message: 'x' } });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(MESSAGES.applicationLoadFailed);
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Try again')).toBe(true);
  });

  it('shows the save failure and stays', async () => {
    const { router } = await renderPage({ status: 200, body: { items } }, { status: 500, body: {} });
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/eligible-debts');
  });
});
