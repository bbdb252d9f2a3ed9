import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactSummaryView } from '#domain/flow/staff-views';
import { formatCardDate } from '#domain/service-portal/date-range';
import { mountRoutes, settle } from '../../components/ui/form/dom-test-helpers';
import { Component as ContactSummaryPage } from './contact-summary-page';

const session = {
  user: {
    id: 'staff-me',
    email: 'dana@agency.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    phoneNumber: null,
    mustChangePassword: false,
    isStaff: true,
    twoFactorEnabled: true,
    secondFactorVerified: true,
  },
  resume: '/summary',
};
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
let app: ReturnType<typeof mountRoutes> | undefined;

beforeEach(() => {
  listCalls = [];
  listReply = { status: 200, body: view([attempt()]) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/session') return Response.json(session);
      if (url.pathname === '/api/staff/users') return Response.json(users);
      if (url.pathname === '/api/staff/contact-summary') {
        listCalls.push(url.searchParams);
        return Response.json(listReply.body, { status: listReply.status });
      }
      throw new Error(`unexpected ${input}`);
    }),
  );
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function open(entry = '/contact-summary') {
  app = mountRoutes([{ path: '/contact-summary', Component: ContactSummaryPage }], entry);
  await settle();
  return app;
}

const select = () => document.querySelector('select')!;
const search = () => new URLSearchParams(app!.router.state.location.search);

describe('/contact-summary', () => {
  it('lists the contact attempts of the default window with their borrower, method, outcome and reasons', async () => {
    await open();
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
    expect(document.body.textContent).toContain('Last 72 hours');
  });

  it('filters by staff member through the URL, marking the signed-in one', async () => {
    await open();
    expect([...select().options].map((o) => o.textContent)).toEqual([
      'Everyone',
      'Dana Reyes (You)',
      'Lee Park',
    ]);
    await act(async () => {
      select().value = 'staff-2';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(search().get('contactedBy')).toBe('staff-2');
    expect(listCalls.at(-1)!.get('contactedBy')).toBe('staff-2');
  });

  it('reads dates and staff member from the URL after a reload', async () => {
    await open('/contact-summary?startDate=2025-03-01&endDate=2025-03-02&contactedBy=staff-me');
    expect(Object.fromEntries(listCalls.at(-1)!)).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-02',
      contactedBy: 'staff-me',
    });
    expect(select().value).toBe('staff-me');
    expect(document.body.textContent).toContain('03/01/2025 – 03/02/2025');
  });

  it('shows the empty and the failed states', async () => {
    listReply = { status: 200, body: view([]) };
    await open();
    expect(document.body.textContent).toContain('No contact attempts match these filters.');
    app!.unmount();

    listReply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await open();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'The contact history could not be loaded. Please try again.',
    );
  });
});
