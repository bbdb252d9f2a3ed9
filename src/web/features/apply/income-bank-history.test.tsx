import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankHistoryView } from '#domain/enrollment/views';
import { INCOME_LABEL } from '#domain/validation/application';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { installPlaidLinkStub } from '#web/test/plaid-link-stub';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { Language } from '#domain/i18n/language';
import { BANK_HISTORY_PATH, INCOME_BANK_CONNECTIONS_PATH, LINK_TOKEN_PATH } from './api';
import type { ApplicationView } from './application-query';
import { HISTORY_READING, HISTORY_TIMED_OUT } from './income-bank-connection';
import { Component as ProvideIncomePage } from './provide-income-page';

// A bank connected at the income step has usually not sent its history yet (the provider reads it in the
// background, from seconds to a minute or two). The page says so, asks GET /api/application/income/bank-history
// every few seconds, and fills in the income once the history is read; if it did not arrive in time, it says
// that the borrower's own figure is used. A reload asks the same route.

const application = (extra: Partial<ApplicationView> = {}) =>
  ({
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'EligibleDebts',
    lastViewedPage: 'ProvideMonthlyIncome',
    selfReportedMonthlyCurrentIncome: null,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
    outcome: null,
    ...extra,
  }) satisfies Partial<ApplicationView>;

const history = (
  historyStatus: BankHistoryView['historyStatus'],
  predictedMonthlyIncome: number | null = null,
): ApiReply => ({
  status: 200,
  body: { institutionName: 'Tartan Bank', historyStatus, predictedMonthlyIncome } satisfies BankHistoryView,
});

/** Answers from a list, one a call, the last one again once the list is used up. */
const inTurn = (...replies: ApiReply[]) => {
  let calls = 0;
  return () => replies[Math.min(calls++, replies.length - 1)]!;
};

function renderPage(replies: Record<string, ApiReply | (() => ApiReply)>, language: Language = 'en') {
  const calls = answerApi({ 'GET /api/session': BORROWER_SESSION_REPLY, ...replies });
  const view = renderRoutes(
    [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
    '/income/provide-monthly-income',
    undefined,
    language,
  );
  return { calls, ...view };
}
/** The history's state, as the page's status region says it (other status regions come and go). */
async function saysStatus(text: string | RegExp, timeout = 5_000) {
  const found = await screen.findByText(text, {}, { timeout });
  expect(found.closest('[role="status"]')).not.toBeNull();
}
const income = () => screen.getByLabelText<HTMLInputElement>(INCOME_LABEL);
const historyCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === BANK_HISTORY_PATH).length;

describe('/income/provide-monthly-income: the bank’s history', () => {
  it('says the history is being read after Plaid Link, asks again until it is, then fills in the income', async () => {
    const link = installPlaidLinkStub();
    try {
      let connected = false;
      const { calls, user } = renderPage({
        'GET /api/application': () => ({
          status: 200,
          body: application(connected ? { connectedBankName: 'Tartan Bank' } : {}),
        }),
        [`POST ${LINK_TOKEN_PATH}`]: {
          status: 200,
          body: { linkToken: 'link-sandbox-9f0e', expiration: '2030-01-01T00:00:00Z', sandbox: false },
        },
        [`POST ${INCOME_BANK_CONNECTIONS_PATH}`]: () => {
          connected = true;
          return history('reading');
        },
        [`GET ${BANK_HISTORY_PATH}`]: inTurn(history('reading'), history('ready', 523_400)),
      });
      await user.click(await screen.findByRole('button', { name: 'Connect your bank' }));
      await waitFor(() => expect(link.opened()).toBe(1));
      link.succeed('public-sandbox-1b2c');
      await saysStatus(HISTORY_READING);
      expect(screen.getByRole('heading', { level: 2, name: 'Connected to Tartan Bank' })).toBeInTheDocument();
      expect(calls.find((c) => c.path === INCOME_BANK_CONNECTIONS_PATH)?.body).toEqual({
        publicToken: 'public-sandbox-1b2c',
      });
      // Asked every few seconds while 'reading': the second answer is 'ready'.
      await waitFor(() => expect(document.body).toHaveTextContent('average $5,234 a month'), {
        timeout: 10_000,
      });
      expect(income()).toHaveValue('$5,234');
      expect(historyCalls(calls)).toBeGreaterThanOrEqual(2);
      // No more asking once it is read.
      const asked = historyCalls(calls);
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(historyCalls(calls)).toBe(asked);
    } finally {
      link.remove();
    }
  }, 30_000);

  it('asks on load, so a reload while the history is read still says so, in Spanish, then that it timed out', async () => {
    renderPage(
      {
        'GET /api/application': { status: 200, body: application({ connectedBankName: 'Tartan Bank' }) },
        [`GET ${BANK_HISTORY_PATH}`]: inTurn(history('reading'), history('timed-out')),
      },
      'es',
    );
    await saysStatus(
      /^Estamos leyendo el historial de su banco para calcular sus ingresos\. Puede tardar uno o dos minutos/,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Conectado a Tartan Bank' })).toBeInTheDocument();
    await saysStatus(
      'El historial de su banco no llegó a tiempo, así que usaremos los ingresos que usted ingrese abajo.',
      10_000,
    );
  }, 30_000);

  it('says on load that the history timed out, and leaves the income to the borrower', async () => {
    renderPage({
      'GET /api/application': {
        status: 200,
        body: application({ connectedBankName: 'Tartan Bank', selfReportedMonthlyCurrentIncome: 410_000 }),
      },
      [`GET ${BANK_HISTORY_PATH}`]: history('timed-out'),
    });
    await saysStatus(HISTORY_TIMED_OUT);
    expect(income()).toHaveValue('$4,100');
  });

  it('shows the step as before when the connected bank is not the income step’s (the route answers 404)', async () => {
    renderPage({
      'GET /api/application': { status: 200, body: application({ connectedBankName: 'Tartan Bank' }) },
      [`GET ${BANK_HISTORY_PATH}`]: { status: 404, body: { code: 'NotFound', message: 'Not found.' } },
    });
    expect(await screen.findByRole('button', { name: 'Connect your bank' })).toBeInTheDocument();
    expect(screen.queryByText(HISTORY_READING)).toBeNull();
    expect(screen.queryByText(HISTORY_TIMED_OUT)).toBeNull();
  });
});
