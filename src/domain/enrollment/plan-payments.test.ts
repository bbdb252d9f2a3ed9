import { describe, expect, it } from 'vitest';
import { agencyEventSchema, type RecordedAgencyEvent } from './agency-events';
import {
  actualBalances,
  creditorProgress,
  owedAsOf,
  paymentsByMonth,
  planActivityOf,
  returnedDraftAction,
  type PlanPaymentsCreditor,
} from './plan-payments';

const APP = '0b0c6a4e-0f7e-4d2a-9a55-6f1f3c2b1a10';
const CHASE = '5f6e7d8c-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
const CITI = '6a7b8c9d-2c3b-4d4e-9f0a-1b2c3d4e5f60';

let seq = 0;
const ev = (
  type: string,
  data: Record<string, unknown>,
  occurredAt = `2027-01-0${(seq % 9) + 1}T12:00:00Z`,
) =>
  agencyEventSchema.parse({
    id: `E-${++seq}`,
    applicationId: APP,
    occurredAt,
    type,
    data,
  }) as RecordedAgencyEvent;

const scheduled = (draftId: string, scheduledFor: string, amount = 31_200) =>
  ev('draft.scheduled', { draftId, amount, scheduledFor });
const settled = (draftId: string, settledOn: string) => ev('draft.settled', { draftId, settledOn });
const returned = (draftId: string, returnedOn: string, returnCode = 'R01') =>
  ev('draft.returned', { draftId, returnedOn, returnCode });
const sent = (
  disbursementId: string,
  offerId: string,
  amount: number,
  sentOn: string,
  o: { draftId?: string; check?: string } = {},
) =>
  ev('disbursement.sent', {
    disbursementId,
    offerId,
    amount,
    sentOn,
    ...(o.draftId ? { draftId: o.draftId } : {}),
    ...(o.check
      ? { method: 'check', checkNumber: o.check }
      : { method: 'electronic', traceNumber: `T${disbursementId}` }),
  });
const posted = (disbursementId: string, postedOn: string) =>
  ev('disbursement.posted', { disbursementId, postedOn });
const rejected = (disbursementId: string, rejectedOn: string) =>
  ev('disbursement.rejected', { disbursementId, rejectedOn });
const reported = (offerId: string, balance: number, asOf: string, occurredAt?: string) =>
  ev('creditor.balance_reported', { offerId, balance, asOf }, occurredAt);

const chase: PlanPaymentsCreditor = {
  offerId: CHASE,
  creditorName: 'Chase',
  balance: 420_000,
  planPayment: 9_800,
  planAprBp: 800,
  term: 48,
};
const citi: PlanPaymentsCreditor = {
  ...chase,
  offerId: CITI,
  creditorName: 'Citi',
  balance: 100_000,
  term: 12,
};

describe('creditorProgress: paid so far, on its way, last reported, months left', () => {
  it.each([
    {
      why: 'nothing yet: nothing paid, the plan term left',
      events: [],
      want: { paidSoFar: 0, onTheWay: 0, lastReported: null, monthsLeft: 48 },
    },
    {
      why: 'sent and not posted: on its way, not paid; the term unchanged',
      events: [sent('P1', CHASE, 9_800, '2027-01-16')],
      want: { paidSoFar: 0, onTheWay: 9_800, lastReported: null, monthsLeft: 48 },
    },
    {
      why: 'posted: paid, and one month fewer',
      events: [sent('P1', CHASE, 9_800, '2027-01-16'), posted('P1', '2027-01-20')],
      want: { paidSoFar: 9_800, onTheWay: 0, lastReported: null, monthsLeft: 47 },
    },
    {
      why: 'rejected: neither paid nor on its way',
      events: [sent('P1', CHASE, 9_800, '2027-01-16'), rejected('P1', '2027-01-21')],
      want: { paidSoFar: 0, onTheWay: 0, lastReported: null, monthsLeft: 48 },
    },
    {
      why: "another creditor's payments do not count",
      events: [sent('P1', CITI, 5_000, '2027-01-16'), posted('P1', '2027-01-20')],
      want: { paidSoFar: 0, onTheWay: 0, lastReported: null, monthsLeft: 48 },
    },
    {
      why: "a report: the months the plan's payment takes to clear it (98,000 at 8% paying 98: 11 months)",
      events: [reported(CHASE, 98_000, '2027-01-25')],
      want: {
        paidSoFar: 0,
        onTheWay: 0,
        lastReported: { balance: 98_000, asOf: '2027-01-25' },
        monthsLeft: 11,
      },
    },
    {
      why: 'a report of zero: paid off',
      events: [reported(CHASE, 0, '2027-01-25')],
      want: { paidSoFar: 0, onTheWay: 0, lastReported: { balance: 0, asOf: '2027-01-25' }, monthsLeft: 0 },
    },
    {
      why: "a report less the payment posted after it: 9,800 left, two months with the month's interest",
      events: [
        reported(CHASE, 19_600, '2027-01-10'),
        sent('P1', CHASE, 9_800, '2027-01-16'),
        posted('P1', '2027-01-20'),
      ],
      want: {
        paidSoFar: 9_800,
        onTheWay: 0,
        lastReported: { balance: 19_600, asOf: '2027-01-10' },
        monthsLeft: 2,
      },
    },
  ])('$why', ({ events, want }) => {
    expect(creditorProgress(chase, planActivityOf(events), '2027-02-01')).toEqual({
      offerId: CHASE,
      ...want,
    });
  });

  it('the newest report the agency saw stands, whatever order the events came in', () => {
    const older = reported(CHASE, 300_000, '2027-01-10', '2027-01-10T12:00:00Z');
    const newer = reported(CHASE, 290_000, '2027-02-10', '2027-02-10T12:00:00Z');
    const activity = planActivityOf([newer, older, newer]);
    expect(creditorProgress(chase, activity, '2027-03-01').lastReported).toEqual({
      balance: 290_000,
      asOf: '2027-02-10',
    });
    expect(activity.reports.map((r) => r.asOf)).toEqual(['2027-01-10', '2027-02-10']);
  });

  it('a payment the plan never pays off has no months left to state', () => {
    const tiny = { ...chase, planPayment: 100 };
    expect(
      creditorProgress(tiny, planActivityOf([reported(CHASE, 420_000, '2027-01-10')]), '2027-02-01')
        .monthsLeft,
    ).toBeNull();
  });
});

describe('owedAsOf and actualBalances: what the creditors owed month by month', () => {
  const activity = planActivityOf([
    scheduled('D1', '2027-01-15'),
    settled('D1', '2027-01-15'),
    sent('P1', CHASE, 9_800, '2027-01-16', { draftId: 'D1' }),
    posted('P1', '2027-01-22'),
    sent('P2', CITI, 5_000, '2027-01-16', { draftId: 'D1', check: '1042' }),
    reported(CHASE, 400_000, '2027-02-05'),
    scheduled('D2', '2027-02-15'),
  ]);

  it.each([
    ['before anything happened: the starting balance', '2027-01-10', 420_000],
    ['after the posting: the starting balance less the payment', '2027-01-25', 410_200],
    ['after the report: the report', '2027-02-06', 400_000],
  ])('%s', (_, day, owed) => {
    expect(owedAsOf(chase, activity, day)).toBe(owed);
  });

  it('counts a check sent but not posted as still owed', () => {
    expect(owedAsOf(citi, activity, '2027-02-06')).toBe(100_000);
  });

  const draftDate = (k: number) => `2027-${String(k + 1).padStart(2, '0')}-15`;
  it.each([
    ['before the first draft: nothing to draw', '2027-01-10', []],
    [
      'in the first month: the start, then today',
      '2027-01-25',
      [
        { month: 0, actual: 520_000 },
        { month: 1, actual: 510_200 },
      ],
    ],
    [
      'in the second month: month 1 as of the day before draft 2, month 2 today',
      '2027-02-20',
      [
        { month: 0, actual: 520_000 },
        { month: 1, actual: 500_000 },
        { month: 2, actual: 500_000 },
      ],
    ],
  ])('%s', (_, today, points) => {
    expect(
      actualBalances({ creditors: [chase, citi], activity, draftDate, termInMonths: 48, today }),
    ).toEqual(points);
  });

  it('draws nothing before the agency says anything a creditor did', () => {
    const drafts = planActivityOf([scheduled('D1', '2027-01-15'), sent('P1', CHASE, 9_800, '2027-01-16')]);
    expect(
      actualBalances({
        creditors: [chase],
        activity: drafts,
        draftDate,
        termInMonths: 48,
        today: '2027-03-01',
      }),
    ).toEqual([]);
  });
});

describe('paymentsByMonth: each draft, newest first, with the payments made from it', () => {
  const names = new Map([
    [CHASE, 'Chase'],
    [CITI, 'Citi'],
  ]);

  it('is empty before any event', () => {
    expect(paymentsByMonth(planActivityOf([]).ledger, names)).toEqual([]);
  });

  it('puts each payment under its draft (named, or the last drawn before it was sent); a loose one last', () => {
    const { ledger } = planActivityOf([
      sent('P0', CITI, 5_000, '2026-12-20'),
      scheduled('D1', '2027-01-15'),
      settled('D1', '2027-01-15'),
      sent('P1', CHASE, 9_800, '2027-01-16', { draftId: 'D1' }),
      posted('P1', '2027-01-22'),
      sent('P2', CITI, 5_000, '2027-01-17', { check: '1042' }),
      scheduled('D2', '2027-02-15'),
      returned('D2', '2027-02-18', 'R01'),
    ]);
    const months = paymentsByMonth(ledger, names);
    expect(months.map((m) => [m.draft?.draftId ?? null, m.payments.map((p) => p.disbursementId)])).toEqual([
      ['D2', []],
      ['D1', ['P1', 'P2']],
      [null, ['P0']],
    ]);
    expect(months[0]!.draft).toMatchObject({
      status: 'returned',
      returnCode: 'R01',
      action: 'addMoney',
      date: '2027-02-15',
    });
    expect(months[1]!.draft).toMatchObject({ status: 'settled', action: null, amount: 31_200 });
    expect(months[1]!.payments).toEqual([
      expect.objectContaining({
        creditorName: 'Chase',
        status: 'posted',
        method: 'electronic',
        traceNumber: 'TP1',
        postedOn: '2027-01-22',
      }),
      expect.objectContaining({
        creditorName: 'Citi',
        status: 'sent',
        method: 'check',
        checkNumber: '1042',
        postedOn: null,
      }),
    ]);
  });
});

describe('returnedDraftAction', () => {
  it.each([
    ['R01', 'addMoney'],
    ['R09', 'addMoney'],
    ['R02', 'newAccount'],
    ['R03', 'newAccount'],
    ['R04', 'newAccount'],
    ['R16', 'newAccount'],
    ['R20', 'newAccount'],
    ['R07', 'authorize'],
    ['R08', 'authorize'],
    ['R10', 'authorize'],
    ['R29', 'call'],
    [null, 'call'],
  ])('%s: %s', (code, action) => {
    expect(returnedDraftAction(code)).toBe(action);
  });
});
