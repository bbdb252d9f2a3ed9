import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerAlertsView } from '#domain/enrollment/views';
import { ALERT_TYPES } from '#domain/flow/staff-views';
import type { Language } from '#domain/i18n/language';
import { DEBT_SCORE_MEANING } from '#domain/monitoring/customer-alert-text';
import { MESSAGES, reconnectOtherBankMessage } from '#domain/validation/messages';
import { PLAID_EXIT_ERROR_CALL_US } from '#web/components/bank-link/plaid-link-flow';
import { installPlaidLinkStub } from '#web/test/plaid-link-stub';
import {
  SANDBOX_INSTITUTIONS_PATH,
  SANDBOX_PUBLIC_TOKEN_PATH,
  SANDBOX_SIGN_IN_PATH,
} from '#web/components/bank-link/bank-link-dialog';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  ALERT_ADVICE,
  ALERTS_PATH,
  alertSeenPath,
  Component as AlertsPage,
  formatAlertDay,
  NO_ALERTS,
  reconnectedText,
  reconnectionPath,
  reconnectLinkTokenPath,
} from './alerts-page';

const ITEM = '11111111-1111-4111-8111-111111111111';
const LINK_TOKEN = 'link-sandbox-reconnect';
const INSTITUTION = {
  id: 'ins_tartan',
  name: 'Tartan Bank',
  hint: 'Sign in as user_good, password pass_good',
};

const ALERTS: CustomerAlertsView = {
  alerts: [
    {
      id: 'a-disconnected',
      type: 'bankAccountDisconnected',
      date: '2026-11-20T09:00:00.000Z',
      hasBeenSeenByBorrower: false,
      figures: { kind: 'bank', institutionName: 'Tartan Bank' },
      reconnect: { plaidItemId: ITEM, institutionName: 'Tartan Bank' },
    },
    {
      id: 'a-fee',
      type: 'overdraftTransaction',
      date: '2026-11-12T00:00:00.000Z',
      hasBeenSeenByBorrower: true,
      figures: { kind: 'fee', name: 'OVERDRAFT FEE', amount: 35_00, date: '2026-11-12' },
      reconnect: null,
    },
  ],
  unseen: 1,
};

type Reply = { status: number; body?: unknown };
let user: UserEvent;

async function renderPage(
  o: { alerts?: () => Reply; reconnection?: Reply; sandbox?: boolean } = {},
  language: Language = 'en',
) {
  let current: Reply = { status: 200, body: ALERTS };
  const calls: ApiCall[] = answerApi({
    [`GET ${ALERTS_PATH}`]: o.alerts ?? (() => current),
    [`POST ${alertSeenPath('a-disconnected')}`]: () => {
      current = {
        status: 200,
        body: { alerts: ALERTS.alerts.map((a) => ({ ...a, hasBeenSeenByBorrower: true })), unseen: 0 },
      };
      return { status: 204 };
    },
    [`POST ${reconnectLinkTokenPath(ITEM)}`]: {
      status: 200,
      body: { linkToken: LINK_TOKEN, expiration: '2030-01-01T00:00:00Z', sandbox: o.sandbox ?? true },
    },
    [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [INSTITUTION] } },
    [`POST ${SANDBOX_SIGN_IN_PATH}`]: {
      status: 200,
      body: {
        accounts: [{ accountId: 'acc-1', name: 'Tartan Checking', mask: '0000', subtype: 'checking' }],
      },
    },
    [`POST ${SANDBOX_PUBLIC_TOKEN_PATH}`]: { status: 200, body: { publicToken: 'public-sandbox-again' } },
    [`POST ${reconnectionPath(ITEM)}`]: () => {
      if (o.reconnection) return o.reconnection;
      current = { status: 200, body: { alerts: [ALERTS.alerts[1]], unseen: 0 } };
      return { status: 200, body: { institutionName: 'Tartan Bank', clearedAlerts: 1 } };
    },
  });
  const app = renderRoutes(
    [
      { path: '/customer-portal/alerts', Component: AlertsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/customer-portal/alerts',
    undefined,
    language,
  );
  user = app.user;
  await waitFor(() =>
    expect(
      document.querySelector('h1') ?? app.router.state.location.pathname !== '/customer-portal/alerts',
    ).toBeTruthy(),
  );
  return { calls, router: app.router };
}

const cards = () => [...document.querySelectorAll('main li, li[aria-labelledby]')] as HTMLElement[];
const card = (title: string) => screen.getByRole('listitem', { name: title });
const dialog = () => screen.queryByRole('dialog');
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('/customer-portal/alerts', () => {
  it('lists the alerts newest first, each with what it means and what to do', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe('Alerts');
    expect(cards().map((li) => li.querySelector('h2')?.textContent)).toEqual([
      ALERT_ADVICE.bankAccountDisconnected.title,
      ALERT_ADVICE.overdraftTransaction.title,
    ]);
    const disconnected = card(ALERT_ADVICE.bankAccountDisconnected.title);
    expect(disconnected.textContent).toContain('New');
    expect(disconnected.textContent).toContain('November 20, 2026');
    expect(disconnected.textContent).toContain(ALERT_ADVICE.bankAccountDisconnected.meaning);
    expect(disconnected.textContent).toContain(`What to do: ${ALERT_ADVICE.bankAccountDisconnected.todo}`);
    expect(
      within(disconnected)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reconnect your bank', 'Mark as seen']);
    const fee = card(ALERT_ADVICE.overdraftTransaction.title);
    // A fee is dated by its day, not shifted to the evening before.
    expect(fee.querySelector('time')?.textContent).toBe('November 12, 2026');
    expect(fee.textContent).toContain('Seen');
    expect(within(fee).queryAllByRole('button')).toEqual([]);
    // Each with its figures, between the date and what it means.
    expect(
      within(fee).getByText(
        'On November 12, 2026 your bank charged an overdraft fee of $35. Your statement shows it as "OVERDRAFT FEE".',
      ),
    ).toBeTruthy();
    expect(within(disconnected).getByText('Your connection to Tartan Bank stopped.')).toBeTruthy();
  });

  it('says what a debt score is, its change in points, and sets a low balance beside the plan payment', async () => {
    const alerts: CustomerAlertsView['alerts'] = [
      {
        id: 'a-score',
        type: 'debtScore30DayDecrease',
        date: '2026-11-20T09:00:00.000Z',
        hasBeenSeenByBorrower: false,
        figures: { kind: 'debtScore', score: 612, previous: 650 },
        reconnect: null,
      },
      {
        id: 'a-balance',
        type: 'balanceBelowDMPPayment',
        date: '2026-11-10T14:05:00.000Z',
        hasBeenSeenByBorrower: false,
        figures: {
          kind: 'balance',
          balance: 212_40,
          available: true,
          readAt: '2026-11-10T14:05:00.000Z',
          payment: 257_00,
          paymentDate: '2026-11-15',
        },
        reconnect: null,
      },
      {
        id: 'a-gone',
        type: 'monthlyIncomeDecrease',
        date: '2026-11-01T09:00:00.000Z',
        hasBeenSeenByBorrower: true,
        figures: null,
        reconnect: null,
      },
    ];
    await renderPage({ alerts: () => ({ status: 200, body: { alerts, unseen: 2 } }) });
    const score = card(ALERT_ADVICE.debtScore30DayDecrease.title);
    const paragraphs = [...score.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'November 20, 2026',
      `Your debt score is 612, 38 points lower than 30 days ago (650). ${DEBT_SCORE_MEANING}`,
      ALERT_ADVICE.debtScore30DayDecrease.meaning,
      `What to do: ${ALERT_ADVICE.debtScore30DayDecrease.todo}`,
    ]);
    expect(card(ALERT_ADVICE.balanceBelowDMPPayment.title).textContent).toContain(
      'On November 10, 2026 your payment account had $212.40 available. ' +
        'Your plan payment of $257 is drawn on November 15, 2026.',
    );
    // An alert whose trigger is gone keeps its title, meaning and advice, with no empty line for figures.
    const gone = card(ALERT_ADVICE.monthlyIncomeDecrease.title);
    expect([...gone.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'November 1, 2026',
      ALERT_ADVICE.monthlyIncomeDecrease.meaning,
      `What to do: ${ALERT_ADVICE.monthlyIncomeDecrease.todo}`,
    ]);
  });

  it('marks an alert seen, then reads the alerts again', async () => {
    const { calls } = await renderPage();
    await user.click(
      within(card(ALERT_ADVICE.bankAccountDisconnected.title)).getByRole('button', { name: 'Mark as seen' }),
    );
    await waitFor(() =>
      expect(
        within(card(ALERT_ADVICE.bankAccountDisconnected.title)).queryByRole('button', {
          name: 'Mark as seen',
        }),
      ).toBeNull(),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET ${ALERTS_PATH}`,
      `POST ${alertSeenPath('a-disconnected')}`,
      `GET ${ALERTS_PATH}`,
    ]);
  });

  it('reconnects the bank through the bank-link dialog, and the alert leaves the list', async () => {
    const { calls } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Reconnect your bank' }));
    await waitFor(() => expect(dialog()?.textContent).toContain(INSTITUTION.name));
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Reconnect Tartan Bank');
    await user.click(within(dialog()!).getByRole('button', { name: (n) => n.startsWith(INSTITUTION.name) }));
    await user.type(screen.getByLabelText('Username'), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(dialog()?.querySelector('h3')?.textContent).toBe('Choose accounts'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(reconnectedText('Tartan Bank')));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(dialog()).toBeNull();
    expect(posts(calls)).toEqual([
      reconnectLinkTokenPath(ITEM),
      SANDBOX_SIGN_IN_PATH,
      SANDBOX_PUBLIC_TOKEN_PATH,
      reconnectionPath(ITEM),
    ]);
    expect(calls.find((c) => c.path === reconnectionPath(ITEM))?.body).toEqual({
      publicToken: 'public-sandbox-again',
    });
  });

  it('with Plaid reconnects through Plaid Link (update mode) and posts its public token', async () => {
    const link = installPlaidLinkStub();
    try {
      const { calls } = await renderPage({ sandbox: false });
      await user.click(screen.getByRole('button', { name: 'Reconnect your bank' }));
      await waitFor(() => expect(link.opened()).toBe(1));
      expect(link.tokens()).toEqual([LINK_TOKEN]);
      link.succeed('public-sandbox-update');
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(reconnectedText('Tartan Bank')),
      );
      expect(calls.find((c) => c.path === reconnectionPath(ITEM))?.body).toEqual({
        publicToken: 'public-sandbox-update',
      });
    } finally {
      link.remove();
    }
  });

  it('with Plaid says to call us when Link ends in an error (the portal has no manual entry)', async () => {
    const link = installPlaidLinkStub();
    try {
      const { calls } = await renderPage({ sandbox: false });
      await user.click(screen.getByRole('button', { name: 'Reconnect your bank' }));
      await waitFor(() => expect(link.opened()).toBe(1));
      link.exit({
        error_type: 'ITEM_ERROR',
        error_code: 'INVALID_CREDENTIALS',
        error_message: 'the provided credentials were not correct',
        display_message: null,
      });
      await waitFor(() => expect(dialog()?.textContent).toContain(PLAID_EXIT_ERROR_CALL_US));
      expect(dialog()?.querySelector('h2')?.textContent).toBe('Reconnect Tartan Bank');
      expect(posts(calls)).toEqual([reconnectLinkTokenPath(ITEM)]);
    } finally {
      link.remove();
    }
  });

  it('says why a reconnection was refused (another bank) and keeps the alert', async () => {
    await renderPage({
      reconnection: {
        status: 400,
        body: { code: 'ValidationError', message: reconnectOtherBankMessage('Tartan Bank') },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Reconnect your bank' }));
    await waitFor(() => expect(dialog()?.textContent).toContain(INSTITUTION.name));
    await user.click(within(dialog()!).getByRole('button', { name: (n) => n.startsWith(INSTITUTION.name) }));
    await user.type(screen.getByLabelText('Username'), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(dialog()?.querySelector('h3')?.textContent).toBe('Choose accounts'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const disconnected = card(ALERT_ADVICE.bankAccountDisconnected.title);
    await waitFor(() =>
      expect(within(disconnected).getByRole('alert').textContent).toBe(
        reconnectOtherBankMessage('Tartan Bank'),
      ),
    );
    expect(cards()).toHaveLength(2);
  });

  it('says so when there are no alerts', async () => {
    await renderPage({ alerts: () => ({ status: 200, body: { alerts: [], unseen: 0 } }) });
    expect(document.body.textContent).toContain(NO_ALERTS);
  });

  it('offers a retry when the alerts cannot be read, and goes where the application stands before signing', async () => {
    await renderPage({ alerts: () => ({ status: 500, body: { code: 'InternalError' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    const { router } = await renderPage({
      alerts: () => ({
        status: 409,
        body: { code: 'Conflict', message: 'Not signed', redirect: '/submitted' },
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it('has advice for every alert type, and dates a trigger by its UTC day', () => {
    expect(Object.keys(ALERT_ADVICE).sort()).toEqual([...ALERT_TYPES].sort());
    expect(formatAlertDay('2026-11-12T00:00:00.000Z')).toBe('November 12, 2026');
    expect(formatAlertDay('not a date')).toBe('');
  });
});

describe('/customer-portal/alerts in Spanish', () => {
  it('lists the alerts with their figures, meaning and advice in Spanish, and marks one seen', async () => {
    const calls = (await renderPage({}, 'es')).calls;
    expect(document.querySelector('h1')?.textContent).toBe('Alertas');
    expect(document.title).toContain('Alertas');
    const disconnected = card('Su banco ya no está conectado');
    expect(disconnected.textContent).toContain('Nueva');
    expect(disconnected.textContent).toContain('20 de noviembre de 2026');
    expect(disconnected.textContent).toContain('Se interrumpió su conexión con Tartan Bank.');
    expect(disconnected.textContent).toContain('Qué hacer: Vuelva a conectar su banco: inicie sesión');
    expect(
      within(disconnected).getByRole('button', { name: 'Volver a conectar su banco' }),
    ).toBeInTheDocument();
    const fee = card('Su banco le cobró una comisión por sobregiro');
    expect(fee.textContent).toContain('Vista');
    expect(fee.textContent).toContain(
      'El 12 de noviembre de 2026, su banco le cobró una comisión por sobregiro de $35. En su estado de cuenta aparece como "OVERDRAFT FEE".',
    );
    expect(document.body.textContent).toContain('¿Tiene preguntas sobre una alerta? Llame al');
    await user.click(within(disconnected).getByRole('button', { name: 'Marcar como vista' }));
    await waitFor(() => expect(posts(calls)).toEqual([alertSeenPath('a-disconnected')]));
  });

  it('says so in Spanish when there are no alerts', async () => {
    await renderPage({ alerts: () => ({ status: 200, body: { alerts: [], unseen: 0 } }) }, 'es');
    expect(document.body.textContent).toContain(
      'No tiene alertas. Le avisaremos aquí si algo requiere su atención.',
    );
  });
});

/** The alerts the agency's events raise: a returned draft, a payment not posted, a creditor paid off. */
const AGENCY_ALERTS: CustomerAlertsView = {
  alerts: [
    {
      id: 'a-returned',
      type: 'draftReturned',
      date: '2026-12-18T12:00:00.000Z',
      hasBeenSeenByBorrower: false,
      figures: { kind: 'draftReturned', amount: 31_250, date: '2026-12-15', returnCode: 'R01' },
      reconnect: null,
    },
    {
      id: 'a-late',
      type: 'creditorPaymentNotPosted',
      date: '2026-11-18T11:30:00.000Z',
      hasBeenSeenByBorrower: false,
      figures: {
        kind: 'paymentNotPosted',
        creditor: 'Capital One',
        amount: 9_800,
        sentOn: '2026-11-02',
        method: 'electronic',
        reference: '021000021234567',
        deadline: '2026-11-17',
      },
      reconnect: null,
    },
    {
      id: 'a-paid',
      type: 'creditorPaidOff',
      date: '2026-11-10T12:00:00.000Z',
      hasBeenSeenByBorrower: true,
      figures: { kind: 'paidOff', creditor: 'Discover', asOf: '2026-11-10' },
      reconnect: null,
    },
  ],
  unseen: 2,
};

describe('/customer-portal/alerts: the agency’s alerts', () => {
  it('tells a returned draft, a payment not posted and a creditor paid off, with the agency’s number', async () => {
    await renderPage({ alerts: () => ({ status: 200, body: AGENCY_ALERTS }) });
    const returned = card(ALERT_ADVICE.draftReturned.title);
    expect(returned.textContent).toContain('December 18, 2026');
    expect(returned.textContent).toContain(
      'Your plan payment of $312.50 due on December 15, 2026 was returned by your bank. There was not enough money in the account.',
    );
    expect(returned.textContent).toContain(
      'What to do: Call Harbor Light Credit Counseling at (800) 555-0199 to arrange the payment.',
    );
    const late = card(ALERT_ADVICE.creditorPaymentNotPosted.title);
    expect(late.textContent).toContain(
      'A payment of $98 sent to Capital One on November 2, 2026 (trace number 021000021234567) was not posted by November 17, 2026.',
    );
    expect(late.textContent).toContain('You do not need to pay it again.');
    const paid = card(ALERT_ADVICE.creditorPaidOff.title);
    expect(paid.textContent).toContain('Discover reported a balance of $0 on November 10, 2026.');
    expect(paid.textContent).toContain('Seen');
    // No button to reconnect a bank on these.
    expect(screen.queryByRole('button', { name: 'Reconnect your bank' })).not.toBeInTheDocument();
  });

  it('tells them in Spanish', async () => {
    await renderPage({ alerts: () => ({ status: 200, body: AGENCY_ALERTS }) }, 'es');
    const returned = card('El pago de su plan fue devuelto');
    expect(returned.textContent).toContain(
      'El pago de su plan de $312.50 del 15 de diciembre de 2026 fue devuelto por su banco. No había suficiente dinero en la cuenta.',
    );
    expect(returned.textContent).toContain(
      'Qué hacer: Llame a Harbor Light Credit Counseling al (800) 555-0199 para acordar el pago.',
    );
    const late = card('Un acreedor no ha registrado un pago');
    expect(late.textContent).toContain(
      'Un pago de $98 enviado a Capital One el 2 de noviembre de 2026 (número de rastreo 021000021234567) no se había registrado el 17 de noviembre de 2026.',
    );
    const paid = card('Su deuda con un acreedor quedó pagada');
    expect(paid.textContent).toContain('Discover informó un saldo de $0 el 10 de noviembre de 2026.');
  });
});
