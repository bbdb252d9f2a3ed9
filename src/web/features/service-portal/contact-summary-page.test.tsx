import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactSummaryView } from '#domain/flow/staff-views';
import { formatCardDate } from '#domain/service-portal/date-range';
import { renderRoutes } from '#web/test/render';
import { Component as ContactSummaryPage } from './contact-summary-page';
import { server } from '#web/test/api-mock';
import { staffSession } from '#web/test/sessions';

const session = staffSession();
const users = {
  users: [
    { id: 'staff-me', name: 'Dana Reyes', email: 'dana@agency.test' },
    { id: 'staff-2', name: 'Lee Park', email: 'lee@agency.test' },
  ],
};
const attempt = (over: Partial<ContactSummaryView['items'][number]> = {}) => ({
  id: 'ca-1',
  applicationId: 'app-1',
  borrowerName: 'Ana Diaz',
  createdAt: '2025-03-03T15:04:00.000Z',
  method: 'textMessage',
  outcome: 'Left a message',
  notes: null as string | null,
  didTheBorrowerReceiveAnOffer: true,
  contactedBy: { id: 'staff-2', name: 'Lee Park' },
  reasons: [
    { key: 'verifyIncome', value: true },
    { key: 'verifyAnExpense', value: false },
  ],
  ...over,
});
/** One page of the answer; `total` and `page` default to a single page holding `items`. */
const view = (
  items: ReturnType<typeof attempt>[],
  over: { page?: number; total?: number; totalIsCapped?: boolean } = {},
): ContactSummaryView => {
  const total = over.total ?? items.length;
  return {
    items,
    page: over.page ?? 1,
    pageSize: 50,
    pageCount: Math.max(1, Math.ceil(total / 50)),
    total,
    totalIsCapped: over.totalIsCapped ?? false,
    limit: 1000,
    window: { from: '2025-03-01T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' },
  };
};
/** 120 attempts, newest first: the server's pages of 50, by the page asked for. */
const manyAttempts = Array.from({ length: 120 }, (_, i) =>
  attempt({ id: `ca-${i + 1}`, borrowerName: `Borrower ${i + 1}` }),
);
const pageOfMany = (page: number) =>
  view(manyAttempts.slice((page - 1) * 50, page * 50), { page, total: manyAttempts.length });

/** The answer to the list's reads: a body, or one made from the query string. */
let listReply: { status: number; body: object | ((params: URLSearchParams) => object) };
let listCalls: URLSearchParams[];
let app: ReturnType<typeof renderRoutes>;

beforeEach(() => {
  listCalls = [];
  listReply = { status: 200, body: view([attempt()]) };
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/staff/users', () => HttpResponse.json(users)),
    http.get('/api/staff/contact-summary', ({ request }) => {
      const params = new URL(request.url).searchParams;
      listCalls.push(params);
      const body = typeof listReply.body === 'function' ? listReply.body(params) : listReply.body;
      return HttpResponse.json(body, { status: listReply.status });
    }),
  );
});

async function open(entry = '/contact-summary') {
  app = renderRoutes([{ path: '/contact-summary', Component: ContactSummaryPage }], entry);
  await waitFor(() => expect(listCalls.length).toBeGreaterThan(0));
  return app;
}

const select = () => screen.getByRole<HTMLSelectElement>('combobox');
const search = () => new URLSearchParams(app.router.state.location.search);

describe('/contact-summary', () => {
  it('lists the contact attempts of the default window with their borrower, method, outcome and reasons', async () => {
    await open();
    await screen.findByText('Left a message');
    expect(listCalls).toHaveLength(1);
    expect([...listCalls[0]!.keys()]).toEqual([]);
    const row = document.querySelector('tbody tr')!;
    expect(row.textContent).toContain(formatCardDate('2025-03-03T15:04:00.000Z'));
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/borrower-summary?id=app-1');
    expect(row.textContent).toContain('Ana Diaz');
    expect(row.textContent).toContain('Text message');
    expect(row.textContent).toContain('Left a message');
    expect(row.textContent).toContain('Yes');
    expect(row.textContent).toContain('Lee Park');
    expect(row.textContent).toContain('Verify income');
    expect(row.textContent).not.toContain('Verify an expense');
    expect(document.body).toHaveTextContent('Last 72 hours');
    expect(screen.getByRole('status')).toHaveTextContent('1 contact attempts');
    expect(screen.queryByRole('navigation', { name: 'Contact attempts pages' })).not.toBeInTheDocument();
  });

  it('shows a chosen outcome by its label with its notes, an older typed one as it was typed', async () => {
    listReply = {
      status: 200,
      body: view([
        attempt({
          id: 'ca-3',
          outcome: 'askedToCallBack',
          notes: 'After 5 pm',
          didTheBorrowerReceiveAnOffer: null,
        }),
        attempt({ id: 'ca-2', outcome: 'reached' }),
        attempt(),
      ]),
    };
    await open();
    await screen.findByText('Asked to call back');
    const outcomes = [...document.querySelectorAll('tbody tr')].map(
      (row) => row.querySelectorAll('td')[3]!.textContent,
    );
    expect(outcomes).toEqual([
      'OutcomeAsked to call backAfter 5 pm',
      'OutcomeReached',
      'OutcomeLeft a message',
    ]);
    expect(screen.queryByText('askedToCallBack')).not.toBeInTheDocument();
  });

  it('asks the server for one page at a time, keeping the page in the URL', async () => {
    listReply = { status: 200, body: (params) => pageOfMany(Number(params.get('page') ?? '1')) };
    await open();
    await screen.findByText('Borrower 1');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('120 contact attempts');
    const pages = screen.getByRole('navigation', { name: 'Contact attempts pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await app.user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(search().get('page')).toBe('3');
    await screen.findByText('Borrower 101');
    expect(listCalls.at(-1)!.get('page')).toBe('3');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(20);
    expect(screen.queryByText('Borrower 1')).not.toBeInTheDocument();

    // A filter change starts again at page 1, which is asked for without a page.
    await app.user.selectOptions(select(), 'staff-2');
    await waitFor(() => expect(listCalls.at(-1)!.get('contactedBy')).toBe('staff-2'));
    expect(listCalls.at(-1)!.has('page')).toBe(false);
    expect(search().has('page')).toBe(false);
  });

  it('reads the page from the URL after a reload, and sends none the server would refuse', async () => {
    listReply = { status: 200, body: (params) => pageOfMany(Number(params.get('page') ?? '1')) };
    await open('/contact-summary?page=2&contactedBy=staff-2');
    await screen.findByText('Borrower 51');
    expect(Object.fromEntries(listCalls.at(-1)!)).toEqual({ contactedBy: 'staff-2', page: '2' });
    expect(
      within(screen.getByRole('navigation', { name: 'Contact attempts pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    ).toHaveAttribute('aria-current', 'page');
    cleanup();

    for (const page of ['0', '-1', '1.5', 'abc', '21']) {
      listCalls = [];
      await open(`/contact-summary?page=${page}`);
      await screen.findByText('Borrower 1');
      expect(listCalls.at(-1)!.has('page'), page).toBe(false);
      cleanup();
    }
  });

  it('says 1,000+ when the window holds more attempts than the list shows', async () => {
    listReply = { status: 200, body: view([attempt()], { total: 1000, totalIsCapped: true }) };
    await open();
    await screen.findByText('Left a message');
    expect(screen.getByRole('status')).toHaveTextContent('1,000+ contact attempts');
    expect(document.body).toHaveTextContent(
      'Only the newest 1,000 contact attempts are listed. Narrow the dates to see the rest.',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Contact attempts pages' })).getByRole('button', {
        name: 'Page 20',
      }),
    ).toBeInTheDocument();
    cleanup();

    listReply = { status: 200, body: view([attempt()], { total: 1000 }) };
    await open();
    await screen.findByText('Left a message');
    expect(screen.getByRole('status')).toHaveTextContent('1,000 contact attempts');
    expect(document.body).not.toHaveTextContent('Narrow the dates');
  });

  it('offers page 1 when the page asked for is past the last one', async () => {
    listReply = { status: 200, body: view([], { page: 4, total: 60 }) };
    await open('/contact-summary?page=4');
    expect(await screen.findByText('There is no page 4; the list has 2 pages.')).toBeInTheDocument();
    expect(screen.queryByText('No contact attempts match these filters.')).not.toBeInTheDocument();
    listReply = { status: 200, body: view([attempt()], { total: 60 }) };
    await app.user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(search().has('page')).toBe(false);
    await screen.findByText('Left a message');
  });

  it('filters by staff member through the URL, marking the signed-in one', async () => {
    await open();
    await screen.findByRole('option', { name: 'Lee Park' });
    expect([...select().options].map((o) => o.textContent)).toEqual([
      'Everyone',
      'Dana Reyes (You)',
      'Lee Park',
    ]);
    await app.user.selectOptions(select(), 'staff-2');
    expect(search().get('contactedBy')).toBe('staff-2');
    await waitFor(() => expect(listCalls.at(-1)!.get('contactedBy')).toBe('staff-2'));
  });

  it('reads dates and staff member from the URL after a reload', async () => {
    await open('/contact-summary?startDate=2025-03-01&endDate=2025-03-02&contactedBy=staff-me');
    expect(Object.fromEntries(listCalls.at(-1)!)).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-02',
      contactedBy: 'staff-me',
    });
    await waitFor(() => expect(select()).toHaveValue('staff-me'));
    expect(document.body).toHaveTextContent('03/01/2025 – 03/02/2025');
  });

  it('shows the empty and the failed states', async () => {
    listReply = { status: 200, body: view([]) };
    await open();
    expect(await screen.findByText('No contact attempts match these filters.')).toBeInTheDocument();
    cleanup();

    listReply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The contact history could not be loaded. Please try again.',
    );
  });
});
