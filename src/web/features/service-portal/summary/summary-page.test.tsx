import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailFailuresView, SummaryListItem, SummaryListView } from '#domain/flow/staff-views';
import { DEFAULT_SUMMARY_STATUSES } from '#domain/flow/statuses';
import { formatCardDate } from '#domain/service-portal/date-range';
import { MESSAGES } from '#domain/validation/messages';
import { renderRoutes } from '#web/test/render';
import { Component as SummaryPage, summaryFiltersFromSearch } from './summary-page';
import { server } from '#web/test/api-mock';
import { staffSession } from '#web/test/sessions';

const ME = { id: 'staff-me', name: 'Dana Reyes' };
const session = staffSession();

const item = (over: Partial<SummaryListItem> = {}): SummaryListItem => ({
  id: 'app-1',
  status: 'counselorReview',
  createdAt: '2025-03-03T15:04:00.000Z',
  assignedTo: ME,
  borrower: {
    id: 'bor-1',
    firstName: 'Ana',
    lastName: 'Diaz',
    email: 'ana@example.com',
    phoneNumber: '555-010-1234',
    preferredLanguage: 'en',
  },
  alerts: [
    {
      id: 'al-1',
      type: 'newCreditInquiry',
      date: '2025-03-02T10:00:00.000Z',
      trigger: null,
      clearedAt: null,
      hasBeenSeenByBorrower: false,
      hasBeenSeenByCustomerServiceRepresentative: false,
    },
  ],
  ...over,
});

const listOf = (items: SummaryListItem[], over: Partial<SummaryListView> = {}): SummaryListView => ({
  items,
  page: 1,
  pageSize: 50,
  pageCount: 1,
  total: items.length,
  counts: [{ status: 'counselorReview', count: items.length }],
  limit: 1000,
  truncatedStatuses: [],
  window: { from: '2025-03-01T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' },
  ...over,
});

let listReply: { status: number; body: unknown };
let listCalls: URLSearchParams[];
let failures: EmailFailuresView;
let app: ReturnType<typeof renderRoutes>;

beforeEach(() => {
  listCalls = [];
  listReply = { status: 200, body: listOf([item()]) };
  failures = { failed: 0, items: [], limit: 50 };
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/staff/counselling/calls/today', () =>
      HttpResponse.json({ day: '2026-11-27', timeZone: 'America/New_York', calls: [], truncated: false }),
    ),
    http.get('/api/staff/email-failures', () => HttpResponse.json(failures)),
    http.get('/api/staff/applications', ({ request }) => {
      listCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json(listReply.body as object, { status: listReply.status });
    }),
  );
});

async function open(entry = '/summary') {
  app = renderRoutes(
    [
      { path: '/summary', Component: SummaryPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    entry,
  );
  // The list is asked for once the session is known; wait for its answer to be on the page.
  await waitFor(() => expect(listCalls.length).toBeGreaterThan(0));
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  return app;
}

/** The checkbox inside the <label> with exactly this text. */
const byLabel = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });
const text = () => document.body.textContent ?? '';
const lastCall = () => listCalls.at(-1)!;
const search = () => new URLSearchParams(app.router.state.location.search);
const click = (element: Element) => app.user.click(element);
const button = (name: string) => screen.getByRole('button', { name });

describe('/summary', () => {
  it('asks once for every status but transferred, claimed and unclaimed, and lists the applications', async () => {
    await open();
    await screen.findByRole('link', { name: 'Ana Diaz' });
    expect(listCalls).toHaveLength(1);
    expect(lastCall().get('applicationStatus')).toBe(DEFAULT_SUMMARY_STATUSES.join(','));
    expect(lastCall().get('claimedStatus')).toBe('claimed,unclaimed');
    expect(lastCall().has('startDate')).toBe(false);
    expect(lastCall().has('assignedToMe')).toBe(false);

    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Ana Diaz')!;
    expect(link.getAttribute('href')).toBe('/borrower-summary?id=app-1');
    const row = link.closest('tr')!;
    expect(row.textContent).toContain(formatCardDate('2025-03-03T15:04:00.000Z'));
    expect(row.textContent).toContain('bor-1');
    expect(row.textContent).toContain('ana@example.com');
    expect(row.textContent).toContain('555-010-1234');
    expect(row.textContent).toContain('Counselor Review');
    expect(row.textContent).toContain('Dana Reyes (You)');
    expect(row.textContent).toContain('New credit inquiry · 03/02/2025');
    expect(row.textContent).toContain('1 new');
    expect(byLabel('Transferred').checked).toBe(false);
    expect(byLabel('In Progress').checked).toBe(true);
    expect(byLabel('Claimed').checked).toBe(true);
    expect(byLabel('Unclaimed').checked).toBe(true);
    expect(text()).toContain('Last 72 hours');
  });

  it('lists the alerts that still hold most severe first, then the cleared ones', async () => {
    const a = (id: string, type: SummaryListItem['alerts'][number]['type'], over = {}) => ({
      id,
      type,
      date: '2025-03-02T10:00:00.000Z',
      trigger: null,
      clearedAt: null,
      hasBeenSeenByBorrower: false,
      hasBeenSeenByCustomerServiceRepresentative: true,
      ...over,
    });
    listReply = {
      status: 200,
      body: listOf([
        item({
          alerts: [
            a('1', 'bankAccountDisconnected', { clearedAt: '2025-03-04T10:00:00.000Z' }),
            a('2', 'newCreditInquiry', { hasBeenSeenByCustomerServiceRepresentative: false }),
            a('3', 'balanceBelowDMPPayment'),
          ],
        }),
      ]),
    };
    await open();
    const link = await screen.findByRole('link', { name: 'Ana Diaz' });
    const cell = [...link.closest('tr')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(cell).toEqual([
      'Balance below DMP payment · 03/02/2025',
      'New credit inquiry · 03/02/2025 (new)',
      'Bank account disconnected · 03/02/2025 · cleared',
    ]);
    expect(link.closest('tr')!.textContent).toContain('2 alerts · 1 new');
  });

  it('reads the filters from the URL, so a reload shows the same list', async () => {
    await open('/summary?startDate=2025-03-01&endDate=2025-03-05&claimedStatus=unclaimed&assignedToMe=true');
    expect(lastCall().get('startDate')).toBe('2025-03-01');
    expect(lastCall().get('endDate')).toBe('2025-03-05');
    expect(lastCall().get('claimedStatus')).toBe('unclaimed');
    expect(lastCall().get('assignedToMe')).toBe('true');
    expect(byLabel('Claimed').checked).toBe(false);
    expect(byLabel('Assigned to me').checked).toBe(true);
    expect(text()).toContain('03/01/2025 – 03/05/2025');
  });

  it('writes a changed filter to the URL and asks again', async () => {
    await open();
    await click(byLabel('Transferred'));
    expect(search().get('applicationStatus')).toBe(
      'inProgress,acceptOffer,confirmPaymentAccount,signContract,counselorReview,creditorReview,transfer,transferred,disqualified',
    );
    await waitFor(() => expect(lastCall().get('applicationStatus')).toContain('transferred'));
    await click(byLabel('Assigned to me'));
    expect(search().get('assignedToMe')).toBe('true');
    await waitFor(() => expect(lastCall().get('assignedToMe')).toBe('true'));
  });

  it('marks a Spanish speaker with a badge and filters by language through the URL', async () => {
    listReply = {
      status: 200,
      body: listOf([
        item(),
        item({
          id: 'app-2',
          borrower: { ...item().borrower!, id: 'bor-2', firstName: 'Luis', preferredLanguage: 'es' },
        }),
      ]),
    };
    await open();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).not.toContain('Spanish');
    expect(rows[1]!.textContent).toContain('Spanish');
    expect(lastCall().has('language')).toBe(false);
    const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
    expect(radio('All').checked).toBe(true);
    await click(radio('Spanish'));
    expect(search().get('language')).toBe('es');
    await waitFor(() => expect(lastCall().get('language')).toBe('es'));
    await click(radio('All'));
    expect(search().has('language')).toBe(false);
  });

  it('reads the language filter from the URL', async () => {
    await open('/summary?language=en');
    expect(lastCall().get('language')).toBe('en');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
  });

  it("says 'Please select at least one filter' and asks nothing when a category is empty", async () => {
    await open();
    await click(byLabel('Claimed'));
    await waitFor(() => expect(lastCall().get('claimedStatus')).toBe('unclaimed'));
    const calls = listCalls.length;
    await click(byLabel('Unclaimed'));
    expect(search().get('claimedStatus')).toBe('');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(MESSAGES.filterRequired);
    expect(listCalls).toHaveLength(calls);

    await click(button('None'));
    expect([...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent)).toEqual([
      MESSAGES.filterRequired,
      MESSAGES.filterRequired,
    ]);
  });

  it('sets the start with the first click in the calendar and the end with the second', async () => {
    await open('/summary?startDate=2025-03-10');
    // The calendar's trigger (a Radix popover) shows the chosen dates.
    const trigger = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
    expect(trigger().textContent).toBe('03/10/2025');
    await click(trigger());
    const day = (label: string) => document.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;
    expect(day('March 10, 2025').getAttribute('aria-pressed')).toBe('true');

    // The start is set, so this click sets the end.
    await click(day('March 12, 2025'));
    expect(search().get('startDate')).toBe('2025-03-10');
    expect(search().get('endDate')).toBe('2025-03-12');
    await waitFor(() => expect(lastCall().get('endDate')).toBe('2025-03-12'));

    // A third click starts again: one day.
    expect(trigger().textContent).toBe('03/10/2025 – 03/12/2025');
    await click(trigger());
    await click(day('March 4, 2025'));
    expect(search().get('startDate')).toBe('2025-03-04');
    expect(search().has('endDate')).toBe(false);

    await click(button('Clear dates'));
    expect(search().has('startDate')).toBe(false);
  });

  it('says so when nothing matches, and offers a retry when the list cannot be read', async () => {
    listReply = { status: 200, body: listOf([]) };
    await open();
    expect(await screen.findByText('No applications match these filters.')).toBeInTheDocument();

    cleanup();
    listReply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The applications could not be loaded. Please try again.',
    );
    listReply = { status: 200, body: listOf([item({ assignedTo: null, borrower: null, alerts: [] })]) };
    await click(button('Try again'));
    await waitFor(() => expect(text()).toContain(MESSAGES.nameUnavailable));
    expect(text()).toContain('Unclaimed');
  });

  it('folds the filters behind a button on a phone, naming the window, and keeps them open on a filter error', async () => {
    await open();
    const toggle = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Show filters'),
    )!;
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.textContent).toBe('Show filters(Last 72 hours)');
    expect(panel.className).toContain('hidden md:flex');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toContain('hidden');
  });

  it('asks the server for one page at a time, shows the counts of every page, and keeps the page in the URL', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        item({ id: `app-${from + i}`, borrower: { ...item().borrower!, firstName: `B${from + i}` } }),
      );
    const counts: SummaryListView['counts'] = [
      { status: 'inProgress', count: 1000 },
      { status: 'counselorReview', count: 10 },
    ];
    const pageOne = listOf(rows(0, 50), {
      pageCount: 21,
      total: 1010,
      counts,
      truncatedStatuses: ['inProgress'],
    });
    listReply = { status: 200, body: pageOne };
    await open();
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(50));
    expect(lastCall().has('page')).toBe(false);
    expect(text()).toContain('1010 applications');
    const byStatus = screen.getByRole('list', { name: 'Applications by status' }).textContent;
    expect(byStatus).toContain('1000+');
    expect(byStatus).toContain('Counselor Review10');
    expect(text()).toContain('Showing the newest 1000 applications for In Progress.');

    listReply = { status: 200, body: { ...pageOne, page: 2, items: rows(50, 10) } };
    await click(document.querySelector('[aria-label="Page 2"]')!);
    expect(search().get('page')).toBe('2');
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(10));
    expect(lastCall().get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'B50 Diaz' })).toBeTruthy();
  });

  it('offers the first page when a kept link points past the end of the list', async () => {
    listReply = { status: 200, body: listOf([], { page: 9, pageCount: 2, total: 60 }) };
    await open('/summary?page=9');
    expect(lastCall().get('page')).toBe('9');
    await screen.findByText(/This page is past the end of the list/);
    await click(button('Go to the first page'));
    expect(search().has('page')).toBe(false);
  });
});

describe('summaryFiltersFromSearch', () => {
  it.each([
    ['', { applicationStatus: [...DEFAULT_SUMMARY_STATUSES], claimedStatus: ['claimed', 'unclaimed'] }],
    ['applicationStatus=', { applicationStatus: [] }],
    ['applicationStatus=transfer,bogus', { applicationStatus: ['transfer'] }],
    ['startDate=2025-02-30', { startDate: undefined }],
    ['startDate=2025-03-05&endDate=2025-03-01', { startDate: '2025-03-05', endDate: undefined }],
    ['endDate=2025-03-01', { startDate: undefined, endDate: undefined }],
    ['page=3', { page: 3 }],
    ['page=0', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=99999', { page: 1 }],
  ])('%s', (query, expected) => {
    expect(summaryFiltersFromSearch(new URLSearchParams(query))).toMatchObject(expected);
  });
});

describe('emails the queue gave up on', () => {
  it('says nothing when every email was delivered', async () => {
    await open();
    await screen.findByRole('link', { name: 'Ana Diaz' });
    expect(screen.queryByRole('region', { name: 'Emails not delivered' })).toBeNull();
  });

  it('tells the counsellor which emails never arrived, to whom and why', async () => {
    failures = {
      failed: 3,
      limit: 2,
      items: [
        {
          id: 'm-1',
          to: 'ana@example.com',
          kind: 'initial-password',
          attempts: 12,
          lastError: '550 mailbox unavailable',
          createdAt: '2025-03-01T10:00:00.000Z',
          failedAt: '2025-03-03T10:00:00.000Z',
        },
        {
          id: 'm-2',
          to: 'bo@example.com',
          kind: 'signed-letter',
          attempts: 1,
          lastError: null,
          createdAt: '2025-03-01T09:00:00.000Z',
          failedAt: '2025-03-03T09:00:00.000Z',
        },
      ],
    };
    await open();
    const notice = await screen.findByRole('region', { name: 'Emails not delivered' });
    expect(notice.textContent).toContain('3 emails were not delivered');
    await click(screen.getByText('3 emails were not delivered'));
    const rows = [...notice.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows[0]).toContain('Initial password to ana@example.com');
    expect(rows[0]).toContain(`given up ${formatCardDate('2025-03-03T10:00:00.000Z')} after 12 attempts`);
    expect(rows[0]).toContain('Mail server: 550 mailbox unavailable');
    expect(rows[1]).toContain('Signed letter to bo@example.com');
    expect(rows[1]).toContain('after 1 attempt');
    expect(rows[1]).not.toContain('Mail server');
    expect(notice.textContent).toContain('Showing the newest 2 of 3.');
  });
});
