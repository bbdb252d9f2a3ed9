import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoffPlan, payoffPlanSentences } from '#domain/underwriting/payoff-plan';
import { SITE } from '#domain/site';
import { OUTCOMES } from '#domain/underwriting/outcomes';
import { MESSAGES } from '#domain/validation/messages';
import { screen, within } from '@testing-library/react';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { englishIn } from '#tests/support/english-in-spanish';
import { Component as NotQualifiedPage } from './not-qualified-page';
import { Component as HardshipsPage } from './hardships-page';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';

function renderPage(reply: ApiReply, language: 'en' | 'es' = 'en') {
  answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': reply,
  });
  const app = renderRoutes(
    [
      { path: '/offers/not-qualified', Component: NotQualifiedPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/offers/not-qualified',
    undefined,
    language,
  );
  return app;
}

describe('/offers/not-qualified', () => {
  it('thanks the user and gives the phone with the hours, whatever the status', async () => {
    const app = renderPage({
      status: 200,
      body: {
        id: 'app-1',
        status: 'disqualified',
        lastCompletedPage: 'Credit',
        lastViewedPage: 'NotQualified',
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your application' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/you do not qualify for a Debt Management Plan at this time/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
    expect(screen.getByText(/Monday - Friday 9AM - 5PM EST/)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/offers/not-qualified');
  });

  it('lets a refused borrower apply again: what changed goes to the server, then the new application', async () => {
    let tries = 0;
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      // The refused application until the server starts the new one, then the new one, read slowly: the
      // next page must wait for it rather than act on the refused one still in the cache.
      'GET /api/application': async () => {
        if (tries < 2) {
          return {
            status: 200,
            body: {
              id: 'app-1',
              status: 'disqualified',
              lastCompletedPage: 'Expenses',
              lastViewedPage: 'NotQualified',
            },
          };
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {
          status: 200,
          body: { id: 'app-2', status: 'inProgress', lastCompletedPage: 'Lead', lastViewedPage: 'Hardships' },
        };
      },
      'POST /api/application/reapply': () =>
        ++tries === 1
          ? {
              status: 409,
              body: {
                code: 'Conflict',
                message: 'You can apply again from 2027-02-22, or now if your situation has changed.',
                messageId: 'apply.notQualified.again.tooSoon',
                values: { date: '2027-02-22' },
              },
            }
          : { status: 200, body: { next: '/hardships' } },
    });
    const app = renderRoutes(
      [
        { path: '/offers/not-qualified', Component: NotQualifiedPage },
        // The real first page of the flow: its gate must see the new application, not bounce back on the
        // refused one still in the cache.
        { path: '/hardships', Component: HardshipsPage },
        { path: '*', Component: () => <p>elsewhere</p> },
      ],
      '/offers/not-qualified',
    );
    const section = await screen.findByRole('region', { name: 'Apply again' });
    const submit = within(section).getByRole('button', { name: 'Apply again' });
    expect(submit).toBeDisabled();
    await app.user.click(within(section).getByRole('radio', { name: 'Nothing has changed' }));
    await app.user.click(submit);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'You can apply again from February 22, 2027, or now if your situation has changed.',
    );
    expect(app.router.state.location.pathname).toBe('/offers/not-qualified');
    await app.user.click(within(section).getByRole('radio', { name: 'My income changed' }));
    await app.user.click(submit);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Are you currently facing any of the following situations?',
      }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/hardships');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { change: null },
      { change: 'income' },
    ]);
  });

  it('offers a retry when the application cannot be read', async () => {
    renderPage({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
  });

  describe('why, and what to do next', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const disqualified = (outcome: unknown) => ({
      status: 200,
      body: {
        id: 'app-1',
        status: 'disqualified',
        lastCompletedPage: 'Expenses',
        lastViewedPage: 'NotQualified',
        outcome,
      },
    });

    it('cash flow too high: the reason and the avalanche payoff plan with its debt-free date and the $50', async () => {
      const plan = payoffPlan([
        { id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 },
        { id: 'b', name: 'Store Card', balance: 120000, aprBp: 2190, payment: 2000 },
      ]);
      renderPage(disqualified({ outcomes: ['cashflowTooHigh'], payoffPlan: { ...plan, aprAssumed: true } }));
      expect(
        await screen.findByRole('heading', { name: 'Why: You can pay your debts without a plan' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/with \$500 or more a month to spare/)).toBeInTheDocument();
      const order = screen.getByRole('list', { name: 'Debts in payoff order' });
      // Equal (assumed) rates: the smaller balance first.
      expect([...order.querySelectorAll('li > p:first-child')].map((p) => p.textContent)).toEqual([
        '1. Store Card',
        '2. Chase',
      ]);
      // $20 does not cover the $21.90 of interest on the store card: said plainly.
      expect(order).toHaveTextContent(
        'At $20 a month, Store Card will not be paid off on its own: it adds $22 of interest a month.',
      );
      expect(screen.getByText(/we used 21\.9%, a typical card rate/)).toBeInTheDocument();
      const { debtFree, extra } = payoffPlanSentences(plan, new Date('2026-11-24T12:00:00Z'));
      expect(screen.getByText(debtFree)).toBeInTheDocument();
      expect(debtFree).toMatch(/you will be debt-free by [A-Z][a-z]+ \d{4}/);
      expect(screen.getByText(extra)).toBeInTheDocument();
      expect(extra).toMatch(/^Paying \$50 more a month makes you debt-free by/);
      // The thanks and the phone stay as they were.
      expect(
        screen.getByText(/you do not qualify for a Debt Management Plan at this time/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: SITE.phone.display })).toBeInTheDocument();
    });

    it('insufficient income: a counsellor, creditors’ hardship programmes and HUD housing counselling', async () => {
      renderPage(disqualified({ outcomes: ['insufficientIncome'], payoffPlan: null }));
      expect(
        await screen.findByRole('heading', { name: 'Why: The plan payment does not fit your budget' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Call ${SITE.phone.display}` })).toHaveAttribute(
        'href',
        `tel:${SITE.phone.tel}`,
      );
      expect(screen.getByText('Ask your creditors about hardship programmes')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Find a HUD-approved housing counselor/ })).toHaveAttribute(
        'href',
        'https://www.hud.gov/counseling',
      );
      expect(screen.queryByRole('list', { name: 'Debts in payoff order' })).toBeNull();
    });

    it.each([
      ['notEnoughEligibleDebt', 'Why: Not enough debt for a plan', /at least \$1,000/],
      ['noCreditFile', 'Why: We could not find your credit file', /no credit file under your name/],
      ['creditReportUnavailable', 'Why: We could not get your credit report', /Try again later or call us/],
      ['noHardship', 'Why: No hardship was selected', /If one of them applies to you/],
    ])('%s', async (outcome, heading, next) => {
      renderPage(disqualified({ outcomes: [outcome], payoffPlan: null }));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByText(next)).toBeInTheDocument();
    });
  });
});

describe('/offers/not-qualified in Spanish', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the thanks, the reason, the next steps and the payoff plan, with its months and plurals', async () => {
    const plan = payoffPlan([
      { id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 },
      { id: 'b', name: 'Store Card', balance: 120000, aprBp: 2190, payment: 2000 },
    ]);
    renderPage(
      {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'Expenses',
          lastViewedPage: 'NotQualified',
          outcome: {
            outcomes: ['cashflowTooHigh', 'insufficientIncome'],
            payoffPlan: { ...plan, aprAssumed: true },
          },
        },
      },
      'es',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gracias por su solicitud' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Gracias por su solicitud');
    expect(screen.getByText(/usted no califica para un plan de manejo de deudas/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Motivo: Usted puede pagar sus deudas sin un plan' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Lo que puede hacer ahora' })).toHaveLength(2);
    const order = screen.getByRole('list', { name: 'Deudas en orden de pago' });
    expect(order).toHaveTextContent('Con $20 al mes, Store Card no se terminará de pagar por sí sola');
    expect(order).toHaveTextContent('Saldo$1,200');
    // The month a debt is paid off, read as Spanish ('Pagada para julio de 2031' was not).
    expect(order).toHaveTextContent(/Se termina de pagar en[a-z]+ de \d{4}/);
    expect(order).not.toHaveTextContent('Pagada para');
    // Nothing on the page is English (the catalog's, the outcome texts' or an English month).
    expect(englishIn(document.body.textContent ?? '')).toEqual([]);
    expect(screen.getByText(/usamos 21\.9%, una tasa típica de tarjeta/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Con sus pagos actuales de \$105 al mes, usted estará libre de deudas para [a-z]+ de \d{4} \(\d+ años? y \d+ mes(es)?\)\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Si paga \$50 más al mes, estará libre de deudas para [a-z]+ de \d{4}/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Llamar al ${SITE.phone.display}` })).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'Encuentre un consejero de vivienda aprobado por HUD (se abre en una pestaña nueva)',
      }),
    ).toHaveAttribute('href', 'https://www.hud.gov/counseling');
    expect(screen.getAllByText(/\(hora del Este\)/).length).toBeGreaterThan(0);
  });
});

describe('/offers/not-qualified in Spanish, for every outcome', () => {
  // Each outcome the decision or the flow can end on ('no plan needed', 'not enough debt' for none chosen or too
  // little, and the rest) is worded by its id: a Spanish reader meets its reason and next steps in Spanish.
  it.each(OUTCOMES.map((outcome) => [outcome]))('%s', async (outcome) => {
    renderPage(
      {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'Expenses',
          lastViewedPage: 'NotQualified',
          outcome: { outcomes: [outcome], payoffPlan: null },
        },
      },
      'es',
    );
    await screen.findByRole('heading', { level: 1, name: 'Gracias por su solicitud' });
    expect(screen.getByRole('heading', { name: /^Motivo: / })).toBeInTheDocument();
    expect(englishIn(document.body.textContent ?? '')).toEqual([]);
  });
});

describe('/offers/not-qualified, applying again too soon, in Spanish', () => {
  it('words the waiting period by its id, with the day written in Spanish', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'Expenses',
          lastViewedPage: 'NotQualified',
        },
      },
      // As the server answers a Spanish reader: the text already in Spanish, the id and the plain day beside it.
      'POST /api/application/reapply': {
        status: 409,
        body: {
          code: 'Conflict',
          message: 'Puede volver a solicitar a partir del 2027-02-22, o ahora si su situación ha cambiado.',
          messageId: 'apply.notQualified.again.tooSoon',
          values: { date: '2027-02-22' },
        },
      },
    });
    const app = renderRoutes(
      [{ path: '/offers/not-qualified', Component: NotQualifiedPage }],
      '/offers/not-qualified',
      undefined,
      'es',
    );
    const section = await screen.findByRole('region', { name: 'Volver a solicitar' });
    await app.user.click(within(section).getByRole('radio', { name: 'Nada ha cambiado' }));
    await app.user.click(within(section).getByRole('button', { name: 'Volver a solicitar' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Puede volver a solicitar a partir del 22 de febrero de 2027, o ahora si su situación ha cambiado.',
    );
  });
});
