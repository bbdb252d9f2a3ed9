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
  // $18,500 + a $1,100 estimated shortfall − $100.
  estimatedShortfall: 110_000,
  incomeThreshold: 1_950_000,
} as const satisfies Partial<ApplicationView>;

const REASON =
  'We are asking because, with your debts and the expenses we estimated for your household, a debt ' +
  'management plan usually needs a monthly household income of at least $19,500. If the amount above is ' +
  'not right, choose No to change it.';

async function renderPage(next: string, saved: Partial<ApplicationView> = {}) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: { ...application, ...saved } },
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
    // Why it is asked: the income the plan would need, shown before the question.
    expect(screen.getByTestId('income-threshold')).toHaveTextContent(REASON);
    expect(
      screen
        .getByTestId('income-threshold')
        .compareDocumentPosition(screen.getByRole('group', { name: CONFIRM_INCOME_QUESTION })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
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

describe('/income/confirm-income confirmed before', () => {
  const confirmed = { lastCompletedPage: 'ConfirmIncome', lastViewedPage: 'ConfirmIncome' } as const;

  it('Yes goes on to /expenses without saving again', async () => {
    const { calls, router, user } = await renderPage('/expenses', confirmed);
    await answer(user, 'Yes');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('No is sent, to clear the income', async () => {
    const { calls, router, user } = await renderPage('/income/provide-monthly-income', confirmed);
    await answer(user, 'No');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ isIncomeCorrect: false }]);
  });
});

describe('/income/confirm-income in Spanish', () => {
  it('shows the income and the bank’s average, asks the question and explains a missing answer', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: { ...application, verifiedMonthlyCurrentIncome: 1_720_000, connectedBankName: 'Tartan Bank' },
      },
    });
    const { user } = renderRoutes(
      [{ path: '/income/confirm-income', Component: ConfirmIncomePage }],
      '/income/confirm-income',
      undefined,
      'es',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirme sus ingresos' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Confirme sus ingresos');
    expect(document.body).toHaveTextContent(
      'Ingresos mensuales totales del hogar después de impuestos$18,500',
    );
    expect(document.body).toHaveTextContent(
      'Sus depósitos en Tartan Bank de los últimos 90 días promedian $17,200 al mes.',
    );
    expect(screen.getByTestId('income-threshold')).toHaveTextContent(
      'Se lo preguntamos porque, con sus deudas y los gastos que calculamos para su hogar, un plan de manejo ' +
        'de deudas suele necesitar ingresos mensuales del hogar de al menos $19,500. Si la cantidad de arriba ' +
        'no es correcta, elija No para cambiarla.',
    );
    const question = '¿Es correcto este total de ingresos mensuales del hogar después de impuestos?';
    expect(screen.getByRole('group', { name: question })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Por favor, responda: ${question}`);
  });
});

describe('/income/confirm-income without an estimate', () => {
  it('asks the question without a reason when no threshold is known', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: { ...application, estimatedShortfall: null, incomeThreshold: null },
      },
    });
    renderRoutes(
      [{ path: '/income/confirm-income', Component: ConfirmIncomePage }],
      '/income/confirm-income',
    );
    expect(await screen.findByRole('group', { name: CONFIRM_INCOME_QUESTION })).toBeInTheDocument();
    expect(screen.queryByTestId('income-threshold')).toBeNull();
  });
});
