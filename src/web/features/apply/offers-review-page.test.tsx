import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OffersView } from '#domain/flow/application-view';
import { SITE } from '#domain/site';
import { FREE_SERVICES_TEXT, planFeeSummary, type StateFeeCap } from '#domain/underwriting/plan-fees';
import { MESSAGES } from '#domain/validation/messages';
import { offerSummary, reviewTerms } from '#domain/enrollment/offer-review';
import {
  PLAN_DISCLOSURES,
  PLAN_DISCLOSURES_VERSION,
  PLAN_DISCLOSURES_VERSIONS,
} from '#domain/enrollment/plan-disclosures';
import {
  ACCEPT_LABEL,
  AGREEMENT_LABEL,
  LEAVE_ALL_OUT_LABEL,
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
  leftOut: false,
  estimatedPayoffSavings: null,
  currentPaymentEstimated: true,
});

// Two cards: $3,000 and $9,000. Current estimates $85 + $254 = $339; the plan $61 + $182 = $243 a month to the
// creditors (each paid off in 60 months at 8%), plus the $25 monthly fee Mississippi's flat $30 cap allows:
// $268 drawn each month, and a $35 set-up fee.
const TODAY = '2026-11-26';
const SMALL = '7d3c1c1e-5c1a-4f5e-9a53-0c7f7d7b0a01';
const BIG = '7d3c1c1e-5c1a-4f5e-9a53-0c7f7d7b0a02';
const CAP: StateFeeCap = { setupFeeCap: 7_500, monthlyFeeCap: 3_000, monthlyFeeCapPerAccount: null };
const ROWS = [
  offer(SMALL, 'Small Card', 300_000, 8_500, 6_083, 60),
  offer(BIG, 'Big Card', 900_000, 25_400, 18_249, 60),
];
// $3,000 a month in, $2,700 of expenses: $300 left, room for the $268 draft; $200 of flexible expenses.
const BUDGET = {
  monthlyIncome: 300_000,
  expenses: 270_000,
  ineligibleDebtPayment: 0,
  reducible: 20_000,
  declinedPayments: 0,
};
/** The view as the server sends it: its figures are the domain's, for the offers and choices given. */
function viewOf(
  rows = ROWS,
  o: { leftOut?: string[]; draftDay?: number; cap?: StateFeeCap } = {},
): OffersView {
  const leftOut = new Set(o.leftOut ?? []);
  const draftDay = o.draftDay ?? 15;
  const terms = reviewTerms({ offers: rows, leftOut, cap: o.cap ?? CAP, today: TODAY, draftDay });
  return {
    today: TODAY,
    feeCap: o.cap ?? CAP,
    draftDay,
    suggestedDraftDay: null,
    accepted: false,
    ...offerSummary(terms, rows, TODAY),
    offers: rows.map((r) => ({ ...r, leftOut: leftOut.has(r.id) })),
    explanation: 'Your creditors agreed to lower rates through the plan.',
    budget: BUDGET,
    // What the budget leaves for the plan and the creditors paid directly: $300.
    budgetRoom: BUDGET.monthlyIncome - BUDGET.expenses - BUDGET.ineligibleDebtPayment,
  };
}
const OFFERS = viewOf();

const PHONE_WIDTH = 358;

type Reply = { status: number; body?: unknown };
const reply = (r: Reply) => HttpResponse.json((r.body ?? null) as object, { status: r.status });
let replies: { application: Reply; offers: Reply; post: Reply };
let posts: number;
let accepted: unknown;
let leftAllOut: number;
let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  posts = 0;
  leftAllOut = 0;
  accepted = undefined;
  replies = {
    application: { status: 200, body: application() },
    offers: { status: 200, body: OFFERS },
    post: { status: 200, body: { next: '/payments/next-steps' } },
  };
  server.use(
    http.get('/api/session', () => HttpResponse.json(borrowerSession())),
    http.get('/api/application', () => reply(replies.application)),
    http.get('/api/application/offers', () => reply(replies.offers)),
    http.post('/api/application/offers/accept', async ({ request }) => {
      accepted = await request.json();
      posts++;
      return reply(replies.post);
    }),
    http.post('/api/application/offers/leave-all-out', () => {
      leftAllOut++;
      return reply({ status: 200, body: { next: '/offers/not-qualified' } });
    }),
  );
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

/** Renders /offers/review and waits until its data (or the failure, or the redirect) is on the page. */
async function renderPage(language: 'en' | 'es' = 'en') {
  app = renderRoutes(
    [
      { path: '/offers/review', Component: OffersReviewPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/offers/review',
    undefined,
    language,
  );
  await waitFor(() =>
    expect(
      screen.queryByRole('button', { name: language === 'es' ? 'Aceptar mi plan' : ACCEPT_LABEL }) ??
        screen.queryByRole('alert') ??
        screen.queryByText('elsewhere'),
    ).not.toBeNull(),
  );
}
const path = () => app.router.state.location.pathname;
const button = (name: string) => screen.getByRole('button', { name });
/** Ticks the agreement and accepts the plan. */
const clickContinue = async () => {
  await app.user.click(screen.getByLabelText(AGREEMENT_LABEL));
  await app.user.click(button(ACCEPT_LABEL));
};
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
    expect(figure('Estimated total monthly savings')).toBe('$71');
    expect(figure('Estimated total new monthly payment')).toBe('$268');
    expect(screen.getByTestId('fee-disclosure').textContent).toBe(
      'Monthly payment $268, including a $25 monthly fee, plus a one-time $35 set-up fee.',
    );
    const offersTable = [...document.querySelectorAll('table')].find(
      (t) => t.querySelector('caption')?.textContent === 'Your creditor offers',
    )!;
    expect([...offersTable.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'In my plan',
      'Creditor',
      'Current balance',
      'Current APR',
      'Plan APR',
      'Estimated current monthly payment',
      'New monthly payment',
      'Term (months)',
    ]);
    expect([...offersTable.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'Big CardAccount ...4321$9,00021.9%8%$254$18260',
      'Small CardAccount ...4321$3,00021.9%8%$85$6160',
    ]);
    expect([...offersTable.querySelectorAll('tfoot tr')].map((tr) => tr.textContent)).toEqual([
      'Total to creditors$12,000$339$243Plan term 60',
      'Agency monthly fee$25',
      'Amount drawn each month$268',
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
      ['Total interest at your current payments', ['$7,467']],
      ['Total interest on the plan', ['$2,599']],
      ['Debt-free at your current payments', ['September 2031']],
      ['Debt-free on the plan', ['November 2031']],
      ['Plan fees in all', ['$1,535', '$35 set-up and $25 a month']],
    ]);
    expect(document.body.textContent).toContain(FREE_SERVICES_TEXT);
    expect(document.body.textContent).toContain(planFeeSummary());
  });

  it('says plainly when the current payments never pay a debt off, with no date and no total', async () => {
    // $10 a month on $3,000 at 21.9% does not cover the month's $54.75 of interest.
    replies.offers.body = viewOf([{ ...ROWS[0]!, currentMonthlyPayment: 1_000 }, ROWS[1]!]);
    await renderPage();
    const costs = screen.getByRole('region', { name: 'What your debts cost until they are paid off' });
    expect(figure('Total interest at your current payments')).toBe('Never paid off');
    expect(figure('Debt-free at your current payments')).toBe('Never');
    expect(costs.textContent).toContain(
      "1 account is never paid off: the payment does not cover the month's interest",
    );
    const rows = [...(await chart()).querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows).toEqual([
      'Monthly payment$264$268',
      'Total repaymentNever paid off$16,134',
      'Months to pay offNever paid off60',
    ]);
  });

  it('says the fee was lowered when the state caps it, and leaves the disclosure out when there is no fee', async () => {
    // The model law: $10 per account, so $20 for two.
    replies.offers.body = viewOf(ROWS, {
      cap: { setupFeeCap: 5_000, monthlyFeeCap: 5_000, monthlyFeeCapPerAccount: 1_000 },
    });
    await renderPage();
    expect(document.body.textContent).toContain("$35 set-up and $20 a month, lowered to your state's cap");
    app.unmount();
    replies.offers.body = viewOf(ROWS, {
      cap: { setupFeeCap: 0, monthlyFeeCap: 0, monthlyFeeCapPerAccount: null },
    });
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
      'New monthly payment: $182',
      'Term (months): 60',
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
      ['Monthly payment', '$339', '$268'],
      ['Total repayment', '$19,467', '$16,134'],
      ['Months to pay off', '58', '60'],
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
    expect(labels).toEqual(['Current', 'Plan', '$339', '$268', 'Current', 'Plan', '$19,467', '$16,134']);
  });

  it('accepts the plan with the offers kept, the chosen day and the disclosures read, then goes on', async () => {
    await renderPage();
    for (const d of PLAN_DISCLOSURES) expect(document.body.textContent).toContain(d.text);
    // Without the agreement nothing is sent, and the box says why.
    await app.user.click(button(ACCEPT_LABEL));
    expect(
      await screen.findByText('Please confirm you have read the plan’s terms and disclosures'),
    ).toBeVisible();
    expect(posts).toBe(0);
    await app.user.selectOptions(screen.getByLabelText('Day of the month your payment is drawn'), '20th');
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/payments/next-steps'));
    expect(posts).toBe(1);
    expect(accepted).toEqual({
      leftOut: [],
      draftDay: 20,
      disclosuresVersion: PLAN_DISCLOSURES_VERSION,
      agreed: true,
    });
  });

  it('compares with the payment the credit report shows, and marks and explains the estimated ones', async () => {
    // The report shows $298 a month for Big Card; Small Card's payment is estimated.
    const rows = [
      { ...ROWS[0]! },
      { ...ROWS[1]!, currentMonthlyPayment: 29_800, currentPaymentEstimated: false },
    ];
    replies.offers.body = viewOf(rows);
    await renderPage();
    // $85 + $298 now against the $268 drawn.
    expect(figure('Estimated total monthly savings')).toBe('$115');
    const offersTable = screen.getByRole('table', { name: 'Your creditor offers' });
    expect([...offersTable.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'Big CardAccount ...4321$9,00021.9%8%$298$18260',
      'Small CardAccount ...4321$3,00021.9%8%$85*$6160',
    ]);
    expect(screen.getByTestId('footnote-report-payment').textContent).toBe(
      'Your current monthly payment is the payment your credit report shows for the account, where it shows ' +
        'one; the savings compare the plan with it.',
    );
    expect(screen.getByTestId('footnote-estimated-marked').textContent).toBe(
      'A payment marked * is estimated: your credit report shows none for that account.',
    );
    expect(screen.getByTestId('footnote-estimated-payment').textContent).toBe(CURRENT_PAYMENT_FOOTNOTE);
  });

  it('recomputes the plan at once when an offer is left out, and says who the borrower keeps paying', async () => {
    await renderPage();
    const [bigBox] = screen.getAllByRole('checkbox', { name: 'Include Big Card ...4321 in my plan' });
    await app.user.click(bigBox!);
    // Small Card alone: $61 and the $25 fee.
    expect(figure('Estimated total new monthly payment')).toBe('$86');
    expect(screen.getByTestId('plan-terms')).toHaveTextContent('Amount drawn each month$86');
    expect(document.body.textContent).toContain('You keep paying Big Card yourself: about $254 a month.');
    // The paragraph above states the plan as chosen: one account, the $86 drawn, and the $254 she keeps
    // paying Big Card counted with her other debt payments, which leaves the plan $40 short.
    expect(screen.getByTestId('plan-explanation').textContent).toBe(
      'Your monthly income of $3,000, less $2,700 of expenses and $254 of other debt payments, leaves $46 a ' +
        'month. The plan pays 1 account with $3,000 owed for $86 a month (including the $25 monthly fee), ' +
        'against an estimated $85 a month now. That is $40 short; lowering flexible expenses (up to $200 can ' +
        'be cut) closes the gap, so a proposed budget comes with the offers.',
    );
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/payments/next-steps'));
    expect(accepted).toMatchObject({ leftOut: [BIG], draftDay: 15 });
  });

  it('warns before she accepts when an offer left out makes the plan no longer fit, and lets her accept', async () => {
    await renderPage();
    // As offered, $268 against the $300 her budget leaves: the decision checked it, no warning.
    expect(screen.queryByTestId('leave-out-fit')).toBeNull();
    const [bigBox] = screen.getAllByRole('checkbox', { name: 'Include Big Card ...4321 in my plan' });
    await app.user.click(bigBox!);
    const warning = screen.getByRole('region', { name: 'Your plan would no longer fit your budget' });
    expect(warning).toHaveAttribute('data-fit', 'short');
    // $86 drawn and $254 to Big Card: $340 against $300, $40 short.
    expect(warning.querySelectorAll('p')[0]!.textContent).toBe(
      'With Big Card left out, you would pay $86 a month to the plan and $254 a month to creditors yourself: ' +
        '$340 a month, against the $300 your budget leaves. That is $40 a month more than your budget leaves.',
    );
    expect(warning.querySelectorAll('p')[1]!.textContent).toBe(
      `You can keep this creditor on the plan, or call us at ${SITE.phone.display} to go over your budget ` +
        'before you accept. If you accept the plan as chosen, your counsellor will see that it no longer fits ' +
        'your budget and may call you.',
    );
    // Keeping it again takes the warning away.
    await app.user.click(bigBox!);
    expect(screen.queryByTestId('leave-out-fit')).toBeNull();
    // Her choice stands: she can accept with the offer left out.
    await app.user.click(bigBox!);
    await clickContinue();
    await waitFor(() => expect(path()).toBe('/payments/next-steps'));
    expect(accepted).toMatchObject({ leftOut: [BIG] });
  });

  it('states one shortfall once she agreed a budget: the paragraph and the warning say the same amount', async () => {
    // The server sends the budget she agreed on /budget (its cuts applied) and what it leaves.
    replies.offers.body = { ...OFFERS, budget: { ...BUDGET, agreed: true } };
    await renderPage();
    const [bigBox] = screen.getAllByRole('checkbox', { name: 'Include Big Card ...4321 in my plan' });
    await app.user.click(bigBox!);
    const paragraph = screen.getByTestId('plan-explanation').textContent!;
    expect(paragraph).toBe(
      'With the budget you agreed, your monthly income of $3,000, less $2,700 of expenses and $254 of other ' +
        'debt payments, leaves $46 a month. The plan pays 1 account with $3,000 owed for $86 a month ' +
        '(including the $25 monthly fee), against an estimated $85 a month now. That is $40 a month more than ' +
        'the budget you agreed leaves.',
    );
    const warning = screen.getByTestId('leave-out-fit').textContent!;
    const shortIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];
    const paragraphShort = shortIn(paragraph, /That is (\$[\d,]+) a month more than the budget you agreed/);
    const warningShort = shortIn(warning, /That is (\$[\d,]+) a month more than your budget leaves/);
    expect(paragraphShort).toBe('$40');
    expect(warningShort).toBe(paragraphShort);
  });

  it('says the same in Spanish once she agreed a budget', async () => {
    replies.offers.body = { ...OFFERS, budget: { ...BUDGET, agreed: true } };
    await renderPage('es');
    expect(screen.getByTestId('plan-explanation')).toHaveTextContent(
      'Con el presupuesto que aceptó, su ingreso mensual de $3,000, menos $2,700 de gastos, le deja $300 al mes.',
    );
    expect(screen.getByTestId('plan-explanation')).toHaveTextContent(
      'El plan cabe en el presupuesto que aceptó.',
    );
  });

  it('warns when an offer left out leaves less than the $50 cushion', async () => {
    await renderPage();
    const [smallBox] = screen.getAllByRole('checkbox', { name: 'Include Small Card ...4321 in my plan' });
    await app.user.click(smallBox!);
    const warning = screen.getByRole('region', { name: 'Your plan would leave little to spare' });
    expect(warning).toHaveAttribute('data-fit', 'thin');
    // $207.49 drawn and $85 to Small Card: $292.49 against $300, $7.51 left.
    expect(warning).toHaveTextContent(
      'That leaves $8 a month, less than the $50 we suggest keeping for the unexpected, such as a higher bill ' +
        'or a car repair.',
    );
    expect(warning).toHaveTextContent('your counsellor will see that it leaves little to spare');
  });

  it('warns of nothing without a budget to check against', async () => {
    replies.offers.body = { ...OFFERS, budgetRoom: null };
    await renderPage();
    const [bigBox] = screen.getAllByRole('checkbox', { name: 'Include Big Card ...4321 in my plan' });
    await app.user.click(bigBox!);
    expect(screen.queryByTestId('leave-out-fit')).toBeNull();
  });

  it('warns in Spanish, with the same figures', async () => {
    await renderPage('es');
    const [bigBox] = screen.getAllByRole('checkbox', { name: /Big Card/ });
    await app.user.click(bigBox!);
    const warning = screen.getByRole('region', { name: 'Su plan ya no cabría en su presupuesto' });
    expect(warning.querySelectorAll('p')[0]!.textContent).toBe(
      'Con Big Card fuera del plan, pagaría $86 al mes al plan y $254 al mes a acreedores por su cuenta: ' +
        '$340 al mes, frente a los $300 que le deja su presupuesto. Eso es $40 al mes más de lo que le deja ' +
        'su presupuesto.',
    );
    expect(warning).toHaveTextContent('Puede mantener a este acreedor en el plan');
    expect(warning).toHaveTextContent('su consejero verá que ya no cabe en su presupuesto');
  });

  it('leads to the not-qualified outcome only after confirming that every offer is left out', async () => {
    await renderPage();
    for (const name of ['Include Big Card ...4321 in my plan', 'Include Small Card ...4321 in my plan']) {
      await app.user.click(screen.getAllByRole('checkbox', { name })[0]!);
    }
    expect(screen.queryByRole('button', { name: ACCEPT_LABEL })).toBeNull();
    await app.user.click(button(LEAVE_ALL_OUT_LABEL));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('There will be no plan: you keep paying each card yourself');
    await app.user.click(screen.getByRole('button', { name: 'Keep my offers' }));
    expect(leftAllOut).toBe(0);
    await app.user.click(button(LEAVE_ALL_OUT_LABEL));
    await app.user.click(
      screen
        .getAllByRole('button', { name: LEAVE_ALL_OUT_LABEL })
        .find((b) => b.closest('[role="alertdialog"]'))!,
    );
    await waitFor(() => expect(path()).toBe('/offers/not-qualified'));
    expect(leftAllOut).toBe(1);
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

describe('/offers/review in Spanish', () => {
  it('explains the plan in Spanish, with its figures, and in English, from the plan as chosen', async () => {
    const explanation =
      'Your monthly income of $3,000, less $2,700 of expenses, leaves $300 a month. The plan pays 2 accounts ' +
      'with $12,000 owed for $268 a month (including the $25 monthly fee), against an estimated $339 a month now. ' +
      'The plan fits the budget as it is.';
    await renderPage('es');
    expect(screen.getByTestId('plan-explanation')).toHaveTextContent(
      'Su ingreso mensual de $3,000, menos $2,700 de gastos, le deja $300 al mes. El plan paga 2 cuentas con ' +
        '$12,000 adeudados por $268 al mes (incluida la tarifa mensual de $25), frente a unos $339 al mes ' +
        'estimados ahora. El plan cabe en el presupuesto tal como está.',
    );
    expect(screen.queryByText(/Your monthly income/)).toBeNull();
    app.unmount();
    await renderPage('en');
    expect(screen.getByTestId('plan-explanation').textContent).toBe(explanation);
  });

  it('shows the headline, the figures, the offers table, the plan terms and the disclosures in Spanish', async () => {
    replies.offers.body = { ...OFFERS, suggestedDraftDay: 15 };
    await renderPage('es');
    expect(document.querySelector('h1')?.textContent).toBe(
      '¡Felicidades! Es posible que usted califique para un plan de manejo de deudas',
    );
    expect(document.title).toContain('Revisión');
    expect(figure('Ahorro mensual total estimado')).toBe('$71');
    expect(screen.getByTestId('fee-disclosure').textContent).toBe(
      'Pago mensual de $268, que incluye una tarifa mensual de $25, más una tarifa de inscripción única de $35.',
    );
    const costs = screen.getByRole('region', {
      name: 'Lo que le cuestan sus deudas hasta terminar de pagarlas',
    });
    expect(costs).toHaveTextContent('Libre de deudas con el plannoviembre de 2031');
    const offersTable = [...document.querySelectorAll('table')].find(
      (t) => t.querySelector('caption')?.textContent === 'Las ofertas de sus acreedores',
    )!;
    expect([...offersTable.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'En mi plan',
      'Acreedor',
      'Saldo actual',
      'APR actual',
      'APR del plan',
      'Pago mensual actual estimado',
      'Nuevo pago mensual',
      'Plazo (meses)',
    ]);
    expect(offersTable.querySelector('tbody tr')?.textContent).toBe(
      'Big CardCuenta ...4321$9,00021.9%8%$254$18260',
    );
    expect(
      screen.getAllByRole('checkbox', { name: 'Incluir Big Card ...4321 en mi plan' }).length,
    ).toBeGreaterThan(0);
    expect(figure('Plazo')).toBe('60 pagos mensuales');
    expect(screen.getByRole('combobox', { name: 'Día del mes en que se cobra su pago' })).toHaveDisplayValue(
      'Día 15',
    );
    expect(document.body.textContent).toContain(
      'Le sugerimos el día 15, el día después de su día de pago habitual.',
    );
    expect(document.body.textContent).toContain('Su primer pago sería el 15 de diciembre de 2026');
    expect(document.body.textContent).toContain('Puede cancelar el plan en cualquier momento');
    expect(document.body.textContent).toContain(
      'Su análisis de deudas y la asesoría de crédito son gratuitos.',
    );
    expect(screen.getByRole('button', { name: 'Aceptar mi plan' })).toBeInTheDocument();
    const rows = [...(await chart()).querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows[0]).toBe('Pago mensual$339$268');
    expect(document.querySelector('figcaption')?.textContent).toBe(
      'Sus deudas en sus condiciones actuales comparadas con un plan de manejo de deudas',
    );
  });

  it('records the agreement against the Spanish disclosures the borrower read', async () => {
    await renderPage('es');
    await app.user.click(screen.getByLabelText(/^He leído los términos del plan/));
    await app.user.click(button('Aceptar mi plan'));
    await waitFor(() => expect(path()).toBe('/payments/next-steps'));
    expect(accepted).toMatchObject({ disclosuresVersion: PLAN_DISCLOSURES_VERSIONS.es, agreed: true });
    expect(PLAN_DISCLOSURES_VERSIONS.es).not.toBe(PLAN_DISCLOSURES_VERSIONS.en);
  });

  it('says in Spanish, with a plural, how many accounts are never paid off', async () => {
    replies.offers.body = viewOf([
      { ...ROWS[0]!, currentMonthlyPayment: 1_000 },
      { ...ROWS[1]!, currentMonthlyPayment: 1_000 },
    ]);
    await renderPage('es');
    expect(figure('Total de intereses con sus pagos actuales')).toBe('Nunca se termina de pagar');
    expect(document.body.textContent).toContain(
      'Con los pagos actuales estimados, 2 cuentas nunca se terminan de pagar',
    );
  });
});

describe('the plan disclosures as messages', () => {
  it('keep the English of the domain word for word', async () => {
    const { PLAN_DISCLOSURE_MESSAGES } = await import('./plan-disclosure-messages');
    for (const d of PLAN_DISCLOSURES) expect(PLAN_DISCLOSURE_MESSAGES[d.key].defaultMessage).toBe(d.text);
  });
});
