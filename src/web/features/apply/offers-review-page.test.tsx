import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OffersView } from '#domain/flow/application-view';
import { SITE } from '#domain/site';
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

// Two cards: $3,000 and $9,000. Current estimates $85 + $254 = $339; the plan $60 + $180 = $240 a month.
const OFFERS: OffersView = {
  estimatedTotalMonthlySavings: 9_900,
  totalCurrentMonthlyPayment: 33_900,
  totalNewMonthlyPayment: 24_000,
  currentRepaymentAmount: 2_100_000,
  newRepaymentAmount: 1_296_000,
  longestTerm: 54,
  currentPayoffMonths: 62,
  totalEstimatedPayoffSavings: 804_000,
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
    expect(figure('Estimated total monthly savings')).toBe('$99');
    expect(figure('Estimated total new monthly payment')).toBe('$240');
    const offersTable = [...document.querySelectorAll('table')].find(
      (t) => t.querySelector('caption')?.textContent === 'Your creditor offers',
    )!;
    expect([...offersTable.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'Big Card$9,000$254$18054',
      'Small Card$3,000$85$6054',
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
      ['Monthly payment', '$339', '$240'],
      ['Total repayment', '$21,000', '$12,960'],
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
    expect(labels).toEqual(['Current', 'Plan', '$339', '$240', 'Current', 'Plan', '$21,000', '$12,960']);
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
