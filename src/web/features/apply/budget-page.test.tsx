import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetView } from '#domain/flow/application-view';
import { BUDGET_AGREEMENT_LABEL } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { Component as BudgetPage, NO_ADJUSTMENTS_TEXT } from './budget-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const application = (status = 'inProgress', lastViewedPage = 'Budget') => ({
  id: 'app-1',
  status,
  lastCompletedPage: 'Expenses',
  lastViewedPage,
});

const BUDGET: BudgetView = {
  agreedTo: false,
  lines: [
    {
      category: 'food',
      groupLabel: 'Food',
      subCategory: 'away',
      label: 'Restaurants including delivery',
      currentValue: 40_000,
      proposedValue: 15_000,
    },
    {
      category: 'personal',
      groupLabel: 'Personal',
      subCategory: 'entertainment',
      label: 'Entertainment',
      currentValue: 20_000,
      proposedValue: 12_500,
    },
  ],
  currentExpensesTotal: 400_000,
  proposedExpensesTotal: 367_500,
  targetedMonthlySavings: 32_500,
  monthlyIncome: 500_000,
  newMonthlyPayment: 60_000,
  explanation: 'Trimming two flexible expenses makes room for your plan payment.',
};

type Reply = { status: number; body?: unknown };
let replies: { application: Reply; budget: Reply; put: Reply };
let puts: unknown[];
let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  puts = [];
  replies = {
    application: { status: 200, body: application() },
    budget: { status: 200, body: BUDGET },
    put: { status: 200, body: { next: '/offers/review' } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const reply = (r: Reply) => Response.json(r.body, { status: r.status });
      if (url === '/api/application' && method === 'GET') return reply(replies.application);
      if (url === '/api/application/budget' && method === 'GET') return reply(replies.budget);
      if (url === '/api/application/budget' && method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return reply(replies.put);
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  consoleError = vi.spyOn(console, 'error');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter(
    [
      { path: '/budget', Component: BudgetPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ['/budget'] },
  );
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const agreement = () => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === BUDGET_AGREEMENT_LABEL);
  return document.getElementById(label?.htmlFor ?? '') as HTMLInputElement | null;
};
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

async function clickContinue() {
  await act(async () => button('Continue').click());
  await settle();
}

describe('/budget', () => {
  it('shows the explanation, one tile per adjusted line, and the targeted monthly savings', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe('Proposed Expense Adjustments');
    expect(document.body.textContent).toContain(BUDGET.explanation);
    const tiles = [...document.querySelectorAll('[aria-label="Adjusted expenses"] li')].map(
      (li) => li.textContent,
    );
    expect(tiles).toEqual([
      'FoodRestaurants including deliveryCurrent $400→Proposed $150',
      'PersonalEntertainmentCurrent $200→Proposed $125',
    ]);
    expect(document.body.textContent).toContain('Targeted Monthly Savings$325');
    expect(agreement()?.checked).toBe(false);
  });

  it.each([0, -500])('leaves the targeted monthly savings out when it is %i cents', async (savings) => {
    replies.budget.body = { ...BUDGET, targetedMonthlySavings: savings };
    await renderPage();
    expect(document.body.textContent).not.toContain('Targeted Monthly Savings');
  });

  it('requires the agreement, then saves it and goes where the server says', async () => {
    await renderPage();
    await clickContinue();
    expect(document.body.textContent).toContain(MESSAGES.budgetAgreementRequired);
    expect(document.activeElement).toBe(agreement());
    expect(puts).toEqual([]);

    await act(async () => agreement()!.click());
    await settle();
    expect(document.body.textContent).not.toContain(MESSAGES.budgetAgreementRequired);
    await clickContinue();
    expect(puts).toEqual([{ agreedTo: true }]);
    expect(router.state.location.pathname).toBe('/offers/review');
  });

  it('shows the empty state without a checkbox when nothing needs adjusting, and Continue still saves', async () => {
    replies.budget.body = { ...BUDGET, lines: [], targetedMonthlySavings: 0 };
    await renderPage();
    expect(document.body.textContent).toContain(NO_ADJUSTMENTS_TEXT);
    expect(agreement()).toBeNull();
    await clickContinue();
    expect(puts).toEqual([{ agreedTo: true }]);
    expect(router.state.location.pathname).toBe('/offers/review');
  });

  it('shows a save failure in the error modal and stays', async () => {
    replies.put = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await act(async () => agreement()!.click());
    await clickContinue();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/budget');
  });

  it('offers a retry when the budget cannot be read', async () => {
    replies.budget = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(MESSAGES.applicationLoadFailed);
    replies.budget = { status: 200, body: BUDGET };
    await act(async () => button('Try again').click());
    await settle();
    expect(document.querySelectorAll('[aria-label="Adjusted expenses"] li')).toHaveLength(2);
  });

  it('sends a borrower whose application moved on to where it stands', async () => {
    replies.application.body = application('acceptOffer', 'Review');
    await renderPage();
    expect(router.state.location.pathname).toBe('/offers/review');
  });
});
