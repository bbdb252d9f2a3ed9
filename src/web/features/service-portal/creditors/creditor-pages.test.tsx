import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditorDetail, CreditorList, ProgrammeVersionView } from '#domain/validation/concessions';
import type { CreditorDetailsView } from '#domain/validation/creditor-details';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { staffSession } from '#web/test/sessions';
import { Component as CreditorPage, NOT_FOUND, READ_ONLY } from './creditor-page';
import { Component as CreditorsPage, LOAD_FAILED } from './creditors-page';
import { REVISE_SUBMIT } from './revise-programme-form';
import { momentOf } from './programme-figures';
import { DETAILS_SAVED, EDIT_DETAILS, NO_DETAILS_HISTORY, SAVE_DETAILS } from './creditor-details-section';

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
  maxTermMonths: 60,
  fairShareBp: 0,
  silentDefault: 'accepted',
  silentAfterDays: 30,
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

const noDetails: CreditorDetailsView = {
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zipCode: null,
  paysByCheck: false,
  paysByAch: false,
  routingNumberLast4: null,
  accountNumberLast4: null,
  proposalChannel: null,
  proposalEmail: null,
  responseDays: null,
  concessionsAfterPayments: null,
};
const savedDetails: CreditorDetailsView = {
  ...noDetails,
  addressLine1: 'PO Box 15298',
  city: 'Wilmington',
  state: 'DE',
  zipCode: '19850',
  paysByCheck: true,
  paysByAch: true,
  routingNumberLast4: '0021',
  accountNumberLast4: '6789',
  proposalChannel: 'batch',
  responseDays: 21,
};

let listReply: { status: number; body: unknown };
let searches: string[];
let detail: CreditorDetail;
let detailStatus: number;
let revisions: unknown[];
let detailChanges: unknown[];
let detailsReply: { status: number; body: unknown };
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
    details: noDetails,
    detailsHistory: [],
    canEdit: true,
  };
  detailChanges = [];
  detailsReply = { status: 200, body: { changed: true } };
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
    http.post('/api/staff/creditors/:id/details', async ({ request }) => {
      detailChanges.push(await request.json());
      if (detailsReply.status === 200) {
        detail = {
          ...detail,
          details: savedDetails,
          detailsHistory: [
            {
              id: 'c1',
              changedBy: 'Robin Relations',
              createdAt: '2026-11-27T09:30:00.000Z',
              reason: 'Remittance address from the issuer',
              before: noDetails,
              after: savedDetails,
            },
          ],
        };
      }
      return HttpResponse.json(detailsReply.body as object, { status: detailsReply.status });
    }),
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
    // The line under each name repeats the four figures that a phone's narrow screen hides (CSS only).
    const onPhone = 'Payment 2%, with a hardship 1.75%; minimum $25.00; version 1';
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      [`Chase Card ServicesCHASE, JPMCB${onPhone}`, '8%', '2%', '1.75%', '$25.00', '1'],
      [`Any other creditor${onPhone}`, '8%', '2%', '1.75%', '$25.00', '1'],
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
    const maxTerm = screen.getByLabelText('Maximum term (months)');
    expect(maxTerm).toHaveValue('60');
    await app.user.clear(maxTerm);
    await app.user.type(maxTerm, '48');
    await app.user.selectOptions(
      screen.getByLabelText('Answer assumed when the creditor is silent'),
      'declined',
    );
    const days = screen.getByLabelText('Days before assuming it');
    await app.user.clear(days);
    await app.user.type(days, '45');
    await app.user.type(screen.getByLabelText('Reason for the change'), 'Agreement renewed for 2027');
    await app.user.click(screen.getByRole('button', { name: REVISE_SUBMIT }));
    expect(await screen.findByText('Version 2 saved: the next offers are made on it.')).toBeInTheDocument();
    expect(revisions).toEqual([
      {
        proposedAprBp: 650,
        paymentBp: 200,
        hardshipPaymentBp: 175,
        minimumPayment: 3050,
        maxTermMonths: 48,
        fairShareBp: 0,
        silentDefault: 'declined',
        silentAfterDays: 45,
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
    const maxTerm = screen.getByLabelText('Maximum term (months)');
    await app.user.clear(maxTerm);
    await app.user.type(maxTerm, '72');
    await app.user.click(screen.getByRole('button', { name: REVISE_SUBMIT }));
    expect(await screen.findByText('Plan APR must be from 0% to 36%')).toBeInTheDocument();
    expect(screen.getByText('Maximum term must be from 1 to 60 months')).toBeInTheDocument();
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

describe('the creditor details', () => {
  const form = () => within(screen.getByRole('form', { name: EDIT_DETAILS }));

  it('shows the details with the ACH numbers masked, and says no change was made yet', async () => {
    detail = { ...detail, details: savedDetails, canEdit: false };
    renderRoutes(routes, '/creditors/chase');
    const section = await screen.findByRole('region', { name: 'Payment and proposal details' });
    expect(section).toHaveTextContent('PO Box 15298');
    expect(section).toHaveTextContent('Wilmington, DE 19850');
    expect(section).toHaveTextContent('ACH: routing •••• 0021, account •••• 6789');
    expect(section).toHaveTextContent('Proposals byElectronic batch');
    expect(section).toHaveTextContent('Usual response time21 days');
    expect(section).toHaveTextContent('ConcessionsFrom the first payment');
    expect(within(section).getByText(NO_DETAILS_HISTORY)).toBeInTheDocument();
    // A counsellor reads only.
    expect(within(section).queryByRole('button', { name: EDIT_DETAILS })).toBeNull();
  });

  it('lets creditor relations staff change them with a reason, then shows the change before → after', async () => {
    const app = renderRoutes(routes, '/creditors/chase');
    await app.user.click(await screen.findByRole('button', { name: EDIT_DETAILS }));
    await app.user.type(form().getByLabelText('Address line 1'), 'PO Box 15298');
    await app.user.type(form().getByLabelText('City'), 'Wilmington');
    await app.user.selectOptions(form().getByLabelText('State'), 'DE');
    await app.user.type(form().getByLabelText('Zip code'), '19850');
    await app.user.click(form().getByLabelText('Check, mailed to the remittance address'));
    await app.user.click(form().getByLabelText("ACH, to the creditor's bank account"));
    await app.user.type(form().getByLabelText('Routing Number'), '021000021');
    await app.user.type(form().getByLabelText('Account Number'), '123456789');
    await app.user.selectOptions(form().getByLabelText('Proposals by'), 'batch');
    await app.user.type(form().getByLabelText('Usual response time (days)'), '21');
    await app.user.type(form().getByLabelText('Reason for the change'), 'Remittance address from the issuer');
    await app.user.click(screen.getByRole('button', { name: SAVE_DETAILS }));
    expect(await screen.findByText(DETAILS_SAVED)).toBeInTheDocument();
    expect(detailChanges).toEqual([
      {
        addressLine1: 'PO Box 15298',
        city: 'Wilmington',
        state: 'DE',
        zipCode: '19850',
        paysByCheck: true,
        paysByAch: true,
        routingNumber: '021000021',
        accountNumber: '123456789',
        proposalChannel: 'batch',
        responseDays: 21,
        concessionsAfterPayments: null,
        reason: 'Remittance address from the issuer',
      },
    ]);
    const history = await screen.findByRole('table', { name: 'Every change of the details, newest first' });
    const [row] = within(history).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Robin Relations');
    expect(row).toHaveTextContent(momentOf('2026-11-27T09:30:00.000Z'));
    expect(row).toHaveTextContent('Remittance address from the issuer');
    expect(row).toHaveTextContent('Address line 1: — → PO Box 15298');
    expect(row).toHaveTextContent('Routing Number: — → •••• 0021');
    expect(row).not.toHaveTextContent('021000021');
  });

  it('shows the messages beside their fields and sends nothing while one is wrong', async () => {
    const app = renderRoutes(routes, '/creditors/chase');
    await app.user.click(await screen.findByRole('button', { name: EDIT_DETAILS }));
    await app.user.click(form().getByLabelText('Check, mailed to the remittance address'));
    await app.user.click(form().getByLabelText("ACH, to the creditor's bank account"));
    await app.user.type(form().getByLabelText('Routing Number'), '021000021');
    await app.user.click(screen.getByRole('button', { name: SAVE_DETAILS }));
    // A check needs the address; a routing number needs its account number.
    expect(await form().findByText('Address line 1 is required')).toBeInTheDocument();
    expect(form().getByText('Zip code is required')).toBeInTheDocument();
    expect(form().getByText('Account Number is required')).toBeInTheDocument();
    expect(form().getByText('Reason for the change is required')).toBeInTheDocument();
    // A routing number failing its check digit, and a count that is no number.
    await app.user.clear(form().getByLabelText('Routing Number'));
    await app.user.type(form().getByLabelText('Routing Number'), '021000022');
    await app.user.type(form().getByLabelText('Account Number'), '123456789');
    await app.user.type(form().getByLabelText('Usual response time (days)'), 'soon');
    await app.user.click(screen.getByRole('button', { name: SAVE_DETAILS }));
    expect(await form().findByText('Routing Number is invalid')).toBeInTheDocument();
    expect(form().getByText('Usual response time (days) is invalid')).toBeInTheDocument();
    expect(detailChanges).toEqual([]);
  });

  it("puts the server's field messages beside their fields (ACH with no numbers stored)", async () => {
    detailsReply = {
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Please check the highlighted fields.',
        fieldErrors: {
          routingNumber: 'Routing Number is required',
          accountNumber: 'Account Number is required',
        },
      },
    };
    const app = renderRoutes(routes, '/creditors/chase');
    await app.user.click(await screen.findByRole('button', { name: EDIT_DETAILS }));
    await app.user.click(form().getByLabelText("ACH, to the creditor's bank account"));
    await app.user.type(form().getByLabelText('Reason for the change'), 'ACH from now on');
    await app.user.click(screen.getByRole('button', { name: SAVE_DETAILS }));
    expect(await screen.findByText('Routing Number is required')).toBeInTheDocument();
    expect(screen.getByText('Account Number is required')).toBeInTheDocument();
    expect(detailChanges).toHaveLength(1);
  });
});
