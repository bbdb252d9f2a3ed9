import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OverdueProposalsView } from '#domain/validation/proposals';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { staffSession } from '#web/test/sessions';
import {
  Component as ProposalsPage,
  LOAD_FAILED,
  medianText,
  NONE_OVERDUE,
  rateText,
} from './proposals-page';

// The proposals screen: overdue proposals grouped by creditor with each creditor's answer statistics, paged.

const APP_1 = '11111111-1111-4111-8111-111111111111';
const APP_2 = '22222222-2222-4222-8222-222222222222';
const page1: OverdueProposalsView = {
  responseDays: 30,
  creditors: [
    {
      creditorId: 'chase',
      creditorName: 'Chase Card Services',
      overdue: 3,
      answered: 3,
      acceptanceRate: 2 / 3,
      medianDaysToAnswer: 20,
    },
    {
      creditorId: null,
      creditorName: 'Other creditors (default programme)',
      overdue: 1,
      answered: 0,
      acceptanceRate: null,
      medianDaysToAnswer: null,
    },
  ],
  proposals: [
    {
      id: 'p1',
      applicationId: APP_1,
      offerId: 'o1',
      creditorId: 'chase',
      state: 'sent',
      preparedAt: '2026-09-01T15:00:00.000Z',
      sentAt: '2026-09-02T15:00:00.000Z',
      channel: 'email',
      daysWaiting: 86,
    },
    {
      id: 'p2',
      applicationId: APP_2,
      offerId: 'o2',
      creditorId: null,
      state: 'prepared',
      preparedAt: '2026-09-10T15:00:00.000Z',
      sentAt: null,
      channel: null,
      daysWaiting: 1,
    },
  ],
  nextAfter: 'p2',
};
const page2: OverdueProposalsView = {
  ...page1,
  creditors: [page1.creditors[0]!],
  proposals: [{ ...page1.proposals[0]!, id: 'p3', offerId: 'o3', daysWaiting: 40 }],
  nextAfter: null,
};

let afters: string[];
let reply: { status: number; body: unknown } | null;
beforeEach(() => {
  afters = [];
  reply = null;
  server.use(
    http.get('/api/session', () => HttpResponse.json(staffSession())),
    http.get('/api/staff/proposals', ({ request }) => {
      const after = new URL(request.url).searchParams.get('after') ?? '';
      afters.push(after);
      if (reply) return HttpResponse.json(reply.body as object, { status: reply.status });
      return HttpResponse.json(after === 'p2' ? page2 : page1);
    }),
  );
});

const routes = [{ path: '/proposals', Component: ProposalsPage }];
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('/proposals', () => {
  it('groups the overdue proposals by creditor, with rate and median, and pages on', async () => {
    const app = renderRoutes(routes, '/proposals');
    const chase = await screen.findByRole('region', { name: 'Chase Card Services' });
    expect(within(chase).getByText('67%')).toBeInTheDocument();
    expect(within(chase).getByText('20 days')).toBeInTheDocument();
    expect(cells(within(chase).getByRole('table'))).toEqual([
      ['11111111', 'Sent', 'Sep 1, 2026', 'Sep 2, 2026 (email)', '86 days'],
    ]);
    expect(within(chase).getByRole('link', { name: '11111111' })).toHaveAttribute(
      'href',
      `/borrower-summary?id=${APP_1}`,
    );
    const other = screen.getByRole('region', { name: 'Other creditors (default programme)' });
    expect(cells(within(other).getByRole('table'))).toEqual([
      ['22222222', 'Prepared, not sent', 'Sep 10, 2026', '—', '1 day'],
    ]);
    expect(within(other).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(document.body.textContent).toContain('30 days when the creditor has none of its own');

    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('40 days')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?after=p2');
    expect(screen.queryByRole('region', { name: 'Other creditors (default programme)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(afters).toEqual(['', 'p2']);
  });

  it('says when nothing is overdue', async () => {
    reply = { status: 200, body: { ...page1, creditors: [], proposals: [], nextAfter: null } };
    renderRoutes(routes, '/proposals');
    expect(await screen.findByText(NONE_OVERDUE)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be read', async () => {
    reply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    renderRoutes(routes, '/proposals');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each([
    [null, '—', null, '—'],
    [1, '100%', 1, '1 day'],
    [0.125, '13%', 6.5, '6.5 days'],
    [0, '0%', 0, '0 days'],
  ])('words rate %s as %s and median %s as %s', (rate, rateWords, median, medianWords) => {
    expect(rateText(rate)).toBe(rateWords);
    expect(medianText(median)).toBe(medianWords);
  });
});
