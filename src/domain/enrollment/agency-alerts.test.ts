import { describe, expect, it } from 'vitest';
import {
  agencyAlertFigures,
  agencyAlertHolds,
  agencyAlertKey,
  agencyAlertSubject,
  ledgerAlerts,
  postingDeadline,
  unpostedPayments,
} from './agency-alerts';
import { foldAgencyEvents, type AgencyEvent } from './agency-events';

// Which alerts the agency's events call for, decided from the folded ledger: the same however the events
// arrive (twice, late, out of order), one per draft, payment or creditor.

const APP = '11111111-1111-4111-8111-111111111111';
const OFFER = '22222222-2222-4222-8222-222222222222';

const ev = (id: string, occurredAt: string, rest: Pick<AgencyEvent, 'type' | 'data'>): AgencyEvent =>
  ({ id, applicationId: APP, occurredAt, ...rest }) as AgencyEvent;

const scheduled = ev('e-sched', '2026-12-14T12:00:00Z', {
  type: 'draft.scheduled',
  data: { draftId: 'D-1', amount: 31_200, scheduledFor: '2026-12-15' },
});
const returned = ev('e-ret', '2026-12-18T12:00:00Z', {
  type: 'draft.returned',
  data: { draftId: 'D-1', returnCode: 'R01', returnedOn: '2026-12-18' },
});
const returnedAgain = ev('e-ret-2', '2026-12-19T12:00:00Z', {
  type: 'draft.returned',
  data: { draftId: 'D-1', returnCode: 'R01', returnedOn: '2026-12-18' },
});
const balance = (id: string, at: string, value: number, asOf: string) =>
  ev(id, at, { type: 'creditor.balance_reported', data: { offerId: OFFER, balance: value, asOf } });
const sent = (id: string, sentOn: string) =>
  ev(id, `${sentOn}T15:00:00Z`, {
    type: 'disbursement.sent',
    data: {
      disbursementId: `P-${id}`,
      offerId: OFFER,
      amount: 9_800,
      method: 'electronic',
      traceNumber: '021000021234567',
      sentOn,
    },
  });

describe('ledgerAlerts', () => {
  it('calls for one alert per returned draft, triggered by the return, whatever the order and repeats', () => {
    const inOrder = ledgerAlerts(foldAgencyEvents([scheduled, returned]));
    const reversed = ledgerAlerts(foldAgencyEvents([returnedAgain, returned, returned, scheduled]));
    const expected = [{ type: 'draftReturned', subject: 'D-1', eventId: 'e-ret' }];
    expect(inOrder).toEqual(expected);
    expect(reversed).toEqual(expected);
  });

  it('calls for none while a draft is only scheduled or settled', () => {
    const settled = ev('e-set', '2026-12-16T12:00:00Z', {
      type: 'draft.settled',
      data: { draftId: 'D-1', settledOn: '2026-12-16' },
    });
    expect(ledgerAlerts(foldAgencyEvents([scheduled, settled]))).toEqual([]);
  });

  it('calls a creditor paid off only when its newest reported balance, in the order they happened, is 0', () => {
    const high = balance('b-high', '2026-12-01T12:00:00Z', 50_000, '2026-12-01');
    const zero = balance('b-zero', '2026-12-10T12:00:00Z', 0, '2026-12-10');
    const paidOff = [{ type: 'creditorPaidOff', subject: OFFER, eventId: 'b-zero' }];
    expect(ledgerAlerts(foldAgencyEvents([high, zero]))).toEqual(paidOff);
    // The same two arriving the other way round.
    expect(ledgerAlerts(foldAgencyEvents([zero, high]))).toEqual(paidOff);
    // A 0 that happened before a newer balance is not a payoff, even when it arrives last.
    const earlyZero = balance('b-early', '2026-11-01T12:00:00Z', 0, '2026-11-01');
    expect(ledgerAlerts(foldAgencyEvents([high, earlyZero]))).toEqual([]);
    // A payment to the creditor of the whole balance is not a payoff until the creditor says so.
    expect(ledgerAlerts(foldAgencyEvents([high, sent('s1', '2026-12-02')]))).toEqual([]);
  });

  it('names what an alert is about from its triggering event, the key once raised', () => {
    expect(agencyAlertSubject('draftReturned', returned)).toBe('D-1');
    expect(agencyAlertSubject('creditorPaymentNotPosted', sent('s2', '2026-11-02'))).toBe('P-s2');
    expect(agencyAlertSubject('creditorPaidOff', balance('b', '2026-12-10T12:00:00Z', 0, '2026-12-10'))).toBe(
      OFFER,
    );
    // An event of another kind is about nothing this alert counts.
    expect(agencyAlertSubject('draftReturned', scheduled)).toBeNull();
    expect(agencyAlertKey({ type: 'draftReturned', subject: 'D-1' })).toBe('draftReturned:D-1');
  });
});

describe('the posting window in business days', () => {
  it('skips the weekend and a bank holiday (Veterans Day, Thanksgiving)', () => {
    // Monday 2 November 2026: ten business days without Wednesday the 11th (Veterans Day) and two weekends.
    expect(postingDeadline('2026-11-02', 10)).toBe('2026-11-17');
    // Friday 20 November: without Thanksgiving (the 26th) and the weekends.
    expect(postingDeadline('2026-11-20', 10)).toBe('2026-12-07');
    // A payment sent on a Saturday counts from the Monday after.
    expect(postingDeadline('2026-11-07', 1)).toBe('2026-11-09');
  });

  it('calls a payment late from the day after its deadline, never before, and never once posted or rejected', () => {
    const payment = sent('late', '2026-11-02');
    const ledger = foldAgencyEvents([payment]);
    expect(unpostedPayments(ledger, '2026-11-16', 10)).toEqual([]);
    expect(unpostedPayments(ledger, '2026-11-17', 10)).toEqual([]);
    expect(unpostedPayments(ledger, '2026-11-18', 10)).toEqual([
      { type: 'creditorPaymentNotPosted', subject: 'P-late', eventId: 'late' },
    ]);
    // Configured to a shorter window, the same payment is late sooner.
    expect(unpostedPayments(ledger, '2026-11-10', 5)).toHaveLength(1);
    const posted = ev('posted', '2026-11-12T12:00:00Z', {
      type: 'disbursement.posted',
      data: { disbursementId: 'P-late', postedOn: '2026-11-12' },
    });
    const rejected = ev('rejected', '2026-11-12T12:00:00Z', {
      type: 'disbursement.rejected',
      data: { disbursementId: 'P-late', rejectedOn: '2026-11-12' },
    });
    expect(unpostedPayments(foldAgencyEvents([payment, posted]), '2026-12-01', 10)).toEqual([]);
    expect(unpostedPayments(foldAgencyEvents([rejected, payment]), '2026-12-01', 10)).toEqual([]);
  });

  it.each([
    { case: 'still only sent', events: ['sent'], holds: true },
    { case: 'posted after it was called late', events: ['sent', 'posted'], holds: false },
    { case: 'refused by the creditor', events: ['sent', 'rejected'], holds: false },
    { case: 'posted, the news arriving before the sending', events: ['posted', 'sent'], holds: false },
  ])('a late payment’s alert holds while the payment is $case: $holds', ({ events, holds }) => {
    const byName: Record<string, AgencyEvent> = {
      sent: sent('late', '2026-11-02'),
      posted: ev('posted', '2026-11-20T12:00:00Z', {
        type: 'disbursement.posted',
        data: { disbursementId: 'P-late', postedOn: '2026-11-20' },
      }),
      rejected: ev('rejected', '2026-11-20T12:00:00Z', {
        type: 'disbursement.rejected',
        data: { disbursementId: 'P-late', rejectedOn: '2026-11-20' },
      }),
    };
    const ledger = foldAgencyEvents(events.map((name) => byName[name]!));
    expect(agencyAlertHolds('creditorPaymentNotPosted', 'P-late', ledger)).toBe(holds);
  });

  it('keeps a returned draft and a payoff: they happened, whatever follows', () => {
    const ledger = foldAgencyEvents([scheduled, returned]);
    expect(agencyAlertHolds('draftReturned', 'D-1', ledger)).toBe(true);
    expect(agencyAlertHolds('creditorPaidOff', OFFER, foldAgencyEvents([]))).toBe(true);
  });
});

describe('agencyAlertFigures', () => {
  const names = { creditorName: (id: string | null) => (id === OFFER ? 'Capital One' : ''), windowDays: 10 };

  it('tells a returned draft with the amount a later event gave, and its due day', () => {
    const early = foldAgencyEvents([returned]);
    expect(agencyAlertFigures('draftReturned', 'D-1', early, names)).toEqual({
      kind: 'draftReturned',
      amount: null,
      date: '2026-12-18',
      returnCode: 'R01',
    });
    expect(
      agencyAlertFigures('draftReturned', 'D-1', foldAgencyEvents([returned, scheduled]), names),
    ).toEqual({
      kind: 'draftReturned',
      amount: 31_200,
      date: '2026-12-15',
      returnCode: 'R01',
    });
  });

  it('tells a late payment with its creditor, proof and deadline, and a payoff with its day', () => {
    const ledger = foldAgencyEvents([
      sent('x', '2026-11-02'),
      balance('b', '2026-12-10T12:00:00Z', 0, '2026-12-10'),
    ]);
    expect(agencyAlertFigures('creditorPaymentNotPosted', 'P-x', ledger, names)).toEqual({
      kind: 'paymentNotPosted',
      creditor: 'Capital One',
      amount: 9_800,
      sentOn: '2026-11-02',
      method: 'electronic',
      reference: '021000021234567',
      deadline: '2026-11-17',
    });
    expect(agencyAlertFigures('creditorPaidOff', OFFER, ledger, names)).toEqual({
      kind: 'paidOff',
      creditor: 'Capital One',
      asOf: '2026-12-10',
    });
    expect(agencyAlertFigures('draftReturned', 'D-none', ledger, names)).toBeNull();
    // Once raised, a payoff is told as of the report that raised it, whatever was reported since.
    const first = balance('b-first', '2026-12-08T12:00:00Z', 0, '2026-12-08');
    expect(agencyAlertFigures('creditorPaidOff', OFFER, ledger, { ...names, trigger: first })).toEqual({
      kind: 'paidOff',
      creditor: 'Capital One',
      asOf: '2026-12-08',
    });
  });
});
