import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditorDetail, CreditorList, ProgrammeVersionView } from '#domain/validation/concessions';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { staffSession } from '#web/test/sessions';
import { Component as CreditorPage, NOT_FOUND, READ_ONLY } from './creditor-page';
import { Component as CreditorsPage, LOAD_FAILED } from './creditors-page';
import { REVISE_SUBMIT } from './revise-programme-form';

// The creditors in the service portal: the list and its search, one creditor's programme with its history,
// and the revision form creditor relations staff get.

const v1: ProgrammeVersionView = {
  id: 'chase@1',
  version: 1,
  effectiveFrom: '2009-04-01T00:00:00.000Z',
  proposedAprBp: 800,
  paymentBp: 200,
  hardshipPaymentBp: 175,
  minimumPayment: 2500,
  source: 'NFCC programme, April 2009',
  reason: null,
  createdBy: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const v2: ProgrammeVersionView = {
  ...v1,
  id: 'chase@2',
  version: 2,
  effectiveFrom: '2026-11-27T09:00:00.000Z',
  proposedAprBp: 650,
  minimumPayment: 3050,
  source: null,
  reason: 'Agreement renewed for 2027',
  createdBy: 'Robin Relations',
  createdAt: '2026-11-27T09:00:00.000Z',
};

let listReply: { status: number; body: unknown };
let searches: string[];
let detail: CreditorDetail;
let detailStatus: number;
let revisions: unknown[];
let reviseReply: { status: number; body: unknown };

beforeEach(() => {
  searches = [];
  revisions = [];
  listReply = {
    status: 200,
    body: {
      items: [
        { id: 'chase', name: 'Chase Card Services', matchNames: ['CHASE', 'JPMCB'], inForce: v1 },
        { id: 'default', name: 'Any other creditor', matchNames: [], inForce: { ...v1, id: 'default@1' } },
      ],
      more: false,
    } satisfies CreditorList,
  };
  detail = {
    id: 'chase',
    name: 'Chase Card Services',
    matchNames: ['CHASE', 'JPMCB'],
    inForce: v1,
    versions: [v1],
    canEdit: true,
  };
  detailStatus = 200;
  reviseReply = { status: 201, body: { id: 'chase@2', version: 2 } };
  server.use(
    http.get('/api/session', () => HttpResponse.json(staffSession())),
    http.get('/api/staff/creditors', ({ request }) => {
      searches.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.json(listReply.body as object, { status: listReply.status });
    }),
    http.get('/api/staff/creditors/:id', () =>
      detailStatus === 200
        ? HttpResponse.json(detail)
        : HttpResponse.json({ code: 'NotFound', message: 'No such creditor.' }, { status: detailStatus }),
    ),
    http.post('/api/staff/creditors/:id/programme', async ({ request }) => {
      revisions.push(await request.json());
      if (reviseReply.status === 201) detail = { ...detail, inForce: v2, versions: [v2, v1] };
      return HttpResponse.json(reviseReply.body as object, { status: reviseReply.status });
    }),
  );
});

const routes = [
  { path: '/creditors', Component: CreditorsPage },
  { path: '/creditors/:creditorId', Component: CreditorPage },
];

describe('/creditors', () => {
  it('lists each creditor with its programme in force, linked to its page', async () => {
    renderRoutes(routes, '/creditors');
    const table = await screen.findByRole('table', { name: 'Creditors and their programmes in force' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Chase Card ServicesCHASE, JPMCB', '8%', '2%', '1.75%', '$25.00', '1'],
      ['Any other creditor', '8%', '2%', '1.75%', '$25.00', '1'],
    ]);
    expect(within(table).getByRole('link', { name: 'Chase Card Services' })).toHaveAttribute(
      'href',
      '/creditors/chase',
    );
  });

  it('searches by what is typed, keeps it in the address, and says when nothing matches', async () => {
    const app = renderRoutes(routes, '/creditors');
    await screen.findByRole('table');
    listReply = { status: 200, body: { items: [], more: false } };
    await app.user.type(screen.getByRole('searchbox', { name: 'Search creditors' }), 'citizens');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No creditor matches “citizens”.')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?search=citizens');
    expect(searches).toEqual(['', 'citizens']);
  });

  it('offers a retry when the list cannot be read', async () => {
    listReply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    renderRoutes(routes, '/creditors');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/creditors/:creditorId', () => {
  it('shows the programme in force and its history; a counsellor reads but cannot revise', async () => {
    detail = { ...detail, inForce: v2, versions: [v2, v1], canEdit: false };
    renderRoutes(routes, '/creditors/chase');
    expect(await screen.findByRole('heading', { level: 2, name: /In force: version 2/ })).toBeInTheDocument();
    const inForce = screen.getByRole('region', { name: /In force: version 2/ });
    expect(inForce).toHaveTextContent('Plan APR6.5%');
    expect(inForce).toHaveTextContent('Minimum payment$30.50');
    const history = screen.getByRole('table', { name: 'Every version, newest first' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Robin Relations');
    expect(rows[0]).toHaveTextContent('Agreement renewed for 2027');
    expect(rows[1]).toHaveTextContent('Shipped with the product');
    expect(rows[1]).toHaveTextContent('NFCC programme, April 2009');
    expect(screen.getByText(READ_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REVISE_SUBMIT })).toBeNull();
  });

  it('lets creditor relations staff save a new version, sent in basis points and cents, then shows it', async () => {
    const app = renderRoutes(routes, '/creditors/chase');
    const apr = await screen.findByLabelText('Plan APR (percent)');
    expect(apr).toHaveValue('8');
    await app.user.clear(apr);
    await app.user.type(apr, '6.5');
    const minimum = screen.getByLabelText('Minimum payment (dollars)');
    await app.user.clear(minimum);
    await app.user.type(minimum, '30.50');
    await app.user.type(screen.getByLabelText('Reason for the change'), 'Agreement renewed for 2027');
    await app.user.click(screen.getByRole('button', { name: REVISE_SUBMIT }));
    expect(await screen.findByText('Version 2 saved: the next offers are made on it.')).toBeInTheDocument();
    expect(revisions).toEqual([
      {
        proposedAprBp: 650,
        paymentBp: 200,
        hardshipPaymentBp: 175,
        minimumPayment: 3050,
        reason: 'Agreement renewed for 2027',
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: /In force: version 2/ })).toBeInTheDocument(),
    );
  });

  it('shows each field message beside its field and sends nothing while one is wrong', async () => {
    const app = renderRoutes(routes, '/creditors/chase');
    const apr = await screen.findByLabelText('Plan APR (percent)');
    await app.user.clear(apr);
    await app.user.type(apr, '40');
    await app.user.click(screen.getByRole('button', { name: REVISE_SUBMIT }));
    expect(await screen.findByText('Plan APR must be from 0% to 36%')).toBeInTheDocument();
    expect(screen.getByText('Reason for the change is required')).toBeInTheDocument();
    expect(revisions).toEqual([]);
  });

  it("shows the server's refusal (a counsellor whose group changed meanwhile)", async () => {
    reviseReply = {
      status: 403,
      body: { code: 'Forbidden', message: 'Only creditor relations staff can change a programme.' },
    };
    const app = renderRoutes(routes, '/creditors/chase');
    await app.user.type(await screen.findByLabelText('Reason for the change'), 'New terms');
    await app.user.click(screen.getByRole('button', { name: REVISE_SUBMIT }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('says so when there is no such creditor', async () => {
    detailStatus = 404;
    renderRoutes(routes, '/creditors/nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
  });
});
