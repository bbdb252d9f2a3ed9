import { focusManager } from '@tanstack/react-query';
import { queryClient } from '#web/lib/query-client';
import { borrowerSummaryQuery } from '../api';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertView, BorrowerSummaryView, OfferView } from '#domain/flow/staff-views';
import { formatCardDate } from '#domain/service-portal/date-range';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { ALERT_TEXTS } from './alerts-panel';
import {
  BORROWER_NOT_FOUND,
  Component as BorrowerSummaryPage,
  NO_BORROWER_CHOSEN,
  SUMMARY_LOAD_FAILED,
  TAB_STORAGE_KEY,
} from './borrower-summary-page';
import { CONTACT_HISTORY_EMPTY } from './contact-history';
import { OFFERS_CLOSED_NOTE } from './decision-tab';
import { formatTimestamp } from './summary-overview';
import { LETTER_NOT_SENT, NO_PAYMENT_ACCOUNT } from './enrollment-section';
import { staffSession } from '#web/test/sessions';

// W4's forms are tested on their own; here they are stand-ins that show what they were given and can report
// a save, so the tests see where the summary mounts them and that a save reads the summary again.
vi.mock('#web/features/service-portal/actions/contact-attempt-form', () => ({
  ContactAttemptForm: (p: { applicationId: string; onSaved: () => void }) => (
    <button type="button" data-testid="contact-attempt-form" onClick={() => p.onSaved()}>
      contact form for {p.applicationId}
    </button>
  ),
}));
vi.mock('#web/features/service-portal/actions/quality-control-modal', () => ({
  QualityControlModal: (p: { applicationId: string; open: boolean }) =>
    p.open ? <div data-testid="quality-control-modal">quality control for {p.applicationId}</div> : null,
}));
vi.mock('#web/features/service-portal/actions/mark-transferred-form', () => ({
  MarkTransferredForm: (p: { applicationId: string; handOver: unknown }) => (
    <div data-testid="mark-transferred-form" data-hand-over={JSON.stringify(p.handOver)}>
      mark transferred {p.applicationId}
    </div>
  ),
}));
vi.mock('#web/features/service-portal/actions/offer-status-modal', () => ({
  OfferStatusModal: (p: { offer: OfferView; open: boolean }) =>
    p.open ? (
      <div data-testid="offer-status-modal">
        answering {p.offer.creditor} v{p.offer.version}
      </div>
    ) : null,
}));

const APP_ID = '11111111-2222-4333-8444-555555555555';
const ME = { id: 'staff-me', name: 'Dana Reyes' };
const OTHER = { id: 'staff-2', name: 'Pat Lee' };
const session = staffSession();

/** An opening of the summary as the history lists it. */
const opening = (id: string, createdAt: string, actor: { id: string; name: string }) => ({
  id,
  createdAt,
  action: 'viewBorrowerSummary',
  actor,
  sentences: [`${actor.name} opened the borrower summary`],
});

const alert = (over: Partial<AlertView> = {}): AlertView => ({
  id: 'alert-1',
  type: 'newCreditInquiry',
  date: '2025-03-02T10:00:00.000Z',
  trigger: null,
  clearedAt: null,
  hasBeenSeenByBorrower: false,
  hasBeenSeenByCustomerServiceRepresentative: false,
  ...over,
});

const offer = (over: Partial<OfferView> = {}): OfferView => ({
  id: 'offer-1',
  version: 4,
  status: null,
  leftOutByBorrower: false,
  hasProposal: false,
  creditor: 'Big Bank',
  debtId: 'debt-1',
  collectionId: null,
  balance: 500_000,
  payment: 10_000,
  paymentPercentage: 200,
  term: 56,
  currentApr: 2190,
  proposedApr: 800,
  proposedMonthlyInterestPayment: 3_300,
  proposedMonthlyPrincipalPayment: 6_700,
  estimatedPayoffSavings: 250_000,
  fee: 1_250,
  counterPayment: null,
  counterApr: null,
  reasons: [],
  statusChanges: [],
  ...over,
});

type Decision = NonNullable<BorrowerSummaryView['decision']['decision']>;
const decision = (over: Partial<Decision> = {}): Decision => ({
  id: 'decision-1',
  createdAt: '2025-03-01T12:00:00.000Z',
  isQualified: true,
  currentIncome: 400_000,
  currentExpenses: 250_000,
  eligibleDebtPayment: 40_000,
  ineligibleDebtPayment: 10_000,
  reducibleExpenseAmount: null,
  requiredExpenseReductionAmount: null,
  wasPresentedToBorrower: true,
  wasAcceptedByBorrower: true,
  explanation: 'Your income covers the plan payment.',
  disqualificationReasons: [],
  offers: [
    offer(),
    offer({
      id: 'offer-2',
      creditor: 'Card Co',
      balance: 200_000,
      status: 'declined',
      reasons: ['termTooLong'],
    }),
  ],
  // Big Bank alone on the plan (Card Co declined): its payment and the $10 fee one account allows.
  terms: {
    monthlyDraft: 13_000,
    creditorsMonthlyPayment: 12_000,
    monthlyFee: 1_000,
    setupFee: 3_500,
    setupFeeDate: '2027-01-11',
    draftDay: 11,
    termInMonths: 48,
    firstDraftDate: '2027-01-11',
    lastDraftDate: '2030-12-11',
    lastDraftAmount: 9_000,
    totalPaid: 47 * 13_000 + 9_000 + 3_500,
    totalFees: 48 * 1_000 + 3_500,
  },
  longPlan: { needsApproval: false, approval: null },
  budgetFit: null,
  ...over,
});

function summaryOf(
  over: Partial<BorrowerSummaryView> = {},
  overview: Partial<BorrowerSummaryView['overview']> = {},
) {
  const base: BorrowerSummaryView = {
    overview: {
      id: APP_ID,
      status: 'counselorReview',
      version: 3,
      createdAt: '2025-03-01T09:30:00.000Z',
      lastCompletedPage: 'EligibleDebts',
      lastViewedPage: 'ProvideMonthlyIncome',
      assignedTo: null,
      assignedToAt: null,
      hasPassedQualityControl: null,
      ...overview,
    },
    contact: {
      borrowerId: 'bor-1',
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.com',
      phoneNumber: '555-010-1234',
      isOptedOutOfSMS: true,
      preferredLanguage: null,
      partnerCrmId: null,
    },
    hardships: {
      selected: {
        hasHousingIssues: false,
        hasIncreasedMedicalExpenses: true,
        hasReductionInIncome: false,
        isUnemployed: false,
        other: false,
      },
      hasServedInMilitary: null,
      hasLargeMedicalOrDisabilityExpenses: null,
      hasRecentDeathInImmediateFamily: null,
      hasRecentJobLoss: null,
      hasRecentlyBeenFurloughed: null,
      hasReductionInIncome: null,
      kindOfRelief: null,
    },
    household: {
      hasDependents: true,
      numberOfDependentsInHousehold: 2,
      isHomeowner: false,
      hasMortgageEscrow: null,
      monthlyRentOrMortgageAmount: 120_000,
      isCarOwner: true,
      hasSpouse: true,
    },
    address: {
      addressLine1: '123 Main St',
      addressLine2: null,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      dateOfBirth: '04-05-1980',
    },
    spouse: {
      firstName: 'Luis',
      lastName: 'Diaz',
      email: null,
      phoneNumber: null,
      dateOfBirth: '06-07-1979',
      hasSameAddressAsBorrower: true,
      consentedToCreditPolicy: true,
      preferredLanguage: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      zipCode: null,
    },
    contactHistory: [
      {
        id: 'ca-1',
        createdAt: '2025-03-02T14:00:00.000Z',
        method: 'textMessage',
        outcome: 'Left a message',
        notes: null,
        didTheBorrowerReceiveAnOffer: false,
        contactedBy: OTHER,
        reasons: [
          { key: 'verifyIncome', value: true },
          { key: 'verifyAnExpense', value: false },
        ],
      },
    ],
    financials: {
      income: { selfReported: null, selfReportedMessage: MESSAGES.noIncome, verified: null, snapshots: [] },
      expenses: { groups: [], total: 0, message: MESSAGES.noExpenses },
      budget: { budget: null, message: MESSAGES.noBudget },
    },
    debts: [],
    decision: { decision: null, message: MESSAGES.noDecision },
    disqualificationReasons: [],
    alerts: [],
    statusHistory: [
      { from: 'signContract', to: 'counselorReview', createdAt: '2025-03-01T10:00:00.000Z', changedBy: null },
    ],
    // Newest first, as the server sends it: the sentences are built there (auditSentences).
    auditHistory: [
      opening('audit-1', '2025-03-02T15:30:00.000Z', ME),
      opening('audit-2', '2025-03-02T15:20:00.000Z', ME),
      opening('audit-3', '2025-03-02T15:10:00.000Z', ME),
      {
        id: 'audit-4',
        createdAt: '2025-03-02T15:00:00.000Z',
        action: 'qualityControl',
        actor: ME,
        sentences: ['Dana Reyes passed quality control', 'Status: Counselor review → Creditor review'],
      },
      opening('audit-5', '2025-03-02T14:30:00.000Z', OTHER),
      {
        id: 'audit-6',
        createdAt: '2025-03-02T14:00:00.000Z',
        action: 'claim',
        actor: OTHER,
        sentences: ['Pat Lee claimed the application'],
      },
    ],
    // Only the newest openings come with the history; the count covers them all.
    openingCount: 57,
    canReopenQualityControl: false,
    dmpEnrollment: null,
    enrollment: { paymentAccount: null, reasonForNotConnectingBank: null, bankConnections: [], letter: null },
  };
  return { ...base, ...over };
}

const SUMMARY_PATH = `/api/staff/applications/${APP_ID}`;
let summaries: { status: number; body: unknown }[];
let calls: ApiCall[];
let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;

/** Each GET of the summary answers the next reply; the last one repeats. */
function stubApi(extra: Record<string, { status: number; body?: unknown }> = {}) {
  calls = answerApi({
    'GET /api/session': { status: 200, body: session },
    [`GET ${SUMMARY_PATH}`]: () => (summaries.length > 1 ? summaries.shift()! : summaries[0]!),
    [`GET ${SUMMARY_PATH}/counselling-calls`]: {
      status: 200,
      body: { timeZone: 'America/New_York', calls: [] },
    },
    // A plan handed over shows its ledger (ledger-section.test.tsx); an empty one here.
    [`GET ${SUMMARY_PATH}/ledger`]: { status: 200, body: { months: [], monthlyFee: 0, flaggedMonths: 0 } },
    ...extra,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  summaries = [{ status: 200, body: summaryOf() }];
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

function render(search = `?id=${APP_ID}`) {
  app = renderRoutes(
    [
      { path: '/borrower-summary', Component: BorrowerSummaryPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    `/borrower-summary${search}`,
  );
}

/** Opens the summary and waits until the borrower is on it. */
async function open(search?: string) {
  render(search);
  await screen.findByRole('region', { name: 'Overview' });
}

/** The page's notice (not found, failed, no borrower), once shown. */
const notice = async () => (await screen.findByRole('alert')).textContent;

const text = () => document.body.textContent ?? '';
const region = (name: string) => screen.getByRole('region', { name });
const summaryGets = () => calls.filter((c) => c.method === 'GET' && c.path === SUMMARY_PATH).length;
const tab = (name: string) => screen.getByRole('tab', { name });
const button = (name: string) => screen.getByRole('button', { name });
const click = (element: HTMLElement) => app.user.click(element);
const posts = () => calls.filter((c) => c.method === 'POST');
/** The stand-in of the contact attempt form (see the mock above). */
const contactForm = () => screen.getByTestId('contact-attempt-form');

describe('/borrower-summary', () => {
  it('shows a text-message opt-out that happened meanwhile when the counsellor comes back to the tab', async () => {
    const base = summaryOf();
    const allowed = { ...base, contact: { ...base.contact, isOptedOutOfSMS: false } };
    const optedOut = { ...base, contact: { ...base.contact, isOptedOutOfSMS: true } };
    summaries = [
      { status: 200, body: allowed },
      { status: 200, body: optedOut },
    ];
    stubApi();
    await open();
    expect(region('Contact').textContent).toContain('Allowed');
    // The borrower replies STOP to a text while the counsellor is in another tab; they come back.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(region('Contact').textContent).toContain('Opted out'));
    focusManager.setFocused(undefined);
    // The app's query client does not refetch on focus by default (src/web/app/query-client.ts): this query
    // asks for it itself.
    expect(queryClient.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
    expect(borrowerSummaryQuery(APP_ID).refetchOnWindowFocus).toBe(true);
  });

  it.each([
    [null, 'English'],
    ['en', 'English'],
    ['es', 'Spanish'],
  ])(
    "shows a stored language %j as 'Preferred language: %s' (never chosen is English)",
    async (stored, shown) => {
      const base = summaryOf();
      summaries = [
        { status: 200, body: { ...base, contact: { ...base.contact, preferredLanguage: stored } } },
      ];
      stubApi();
      await open();
      expect(region('Contact').textContent).toContain(`Preferred language${shown}`);
    },
  );

  it.each([
    ['es', null, 'Spanish (same as the borrower’s)'],
    [null, null, 'English (same as the borrower’s)'],
    ['es', 'en', 'English'],
    ['en', 'es', 'Spanish'],
  ])(
    "shows a spouse's language beside the borrower's: borrower %j, spouse %j → '%s'",
    async (own, theirs, shown) => {
      const base = summaryOf();
      summaries = [
        {
          status: 200,
          body: {
            ...base,
            contact: { ...base.contact, preferredLanguage: own },
            spouse: { ...base.spouse!, preferredLanguage: theirs },
          },
        },
      ];
      stubApi();
      await open();
      expect(region('Contact').textContent).toContain(`Spouse’s language${shown}`);
    },
  );

  it('shows no spouse’s language when there is no spouse', async () => {
    const base = summaryOf();
    summaries = [{ status: 200, body: { ...base, spouse: null } }];
    stubApi();
    await open();
    expect(region('Contact').textContent).toContain('Preferred language');
    expect(region('Contact').textContent).not.toContain('Spouse’s language');
  });

  it('shows the overview and the answers of pages 1 to 4 on the Application tab, and the contact history', async () => {
    stubApi();
    await open();
    const overview = region('Overview').textContent;
    expect(overview).toContain(APP_ID);
    expect(overview).toContain('Eligible Debts');
    expect(overview).toContain('Provide Monthly Income');
    expect(overview).toContain('Counselor Review');
    expect(overview).toContain('Unclaimed');

    expect(tab('Application')).toHaveAttribute('aria-selected', 'true');
    expect(region('Contact').textContent).toContain('ana@example.com');
    expect(region('Contact').textContent).toContain('Opted out');
    expect(region('Hardships').textContent).toContain('Increased medical expenses');
    expect(region('Household').textContent).toContain('$1,200');
    expect(region('Address and Spouse').textContent).toContain('123 Main St');
    expect(region('Address and Spouse').textContent).toContain('Luis Diaz');
    // The enrollment follows the answers on the same tab.
    expect(region('Enrollment').textContent).toContain(NO_PAYMENT_ACCOUNT);
    expect(region('Enrollment').textContent).toContain(LETTER_NOT_SENT);

    const history = region('Contact History');
    const cells = within(history)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      formatCardDate('2025-03-02T14:00:00.000Z'),
      'Pat Lee',
      'Text message',
      'Left a message',
      'No',
      'Verify income',
    ]);
    expect(contactForm().textContent).toBe(`contact form for ${APP_ID}`);
    expect(document.title).toContain('Ana Diaz');
  });

  it('says so when there are no contact attempts', async () => {
    summaries = [{ status: 200, body: summaryOf({ contactHistory: [] }) }];
    stubApi();
    await open();
    expect(region('Contact History').textContent).toContain(CONTACT_HISTORY_EMPTY);
  });

  it('claims with the version it read, then shows the borrower as mine with Unclaim', async () => {
    summaries = [
      { status: 200, body: summaryOf() },
      {
        status: 200,
        body: summaryOf({}, { version: 4, assignedTo: ME, assignedToAt: '2025-03-03T10:00:00.000Z' }),
      },
    ];
    stubApi({
      [`POST ${SUMMARY_PATH}/claim`]: {
        status: 200,
        body: {
          id: APP_ID,
          version: 4,
          assignedTo: ME,
          assignedToAt: '2025-03-03T10:00:00.000Z',
          assignedCount: 1,
        },
      },
    });
    await open();
    await click(button('Claim'));
    await waitFor(() => expect(region('Overview').textContent).toContain('Dana Reyes (You)'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `${SUMMARY_PATH}/claim`,
      body: { version: 3 },
    });
    expect(button('Unclaim')).toBeInTheDocument();
  });

  it('unclaims a borrower with the version it read', async () => {
    summaries = [{ status: 200, body: summaryOf({}, { version: 7, assignedTo: ME }) }];
    stubApi({
      [`POST ${SUMMARY_PATH}/unclaim`]: {
        status: 200,
        body: { id: APP_ID, version: 8, assignedTo: null, assignedToAt: null, assignedCount: 0 },
      },
    });
    await open();
    await click(button('Unclaim'));
    await waitFor(() =>
      expect(posts()).toEqual([{ method: 'POST', path: `${SUMMARY_PATH}/unclaim`, body: { version: 7 } }]),
    );
  });

  it('shows who has the borrower when another counsellor claimed first (409) and reads the summary again', async () => {
    summaries = [
      { status: 200, body: summaryOf() },
      { status: 200, body: summaryOf({}, { version: 4, assignedTo: OTHER }) },
    ];
    stubApi({
      [`POST ${SUMMARY_PATH}/claim`]: {
        status: 409,
        body: { code: 'Conflict', message: 'Already claimed by Pat Lee' },
      },
    });
    await open();
    await click(button('Claim'));
    expect((await within(region('Overview')).findByRole('alert')).textContent).toBe(
      'Already claimed by Pat Lee',
    );
    await waitFor(() => expect(screen.getByTestId('assigned-to').textContent).toContain('Pat Lee'));
    expect(summaryGets()).toBe(2);
    expect(screen.getByTestId('assigned-to').textContent).not.toContain('(You)');
  });

  it('remembers the last selected tab in session storage and starts from it', async () => {
    stubApi();
    await open();
    await click(tab('Decision'));
    expect(sessionStorage.getItem(TAB_STORAGE_KEY)).toBe('3');
    expect(text()).toContain(MESSAGES.noDecision);
    app.unmount();

    await open();
    expect(tab('Decision')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Application')).toHaveAttribute('aria-selected', 'false');
  });

  it.each([
    ['nothing stored', null, 'Application'],
    ['a stored index', '1', 'Financials'],
    ['an index out of range', '9', 'Application'],
    ['garbage', 'x', 'Application'],
  ])('starts on the right tab with %s', async (_name, stored, expected) => {
    if (stored !== null) sessionStorage.setItem(TAB_STORAGE_KEY, stored);
    stubApi();
    await open();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(expected);
  });

  it('shows the fallback messages of the financial summary', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '1');
    stubApi();
    await open();
    expect(text()).toContain(MESSAGES.noIncome);
    expect(text()).toContain(MESSAGES.noExpenses);
    expect(text()).toContain(MESSAGES.noBudget);
  });

  it('shows income, expenses by category and the recommended budget when there are some', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '1');
    summaries = [
      {
        status: 200,
        body: summaryOf({
          financials: {
            income: {
              selfReported: 350_000,
              selfReportedMessage: null,
              verified: 340_000,
              snapshots: [
                {
                  id: 's1',
                  createdAt: '2025-03-01T00:00:00.000Z',
                  monthlyIncome: 340_000,
                  annualIncome: 4_080_000,
                  ninetyDayIncome: 1_020_000,
                },
              ],
            },
            expenses: {
              groups: [
                {
                  category: 'food',
                  label: 'Food',
                  lines: [
                    {
                      subCategory: 'groceries',
                      label: 'Groceries',
                      estimatedValue: 50_000,
                      selfReportedValue: 60_000,
                    },
                  ],
                  total: 60_000,
                },
              ],
              total: 60_000,
              message: null,
            },
            budget: {
              budget: {
                id: 'b1',
                createdAt: '2025-03-01T00:00:00.000Z',
                agreedTo: true,
                description: null,
                lines: [
                  {
                    category: 'food',
                    subCategory: 'groceries',
                    label: 'Groceries',
                    currentValue: 60_000,
                    proposedValue: 45_000,
                  },
                ],
              },
              message: null,
            },
          },
        }),
      },
    ];
    stubApi();
    await open();
    const income = region('Income').textContent;
    expect(income).toContain('$3,500');
    expect(income).toContain('$3,400');
    expect(income).toContain('$40,800');
    expect(region('Expenses').textContent).toContain('Groceries$500$600');
    expect(region('Recommended Budget').textContent).toContain('Groceries$600$450-$150');
    expect(text()).not.toContain(MESSAGES.noBudget);
  });

  it('lists every offer with an Answer action in creditor review, which opens the offer-status modal', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    summaries = [
      {
        status: 200,
        body: summaryOf({ decision: { decision: decision(), message: null } }, { status: 'creditorReview' }),
      },
    ];
    stubApi();
    await open();
    const rows = [...region('Creditor offers').querySelectorAll('tbody tr')];
    expect(rows.map((r) => within(r as HTMLElement).getByRole('rowheader').textContent)).toEqual([
      'Big Bank',
      'Card Co',
    ]);
    expect(rows[0]!.textContent).toContain('21.9%');
    expect(rows[0]!.textContent).toContain('8%');
    expect(rows[0]!.textContent).toContain('Awaiting answer');
    expect(rows[1]!.textContent).toContain('Declined');
    expect(rows[1]!.textContent).toContain('term too long');
    // The plan's terms under the offers, as the borrower sees them.
    expect(screen.getByTestId('plan-terms')).toHaveTextContent(
      "Amount drawn each month: $130 ($120 to the creditors on the plan and the agency's $10 monthly fee); " +
        'a one-time set-up fee of $35; 48 drafts, 01-11-2027 to 12-11-2030.',
    );
    expect(screen.queryByTestId('offer-status-modal')).toBeNull();

    await click(button('Answer for Big Bank'));
    expect((await screen.findByTestId('offer-status-modal')).textContent).toBe('answering Big Bank v4');
    expect(button('Change answer for Card Co')).toBeInTheDocument();
  });

  it('names the balance on the answer buttons of two accounts at one creditor, so each says which it answers', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    const offers = [
      offer({ id: 'offer-a', creditor: 'Citi', balance: 421_000 }),
      offer({ id: 'offer-b', creditor: 'Citi', balance: 180_050, status: 'accepted' }),
      offer({ id: 'offer-c', creditor: 'Big Bank', balance: 90_000 }),
    ];
    summaries = [
      {
        status: 200,
        body: summaryOf(
          { decision: { decision: decision({ offers }), message: null } },
          { status: 'creditorReview' },
        ),
      },
    ];
    stubApi();
    await open();
    expect(button('Answer for Citi, balance $4,210')).toBeInTheDocument();
    expect(button('Change answer for Citi, balance $1,801')).toBeInTheDocument();
    expect(button('Answer for Big Bank')).toBeInTheDocument();
  });

  it('shows an offer the borrower left out as such, with no Answer action; a proposal made has its PDF', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    const offers = [
      offer({ id: 'offer-kept', creditor: 'Big Bank', balance: 500_000, hasProposal: true }),
      offer({ id: 'offer-out', creditor: 'Card Co', balance: 200_000, leftOutByBorrower: true }),
    ];
    summaries = [
      {
        status: 200,
        body: summaryOf(
          { decision: { decision: decision({ offers }), message: null } },
          { status: 'creditorReview' },
        ),
      },
    ];
    stubApi();
    await open();
    const [kept, out] = [...region('Creditor offers').querySelectorAll('tbody tr')] as HTMLElement[];
    expect(out!.textContent).toContain('Left out by the borrower');
    expect(out!.textContent).not.toContain('Awaiting answer');
    expect(within(out!).queryByRole('button')).toBeNull();
    expect(within(out!).queryByRole('link')).toBeNull();
    expect(kept!.textContent).toContain('Awaiting answer');
    expect(button('Answer for Big Bank')).toBeInTheDocument();
    expect(within(kept!).getByRole('link', { name: 'Proposal PDF for Big Bank' })).toHaveAttribute(
      'href',
      `/api/staff/applications/${APP_ID}/offers/offer-kept/proposal`,
    );
  });

  it('offers no Answer action outside creditor review', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    summaries = [{ status: 200, body: summaryOf({ decision: { decision: decision(), message: null } }) }];
    stubApi();
    await open();
    expect(text()).toContain(OFFERS_CLOSED_NOTE);
    expect(screen.queryAllByRole('button').some((b) => b.textContent?.startsWith('Answer'))).toBe(false);
  });

  it('tells the counsellor when the plan no longer fits the budget after the answers', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    const budgetFit = {
      room: 42_600,
      monthlyDraft: 29_400,
      payDirectly: 16_200,
      monthlyTotal: 45_600,
      left: -3_000,
      fits: false,
      thin: false,
    };
    summaries = [
      { status: 200, body: summaryOf({ decision: { decision: decision({ budgetFit }), message: null } }) },
    ];
    stubApi();
    await open();
    expect(screen.getByTestId('plan-budget-fit').textContent).toBe(
      'No longer fits the budget: the draft of $294 and $162 a month paid directly to creditors not on the plan ' +
        'come to $456 against the $426 the agreed budget leaves, $30 short. Call the borrower to go over the ' +
        'budget, ask a creditor again or change the plan.',
    );
  });

  it('tells the counsellor when an offer the borrower left out leaves the plan little to spare', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    // Maria left out the $50 offer: the plan draws $324 and she pays that creditor $70 herself.
    const budgetFit = {
      room: 42_600,
      monthlyDraft: 32_400,
      payDirectly: 7_000,
      monthlyTotal: 39_400,
      left: 3_200,
      fits: true,
      thin: true,
    };
    const leftOut = decision({ offers: [offer({ leftOutByBorrower: true })], budgetFit });
    summaries = [{ status: 200, body: summaryOf({ decision: { decision: leftOut, message: null } }) }];
    stubApi();
    await open();
    const fit = screen.getByTestId('plan-budget-fit');
    expect(fit.textContent).toBe(
      'Fits the budget with little to spare: the draft of $324 and $70 a month paid directly to creditors not ' +
        'on the plan come to $394 against the $426 the agreed budget leaves, leaving $32 a month.',
    );
    expect(fit.className).toContain('text-amber-900');
  });

  it('shows a counter-offer in the offers table, and a plan over 60 months to approve with a reason', async () => {
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    const countered = decision({
      offers: [offer({ status: 'accepted', counterPayment: 8_550, counterApr: 1250 })],
      terms: { ...decision().terms, termInMonths: 72 },
      longPlan: { needsApproval: true, approval: null },
    });
    const approved = {
      ...countered,
      longPlan: {
        needsApproval: false,
        approval: {
          termInMonths: 72,
          reason: 'Agreed by phone',
          approvedAt: '2025-03-03T10:00:00.000Z',
          approvedBy: ME,
        },
      },
    };
    summaries = [
      {
        status: 200,
        body: summaryOf({ decision: { decision: countered, message: null } }, { status: 'creditorReview' }),
      },
      {
        status: 200,
        body: summaryOf({ decision: { decision: approved, message: null } }, { status: 'transfer' }),
      },
    ];
    const APPROVE_PATH = `/api/staff/applications/${APP_ID}/approve-long-plan`;
    stubApi({ [`POST ${APPROVE_PATH}`]: { status: 200, body: {} } });
    await open();
    const [row] = [...region('Creditor offers').querySelectorAll('tbody tr')];
    expect(row!.textContent).toContain('Accepted');
    expect(row!.textContent).toContain('Counter-offer: $86 a month at 12.5%');

    const form = screen.getByRole('form', { name: 'This plan runs 72 months, over 60: it needs approval' });
    await click(within(form).getByRole('button', { name: 'Approve' }));
    expect(within(form).getByText('Reason for approval is required')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await app.user.type(within(form).getByLabelText('Reason for approval'), 'Agreed by phone');
    await click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('long-plan-approval')).toBeInTheDocument());
    expect(posts()).toMatchObject([{ path: APPROVE_PATH, body: { reason: 'Agreed by phone' } }]);
    expect(screen.getByTestId('long-plan-approval').textContent).toMatch(
      /^Plan of 72 months approved by Dana Reyes, .+: Agreed by phone$/,
    );
    expect(screen.queryByRole('form', { name: /it needs approval/ })).toBeNull();
  });

  it('opening an unseen alert marks it seen once; opening a seen one sends nothing', async () => {
    summaries = [
      {
        status: 200,
        body: summaryOf({
          alerts: [
            alert(),
            alert({
              id: 'alert-2',
              type: 'overdraftTransaction',
              hasBeenSeenByCustomerServiceRepresentative: true,
            }),
          ],
        }),
      },
    ];
    stubApi({
      'POST /api/staff/alerts/alert-1/seen': {
        status: 200,
        body: { id: 'alert-1', hasBeenSeenByCustomerServiceRepresentative: true },
      },
    });
    await open();
    const alerts = region('Alerts');
    expect(alerts.textContent).toContain('1 new');
    const alertButton = (title: string) =>
      within(alerts).getByRole('button', { name: (name) => name.includes(title) });
    const toggle = alertButton(ALERT_TEXTS.newCreditInquiry.title);
    expect(toggle.textContent).toMatch(/New$/);
    await click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(alerts.textContent).toContain(ALERT_TEXTS.newCreditInquiry.description);
    await waitFor(() => expect(alerts.textContent).not.toContain('1 new'));
    expect(toggle.textContent).not.toMatch(/New$/);
    await waitFor(() => expect(posts()).toHaveLength(1));

    await click(toggle); // close
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await click(toggle); // open again: already seen
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const seen = alertButton(ALERT_TEXTS.overdraftTransaction.title);
    await click(seen);
    // Both are open, as the person sees them; only the first opening of the unseen one was sent.
    expect(seen).toHaveAttribute('aria-expanded', 'true');
    expect(alerts.textContent).toContain(ALERT_TEXTS.overdraftTransaction.description);
    expect(posts().map((c) => c.path)).toEqual(['/api/staff/alerts/alert-1/seen']);
    // The summary is updated in place, not read again (each reading is an audited opening).
    expect(summaryGets()).toBe(1);
  });

  it('shows what triggered each alert, and lists a cleared one last, marked cleared', async () => {
    summaries = [
      {
        status: 200,
        body: summaryOf({
          alerts: [
            alert({
              id: 'alert-cleared',
              type: 'bankAccountDisconnected',
              date: '2025-03-05T10:00:00.000Z',
              trigger: 'The connection to Tartan Bank stopped',
              clearedAt: '2025-03-06T10:00:00.000Z',
              hasBeenSeenByCustomerServiceRepresentative: true,
            }),
            alert({
              id: 'alert-fee',
              type: 'overdraftTransaction',
              trigger: 'Transaction OVERDRAFT FEE on 2 Mar 2025, $35.00',
            }),
          ],
        }),
      },
    ];
    stubApi();
    await open();
    const alerts = region('Alerts');
    const rows = within(alerts).getAllByRole('button');
    expect(rows.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Transaction OVERDRAFT FEE on 2 Mar 2025, $35.00'),
      expect.stringContaining('The connection to Tartan Bank stopped'),
    ]);
    expect(rows[0]!.textContent).toContain(ALERT_TEXTS.overdraftTransaction.title);
    expect(rows[1]!.textContent).toMatch(/Cleared$/);
    expect(rows[0]!.textContent).not.toContain('Cleared');
  });

  it('shows Quality control only in counselor review, and the hand-over form only in transfer', async () => {
    stubApi();
    await open();
    await click(button('Quality control'));
    expect((await screen.findByTestId('quality-control-modal')).textContent).toBe(
      `quality control for ${APP_ID}`,
    );
    expect(screen.queryByTestId('mark-transferred-form')).toBeNull();
    app.unmount();

    summaries = [{ status: 200, body: summaryOf({}, { status: 'transfer' }) }];
    stubApi();
    await open();
    expect(screen.queryByRole('button', { name: 'Quality control' })).toBeNull();
    expect(screen.getByTestId('mark-transferred-form').textContent).toBe(`mark transferred ${APP_ID}`);
  });

  it('gives the hand-over form what the agency receives, with the figures the summary holds', async () => {
    const base = summaryOf({}, { status: 'transfer' });
    const offers = decision().offers.map((offer, index) => ({
      ...offer,
      status: index === 0 ? ('declined' as const) : ('accepted' as const),
    }));
    summaries = [
      {
        status: 200,
        body: {
          ...base,
          decision: { decision: { ...decision(), offers }, message: null },
          dmpEnrollment: {
            active: true,
            monthlyPaymentAmount: 33_000,
            termInMonths: 48,
            firstPaymentDate: '2027-01-05',
            dateSigned: '2026-12-20',
          },
        },
      },
    ];
    stubApi();
    await open();
    const handOver = JSON.parse(
      screen.getByTestId('mark-transferred-form').getAttribute('data-hand-over')!,
    ) as Record<string, unknown>;
    expect(handOver).toEqual({
      borrower: `${base.contact.firstName} ${base.contact.lastName}`,
      spouse: base.spouse ? expect.any(String) : 'No spouse',
      enrollment: '$330 a month for 48 months, first payment 01-05-2027',
      acceptedOffers: offers.slice(1).map((offer) => offer.creditor),
    });
  });

  it('reads the summary again after a staff action was saved', async () => {
    stubApi();
    await open();
    expect(summaryGets()).toBe(1);
    await click(contactForm());
    await waitFor(() => expect(summaryGets()).toBe(2));
  });

  it('tells the staff actions as sentences, the openings folded and hidden until asked for', async () => {
    stubApi();
    await open();
    const history = region('History');
    expect(history.textContent).toContain('Sign Contract → Counselor Review');
    const actions = () =>
      within(within(history).getByRole('list', { name: 'Staff actions' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(actions()).toEqual([
      `${formatCardDate('2025-03-02T15:00:00.000Z')}Dana Reyes passed quality controlStatus: Counselor review → Creditor review`,
      `${formatCardDate('2025-03-02T14:00:00.000Z')}Pat Lee claimed the application`,
    ]);
    expect(history.textContent).not.toContain('opened the borrower summary');

    const toggle = within(history).getByRole('checkbox', { name: 'Show openings (57)' });
    expect(toggle).not.toBeChecked();
    await click(toggle);
    // Three openings in a row by one person are one line, at the latest one's time.
    expect(actions()).toEqual([
      `${formatCardDate('2025-03-02T15:30:00.000Z')}Dana Reyes opened the borrower summary 3 times`,
      `${formatCardDate('2025-03-02T15:00:00.000Z')}Dana Reyes passed quality controlStatus: Counselor review → Creditor review`,
      `${formatCardDate('2025-03-02T14:30:00.000Z')}Pat Lee opened the borrower summary`,
      `${formatCardDate('2025-03-02T14:00:00.000Z')}Pat Lee claimed the application`,
    ]);
    await click(toggle);
    expect(actions()).toHaveLength(2);
  });

  it('names the silent-creditor default where nobody signed in changed a status, not the borrower or staff', async () => {
    const AUTOMATIC = 'Automatic: the creditor did not answer within 30 days';
    summaries = [
      {
        status: 200,
        body: summaryOf(
          {
            statusHistory: [
              {
                from: 'signContract',
                to: 'counselorReview',
                createdAt: '2025-03-01T10:00:00.000Z',
                changedBy: null,
              },
              {
                from: 'creditorReview',
                to: 'transfer',
                createdAt: '2025-04-01T10:00:00.000Z',
                changedBy: null,
                automatic: AUTOMATIC,
              },
            ],
          },
          { status: 'transfer' },
        ),
      },
    ];
    stubApi();
    await open();
    const rows = within(region('History'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Creditor Review → Transfer', AUTOMATIC],
      ['Sign Contract → Counselor Review', 'Borrower or system'],
    ]);

    cleanup();
    sessionStorage.setItem(TAB_STORAGE_KEY, '3');
    const silent = decision({
      offers: [
        offer({
          status: 'accepted',
          statusChanges: [
            {
              status: 'accepted',
              createdAt: '2025-04-01T10:00:00.000Z',
              changedBy: null,
              automatic: AUTOMATIC,
            },
          ],
        }),
      ],
    });
    summaries = [{ status: 200, body: summaryOf({ decision: { decision: silent, message: null } }) }];
    stubApi();
    await open();
    const at = formatTimestamp('2025-04-01T10:00:00.000Z');
    expect(text()).toContain(`${at} · ${AUTOMATIC}`);
    expect(text()).not.toContain(`${at} by`);
  });

  it('counts openings past a thousand as 1000+', async () => {
    summaries = [{ status: 200, body: summaryOf({ openingCount: 1_001 }) }];
    stubApi();
    await open();
    expect(
      within(region('History')).getByRole('checkbox', { name: 'Show openings (1000+)' }),
    ).toBeInTheDocument();
  });

  it('shows a chosen outcome by its label with its notes, and an older typed outcome as it was typed', async () => {
    const attempt = summaryOf().contactHistory[0]!;
    summaries = [
      {
        status: 200,
        body: summaryOf({
          contactHistory: [
            {
              ...attempt,
              id: 'ca-2',
              createdAt: '2025-03-03T14:00:00.000Z',
              outcome: 'leftVoicemail',
              notes: 'Second try',
            },
            {
              ...attempt,
              id: 'ca-3',
              createdAt: '2025-03-04T14:00:00.000Z',
              outcome: 'reached',
              didTheBorrowerReceiveAnOffer: true,
            },
            attempt,
          ],
        }),
      },
    ];
    stubApi();
    await open();
    const outcomes = within(region('Contact History'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(outcomes).toEqual(['Reached', 'Left voicemailSecond try', 'Left a message']);
  });

  it('has one landmark named Contact History', async () => {
    stubApi();
    await open();
    expect(screen.getAllByRole('region', { name: /contact history/i })).toHaveLength(1);
  });

  it.each([
    ['not found', 404, BORROWER_NOT_FOUND, false],
    ['a server failure', 500, SUMMARY_LOAD_FAILED, true],
  ])('shows %s with a way on', async (_name, status, message, retry) => {
    summaries = [{ status, body: { code: status === 404 ? 'NotFound' : 'InternalError', message: 'x' } }];
    stubApi();
    render();
    expect(await notice()).toBe(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Borrower Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retry);
    expect(screen.getByRole('link', { name: 'Borrower Queue' })).toHaveAttribute('href', '/borrower-queue');
  });

  it('retries a failed read', async () => {
    summaries = [
      { status: 500, body: { code: 'InternalError', message: 'x' } },
      { status: 200, body: summaryOf() },
    ];
    stubApi();
    render();
    await click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Overview' })).toBeInTheDocument();
  });

  it.each([
    ['no id', '', NO_BORROWER_CHOSEN],
    ['an id that is not one', '?id=abc', BORROWER_NOT_FOUND],
  ])('asks for a borrower with %s, without calling the server', async (_name, search, message) => {
    stubApi();
    render(search);
    expect(await notice()).toBe(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Borrower Summary' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path !== '/api/session')).toEqual([]);
  });
});
