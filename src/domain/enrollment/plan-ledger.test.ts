import { describe, expect, it } from 'vitest';
import {
  foldAgencyEvents,
  latestOverdueSentOn,
  postingOverdue,
  UNPOSTED_WINDOW_BUSINESS_DAYS,
  type AgencyEvent,
  type DisbursementState,
  type DraftState,
} from './agency-events';
import { ledgerMonths, planLedgerView, type LedgerFees } from './plan-ledger';

const FEES: LedgerFees = { monthlyFee: 2_500, setupFee: 3_500, setupFeeDate: '2026-07-15' };
const TODAY = '2026-11-30';
const OFFER_A = '11111111-1111-4111-8111-111111111111';
const OFFER_B = '22222222-2222-4222-8222-222222222222';

const draft = (over: Partial<DraftState> & { draftId: string }): DraftState => ({
  status: 'settled',
  amount: 40_000,
  scheduledFor: '2026-08-15',
  settledOn: '2026-08-17',
  returnedOn: null,
  returnCode: null,
  statusEventId: `e-${over.draftId}`,
  ...over,
});

const paid = (over: Partial<DisbursementState> & { disbursementId: string }): DisbursementState => ({
  status: 'posted',
  offerId: OFFER_A,
  draftId: null,
  amount: 10_000,
  method: 'electronic',
  traceNumber: `T-${over.disbursementId}`,
  checkNumber: null,
  sentOn: '2026-08-19',
  postedOn: '2026-08-21',
  rejectedOn: null,
  statusEventId: `e-${over.disbursementId}`,
  ...over,
});

type Row = {
  name: string;
  drafts: DraftState[];
  disbursements: DisbursementState[];
  expected: {
    reconciliation: string;
    fee: number | null;
    collected: number;
    disbursed: number;
    difference: number | null;
  };
};

// One month (August 2026) each: the draft of 400.00 pays 375.00 to creditors and 25.00 of fee when it balances.
const ROWS: Row[] = [
  {
    name: 'settled, creditors plus fee equal the draft: balanced',
    drafts: [draft({ draftId: 'd1' })],
    disbursements: [
      paid({ disbursementId: 'p1', draftId: 'd1', amount: 25_000 }),
      paid({
        disbursementId: 'p2',
        draftId: 'd1',
        amount: 12_500,
        offerId: OFFER_B,
        status: 'sent',
        postedOn: null,
      }),
    ],
    expected: {
      reconciliation: 'balanced',
      fee: 2_500,
      collected: 40_000,
      disbursed: 37_500,
      difference: null,
    },
  },
  {
    name: 'settled, a creditor paid a cent short: flagged with the cent left over',
    drafts: [draft({ draftId: 'd1' })],
    disbursements: [
      paid({ disbursementId: 'p1', draftId: 'd1', amount: 25_000 }),
      paid({ disbursementId: 'p2', draftId: 'd1', amount: 12_499 }),
    ],
    expected: { reconciliation: 'flagged', fee: 2_500, collected: 40_000, disbursed: 37_499, difference: 1 },
  },
  {
    name: 'settled, paid out more than came in: flagged with a negative difference',
    drafts: [draft({ draftId: 'd1' })],
    disbursements: [paid({ disbursementId: 'p1', draftId: 'd1', amount: 40_000 })],
    expected: {
      reconciliation: 'flagged',
      fee: 2_500,
      collected: 40_000,
      disbursed: 40_000,
      difference: -2_500,
    },
  },
  {
    name: 'a rejected payment paid nobody: the money it leaves over flags the month',
    drafts: [draft({ draftId: 'd1' })],
    disbursements: [
      paid({ disbursementId: 'p1', draftId: 'd1', amount: 25_000 }),
      paid({
        disbursementId: 'p2',
        draftId: 'd1',
        amount: 12_500,
        status: 'rejected',
        rejectedOn: '2026-08-25',
      }),
    ],
    expected: {
      reconciliation: 'flagged',
      fee: 2_500,
      collected: 40_000,
      disbursed: 25_000,
      difference: 12_500,
    },
  },
  {
    name: 'the rejected payment sent again balances the month',
    drafts: [draft({ draftId: 'd1' })],
    disbursements: [
      paid({ disbursementId: 'p1', draftId: 'd1', amount: 25_000 }),
      paid({
        disbursementId: 'p2',
        draftId: 'd1',
        amount: 12_500,
        status: 'rejected',
        rejectedOn: '2026-08-25',
      }),
      paid({ disbursementId: 'p3', draftId: 'd1', amount: 12_500, sentOn: '2026-08-27' }),
    ],
    expected: {
      reconciliation: 'balanced',
      fee: 2_500,
      collected: 40_000,
      disbursed: 37_500,
      difference: null,
    },
  },
  {
    name: 'a draft only scheduled, nothing paid out: pending, no fee yet',
    drafts: [draft({ draftId: 'd1', status: 'scheduled', settledOn: null })],
    disbursements: [],
    expected: { reconciliation: 'pending', fee: null, collected: 0, disbursed: 0, difference: null },
  },
  {
    name: 'a returned draft with nothing paid out: nothing came in, nothing went out',
    drafts: [draft({ draftId: 'd1', status: 'returned', returnedOn: '2026-08-19', returnCode: 'R01' })],
    disbursements: [],
    expected: { reconciliation: 'balanced', fee: 0, collected: 0, disbursed: 0, difference: null },
  },
  {
    name: 'a returned draft whose creditors were paid anyway: flagged',
    drafts: [draft({ draftId: 'd1', status: 'returned', returnedOn: '2026-08-19', returnCode: 'R01' })],
    disbursements: [paid({ disbursementId: 'p1', draftId: 'd1', amount: 37_500 })],
    expected: { reconciliation: 'flagged', fee: 0, collected: 0, disbursed: 37_500, difference: -37_500 },
  },
  {
    name: 'a payment with no draft in its month: flagged',
    drafts: [],
    disbursements: [paid({ disbursementId: 'p1', amount: 37_500 })],
    expected: { reconciliation: 'flagged', fee: 0, collected: 0, disbursed: 37_500, difference: -37_500 },
  },
  {
    name: 'a settled draft whose amount the agency never sent: flagged, no difference to show',
    drafts: [draft({ draftId: 'd1', amount: null })],
    disbursements: [paid({ disbursementId: 'p1', draftId: 'd1', amount: 37_500 })],
    expected: { reconciliation: 'flagged', fee: 2_500, collected: 0, disbursed: 37_500, difference: null },
  },
  {
    name: 'a returned draft and its settled second try: the settled one is reconciled, once fee',
    drafts: [
      draft({
        draftId: 'd1',
        status: 'returned',
        settledOn: null,
        returnedOn: '2026-08-18',
        returnCode: 'R01',
      }),
      draft({ draftId: 'd2', scheduledFor: '2026-08-25', settledOn: '2026-08-25' }),
    ],
    disbursements: [paid({ disbursementId: 'p1', draftId: 'd2', amount: 37_500, sentOn: '2026-08-26' })],
    expected: {
      reconciliation: 'balanced',
      fee: 2_500,
      collected: 40_000,
      disbursed: 37_500,
      difference: null,
    },
  },
];

describe('ledgerMonths: the reconciliation rule', () => {
  it.each(ROWS)('$name', ({ drafts, disbursements, expected }) => {
    const [month, ...others] = ledgerMonths({ drafts, disbursements }, FEES, { today: TODAY });
    expect(others).toEqual([]);
    expect(month).toMatchObject({ month: '2026-08', ...expected });
  });

  it('adds the set-up fee to the month of the first draft only', () => {
    const months = ledgerMonths(
      {
        drafts: [
          draft({ draftId: 'july', scheduledFor: '2026-07-15', settledOn: '2026-07-15', amount: 43_500 }),
          draft({ draftId: 'aug' }),
        ],
        disbursements: [
          paid({ disbursementId: 'p-july', draftId: 'july', amount: 37_500, sentOn: '2026-07-16' }),
          paid({ disbursementId: 'p-aug', draftId: 'aug', amount: 37_500 }),
        ],
      },
      FEES,
      { today: TODAY },
    );
    expect(months.map((m) => [m.month, m.fee, m.reconciliation])).toEqual([
      ['2026-07', 6_000, 'balanced'],
      ['2026-08', 2_500, 'balanced'],
    ]);
  });

  it("groups a payment in its draft's month even when it was sent in the next one, oldest month first", () => {
    const months = ledgerMonths(
      {
        drafts: [
          draft({ draftId: 'sep', scheduledFor: '2026-09-28', settledOn: '2026-09-30' }),
          draft({ draftId: 'aug' }),
        ],
        disbursements: [
          paid({ disbursementId: 'late', draftId: 'sep', amount: 37_500, sentOn: '2026-10-01' }),
          paid({ disbursementId: 'loose', amount: 37_500, sentOn: '2026-08-20' }),
        ],
      },
      FEES,
      { today: TODAY },
    );
    expect(
      months.map((m) => [m.month, m.disbursements.map((d) => d.disbursementId), m.reconciliation]),
    ).toEqual([
      ['2026-08', ['loose'], 'balanced'],
      ['2026-09', ['late'], 'balanced'],
    ]);
  });

  it('names each creditor and marks a payment past the posting window as overdue', () => {
    const view = planLedgerView(
      {
        drafts: [draft({ draftId: 'nov', scheduledFor: '2026-11-02', settledOn: '2026-11-02' })],
        disbursements: [
          // Sent 2026-11-02: the window's tenth business day is 2026-11-17 (Veterans Day is not one).
          paid({
            disbursementId: 'a',
            draftId: 'nov',
            amount: 25_000,
            status: 'sent',
            sentOn: '2026-11-02',
            postedOn: null,
          }),
          paid({
            disbursementId: 'b',
            draftId: 'nov',
            amount: 12_500,
            offerId: OFFER_B,
            status: 'sent',
            sentOn: '2026-11-20',
            postedOn: null,
            method: 'check',
            traceNumber: null,
            checkNumber: '1042',
          }),
        ],
      },
      FEES,
      { today: '2026-11-18', creditorNames: new Map([[OFFER_A, 'Capital One']]) },
    );
    expect(view.flaggedMonths).toBe(0);
    expect(view.months[0]!.disbursements.map((d) => [d.disbursementId, d.creditorName, d.overdue])).toEqual([
      ['a', 'Capital One', true],
      ['b', null, false],
    ]);
  });

  it('reads a ledger folded from events that arrived out of order', () => {
    const applicationId = '33333333-3333-4333-8333-333333333333';
    const at = (t: string) => `2026-08-${t}T12:00:00Z`;
    const events: AgencyEvent[] = [
      {
        id: 'p1-posted',
        applicationId,
        occurredAt: at('21'),
        type: 'disbursement.posted',
        data: { disbursementId: 'p1', postedOn: '2026-08-21' },
      },
      {
        id: 'd1-settled',
        applicationId,
        occurredAt: at('17'),
        type: 'draft.settled',
        data: { draftId: 'd1', settledOn: '2026-08-17' },
      },
      {
        id: 'd1-scheduled',
        applicationId,
        occurredAt: at('10'),
        type: 'draft.scheduled',
        data: { draftId: 'd1', amount: 40_000, scheduledFor: '2026-08-15' },
      },
      {
        id: 'p1-sent',
        applicationId,
        occurredAt: at('19'),
        type: 'disbursement.sent',
        data: {
          disbursementId: 'p1',
          offerId: OFFER_A,
          draftId: 'd1',
          amount: 37_500,
          method: 'electronic',
          traceNumber: '021000021234567',
          sentOn: '2026-08-19',
        },
      },
    ];
    const [month] = ledgerMonths(foldAgencyEvents(events), FEES, { today: TODAY });
    expect(month).toMatchObject({ month: '2026-08', reconciliation: 'balanced', collected: 40_000 });
    expect(month!.disbursements[0]).toMatchObject({ status: 'posted', traceNumber: '021000021234567' });
  });
});

describe('the posting window', () => {
  it.each([
    ['2026-11-02', '2026-11-17', false],
    ['2026-11-02', '2026-11-18', true],
    ['2026-11-20', '2026-11-30', false],
    // Thanksgiving (2026-11-26) is not a business day: sent the 13th, the tenth is the 30th itself.
    ['2026-11-13', '2026-11-30', false],
    ['2026-11-12', '2026-11-30', true],
  ])('sent %s, on %s overdue: %s', (sentOn, today, overdue) => {
    expect(postingOverdue(sentOn, today)).toBe(overdue);
  });

  it('is ten business days', () => {
    expect(UNPOSTED_WINDOW_BUSINESS_DAYS).toBe(10);
  });

  it.each(['2026-11-18', '2026-11-30', '2027-01-04', '2026-07-06'])(
    'the newest overdue sending day on %s is overdue and the day after it is not',
    (today) => {
      const day = latestOverdueSentOn(today);
      expect(postingOverdue(day, today)).toBe(true);
      const next = new Date(`${day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(postingOverdue(next.toISOString().slice(0, 10), today)).toBe(false);
    },
  );
});
