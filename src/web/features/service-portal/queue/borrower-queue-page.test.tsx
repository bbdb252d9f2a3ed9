import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueTile, QueueView } from '#domain/flow/staff-views';
import { formatCardDate } from '#domain/service-portal/date-range';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { DEFAULT_DEBT_FILTERS, PORTFOLIO_TYPES, toOptionList } from '#domain/service-portal/filters';
import { MESSAGES } from '#domain/validation/messages';
import {
  Component as BorrowerQueuePage,
  countText,
  QUEUE_EMPTY,
  QUEUE_LOAD_FAILED,
} from './borrower-queue-page';
import {
  DEFAULT_QUEUE_PARAMS,
  readQueueParams,
  RETURNED_DRAFTS_FILTER,
  UNPOSTED_PAYMENTS_FILTER,
  writeQueueParams,
  type QueueParams,
} from './queue-filters';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';

const ME = { id: 'staff-me', name: 'Casey Counsellor', isMe: true };
const OTHER = { id: 'staff-2', name: 'Robin Rep', isMe: false };

const tile = (n: number, patch: Partial<QueueTile> = {}): QueueTile => ({
  applicationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  borrowerId: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Borrower ${n}`,
  createdAt: new Date(2026, 2, 1, 9 + (n % 10), 5).toISOString(),
  phoneNumber: `415-555-${String(1000 + n)}`,
  preferredLanguage: 'en',
  status: 'counselorReview',
  assignedTo: null,
  alerts: { count: 0, unseen: 0, mostSevere: null },
  planFitLeft: null,
  ...patch,
});

/** 23 borrowers: 3 pages of 10. */
const ALL = Array.from({ length: 23 }, (_, i) =>
  tile(i + 1, i === 0 ? { assignedTo: ME } : i === 1 ? { assignedTo: OTHER, status: 'inProgress' } : {}),
);

function queueView(url: URL, tiles = ALL): QueueView {
  const page = Number(url.searchParams.get('page') ?? '1');
  const search = url.searchParams.get('searchValue')?.toLowerCase();
  const matching = search ? tiles.filter((t) => t.name.toLowerCase().includes(search)) : tiles;
  return {
    rep: { assignedCount: 4, name: ME.name, email: 'casey@agency.example', phoneNumber: '415-555-0100' },
    page,
    pageSize: 10,
    pageCount: Math.max(1, Math.ceil(matching.length / 10)),
    total: matching.length,
    totalIsCapped: false,
    tiles: matching.slice((page - 1) * 10, page * 10),
  };
}

let requests: URL[];
let reply: (url: URL) => Response;
let app: ReturnType<typeof renderRoutes>;
let user: UserEvent;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  requests = [];
  reply = (url) => Response.json(queueView(url));
  server.use(
    http.get('/api/staff/queue', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      return reply(url);
    }),
  );
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

function renderPage(entry = '/borrower-queue') {
  app = renderRoutes(
    [
      { path: '/borrower-queue', Component: BorrowerQueuePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    entry,
  );
  user = app.user;
}

/** The first page of the default queue is on screen. */
const firstPageShown = () => waitFor(() => expect(tiles()).toHaveLength(10));

const text = () => document.body.textContent ?? '';
const tiles = () => screen.queryAllByRole('article');
const tileNames = () => tiles().map((t) => within(t).getByRole('link').textContent);
const lastRequest = () => requests.at(-1)!;
const pageParams = () => new URLSearchParams(app.router.state.location.search);
const button = (name: string) => screen.getByRole('button', { name });
const checkbox = (name: string, inside: HTMLElement = document.body) =>
  within(inside).getByRole('checkbox', { name });
/** A filter category: the group its legend names (the legend may also hold All and None). */
const group = (legend: string) => screen.getByRole('group', { name: (name) => name.startsWith(legend) });
const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search borrowers' });
/** The results part of the page: its heading, the tiles, the notices. */
const results = () => screen.getByRole('region', { name: 'Borrowers' });

async function search(value: string) {
  await user.clear(searchBox());
  await user.type(searchBox(), value);
  await user.click(button('Search'));
}

describe('/borrower-queue', () => {
  it('shows the rep info panel and the first 10 tiles with every field, linking to the borrower summary', async () => {
    renderPage();
    await firstPageShown();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Borrower Queue');
    const panel = screen.getByRole('region', { name: 'Your information' });
    expect(panel.textContent).toContain('4borrowers assigned to you');
    expect(panel.textContent).toContain('Casey Counsellor');
    expect(panel.textContent).toContain('casey@agency.example');
    expect(panel.textContent).toContain('415-555-0100');

    expect(requests).toHaveLength(1);
    expect(requests[0]!.search).toBe('');
    expect(tiles()).toHaveLength(10);
    expect(text()).toContain('Showing 1–10 of 23 borrowers');

    const first = tiles()[0]!;
    const link = within(first).getByRole('link');
    expect(link.textContent).toBe('Borrower 1');
    expect(link.getAttribute('href')).toBe(`/borrower-summary?id=${ALL[0]!.applicationId}`);
    expect(first.textContent).toContain(formatCardDate(ALL[0]!.createdAt));
    expect(formatCardDate(ALL[0]!.createdAt)).toMatch(/^03-01-2026 10:05 AM$/);
    expect(first.textContent).toContain(ALL[0]!.borrowerId);
    expect(first.textContent).toContain('415-555-1001');
    expect(first.textContent).toContain('Casey Counsellor (You)');
    expect(first.textContent).toContain('Counselor Review');

    // Someone else's borrower has no '(You)'; an unassigned one says so.
    expect(tiles()[1]!.textContent).toContain('Robin Rep');
    expect(tiles()[1]!.textContent).not.toContain('(You)');
    expect(tiles()[2]!.textContent).toContain('Unclaimed');

    await user.click(link);
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/borrower-summary');
    expect(app.router.state.location.search).toBe(`?id=${ALL[0]!.applicationId}`);
  });

  it("marks a Spanish speaker's tile with a 'Spanish' badge, and no one else's", async () => {
    reply = (url) => Response.json(queueView(url, [tile(1, { preferredLanguage: 'es' }), tile(2)]));
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(within(tiles()[0]!).getByText('Spanish')).toBeInTheDocument();
    expect(within(tiles()[0]!).getByRole('link').textContent).toBe('Borrower 1');
    expect(tiles()[1]!.textContent).not.toContain('Spanish');
    expect(tiles()[1]!.textContent).not.toContain('English');
  });

  it('filters by preferred language: All, English or Spanish, kept in the URL and sent to the API', async () => {
    renderPage();
    await firstPageShown();
    const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
    expect(radio('All').checked).toBe(true);
    await user.click(radio('Spanish'));
    expect(pageParams().get('language')).toBe('es');
    await waitFor(() => expect(lastRequest().searchParams.get('language')).toBe('es'));
    await user.click(radio('English'));
    expect(pageParams().get('language')).toBe('en');
    await waitFor(() => expect(lastRequest().searchParams.get('language')).toBe('en'));
    await user.click(radio('All'));
    expect(pageParams().has('language')).toBe(false);
    await waitFor(() => expect(lastRequest().searchParams.has('language')).toBe(false));
  });

  it('reads the language filter from a link, dropping an unknown language', () => {
    expect(readQueueParams(new URLSearchParams('language=es')).language).toEqual(['es']);
    expect(readQueueParams(new URLSearchParams('language=fr,en')).language).toEqual(['en']);
    expect(readQueueParams(new URLSearchParams('')).language).toEqual(['en', 'es']);
    expect(writeQueueParams({ ...DEFAULT_QUEUE_PARAMS, language: ['es'] }).toString()).toBe('language=es');
    expect(writeQueueParams(DEFAULT_QUEUE_PARAMS).toString()).toBe('');
  });

  it('styles tiles by status and lays out an In Progress tile differently', async () => {
    renderPage();
    await firstPageShown();
    const [review, inProgress] = tiles();
    expect(review!.dataset.status).toBe('counselorReview');
    expect(review!.className).toContain('border-l-amber-500');
    expect(inProgress!.dataset.status).toBe('inProgress');
    expect(inProgress!.className).toContain('border-dashed');
    // In Progress shows its status beside the name, not as a 'Status' detail.
    expect([...review!.querySelectorAll('dt')].map((dt) => dt.textContent)).toContain('Status');
    expect([...inProgress!.querySelectorAll('dt')].map((dt) => dt.textContent)).not.toContain('Status');
    expect(within(inProgress!).getByRole('heading', { level: 3 }).parentElement?.textContent).toContain(
      'In Progress',
    );
  });

  it('shows each tile’s alerts that still hold: how many, how many are new, and the most severe', async () => {
    reply = (url) =>
      Response.json(
        queueView(url, [
          tile(1, { alerts: { count: 3, unseen: 2, mostSevere: 'bankAccountDisconnected' } }),
          tile(2, { alerts: { count: 1, unseen: 0, mostSevere: 'newCreditInquiry' } }),
          tile(3),
        ]),
      );
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const alertsOf = (t: HTMLElement) =>
      [...t.querySelectorAll('dt')].find((dt) => dt.textContent === 'Alerts')?.nextElementSibling
        ?.textContent;
    expect(alertsOf(tiles()[0]!)).toBe('3 alerts2 newMost severe: Bank account disconnected');
    expect(alertsOf(tiles()[1]!)).toBe('1 alertMost severe: New credit inquiry');
    expect(alertsOf(tiles()[2]!)).toBe('None');
  });

  it("shows 'Unknown' for a created date it cannot read and a dash for a missing phone", async () => {
    reply = (url) =>
      Response.json(
        queueView(url, [tile(1, { createdAt: 'not a date', phoneNumber: null, borrowerId: null })]),
      );
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0]!.textContent).toContain('Unknown');
    expect(tiles()[0]!.textContent).toContain('Phone—');
  });

  it('writes the search to the URL as searchValue, asks the API with it, and reads it back on a reload', async () => {
    renderPage();
    await firstPageShown();
    await search('  borrower 2 ');
    expect(pageParams().get('searchValue')).toBe('borrower 2');
    await waitFor(() => expect(lastRequest().searchParams.get('searchValue')).toBe('borrower 2'));
    // 'Borrower 2' and 'Borrower 20' to 'Borrower 23'.
    await waitFor(() =>
      expect(tileNames()).toEqual(['Borrower 2', 'Borrower 20', 'Borrower 21', 'Borrower 22', 'Borrower 23']),
    );

    app.unmount();
    renderPage('/borrower-queue?searchValue=borrower%2022');
    expect(searchBox().value).toBe('borrower 22');
    await waitFor(() => expect(tiles()).toHaveLength(1));

    await user.click(button('Clear'));
    expect(pageParams().has('searchValue')).toBe(false);
    expect(searchBox().value).toBe('');
    await waitFor(() => expect(tiles()).toHaveLength(10));
  });

  it('shows an empty state with a way out when nothing matches', async () => {
    renderPage('/borrower-queue?searchValue=nobody&portfolioType=mortgage');
    expect(await screen.findByText(QUEUE_EMPTY)).toBeInTheDocument();
    expect(text()).toContain(QUEUE_EMPTY);
    expect(tiles()).toHaveLength(0);
    await user.click(within(results()).getByRole('button', { name: 'Reset filters' }));
    expect(pageParams().get('portfolioType')).toBeNull();
    expect(pageParams().get('searchValue')).toBe('nobody');
    await user.click(await within(results()).findByRole('button', { name: 'Clear search' }));
    expect(app.router.state.location.search).toBe('');
    await waitFor(() => expect(tiles()).toHaveLength(10));
  });

  it('pages with the pagination control (10 a page), keeping the page in the URL', async () => {
    renderPage();
    await firstPageShown();
    await user.click(button('Page 3'));
    expect(pageParams().get('page')).toBe('3');
    await waitFor(() => expect(lastRequest().searchParams.get('page')).toBe('3'));
    await waitFor(() => expect(tileNames()).toEqual(['Borrower 21', 'Borrower 22', 'Borrower 23']));
    expect(text()).toContain('Showing 21–23 of 23 borrowers');
    expect(screen.getByRole('heading', { level: 2, name: 'Borrowers' })).toHaveFocus();

    // A new search starts at page 1.
    await search('borrower 1');
    expect(pageParams().has('page')).toBe(false);
  });

  it('shows debt details only while Open is ticked and sends the ticked ones', async () => {
    renderPage();
    await firstPageShown();
    const debtStatus = group('Debt status');
    expect(debtStatus.textContent).toContain('Has balance of $100 or more');

    await user.click(checkbox('Has balance of $100 or more'));
    expect(pageParams().get('debtDetail')).toBe('hasBalanceAbove100');
    await waitFor(() => expect(lastRequest().searchParams.get('debtDetail')).toBe('hasBalanceAbove100'));

    await user.click(checkbox('Open', debtStatus));
    expect(pageParams().get('debtStatus')).toBe('closed');
    expect(group('Debt status').textContent).not.toContain('Debt details');
  });

  it("refuses a category with nothing ticked with 'Please select at least one filter' and does not ask", async () => {
    renderPage();
    await firstPageShown();
    await user.click(button('Portfolio types: none'));
    expect(pageParams().get('portfolioType')).toBe('');
    expect(within(group('Portfolio types')).getByRole('alert').textContent).toBe(MESSAGES.filterRequired);
    expect(requests).toHaveLength(1);
    expect(tiles()).toHaveLength(0);

    // Debt details are exempt: none ticked is their default.
    expect(within(group('Debt details')).queryByRole('alert')).toBeNull();

    await user.click(checkbox('Revolving'));
    expect(pageParams().get('portfolioType')).toBe('revolving');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(lastRequest().searchParams.get('portfolioType')).toBe('revolving'));
    // The one request since the first is this one: nothing was asked while the category was empty.
    expect(requests).toHaveLength(2);
  });

  it('filters by status, claimed/unclaimed, assigned to me and account type', async () => {
    renderPage();
    await firstPageShown();
    await user.click(checkbox('Unclaimed'));
    await waitFor(() => expect(lastRequest().searchParams.get('claimedStatus')).toBe('claimed'));
    await user.click(checkbox('Transferred'));
    await waitFor(() =>
      expect(lastRequest().searchParams.get('applicationStatus')?.split(',')).toContain('transferred'),
    );
    await user.click(checkbox('Assigned to me only'));
    await waitFor(() => expect(lastRequest().searchParams.get('assignedToMe')).toBe('true'));
    await user.click(checkbox('Credit Card (CC)'));
    await waitFor(() =>
      expect(lastRequest().searchParams.get('accountType')?.split(',')).not.toContain('CC'),
    );
    expect(lastRequest().searchParams.get('accountType')?.split(',')).toContain('other');
    // The contact information the search looks at.
    await user.click(checkbox('Email'));
    await waitFor(() =>
      expect(lastRequest().searchParams.get('contactInformation')).toBe('id,firstName,lastName,phone'),
    );
  });

  it('flags a plan that no longer fits the budget, or leaves less than the cushion, and no other', async () => {
    reply = (url) =>
      Response.json(
        queueView(url, [
          tile(1, { planFitLeft: -3_000 }),
          tile(2, { planFitLeft: 3_200 }),
          tile(3, { planFitLeft: 5_200 }),
          tile(4),
        ]),
      );
    renderPage();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(within(tiles()[0]!).getByTestId('plan-fit-flag').textContent).toBe(
      'Plan no longer fits the budget: $30 short a month',
    );
    expect(within(tiles()[1]!).getByTestId('plan-fit-flag').textContent).toBe(
      'Plan leaves $32 a month, under the $50 cushion',
    );
    expect(within(tiles()[2]!).queryByTestId('plan-fit-flag')).toBeNull();
    expect(within(tiles()[3]!).queryByTestId('plan-fit-flag')).toBeNull();
  });

  it('filters the plans that no longer fit, kept in the URL and sent to the API', async () => {
    renderPage();
    await firstPageShown();
    await user.click(checkbox('Plan no longer fits the budget only'));
    await waitFor(() => expect(lastRequest().searchParams.get('planNoLongerFits')).toBe('true'));
    expect(pageParams().get('planNoLongerFits')).toBe('true');
    await user.click(checkbox('Plan no longer fits the budget only'));
    await waitFor(() => expect(lastRequest().searchParams.has('planNoLongerFits')).toBe(false));
    expect(pageParams().has('planNoLongerFits')).toBe(false);
  });

  it('filters returned drafts and late payments, ticking Transferred with them, in the URL and sent to the API', async () => {
    renderPage();
    await firstPageShown();
    expect(lastRequest().searchParams.has('applicationStatus')).toBe(false);
    await user.click(checkbox(RETURNED_DRAFTS_FILTER));
    await waitFor(() => expect(lastRequest().searchParams.get('returnedDrafts')).toBe('true'));
    expect(lastRequest().searchParams.get('applicationStatus')).toBe(toOptionList(APPLICATION_STATUSES));
    expect(pageParams().get('returnedDrafts')).toBe('true');
    await user.click(checkbox(UNPOSTED_PAYMENTS_FILTER));
    await waitFor(() => expect(lastRequest().searchParams.get('unpostedPayments')).toBe('true'));
    expect(lastRequest().searchParams.get('returnedDrafts')).toBe('true');
    await user.click(checkbox(RETURNED_DRAFTS_FILTER));
    await waitFor(() => expect(lastRequest().searchParams.has('returnedDrafts')).toBe(false));
    expect(pageParams().get('unpostedPayments')).toBe('true');
  });

  it('shows a failed read with Try again', async () => {
    reply = () => Response.json({ code: 'InternalError', message: 'boom' }, { status: 500 });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(QUEUE_LOAD_FAILED);
    reply = (url) => Response.json(queueView(url));
    await user.click(button('Try again'));
    await waitFor(() => expect(tiles()).toHaveLength(10));
  });
});

describe('queue URL state', () => {
  it.each([
    ['', {}],
    ['?searchValue=ann&page=2', { searchValue: 'ann', page: 2 }],
    ['?page=0', {}],
    ['?page=abc', {}],
    ['?startDate=2026-03-01&endDate=2026-03-04', { startDate: '2026-03-01', endDate: '2026-03-04' }],
    // An end without a start, an end before the start and a day that does not exist are dropped.
    ['?endDate=2026-03-04', {}],
    ['?startDate=2026-03-04&endDate=2026-03-01', { startDate: '2026-03-04' }],
    ['?startDate=2026-02-30', {}],
    ['?applicationStatus=transfer,bogus,inProgress', { applicationStatus: ['inProgress', 'transfer'] }],
    ['?portfolioType=', { portfolioType: [] }],
    ['?debtDetail=hasLatePayment&assignedToMe=true', { debtDetail: ['hasLatePayment'], assignedToMe: true }],
    ['?planNoLongerFits=true', { planNoLongerFits: true }],
    ['?planNoLongerFits=yes', {}],
    ['?returnedDrafts=true&unpostedPayments=true', { returnedDrafts: true, unpostedPayments: true }],
    ['?unpostedPayments=1', {}],
  ])('reads %s', (search, expected) => {
    expect(readQueueParams(new URLSearchParams(search))).toEqual({ ...DEFAULT_QUEUE_PARAMS, ...expected });
  });

  it.each([
    [{}, ''],
    [{ searchValue: ' (415) 555+1 ', page: 2 }, 'searchValue=%28415%29+555%2B1&page=2'],
    [{ portfolioType: [...PORTFOLIO_TYPES].reverse() }, ''],
    [{ portfolioType: [] }, 'portfolioType='],
    [{ debtStatus: ['closed'] }, 'debtStatus=closed'],
    [{ claimedStatus: ['claimed'], assignedToMe: true }, 'assignedToMe=true&claimedStatus=claimed'],
  ] satisfies [Partial<QueueParams>, string][])(
    'writes %j as %s, leaving defaults out',
    (patch, expected) => {
      const written = writeQueueParams({ ...DEFAULT_QUEUE_PARAMS, ...patch });
      expect(written.toString()).toBe(expected);
    },
  );

  it('round-trips and keeps the defaults of the domain', () => {
    expect(DEFAULT_QUEUE_PARAMS.accountType).toEqual(DEFAULT_DEBT_FILTERS.accountType);
    const params = {
      ...DEFAULT_QUEUE_PARAMS,
      searchValue: 'x',
      debtDetail: ['hasBalance' as const],
      page: 4,
    };
    expect(readQueueParams(writeQueueParams(params))).toEqual(params);
  });

  it.each([
    [{ page: 1, pageSize: 10, total: 0, tiles: [] }, '0 borrowers'],
    [{ page: 1, pageSize: 10, total: 1, tiles: [tile(1)] }, 'Showing 1–1 of 1 borrower'],
    [{ page: 2, pageSize: 10, total: 12, tiles: [tile(11), tile(12)] }, 'Showing 11–12 of 12 borrowers'],
    [
      { page: 100, pageSize: 10, total: 1_000, totalIsCapped: true, tiles: [tile(991), tile(992)] },
      'Showing 991–992 of 1,000+ borrowers',
    ],
  ])('counts %#', (view, expected) => {
    expect(countText(view)).toBe(expected);
  });
});
