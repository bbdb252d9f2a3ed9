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
      responseDays: 30,
      silentDefault: null,
    },
    {
      id: 'p4',
      applicationId: APP_1,
      offerId: 'o4',
      creditorId: 'chase',
      state: 'noAnswer',
      preparedAt: '2026-09-03T15:00:00.000Z',
      sentAt: '2026-09-03T15:00:00.000Z',
      channel: 'batch',
      daysWaiting: 85,
      responseDays: 30,
      silentDefault: 'accepted',
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
      responseDays: 30,
      silentDefault: null,
    },
  ],
  nextAfter: 'p2',
  toMail: [
    {
      id: 'm1',
      applicationId: APP_2,
      offerId: 'o5',
      creditorId: null,
      creditorName: 'Other creditors (default programme)',
      accountLast4: null,
      preparedAt: '2026-11-26T15:00:00.000Z',
      daysWaiting: 1,
    },
    {
      id: 'm2',
      applicationId: APP_1,
      offerId: 'o6',
      creditorId: 'citi',
      creditorName: 'Citibank',
      accountLast4: '4821',
      preparedAt: '2026-11-26T16:00:00.000Z',
      daysWaiting: 1,
    },
  ],
  withdrawn: [],
  batch: { agencyDay: '2026-11-27', today: null, waiting: 3 },
};
const page2: OverdueProposalsView = {
  ...page1,
  creditors: [page1.creditors[0]!],
  proposals: [{ ...page1.proposals[0]!, id: 'p3', offerId: 'o3', daysWaiting: 40 }],
  nextAfter: null,
};

let afters: string[];
let reply: { status: number; body: unknown } | null;
let batches: number;
let mailed: unknown[];
beforeEach(() => {
  afters = [];
  reply = null;
  batches = 0;
  mailed = [];
  server.use(
    http.post('/api/staff/proposals/batch', () => {
      batches++;
      return HttpResponse.json({
        agencyDay: '2026-11-27',
        proposalCount: 3,
        createdAt: '2026-11-27T15:04:00.000Z',
        created: true,
        fileName: 'dmp-proposals-2026-11-27.csv',
      });
    }),
    http.post('/api/staff/proposals/mailed', async ({ request }) => {
      const body = (await request.json()) as { proposalIds: string[] };
      mailed.push(body);
      if (body.proposalIds.length > 1)
        return HttpResponse.json(
          { code: 'Conflict', message: 'Only proposals waiting to be mailed can be marked mailed.' },
          { status: 409 },
        );
      return HttpResponse.json({ mailed: body.proposalIds.length, sentAt: '2026-11-27T15:05:00.000Z' });
    }),
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
      ['11111111', 'Sent', 'Sep 1, 2026', 'Sep 2, 2026 (email)', '86 daysof 30'],
      [
        '11111111',
        'FlaggedNo answer: accepted by default. Record the creditor’s answer to clear.',
        'Sep 3, 2026',
        'Sep 3, 2026 (batch)',
        '85 daysof 30',
      ],
    ]);
    expect(within(chase).getAllByRole('link', { name: '11111111' })[0]).toHaveAttribute(
      'href',
      `/borrower-summary?id=${APP_1}`,
    );
    const other = screen.getByRole('region', { name: 'Other creditors (default programme)' });
    expect(cells(within(other).getByRole('table'))).toEqual([
      ['22222222', 'Prepared, not sent', 'Sep 10, 2026', '—', '1 dayof 30'],
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

  it('makes today’s batch file, then offers it to download', async () => {
    const app = renderRoutes(routes, '/proposals');
    const panel = await screen.findByRole('region', { name: 'Today’s batch file' });
    expect(within(panel).getByRole('status')).toHaveTextContent('3 proposals waiting for today’s file.');
    await app.user.click(within(panel).getByRole('button', { name: 'Make today’s batch file' }));
    const link = await within(panel).findByRole('link', { name: 'Download dmp-proposals-2026-11-27.csv' });
    expect(link).toHaveAttribute('href', '/api/staff/proposals/batch/2026-11-27');
    expect(within(panel).getByRole('status')).toHaveTextContent('with 3 proposals');
    expect(batches).toBe(1);
  });

  it('links the file made already today without making it again', async () => {
    reply = {
      status: 200,
      body: {
        ...page1,
        batch: {
          agencyDay: '2026-11-27',
          today: { proposalCount: 2, createdAt: '2026-11-27T14:00:00.000Z' },
          waiting: 1,
        },
      },
    };
    renderRoutes(routes, '/proposals');
    const panel = await screen.findByRole('region', { name: 'Today’s batch file' });
    expect(within(panel).getByRole('status')).toHaveTextContent('with 2 proposals. 1 proposal wait');
    expect(
      within(panel).getByRole('link', { name: 'Download dmp-proposals-2026-11-27.csv' }),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('marks the ticked proposals mailed, and shows the server’s refusal', async () => {
    const app = renderRoutes(routes, '/proposals');
    const panel = await screen.findByRole('region', { name: 'To mail' });
    const button = within(panel).getByRole('button', { name: 'Mark as mailed' });
    expect(button).toBeDisabled();
    await app.user.click(within(panel).getByRole('checkbox', { name: 'All' }));
    await app.user.click(within(panel).getByRole('button', { name: 'Mark 2 proposals as mailed' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only proposals waiting to be mailed');
    await app.user.click(within(panel).getByRole('checkbox', { name: 'All' }));
    // Named by the account's last four digits, as the printed letter is; one with none on file goes without.
    expect(within(panel).getByText('Account ending 4821')).toBeInTheDocument();
    expect(
      within(panel).getByRole('checkbox', {
        name: 'Mailed: Other creditors (default programme), application 22222222',
      }),
    ).toBeInTheDocument();
    await app.user.click(
      within(panel).getByRole('checkbox', {
        name: 'Mailed: Citibank, account ending 4821, application 11111111',
      }),
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Mark 1 proposal as mailed' }));
    expect(await within(panel).findByText('Marked 1 proposal as mailed.')).toBeInTheDocument();
    expect(mailed).toEqual([{ proposalIds: ['m1', 'm2'] }, { proposalIds: ['m2'] }]);
  });

  it('alerts staff to proposals withdrawn because their offer left the plan, and hides the alert when none', async () => {
    reply = {
      status: 200,
      body: {
        ...page1,
        withdrawn: [
          {
            id: 'w1',
            applicationId: APP_2,
            offerId: 'o7',
            creditorId: 'citi',
            creditorName: 'Citibank',
            channel: 'mail',
            withdrawnAt: '2026-11-27T15:00:00.000Z',
            reason: 'declined',
          },
          {
            id: 'w2',
            applicationId: APP_1,
            offerId: 'o8',
            creditorId: 'chase',
            creditorName: 'Chase Card Services',
            channel: 'batch',
            withdrawnAt: '2026-11-26T15:00:00.000Z',
            reason: 'applicationClosed',
          },
        ],
      },
    };
    renderRoutes(routes, '/proposals');
    const alert = await screen.findByRole('region', { name: 'Withdrawn: do not send' });
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '22222222 Citibank, withdrawn on Nov 27, 2026: The creditor declined the offer (was to go by mail: do not mail a printed copy).',
      '11111111 Chase Card Services, withdrawn on Nov 26, 2026: The application is no longer in creditor review (was to go in the batch file: left out of it).',
    ]);
    expect(within(alert).getByRole('link', { name: '22222222' })).toHaveAttribute(
      'href',
      `/borrower-summary?id=${APP_2}`,
    );
  });

  it('links each proposal to mail to its PDF, to print it from here', async () => {
    renderRoutes(routes, '/proposals');
    const panel = await screen.findByRole('region', { name: 'To mail' });
    expect(panel).toHaveTextContent('Print each from its PDF');
    expect(
      within(panel).getByRole('link', {
        name: 'Proposal PDF for Citibank, account ending 4821, application 11111111',
      }),
    ).toHaveAttribute('href', `/api/staff/applications/${APP_1}/offers/o6/proposal`);
    expect(
      within(panel).getByRole('link', {
        name: 'Proposal PDF for Other creditors (default programme), application 22222222',
      }),
    ).toHaveAttribute('href', `/api/staff/applications/${APP_2}/offers/o5/proposal`);
  });

  it('says a proposal withdrawn because the borrower left its offer out was left out by the borrower', async () => {
    reply = {
      status: 200,
      body: {
        ...page1,
        withdrawn: [
          {
            id: 'w3',
            applicationId: APP_2,
            offerId: 'o9',
            creditorId: 'citi',
            creditorName: 'Citibank',
            channel: 'mail',
            withdrawnAt: '2026-11-27T15:00:00.000Z',
            reason: 'leftOut',
          },
        ],
      },
    };
    renderRoutes(routes, '/proposals');
    const alert = await screen.findByRole('region', { name: 'Withdrawn: do not send' });
    expect(alert).toHaveTextContent('Citibank, withdrawn on Nov 27, 2026: Left out by the borrower');
  });

  it('shows no withdrawn alert when none was withdrawn', async () => {
    renderRoutes(routes, '/proposals');
    await screen.findByRole('region', { name: 'To mail' });
    expect(screen.queryByRole('region', { name: 'Withdrawn: do not send' })).toBeNull();
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
