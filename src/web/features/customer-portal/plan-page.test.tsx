import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanView } from '#domain/enrollment/views';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as PlanPage, formatApr, LETTER_PATH, PLAN_PATH, planFeesText } from './plan-page';

const PLAN: PlanView = {
  status: 'creditorReview',
  enrollment: {
    monthlyPaymentAmount: 24_000,
    firstPaymentDate: '2026-07-15',
    termInMonths: 54,
    projectedDebtFreeDate: '2030-12',
    dateSigned: '2026-06-01T14:00:00.000Z',
  },
  proposedMonthlyPayment: 24_000,
  proposedTermInMonths: 54,
  fees: { setupFee: 3_500, monthlyFee: 2_500 },
  creditors: [
    {
      id: 'c1',
      creditorName: 'Big Card',
      accountNumberLast4: '4321',
      balance: 900_000,
      status: 'accepted',
      currentMonthlyPayment: 25_400,
      newMonthlyPayment: 18_000,
      proposedApr: 800,
      term: 54,
    },
    {
      id: 'c2',
      creditorName: 'Small Card',
      accountNumberLast4: null,
      balance: 300_000,
      status: 'proposed',
      currentMonthlyPayment: 8_500,
      newMonthlyPayment: 6_000,
      proposedApr: 975,
      term: 54,
    },
    {
      id: 'c3',
      creditorName: 'Store Card',
      accountNumberLast4: '9999',
      balance: 50_000,
      status: 'declined',
      currentMonthlyPayment: 2_500,
      newMonthlyPayment: 0,
      proposedApr: null,
      term: 0,
    },
  ],
  payoff: {
    points: [
      { month: 0, plan: 1_200_000, current: 1_200_000 },
      { month: 27, plan: 600_000, current: 1_000_000 },
      { month: 54, plan: 0, current: 800_000 },
    ],
    planMonths: 54,
    currentMonths: 62,
    interestSaved: 804_000,
  },
  paymentAccount: { institutionName: 'First Platypus Bank', mask: '0000' },
  letter: { signedAt: '2026-06-01T14:00:00.000Z', available: true },
};

afterEach(() => {
  vi.restoreAllMocks();
});

let plan: PlanView | { status: number; body: unknown };

async function renderPage(first: typeof plan) {
  plan = first;
  const calls: ApiCall[] = answerApi({
    [`GET ${PLAN_PATH}`]: () =>
      'creditors' in plan ? { status: 200, body: plan } : (plan as { status: number; body: unknown }),
  });
  const app = renderRoutes(
    [
      { path: '/customer-portal/plan', Component: PlanPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/customer-portal/plan',
  );
  await waitFor(() =>
    expect(
      document.querySelector('h1') ?? app.router.state.location.pathname !== '/customer-portal/plan',
    ).toBeTruthy(),
  );
  return { calls, router: app.router, user: app.user };
}

const tiles = () =>
  [...document.querySelectorAll('dl')][0]
    ? [...[...document.querySelectorAll('dl')][0]!.querySelectorAll('dt')].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ])
    : [];
const tableRows = () =>
  [...document.querySelectorAll('table tbody tr')].map((tr) =>
    [...tr.children].map((cell) => cell.textContent),
  );

describe('/customer-portal/plan', () => {
  it('shows the plan tiles, each creditor’s answer, the payoff summary, account and letter', async () => {
    await renderPage(PLAN);
    expect(document.querySelector('h1')?.textContent).toBe('My plan');
    expect(tiles()).toEqual([
      ['Monthly payment', '$240'],
      ['First payment date', 'July 15, 2026'],
      ['Term', '54 months'],
      ['Projected debt-free date', 'December 2030'],
    ]);
    expect(tableRows()).toEqual([
      ['Big Card ••4321', '$9,000', '$180', '8.0%', '54 months', 'Accepted'],
      ['Small Card', '$3,000', '$60', '9.8%', '54 months', 'Proposed'],
      ['Store Card ••9999', '$500', '$0', '—', '0 months', 'Declined'],
    ]);
    // The phone's cards carry the same creditors.
    expect(
      [...document.querySelectorAll('ul.md\\:hidden > li')].map((li) => li.firstElementChild?.textContent),
    ).toEqual(['Big Card ••4321Accepted', 'Small CardProposed', 'Store Card ••9999Declined']);
    const text = document.body.textContent;
    expect(text).toContain(
      'Debt-free in 54 months on the plan, 62 months at current minimum payments; interest saved $8,040',
    );
    expect(text).toContain('First Platypus Bank ••0000');
    // The agency's fees, beside the payment.
    expect(text).toContain(
      'Agency fees: a monthly fee of $25 and a one-time set-up fee of $35, paid with your plan payments on top ' +
        "of what goes to your creditors, and never more than your state's law allows.",
    );
    expect(document.querySelector(`a[href="${LETTER_PATH}"]`)?.textContent).toBe(
      'Download your signed Letter of Authorization',
    );
    // The chart arrives in its own chunk, hidden from screen readers (the sentence above is its text).
    await waitFor(() =>
      expect(
        document.querySelector('section[aria-labelledby="plan-payoff"] [aria-hidden="true"]')?.textContent,
      ).toContain('At current minimum payments'),
    );
  });

  it('words the plan as proposed until it is set up', async () => {
    await renderPage({
      ...PLAN,
      status: 'counselorReview',
      enrollment: null,
      letter: null,
      paymentAccount: null,
    });
    expect(tiles()).toEqual([
      ['Proposed monthly payment', '$240'],
      ['First payment date', 'To be set'],
      ['Proposed term', '54 months'],
      ['Projected debt-free date', '54 months after your first payment'],
    ]);
    expect(document.querySelector(`a[href="${LETTER_PATH}"]`)).toBeNull();
    expect(document.body.textContent).toContain('Not set up yet.');
  });

  it('goes where the application stands when the borrower has not signed', async () => {
    const { router } = await renderPage({
      status: 409,
      body: { code: 'Conflict', message: 'Not signed', redirect: '/submitted' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it('offers a retry when the plan cannot be read', async () => {
    const { user } = await renderPage({ status: 500, body: { code: 'InternalError' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    plan = PLAN;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()[0]).toEqual(['Monthly payment', '$240']));
  });

  it.each([
    [{ setupFee: 0, monthlyFee: 0 }, 'Your plan carries no agency fees.'],
    [{ setupFee: 0, monthlyFee: 1_000 }, 'Agency fees: a monthly fee of $10, paid with'],
    [{ setupFee: 5_000, monthlyFee: 0 }, 'Agency fees: a one-time set-up fee of $50, paid with'],
  ])('words the fees %j', (fees, words) => {
    expect(planFeesText(fees)).toContain(words);
  });

  it('formats rates', () => {
    expect([formatApr(800), formatApr(1999), formatApr(0)]).toEqual(['8.0%', '20.0%', '0.0%']);
  });
});
