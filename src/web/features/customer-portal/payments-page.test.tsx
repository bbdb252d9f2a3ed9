import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentsView } from '#domain/enrollment/payments-view';
import type { Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as PaymentsPage, PAYMENTS_PATH } from './payments-page';

// The Payments page: each month's draft, newest first, with what to do about a returned one, and under it each
// creditor's payment with its proof; the empty state before the agency reports anything; in English and Spanish.

const payment = (o: Partial<PaymentsView['months'][number]['payments'][number]>) => ({
  disbursementId: 'P1',
  creditorName: 'Big Card',
  amount: 18_000,
  method: 'electronic' as const,
  status: 'posted' as const,
  traceNumber: '021000021234567',
  checkNumber: null,
  sentOn: '2027-01-16',
  postedOn: '2027-01-22',
  rejectedOn: null,
  ...o,
});

const VIEW: PaymentsView = {
  handedOver: true,
  firstDraftDate: '2027-01-15',
  months: [
    {
      draft: {
        draftId: 'D2',
        status: 'returned',
        amount: 26_000,
        date: '2027-02-15',
        settledOn: null,
        returnedOn: '2027-02-18',
        returnCode: 'R01',
        action: 'addMoney',
      },
      payments: [],
    },
    {
      draft: {
        draftId: 'D1',
        status: 'settled',
        amount: 26_000,
        date: '2027-01-15',
        settledOn: '2027-01-15',
        returnedOn: null,
        returnCode: null,
        action: null,
      },
      payments: [
        payment({}),
        payment({
          disbursementId: 'P2',
          creditorName: 'Small Card',
          amount: 6_000,
          method: 'check',
          status: 'sent',
          traceNumber: null,
          checkNumber: '1042',
          postedOn: null,
        }),
        payment({
          disbursementId: 'P3',
          creditorName: 'Store Card',
          amount: 2_000,
          status: 'rejected',
          traceNumber: '021000029999999',
          postedOn: null,
          rejectedOn: '2027-01-25',
        }),
      ],
    },
  ],
};

async function renderPage(answer: { status: number; body: unknown }, language: Language = 'en') {
  answerApi({ [`GET ${PAYMENTS_PATH}`]: answer });
  renderRoutes(
    [{ path: '/customer-portal/payments', Component: PaymentsPage }],
    '/customer-portal/payments',
    undefined,
    language,
  );
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
}

const months = () => screen.getAllByTestId('payments-month');

describe('/customer-portal/payments', () => {
  it("lists each draft, newest first; a returned one says why and what to do; each creditor's payment has its proof", async () => {
    await renderPage({ status: 200, body: VIEW });
    expect(document.querySelector('h1')?.textContent).toBe('Payments');
    expect(months().map((m) => within(m).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Draft of February 15, 2027',
      'Draft of January 15, 2027',
    ]);
    const [returned, taken] = months();
    expect(within(returned!).getByText('Returned')).toBeInTheDocument();
    const status = within(returned!).getByRole('status');
    expect(status).toHaveTextContent('Your bank returned this draft of $260 on February 18, 2027.');
    expect(status).toHaveTextContent('Why: There was not enough money in the account.');
    expect(status).toHaveTextContent(
      `Make sure the money is in your account, then call us at ${SITE.phone.display}, Monday - Friday 9AM - 5PM EST, to arrange the payment.`,
    );
    expect(within(status).getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
    expect(
      within(returned!).getByText('None: your creditors are paid from a draft that was taken.'),
    ).toBeInTheDocument();

    expect(within(taken!).getByText('Taken')).toBeInTheDocument();
    expect(
      within(taken!).getByText('$260 was taken from your account on January 15, 2027.'),
    ).toBeInTheDocument();
    const rows = within(taken!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Big Card$180Electronic payment · Trace number 021000021234567PostedSent on January 16, 2027; the creditor posted it to your account on January 22, 2027.',
      'Small Card$60Check · Check number 1042SentSent on January 16, 2027; waiting for the creditor to post it to your account.',
      'Store Card$20Electronic payment · Trace number 021000029999999RejectedSent on January 16, 2027; the creditor did not accept it on January 25, 2027. The agency will contact you about it.',
    ]);
  });

  it.each([
    ['R02', 'The account is closed.', 'Your plan needs an account it can draw from'],
    ['R08', 'A stop was put on the payment.', 'If you want to keep your plan, call us at'],
    ['R99', 'Your bank returned the payment (code R99).', 'Call us at'],
  ] as const)('a draft returned with %s says %s', async (returnCode, reason, action) => {
    const actionOf = { R02: 'newAccount', R08: 'authorize', R99: 'call' } as const;
    const [first] = VIEW.months;
    await renderPage({
      status: 200,
      body: {
        ...VIEW,
        months: [{ ...first, draft: { ...first!.draft!, returnCode, action: actionOf[returnCode] } }],
      },
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(`Why: ${reason}`);
    expect(status).toHaveTextContent(action);
  });

  it.each([
    [{ handedOver: true, firstDraftDate: '2099-01-15' }, 'Your first draft is on January 15, 2099'],
    [
      { handedOver: true, firstDraftDate: '2020-01-15' },
      'Your first draft was due on January 15, 2020, and the agency has not reported it yet',
    ],
    [{ handedOver: true, firstDraftDate: null }, 'once the first one is drawn'],
    [{ handedOver: false, firstDraftDate: '2027-01-15' }, 'Your plan is not set up with the agency yet.'],
  ])('before any payment: %o says "%s"', async (state, said) => {
    await renderPage({ status: 200, body: { ...state, months: [] } });
    expect(screen.getByRole('heading', { level: 2, name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByText(said, { exact: false })).toBeInTheDocument();
  });

  it('says a failed read failed, with a way to try again', async () => {
    await renderPage({ status: 500, body: { code: 'InternalError', message: 'Boom' } });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('reads in Spanish, with no English', async () => {
    await renderPage({ status: 200, body: VIEW }, 'es');
    expect(document.querySelector('h1')?.textContent).toBe('Pagos');
    expect(months().map((m) => within(m).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Cargo del 15 de febrero de 2027',
      'Cargo del 15 de enero de 2027',
    ]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Su banco devolvió este cargo de $260 el 18 de febrero de 2027.');
    expect(status).toHaveTextContent('Motivo: No había suficiente dinero en la cuenta.');
    expect(status).toHaveTextContent('Asegúrese de que el dinero esté en su cuenta');
    expect(document.body.textContent).toContain('Cheque · Cheque número 1042');
    expect(screen.getAllByText('Acreditado')).toHaveLength(1);
    expect(
      screen.getByText(
        'Enviado el 16 de enero de 2027; en espera de que el acreedor lo acredite a su cuenta.',
      ),
    ).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const english of [
      'Payments',
      'Draft',
      'Sent',
      'Posted',
      'Trace number',
      'Check number',
      'Why',
      'call us',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('reads its empty state in Spanish', async () => {
    await renderPage(
      { status: 200, body: { handedOver: true, firstDraftDate: '2027-01-15', months: [] } },
      'es',
    );
    expect(screen.getByText('Todavía no hay pagos')).toBeInTheDocument();
    expect(
      screen.getByText('Su primer cargo es el 15 de enero de 2027', { exact: false }),
    ).toBeInTheDocument();
  });
});
