import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONFIRM_INCOME_QUESTION } from '#domain/validation/application';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { ApplicationView } from './application-query';
import { Component as ConfirmIncomePage } from './confirm-income-page';

const application = {
  id: 'app-1',
  status: 'inProgress',
  lastCompletedPage: 'ProvideMonthlyIncome',
  lastViewedPage: 'ConfirmIncome',
  selfReportedMonthlyCurrentIncome: 1850000,
} as const satisfies Partial<ApplicationView>;

async function renderPage(next: string) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application },
    'PUT /api/application/confirm-income': { status: 200, body: { next } },
  });
  const { router, user } = renderRoutes(
    [
      { path: '/income/confirm-income', Component: ConfirmIncomePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/income/confirm-income',
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, router, user };
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Continue' }));
const answer = (user: UserEvent, choice: 'Yes' | 'No') =>
  user.click(screen.getByRole('radio', { name: choice }));

describe('/income/confirm-income', () => {
  it('shows the income and requires an answer', async () => {
    const { calls, user } = await renderPage('/expenses');
    expect(document.body).toHaveTextContent('$18,500');
    expect(screen.getByRole('group', { name: CONFIRM_INCOME_QUESTION })).toBeInTheDocument();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`${CONFIRM_INCOME_QUESTION} is required`);
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it.each([
    ['Yes', true, '/expenses'],
    ['No', false, '/income/provide-monthly-income'],
  ] as const)('answers %s → isIncomeCorrect %j, then %s', async (choice, isIncomeCorrect, next) => {
    const { calls, router, user } = await renderPage(next);
    await answer(user, choice);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(next));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ isIncomeCorrect }]);
  });
});
