import { cleanup, screen, waitFor } from '@testing-library/react';
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
  didTheBorrowerReceiveAnOffer: true,
  contactedBy: { id: 'staff-2', name: 'Lee Park' },
  reasons: [
    { key: 'verifyIncome', value: true },
    { key: 'verifyAnExpense', value: false },
  ],
  ...over,
});
const view = (items: ReturnType<typeof attempt>[]): ContactSummaryView => ({
  items,
  limit: 1000,
  window: { from: '2025-03-01T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' },
});

let listReply: { status: number; body: unknown };
let listCalls: URLSearchParams[];
let app: ReturnType<typeof renderRoutes>;

beforeEach(() => {
  listCalls = [];
  listReply = { status: 200, body: view([attempt()]) };
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/staff/users', () => HttpResponse.json(users)),
    http.get('/api/staff/contact-summary', ({ request }) => {
      listCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json(listReply.body as object, { status: listReply.status });
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
