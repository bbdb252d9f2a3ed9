import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetView } from '#domain/flow/application-view';
import type { Language } from '#domain/i18n/language';
import { budgetDescription } from '#domain/underwriting/decision';
import { BUDGET_CUT_MESSAGES } from '#domain/underwriting/budget-cuts';
import { THIN_BUDGET_TITLE, thinBudgetMessage, thinBudgetRef } from '#domain/underwriting/budget-room';
import { BUDGET_AGREEMENT_LABEL } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { Component as BudgetPage, NO_ADJUSTMENTS_TEXT } from './budget-page';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { borrowerSession } from '#web/test/sessions';

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
      labelKey: 'food_away',
      label: 'Restaurants including delivery',
      currentValue: 40_000,
      proposedValue: 15_000,
    },
    {
      category: 'personal',
      groupLabel: 'Personal',
      subCategory: 'entertainment',
      labelKey: 'personal_entertainment',
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
  monthlyFee: 2_500,
  requiredReduction: 32_500,
  otherDebtPayments: 0,
  // Restaurants and entertainment carry the proposed cuts; apparel has $50 of room and no cut yet.
  flexibleLines: [
    {
      category: 'food',
      subCategory: 'away',
      labelKey: 'food_away',
      label: 'Restaurants including delivery',
      groupLabel: 'Food',
      currentValue: 40_000,
      floor: 10_000,
      proposedValue: 15_000,
    },
    {
      category: 'personal',
      subCategory: 'entertainment',
      labelKey: 'personal_entertainment',
      label: 'Entertainment',
      groupLabel: 'Personal',
      currentValue: 20_000,
      floor: 10_000,
      proposedValue: 12_500,
    },
    {
      category: 'personal',
      subCategory: 'apparel',
      labelKey: 'personal_apparel',
      label: 'Clothing',
      groupLabel: 'Personal',
      currentValue: 10_000,
      floor: 5_000,
      proposedValue: 10_000,
    },
  ],
  // The server's English; the page words the same sentence by its id from the view's two figures.
  explanation: 'Lower flexible expenses by $325 a month so the plan payment of $600 fits the budget.',
};

type Reply = { status: number; body?: unknown };
const reply = (r: Reply) => HttpResponse.json((r.body ?? null) as object, { status: r.status });
let replies: { application: Reply; budget: Reply; put: Reply };
let puts: unknown[];
let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  puts = [];
  replies = {
    application: { status: 200, body: application() },
    budget: { status: 200, body: BUDGET },
    put: { status: 200, body: { next: '/offers/review' } },
  };
  server.use(
    http.get('/api/session', () => HttpResponse.json(borrowerSession())),
    http.get('/api/application', () => reply(replies.application)),
    http.get('/api/application/budget', () => reply(replies.budget)),
    http.put('/api/application/budget', async ({ request }) => {
      puts.push(await request.json());
      return reply(replies.put);
    }),
  );
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

/** Renders /budget and waits until its data (or the failure, or the redirect) is on the page. */
async function renderPage(language: Language = 'en') {
  app = renderRoutes(
    [
      { path: '/budget', Component: BudgetPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/budget',
    undefined,
    language,
  );
  await waitFor(() =>
    expect(
      screen.queryByRole('button', { name: language === 'es' ? 'Continuar' : 'Continue' }) ??
        screen.queryByRole('alert') ??
        screen.queryByText('elsewhere'),
    ).not.toBeNull(),
  );
}
const path = () => app.router.state.location.pathname;

const agreement = () => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === BUDGET_AGREEMENT_LABEL);
  return document.getElementById(label?.htmlFor ?? '') as HTMLInputElement | null;
};
const button = (name: string) => screen.getByRole('button', { name });
const clickContinue = () => app.user.click(button('Continue'));

const amount = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const status = () => screen.getByRole('status').textContent;
async function retype(label: string, dollars: string) {
  await app.user.clear(amount(label));
  await app.user.type(amount(label), dollars);
}
const SENT_AS_PROPOSED = [
  { category: 'food', subCategory: 'away', proposedValue: 15_000 },
  { category: 'personal', subCategory: 'entertainment', proposedValue: 12_500 },
  { category: 'personal', subCategory: 'apparel', proposedValue: 10_000 },
];

describe('/budget', () => {
  it('shows each flexible line with its floor, the plan payment with its fee, and what the cuts cover', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe('Proposed Expense Adjustments');
    expect(document.body.textContent).toContain(
      budgetDescription(BUDGET.targetedMonthlySavings, BUDGET.newMonthlyPayment),
    );
    expect(document.querySelectorAll('[aria-label="Adjusted expenses"] li')).toHaveLength(3);
    expect(amount('Restaurants including delivery').value).toBe('$150');
    expect(amount('Entertainment').value).toBe('$125');
    expect(amount('Clothing').value).toBe('$100');
    expect(amount('Restaurants including delivery')).toHaveAccessibleDescription('At least $100');
    expect(status()).toBe('The cuts cover the $325 needed.');
    expect(screen.getByTestId('budget-plan-payment').textContent).toBe('$600including a $25 monthly fee');
    // $5,000 income − ($4,000 − $325) expenses − $600 plan payment.
    expect(document.body.textContent).toContain('Left each month$725');
    expect(document.body.textContent).toContain('Targeted Monthly Savings$325');
    expect(agreement()?.checked).toBe(false);
  });

  it('shows one reduction figure: asked for, covered and saved alike', async () => {
    await renderPage();
    const asked = /together they must lower your expenses by (\$[\d,]+)/.exec(
      document.body.textContent ?? '',
    );
    const covered = /The cuts cover the (\$[\d,]+) needed/.exec(status() ?? '');
    const saved = /Targeted Monthly Savings(\$[\d,]+)/.exec(document.body.textContent ?? '');
    expect(new Set([asked?.[1], covered?.[1], saved?.[1]])).toEqual(new Set(['$325']));
    expect(screen.getByTestId('budget-cushion').textContent).toBe('');
  });

  it('counts the payments on other debts in what is left each month', async () => {
    replies.budget.body = { ...BUDGET, otherDebtPayments: 30_000 };
    await renderPage();
    expect(document.body.textContent).toContain('Other debt payments$300');
    // $5,000 − ($4,000 − $325) − $300 − $600.
    expect(screen.getByTestId('budget-left-each-month').textContent).toBe('$425');
  });

  describe('a budget that leaves $4 a month', () => {
    // $4,279 income − ($4,000 − $325) expenses − $600 plan payment = $4.
    const thin = { ...BUDGET, monthlyIncome: 427_900 };
    const warningReply = { status: 422, body: { code: 'ThinBudget', message: thinBudgetMessage(400) } };

    it('says so beside the figure, and again as the cuts change', async () => {
      replies.budget.body = thin;
      await renderPage();
      expect(screen.getByTestId('budget-left-each-month').textContent).toBe('$4');
      expect(screen.getByTestId('budget-cushion').textContent).toBe(thinBudgetMessage(400));
      // $60 more cut from clothing leaves $64: enough.
      await retype('Clothing', '40');
      expect(screen.getByTestId('budget-cushion').textContent).toBe('');
    });

    it('warns in a dialog on Continue: Escape goes back to the cuts, and the budget can be accepted as it is', async () => {
      replies.budget.body = thin;
      replies.put = warningReply;
      await renderPage();
      await app.user.click(agreement()!);
      await clickContinue();
      const dialog = await screen.findByRole('alertdialog', { name: THIN_BUDGET_TITLE });
      expect(dialog).toHaveTextContent(thinBudgetMessage(400));
      // The safe answer has the focus; Escape means it.
      expect(screen.getByRole('button', { name: 'Change the cuts' })).toHaveFocus();
      await app.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(path()).toBe('/budget');
      expect(button('Continue')).toHaveFocus();

      await clickContinue();
      await screen.findByRole('alertdialog', { name: THIN_BUDGET_TITLE });
      replies.put = { status: 200, body: { next: '/offers/review' } };
      await app.user.tab();
      expect(screen.getByRole('button', { name: 'Continue with this budget' })).toHaveFocus();
      await app.user.keyboard('{Enter}');
      await waitFor(() => expect(path()).toBe('/offers/review'));
      expect(puts).toEqual([
        { agreedTo: true, lines: SENT_AS_PROPOSED },
        { agreedTo: true, lines: SENT_AS_PROPOSED },
        { agreedTo: true, lines: SENT_AS_PROPOSED, acceptThinBudget: true },
      ]);
    });
  });

  it('moves a cut from one line to another: what is still to cover follows, then the moved cuts are sent', async () => {
    await renderPage();
    await retype('Restaurants including delivery', '200');
    expect(status()).toBe('Still to cover: $50 a month');
    expect(document.body.textContent).toContain('Targeted Monthly Savings$275');
    await retype('Clothing', '50');
    expect(status()).toBe('The cuts cover the $325 needed.');
    await app.user.click(agreement()!);
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/offers/review'));
    expect(puts).toEqual([
      {
        agreedTo: true,
        lines: [
          { category: 'food', subCategory: 'away', proposedValue: 20_000 },
          { category: 'personal', subCategory: 'entertainment', proposedValue: 12_500 },
          { category: 'personal', subCategory: 'apparel', proposedValue: 5_000 },
        ],
      },
    ]);
  });

  it('refuses cuts that leave part of the gap, or go below a floor, and sends nothing', async () => {
    await renderPage();
    await app.user.click(agreement()!);
    await retype('Restaurants including delivery', '200');
    await clickContinue();
    expect(await screen.findByRole('alert')).toHaveTextContent(BUDGET_CUT_MESSAGES.notCovered(5_000, 32_500));
    await retype('Restaurants including delivery', '50');
    expect(
      await screen.findByText('Restaurants including delivery cannot go below $100.'),
    ).toBeInTheDocument();
    // Counted only down to the floor: $300 + $75 covers the $325, but the line itself is refused.
    expect(status()).toBe('The cuts cover the $325 needed.');
    await retype('Entertainment', '200');
    // $300 alone leaves $25, whatever was typed under the floor.
    expect(status()).toBe('Still to cover: $25 a month');
    await clickContinue();
    expect(amount('Restaurants including delivery')).toHaveFocus();
    expect(puts).toEqual([]);
  });

  it('shows the server’s message when it refuses the cuts', async () => {
    const message = BUDGET_CUT_MESSAGES.notCovered(1_000, 32_500);
    replies.put = {
      status: 400,
      body: { code: 'ValidationError', message, fieldErrors: { lines: message } },
    };
    await renderPage();
    await app.user.click(agreement()!);
    await clickContinue();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(path()).toBe('/budget');
    expect(puts).toEqual([{ agreedTo: true, lines: SENT_AS_PROPOSED }]);
  });

  it.each([0, -500])(
    'leaves the targeted monthly savings out when the cuts save %i cents',
    async (savings) => {
      replies.budget.body = {
        ...BUDGET,
        requiredReduction: 0,
        flexibleLines: [],
        targetedMonthlySavings: savings,
        lines: savings === 0 ? [] : [{ ...BUDGET.lines[0]!, proposedValue: 40_500 }],
      };
      await renderPage();
      expect(document.body.textContent).not.toContain('Targeted Monthly Savings');
    },
  );

  it('requires the agreement, then saves it and goes where the server says', async () => {
    await renderPage();
    await clickContinue();
    expect(await screen.findByText(MESSAGES.budgetAgreementRequired)).toBeInTheDocument();
    expect(agreement()).toHaveFocus();
    expect(puts).toEqual([]);

    await app.user.click(agreement()!);
    await waitFor(() => expect(screen.queryByText(MESSAGES.budgetAgreementRequired)).toBeNull());
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/offers/review'));
    expect(puts).toEqual([{ agreedTo: true, lines: SENT_AS_PROPOSED }]);
  });

  it('shows the empty state without a checkbox when nothing needs adjusting, and Continue still saves', async () => {
    replies.budget.body = {
      ...BUDGET,
      lines: [],
      targetedMonthlySavings: 0,
      requiredReduction: 0,
      flexibleLines: [],
    };
    await renderPage();
    expect(document.body.textContent).toContain(NO_ADJUSTMENTS_TEXT);
    expect(agreement()).toBeNull();
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/offers/review'));
    expect(puts).toEqual([{ agreedTo: true }]);
  });

  it('shows a save failure in the error modal and stays', async () => {
    replies.put = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await app.user.click(agreement()!);
    await clickContinue();
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(path()).toBe('/budget');
  });

  it('offers a retry when the budget cannot be read', async () => {
    replies.budget = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    replies.budget = { status: 200, body: BUDGET };
    await app.user.click(button('Try again'));
    await waitFor(() =>
      expect(document.querySelectorAll('[aria-label="Adjusted expenses"] li')).toHaveLength(3),
    );
  });

  it('sends a borrower whose application moved on to where it stands', async () => {
    replies.application.body = application('acceptOffer', 'Review');
    await renderPage();
    await waitFor(() => expect(path()).toBe('/offers/review'));
  });
});

describe('/budget in Spanish', () => {
  it('shows the figures, the lines, the cuts still to cover and the thin budget warning in Spanish', async () => {
    // $4,279 income leaves $4 a month after the plan payment.
    replies.budget.body = {
      ...BUDGET,
      monthlyIncome: 427_900,
      explanation: budgetDescription(32_500, 60_000),
    };
    // As the server answers a Spanish reader: the id and values beside the text, which the page words by id.
    const { id: messageId, values } = thinBudgetRef(400);
    replies.put = {
      status: 422,
      body: { code: 'ThinBudget', message: thinBudgetMessage(400), messageId, values },
    };
    await renderPage('es');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ajustes de gastos propuestos');
    expect(document.title).toContain('Ajustes de gastos propuestos');
    expect(document.body.textContent).toContain(
      'Reduzca sus gastos flexibles en $325 al mes para que el pago del plan de $600 quepa en el presupuesto.',
    );
    expect(screen.getByTestId('budget-plan-payment').textContent).toBe(
      '$600incluye una tarifa mensual de $25',
    );
    expect(document.body.textContent).toContain('Queda cada mes$4');
    expect(screen.getByTestId('budget-cushion').textContent).toMatch(
      /^Después del pago del plan, este presupuesto le deja solo \$4 al mes\. Le sugerimos reservar al menos \$50 al mes/,
    );
    expect(screen.getByRole('list', { name: 'Gastos ajustados' })).toHaveTextContent('Alimentación');
    expect(amount('Restaurantes, incluida la comida a domicilio')).toHaveAccessibleDescription(
      'Al menos $100',
    );
    expect(screen.getByText('Ahora $200')).toBeInTheDocument();
    await retype('Entretenimiento', '200');
    expect(status()).toBe('Falta por cubrir: $75 al mes');
    await retype('Entretenimiento', '125');
    expect(status()).toBe('Los recortes cubren los $325 necesarios.');
    await retype('Ropa', '20');
    await app.user.click(button('Continuar'));
    await waitFor(() =>
      expect(amount('Ropa')).toHaveAccessibleDescription('Al menos $50 Ropa no puede bajar de $50.'),
    );
    expect(puts).toEqual([]);
    await retype('Ropa', '100');
    await app.user.click(screen.getByLabelText('Acepto ajustar mis gastos totales como se propone arriba.'));
    await app.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Queda muy poco cada mes' });
    expect(dialog).toHaveTextContent('este presupuesto le deja solo $4 al mes');
    expect(screen.getByRole('button', { name: 'Cambiar los recortes' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Continuar con este presupuesto' })).toBeInTheDocument();
  });
});
