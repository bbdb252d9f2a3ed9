import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIRM_INCOME_QUESTION } from '#domain/validation/application';
import {
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
import type { ApplicationView } from './application-query';
import { Component as ConfirmIncomePage } from './confirm-income-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const application = {
  id: 'app-1',
  status: 'inProgress',
  lastCompletedPage: 'ProvideMonthlyIncome',
  lastViewedPage: 'ConfirmIncome',
  selfReportedMonthlyCurrentIncome: 1850000,
} as const satisfies Partial<ApplicationView>;

async function renderPage(next: string) {
  const calls = mockApi({
    'GET /api/application': { status: 200, body: application },
    'PUT /api/application/confirm-income': { status: 200, body: { next } },
  });
  const app = mountRoutes(
    [
      { path: '/income/confirm-income', Component: ConfirmIncomePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/income/confirm-income',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return { calls, router: app.router };
}

async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}
async function answer(choice: 'Yes' | 'No') {
  const radio = [...document.querySelectorAll('fieldset label')]
    .find((l) => l.textContent === choice)
    ?.querySelector('input');
  await act(async () => radio?.click());
  await settle(2);
}

describe('/income/confirm-income', () => {
  it('shows the income and requires an answer', async () => {
    const { calls } = await renderPage('/expenses');
    expect(document.body.textContent).toContain('$18,500');
    expect(document.querySelector('legend')?.textContent).toBe(CONFIRM_INCOME_QUESTION);
    await submit();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      `${CONFIRM_INCOME_QUESTION} is required`,
    );
    expect(document.activeElement).toBe(document.querySelector('input[type="radio"]'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it.each([
    ['Yes', true, '/expenses'],
    ['No', false, '/income/provide-monthly-income'],
  ] as const)('answers %s → isIncomeCorrect %j, then %s', async (choice, isIncomeCorrect, next) => {
    const { calls, router } = await renderPage(next);
    await answer(choice);
    await submit();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ isIncomeCorrect }]);
    await waitFor(() => expect(router.state.location.pathname).toBe(next));
  });
});
