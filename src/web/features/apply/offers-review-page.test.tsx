import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OffersView } from '#domain/flow/application-view';
import { SITE } from '#domain/site';
import { FREE_SERVICES_TEXT, planFeeSummary } from '#domain/underwriting/plan-fees';
import { MESSAGES } from '#domain/validation/messages';
import {
  Component as OffersReviewPage,
  CURRENT_PAYMENT_FOOTNOTE,
  REVIEW_HEADLINE,
  TERMS_DISCLOSURE,
} from './offers-review-page';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { borrowerSession } from '#web/test/sessions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const application = (status = 'acceptOffer', lastViewedPage = 'Review') => ({
  id: 'app-1',
  status,
  lastCompletedPage: 'Expenses',
  lastViewedPage,
});

const offer = (
  id: string,
  creditorName: string,
  balance: number,
  current: number,
  next: number,
  term: number,
) => ({
  id,
  creditorName,
  bureauName: null,
  accountNumberLast4: '4321',
  currentBalance: balance,
  currentMonthlyPayment: current,
  newMonthlyPayment: next,
  term,
  currentApr: 2190,
  proposedApr: 800,
  estimatedPayoffSavings: null,
});

// Two cards: $3,000 and $9,000. Current estimates $85 + $254 = $339; the plan $60 + $180 = $240 a month to the
// creditors, plus a $25 monthly fee: $265. Interest $9,000 now against $2,000 on the plan, fees $35 + 54 × $25.
const OFFERS: OffersView = {
  estimatedTotalMonthlySavings: 7_400,
  totalCurrentMonthlyPayment: 33_900,
  creditorsMonthlyPayment: 24_000,
  totalNewMonthlyPayment: 26_500,
  currentRepaymentAmount: 2_100_000,
  newRepaymentAmount: 1_338_500,
  termInMonths: 54,
  firstDraftDate: '2027-01-11',
  currentPayoffMonths: 62,
  totalEstimatedPayoffSavings: 804_000,
  currentTotalInterest: 900_000,
  accountsNeverPaidOff: 0,
  planTotalInterest: 200_000,
  setupFee: 3_500,
  monthlyFee: 2_500,
  planTotalFees: 138_500,
  planDebtFreeMonth: '2031-06',
  currentDebtFreeMonth: '2032-02',
  offers: [
    offer('o-small', 'Small Card', 300_000, 8_500, 6_000, 54),
    offer('o-big', 'Big Card', 900_000, 25_400, 18_000, 54),
  ],
  explanation: 'Your creditors agreed to lower rates through the plan.',
};

const PHONE_WIDTH = 358;

type Reply = { status: number; body?: unknown };
const reply = (r: Reply) => HttpResponse.json((r.body ?? null) as object, { status: r.status });
let replies: { application: Reply; offers: Reply; post: Reply };
let posts: number;
let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  posts = 0;
  replies = {
    application: { status: 200, body: application() },
    offers: { status: 200, body: OFFERS },
    post: { status: 200, body: { next: '/payments/next-steps' } },
  };
  server.use(
    http.get('/api/session', () => HttpResponse.json(borrowerSession())),
    http.get('/api/application', () => reply(replies.application)),
    http.get('/api/application/offers', () => reply(replies.offers)),
    http.post('/api/application/offers/continue', async ({ request }) => {
      expect(await request.text()).toBe('');
      posts++;
      return reply(replies.post);
    }),
  );
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

/** Renders /offers/review and waits until its data (or the failure, or the redirect) is on the page. */
async function renderPage() {
  app = renderRoutes(
    [
      { path: '/offers/review', Component: OffersReviewPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/offers/review',
  );
  await waitFor(() =>
    expect(
      screen.queryByRole('button', { name: 'Continue' }) ??
        screen.queryByRole('alert') ??
        screen.queryByText('elsewhere'),
    ).not.toBeNull(),
  );
}
const path = () => app.router.state.location.pathname;
const button = (name: string) => screen.getByRole('button', { name });
const clickContinue = () => app.user.click(button('Continue'));
/**
 * The comparison chart, once its code has loaded. The chart library is imported on demand; the first import
 * in a test run is transformed then, which takes seconds on a busy machine, so the wait is longer than usual.
 */
const chart = () =>
  waitFor(
    () => {
      const found = document.querySelector('figure');
      if (!found?.querySelector('svg')) throw new Error('the chart is not drawn yet');
      return found;
    },
    { timeout: 15_000 },
  );
const figure = (term: string) =>
  [...document.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;

describe('/offers/review', () => {
  it('shows the headline, the two estimated figures, the offers by balance and the disclosures', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe(REVIEW_HEADLINE);
    expect(figure('Estimated total monthly savings')).toBe('$74');
    expect(figure('Estimated total new monthly payment')).toBe('$265');
    expect(screen.getByTestId('fee-disclosure').textContent).toBe(
      'Monthly payment $265, including a $25 monthly fee, plus a one-time $35 set-up fee.',
    );
    const offersTable = [...document.querySelectorAll('table')].find(
      (t) => t.querySelector('caption')?.textContent === 'Your creditor offers',
    )!;
    expect([...offersTable.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Creditor',
      'Current balance',
      'Current APR',
      'Plan APR',
      'Estimated current monthly payment',
      'New monthly payment',
      'Term (months)',
    ]);
    expect([...offersTable.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'Big Card$9,00021.9%8%$254$18054',
      'Small Card$3,00021.9%8%$85$6054',
    ]);
    expect([...offersTable.querySelectorAll('tfoot tr')].map((tr) => tr.textContent)).toEqual([
      'Total to creditors$12,000$339$240Longest term 54',
      'Agency monthly fee$25',
      'Monthly plan payment$265',
    ]);
    const text = document.body.textContent;
    expect(text).toContain('Estimates are based on your credit report.');
    expect(text).toContain(CURRENT_PAYMENT_FOOTNOTE);
    expect(CURRENT_PAYMENT_FOOTNOTE).toContain('1% of the balance plus one month of interest at 21.9% APR');
    expect(text).toContain(SITE.agencyName);
    expect(document.querySelector(`a[href="tel:${SITE.phone.tel}"]`)?.textContent).toBe(SITE.phone.display);
    expect([...document.querySelectorAll('p')].some((p) => p.textContent === TERMS_DISCLOSURE)).toBe(true);
    expect(TERMS_DISCLOSURE).toBe('Terms may vary based on the eligibility of programs offered by creditors');
  });

  it('shows the interest both ways, the fees and the debt-free months above the table', async () => {
    await renderPage();
    const costs = screen.getByRole('region', { name: 'What your debts cost until they are paid off' });
    const pairs = [...costs.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      [...costs.querySelectorAll('dd')]
        .filter((dd) => dd.parentElement === dt.parentElement)
        .map((dd) => dd.textContent),
    ]);
    expect(pairs).toEqual([
      ['Total interest at your current payments', ['$9,000']],
      ['Total interest on the plan', ['$2,000']],
      ['Debt-free at your current payments', ['February 2032']],
      ['Debt-free on the plan', ['June 2031']],
      ['Plan fees in all', ['$1,385', '$35 set-up and $25 a month']],
    ]);
    expect(document.body.textContent).toContain(FREE_SERVICES_TEXT);
    expect(document.body.textContent).toContain(planFeeSummary());
  });

  it('says plainly when the current payments never pay a debt off, with no date and no total', async () => {
    replies.offers.body = {
      ...OFFERS,
      currentTotalInterest: null,
      accountsNeverPaidOff: 1,
      currentRepaymentAmount: 0,
      currentPayoffMonths: 0,
      currentDebtFreeMonth: null,
    };
    await renderPage();
    const costs = screen.getByRole('region', { name: 'What your debts cost until they are paid off' });
    expect(figure('Total interest at your current payments')).toBe('Never paid off');
    expect(figure('Debt-free at your current payments')).toBe('Never');
    expect(costs.textContent).toContain(
      "1 account is never paid off: the payment does not cover the month's interest",
    );
    const rows = [...(await chart()).querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows).toEqual([
      'Monthly payment$339$265',
      'Total repaymentNever paid off$13,385',
      'Months to pay offNever paid off54',
    ]);
  });

  it('says the fee was lowered when the state caps it, and leaves the disclosure out when there is no fee', async () => {
    replies.offers.body = { ...OFFERS, monthlyFee: 2_000 };
    await renderPage();
    expect(document.body.textContent).toContain("$35 set-up and $20 a month, lowered to your state's cap");
    app.unmount();
    replies.offers.body = { ...OFFERS, monthlyFee: 0, setupFee: 0, totalNewMonthlyPayment: 24_000 };
    await renderPage();
    expect(screen.queryByTestId('fee-disclosure')).toBeNull();
  });

  it('has a card per creditor for narrow screens, each figure with its label', async () => {
    await renderPage();
    // Two labelled regions of the same name: the table (from 640 px) and the cards (under it); CSS shows one.
    expect(screen.getAllByRole('region', { name: 'Your creditor offers' })).toHaveLength(2);
    const cards = document.querySelectorAll('[data-offer-card]');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first.querySelector('h3')?.textContent).toBe('Big CardAccount ...4321');
    expect(
      [...first.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      ),
    ).toEqual([
      'Current balance: $9,000',
      'Current APR: 21.9%',
      'Plan APR: 8%',
      'Estimated current monthly payment: $254',
      'New monthly payment: $180',
      'Term (months): 54',
    ]);
  });

  it('compares current terms with the plan in a chart with a table of the same figures', async () => {
    await renderPage();
    const comparison = await chart();
    expect(comparison.querySelector('figcaption')?.textContent).toBe(
      'Current debt terms compared with a Debt Management Plan',
    );
    const rows = [...(comparison?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Monthly payment', '$339', '$265'],
      ['Total repayment', '$21,000', '$13,385'],
      ['Months to pay off', '62', '54'],
    ]);
    // The drawing is for the eye; the table above is what assistive technology reads.
    expect(comparison?.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('draws both bar pairs with their figures when the chart has room', async () => {
    // happy-dom lays nothing out: give every element the size a phone would.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: PHONE_WIDTH, height: 200 }),
    );
    await renderPage();
    const labels = [...(await chart()).querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels).toEqual(['Current', 'Plan', '$339', '$265', 'Current', 'Plan', '$21,000', '$13,385']);
  });

  it('continues and goes where the server says', async () => {
    await renderPage();
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/payments/next-steps'));
    expect(posts).toBe(1);
  });

  it('shows the review save failure in the error modal and stays', async () => {
    replies.post = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await clickContinue();
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.reviewSaveFailed);
    expect(path()).toBe('/offers/review');
  });

  it('explains a conflict, then goes where the application stands', async () => {
    const message = 'Your application has moved past this step.';
    replies.post = { status: 409, body: { code: 'Conflict', message, redirect: '/submitted' } };
    await renderPage();
    await clickContinue();
    expect(await screen.findByRole('dialog')).toHaveTextContent(message);
    await app.user.click(button('OK'));
    await waitFor(() => expect(path()).toBe('/submitted'));
  });

  it('shows the empty table and no chart when every offer was declined', async () => {
    replies.offers.body = { ...OFFERS, offers: [] };
    await renderPage();
    expect(document.querySelector('figure')).toBeNull();
    expect(document.body.textContent).toContain('There are no creditor offers to show.');
  });

  it.each([
    ['signContract', 'Submitted', '/submitted'],
    ['disqualified', 'NotQualified', '/offers/not-qualified'],
  ])('sends a %s application to where it stands', async (status, page, path) => {
    replies.application.body = application(status, page);
    await renderPage();
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
  });

  it('offers a retry when the offers cannot be read', async () => {
    replies.offers = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    replies.offers = { status: 200, body: OFFERS };
    await app.user.click(button('Try again'));
    expect(await screen.findByRole('heading', { level: 1, name: REVIEW_HEADLINE })).toBeInTheDocument();
  });
});
