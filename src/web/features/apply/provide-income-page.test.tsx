import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  REASON_FOR_NOT_CONNECTING_BANK_LABELS,
  REASONS_FOR_NOT_CONNECTING_BANK,
  SKIP_BANK_CONNECTION_QUESTION,
} from '#domain/enrollment/views';
import { INCOME_LABEL, INCOME_SOURCES_TOOLTIP } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, server, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { ApplicationView } from './application-query';
import { INCOME_CONNECTION_TITLE } from './income-bank-connection';
import { CALCULATING_SUBTEXT, CALCULATING_TEXT, Component as ProvideIncomePage } from './provide-income-page';

let user: UserEvent;

const application = (income: number | null, extra: Partial<ApplicationView> = {}) =>
  ({
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'EligibleDebts',
    lastViewedPage: 'ProvideMonthlyIncome',
    selfReportedMonthlyCurrentIncome: income,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
    outcome: null,
    ...extra,
  }) satisfies Partial<ApplicationView>;

type Reply = ApiReply;

async function renderPage(income: number | null, put: Reply = { status: 200, body: { next: '/expenses' } }) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application(income) },
    'PUT /api/application/income': put,
  });
  const app = renderRoutes(
    [
      { path: '/income/provide-monthly-income', Component: ProvideIncomePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/income/provide-monthly-income',
  );
  user = app.user;
  await screen.findByRole('button', { name: 'Continue' });
  return { calls, router: app.router };
}

const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
/** Replaces the amount as a person pasting it would. */
async function typeIncome(text: string) {
  await user.clear(income());
  if (text) await user.paste(text);
}
const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const income = () => screen.getByLabelText<HTMLInputElement>(INCOME_LABEL);

describe('/income/provide-monthly-income: the bank connection', () => {
  it('offers the income predicted from a connected bank, and says where it comes from', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: application(null, { verifiedMonthlyCurrentIncome: 523_400, connectedBankName: 'Tartan Bank' }),
      },
    });
    renderRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
    );
    await waitFor(() => expect(document.body).toHaveTextContent('Connected to Tartan Bank'));
    expect(document.body).toHaveTextContent('average $5,234 a month');
    expect(income()).toHaveValue('$5,234');
  });

  it('skips the connection with a reason', async () => {
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application(null) },
      'PUT /api/application/income/skip-bank-connection': { status: 204 },
    });
    ({ user } = renderRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
    ));
    await waitFor(() => expect(document.body).toHaveTextContent(INCOME_CONNECTION_TITLE));
    const button = (name: string) => screen.getByRole('button', { name });
    await user.click(button('Skip'));
    await user.click(button('Skip this step'));
    await waitFor(() =>
      expect(document.body).toHaveTextContent('Why are you skipping this step is required'),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(screen.getByLabelText('My bank is not listed'));
    await user.click(button('Skip this step'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { reasonForNotConnectingBank: 'bankNotListed' },
    ]);
  });
});

describe('/income/provide-monthly-income', () => {
  it.each([
    ['5', '$5'],
    ['5725', '$5,725'],
    ['$12,5a00', '$12,500'],
    // One digit past the 7 is shown (with its warning), to be refused on submit; typing stops there.
    ['123456789', '$12,345,678'],
    ['', ''],
  ])('shows %j typed as %j (7 digits, and one more)', async (typed, shown) => {
    await renderPage(null);
    await typeIncome(typed);
    expect(income()).toHaveValue(shown);
  });

  it('prefills the saved income', async () => {
    await renderPage(450000);
    await waitFor(() => expect(income()).toHaveValue('$4,500'));
  });

  it.each([
    ['', `${INCOME_LABEL} is required`],
    // A zero income is there, and too small: the minimum's message, not "is required".
    ['0', `${INCOME_LABEL} must be greater than $0`],
  ])('refuses %j with %j and focuses the field', async (typed, message) => {
    const { calls } = await renderPage(null);
    await typeIncome(typed);
    await submit();
    await waitFor(() => expect(income()).toHaveAccessibleDescription(message));
    expect(income()).toHaveFocus();
    expect(puts(calls)).toEqual([]);
  });

  it('warns above $15,000 without stopping the submit, then saves the cents', async () => {
    const { calls, router } = await renderPage(null);
    await typeIncome('15000');
    expect(document.body).not.toHaveTextContent(MESSAGES.incomeWarning);
    await typeIncome('15001');
    await waitFor(() => expect(income()).toHaveAccessibleDescription(MESSAGES.incomeWarning));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
    expect(puts(calls)).toEqual([{ selfReportedMonthlyCurrentIncome: 1500100 }]);
  });

  it('says an income past 7 digits is to be confirmed, and refuses it with the field message', async () => {
    const { calls } = await renderPage(null);
    await typeIncome('12345678');
    // The limit's warning comes before the median income's: this amount will not be taken as it is.
    await waitFor(() => expect(income()).toHaveAccessibleDescription(MESSAGES.currencyWarning));
    await submit();
    await waitFor(() =>
      expect(income()).toHaveAccessibleDescription(
        `${INCOME_LABEL} must be at most 7 characters long ${MESSAGES.currencyWarning}`,
      ),
    );
    expect(puts(calls)).toEqual([]);
  });

  it('shows the calculating overlay while the income is checked', async () => {
    await renderPage(300000);
    // The income check answers only when the test says so.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('/api/application/income', async () => {
        await held;
        return HttpResponse.json({ next: '/income/confirm-income' });
      }),
    );
    await submit();
    const overlay = (await screen.findByText(CALCULATING_TEXT)).closest('[role="status"]');
    expect(overlay).toHaveTextContent(CALCULATING_SUBTEXT);
    release();
    await waitFor(() => expect(screen.queryByText(CALCULATING_TEXT)).toBeNull());
  });

  it('opens the income sources from the keyboard, and closes them with Escape', async () => {
    await renderPage(null);
    const info = screen.getByRole('button', { name: /What counts as income\?/ });
    while (document.activeElement !== info) await user.tab();
    expect(info).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    const tip = await screen.findByRole('dialog', { name: 'What counts as income?' });
    expect(tip).toHaveTextContent(INCOME_SOURCES_TOOLTIP);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(info).toHaveFocus();
  });

  it('opens the income sources on a tap or click, and closes them on a second one', async () => {
    await renderPage(null);
    const info = screen.getByRole('button', { name: /What counts as income\?/ });
    await user.pointer({ keys: '[TouchA]', target: info });
    expect(await screen.findByRole('dialog', { name: 'What counts as income?' })).toHaveTextContent(
      'Social Security',
    );
    await user.click(info);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the save failure and stays', async () => {
    const { router } = await renderPage(300000, { status: 500, body: {} });
    await submit();
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/income/provide-monthly-income');
  });
});

describe('/income/provide-monthly-income in Spanish', () => {
  const inSpanish = (body: Partial<ApplicationView>) => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body },
    });
    return renderRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
      undefined,
      'es',
    );
  };

  it('asks for the income in Spanish, with the bank connection, its reasons to skip and the income sources', async () => {
    const { user } = inSpanish(application(null));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cuéntenos sobre sus ingresos' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Cuéntenos sobre sus ingresos');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verifique sus ingresos conectando su banco' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar su banco' })).toBeInTheDocument();
    const field = screen.getByLabelText<HTMLInputElement>(
      'Ingresos mensuales totales del hogar después de impuestos',
    );
    await user.click(field);
    await user.paste('20000');
    expect(field).toHaveValue('$20,000');
    expect(field).toHaveAccessibleDescription(
      /El ingreso mensual medio de un hogar en Estados Unidos es de \$5,725/,
    );
    await user.click(screen.getByRole('button', { name: /¿Qué se considera ingreso\?/ }));
    expect(await screen.findByRole('dialog', { name: '¿Qué se considera ingreso?' })).toHaveTextContent(
      /sueldos y salarios/,
    );
    await user.click(screen.getByRole('button', { name: 'Omitir' }));
    expect(screen.getByRole('group', { name: '¿Por qué omite este paso?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mi banco no aparece en la lista')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Omitir este paso' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('says what the connected bank’s deposits average, in Spanish', async () => {
    inSpanish(application(null, { verifiedMonthlyCurrentIncome: 523_400, connectedBankName: 'Tartan Bank' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Conectado a Tartan Bank' }),
    ).toBeInTheDocument();
    expect(document.body).toHaveTextContent(
      'Sus depósitos de ingresos de los últimos 90 días promedian $5,234 al mes.',
    );
  });
});

describe('/income/provide-monthly-income: the words it shares with the domain', () => {
  it('asks why the step is skipped with the domain’s question and reasons', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application(null) },
    });
    const { user } = renderRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
    );
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    const group = screen.getByRole('group', { name: SKIP_BANK_CONNECTION_QUESTION });
    expect([...group.querySelectorAll('label')].map((l) => l.textContent)).toEqual(
      REASONS_FOR_NOT_CONNECTING_BANK.map((reason) => REASON_FOR_NOT_CONNECTING_BANK_LABELS[reason]),
    );
  });
});

describe('/income/provide-monthly-income in Spanish, after choosing to type the income', () => {
  it('offers to connect the bank instead, in Spanish', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: application(null, { reasonForNotConnectingBank: 'bankNotListed' }),
      },
    });
    renderRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
      undefined,
      'es',
    );
    expect(await screen.findByRole('button', { name: 'Mejor conectar su banco' })).toBeInTheDocument();
    expect(document.body).toHaveTextContent(
      'Usted eligió escribir sus ingresos por su cuenta. Mejor conectar su banco',
    );
  });
});
