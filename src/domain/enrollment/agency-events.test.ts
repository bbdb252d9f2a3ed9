import { describe, expect, it } from 'vitest';
import {
  agencyEventProblem,
  agencyEventSchema,
  foldAgencyEvents,
  returnCodeReason,
  RETURN_CODE_MESSAGES,
  type RecordedAgencyEvent,
} from './agency-events';

const APP = '0b0c6a4e-0f7e-4d2a-9a55-6f1f3c2b1a10';
const OFFER = '5f6e7d8c-1b2a-4c3d-8e9f-0a1b2c3d4e5f';

const at = (day: number, hour = 12) => `2026-12-${String(day).padStart(2, '0')}T${hour}:00:00Z`;
const ev = (
  id: string,
  occurredAt: string,
  rest: Omit<RecordedAgencyEvent, 'id' | 'applicationId' | 'occurredAt'>,
) => agencyEventSchema.parse({ id, applicationId: APP, occurredAt, ...rest });

const scheduled = (id: string, day: number) =>
  ev(id, at(day), {
    type: 'draft.scheduled',
    data: { draftId: 'D-1', amount: 31_200, scheduledFor: '2026-12-15' },
  });
const settled = (id: string, day: number) =>
  ev(id, at(day), { type: 'draft.settled', data: { draftId: 'D-1', settledOn: '2026-12-16' } });
const returned = (id: string, day: number, returnCode = 'R01') =>
  ev(id, at(day), { type: 'draft.returned', data: { draftId: 'D-1', returnCode, returnedOn: '2026-12-18' } });
const sent = (id: string, day: number) =>
  ev(id, at(day), {
    type: 'disbursement.sent',
    data: {
      disbursementId: 'P-1',
      offerId: OFFER,
      draftId: 'D-1',
      amount: 9_800,
      method: 'electronic',
      traceNumber: '021000021234567',
      sentOn: '2026-12-17',
    },
  });
const posted = (id: string, day: number) =>
  ev(id, at(day), { type: 'disbursement.posted', data: { disbursementId: 'P-1', postedOn: '2026-12-19' } });
const rejected = (id: string, day: number) =>
  ev(id, at(day), {
    type: 'disbursement.rejected',
    data: { disbursementId: 'P-1', rejectedOn: '2026-12-20' },
  });

describe('foldAgencyEvents: a draft', () => {
  // Each case: the events as received (any order, repeats), and the draft's status they add up to.
  it.each([
    ['in order: scheduled, settled', [scheduled('e1', 14), settled('e2', 16)], 'settled'],
    ['out of order: settled received before scheduled', [settled('e2', 16), scheduled('e1', 14)], 'settled'],
    [
      'twice: the same settled received again',
      [scheduled('e1', 14), settled('e2', 16), settled('e2', 16)],
      'settled',
    ],
    ['returned after it settled', [scheduled('e1', 14), settled('e2', 16), returned('e3', 18)], 'returned'],
    // The "settled" sent late (its moment is after the return) does not undo the return.
    [
      'a late settled after the return',
      [scheduled('e1', 14), returned('e3', 18), settled('e4', 19)],
      'returned',
    ],
    // A "scheduled" for the same draft, received last but dated first, does not take it back.
    ['a late scheduled', [returned('e3', 18), settled('e2', 16), scheduled('e1', 14)], 'returned'],
  ])('%s → %s', (_label, events, status) => {
    const ledger = foldAgencyEvents(events);
    expect(ledger.drafts).toHaveLength(1);
    expect(ledger.drafts[0]!.status).toBe(status);
  });

  it('keeps the amount of the scheduled event and the return code, whatever order they came in', () => {
    const ledger = foldAgencyEvents([returned('e3', 18, 'R08'), scheduled('e1', 14), settled('e2', 16)]);
    expect(ledger.drafts[0]).toEqual({
      draftId: 'D-1',
      status: 'returned',
      amount: 31_200,
      scheduledFor: '2026-12-15',
      settledOn: '2026-12-16',
      returnedOn: '2026-12-18',
      returnCode: 'R08',
      statusEventId: 'e3',
    });
    expect(ledger.ignored).toEqual([]);
  });

  it('records the late settled as ignored, not applied', () => {
    const ledger = foldAgencyEvents([scheduled('e1', 14), returned('e3', 18), settled('e4', 19)]);
    expect(ledger.ignored).toEqual([{ eventId: 'e4', reason: 'already-further' }]);
  });

  it('orders two events of the same moment by their id', () => {
    const a = ev('a-settle', at(16), {
      type: 'draft.settled',
      data: { draftId: 'D-1', settledOn: '2026-12-16' },
    });
    const b = ev('b-return', at(16), {
      type: 'draft.returned',
      data: { draftId: 'D-1', returnCode: 'R02', returnedOn: '2026-12-16' },
    });
    expect(foldAgencyEvents([b, a]).drafts[0]!.statusEventId).toBe('b-return');
    expect(foldAgencyEvents([a, b]).drafts[0]!.statusEventId).toBe('b-return');
  });

  it('reads moments with other offsets as the same instant', () => {
    // 09:00 at UTC-5 is 14:00 UTC: after the 12:00 UTC settlement.
    const r = ev('e9', '2026-12-16T09:00:00-05:00', {
      type: 'draft.returned',
      data: { draftId: 'D-1', returnCode: 'R01', returnedOn: '2026-12-16' },
    });
    const s = ev('e8', '2026-12-16T12:00:00Z', {
      type: 'draft.settled',
      data: { draftId: 'D-1', settledOn: '2026-12-16' },
    });
    expect(foldAgencyEvents([r, s]).drafts[0]!.status).toBe('returned');
  });
});

describe('foldAgencyEvents: a disbursement', () => {
  it.each([
    ['sent', [sent('s', 17)], 'sent'],
    ['sent then posted', [sent('s', 17), posted('p', 19)], 'posted'],
    ['posted received first', [posted('p', 19), sent('s', 17)], 'posted'],
    ['posted twice', [sent('s', 17), posted('p', 19), posted('p', 19)], 'posted'],
    ['rejected', [sent('s', 17), rejected('r', 20)], 'rejected'],
    // Both final: the first to have happened stands; the other is kept for staff, not applied.
    ['posted, then a rejection dated later', [rejected('r', 20), sent('s', 17), posted('p', 19)], 'posted'],
  ])('%s → %s', (_label, events, status) => {
    expect(foldAgencyEvents(events).disbursements[0]!.status).toBe(status);
  });

  it('keeps how the creditor was paid when the sent event sorts after the posting', () => {
    const early = ev('p0', at(10), {
      type: 'disbursement.posted',
      data: { disbursementId: 'P-1', postedOn: '2026-12-10' },
    });
    const d = foldAgencyEvents([early, sent('s', 17)]).disbursements[0]!;
    expect(d).toMatchObject({
      status: 'posted',
      amount: 9_800,
      method: 'electronic',
      traceNumber: '021000021234567',
      offerId: OFFER,
      statusEventId: 'p0',
    });
  });
});

describe("foldAgencyEvents: a creditor's balance", () => {
  const balance = (id: string, day: number, cents: number) =>
    ev(id, at(day), {
      type: 'creditor.balance_reported',
      data: { offerId: OFFER, balance: cents, asOf: `2026-12-${day}` },
    });

  it('is the newest report by its moment, not the last received', () => {
    const ledger = foldAgencyEvents([balance('b2', 20, 410_000), balance('b1', 10, 420_000)]);
    expect(ledger.balances).toEqual([
      { offerId: OFFER, balance: 410_000, asOf: '2026-12-20', eventId: 'b2' },
    ]);
  });
});

describe('agencyEventSchema', () => {
  const base = { id: 'evt-0001', applicationId: APP, occurredAt: at(1) };
  const problem = (body: unknown) => {
    const r = agencyEventSchema.safeParse(body);
    return r.success ? null : agencyEventProblem(r.error);
  };

  it.each([
    [{ ...base, type: 'draft.paid', data: {} }, 'type: Must be one of the agency event types.'],
    [
      { ...base, type: 'draft.scheduled', data: { draftId: 'D', amount: 12.5, scheduledFor: '2026-12-15' } },
      'data.amount: Must be a whole number of cents.',
    ],
    [
      {
        ...base,
        type: 'draft.returned',
        data: { draftId: 'D', returnCode: 'insufficient', returnedOn: '2026-12-15' },
      },
      'data.returnCode: Must be an ACH return code such as R01.',
    ],
    [
      {
        ...base,
        type: 'disbursement.sent',
        data: { disbursementId: 'P', offerId: OFFER, amount: 100, method: 'check', sentOn: '2026-12-15' },
      },
      'data.checkNumber: Required for a check.',
    ],
    [
      {
        ...base,
        occurredAt: '2026-12-01 12:00',
        type: 'draft.settled',
        data: { draftId: 'D', settledOn: '2026-12-15' },
      },
      'occurredAt: Must be a date and time with its offset.',
    ],
    [
      { ...base, type: 'draft.settled', data: { draftId: 'D', settledOn: '2026-12-15', ssn: '123' } },
      'data: Unrecognized key: "ssn"',
    ],
  ])('refuses %j with "%s"', (body, message) => {
    expect(problem(body)).toBe(message);
  });

  it('accepts a check with its number', () => {
    expect(
      problem({
        ...base,
        type: 'disbursement.sent',
        data: {
          disbursementId: 'P',
          offerId: OFFER,
          amount: 100,
          method: 'check',
          checkNumber: '1042',
          sentOn: '2026-12-15',
        },
      }),
    ).toBeNull();
  });
});

describe('returnCodeReason', () => {
  it('names R01, R02 and R08 in plain words', () => {
    expect(returnCodeReason('R01').message).toBe(RETURN_CODE_MESSAGES.R01);
    expect(RETURN_CODE_MESSAGES.R01.defaultMessage).toBe('There was not enough money in the account.');
    expect(RETURN_CODE_MESSAGES.R02.defaultMessage).toBe('The account is closed.');
    expect(RETURN_CODE_MESSAGES.R08.defaultMessage).toBe('A stop was put on the payment.');
  });

  it('gives any other code the general reason with the code', () => {
    const r = returnCodeReason('R51');
    expect(r.message.id).toBe('portal.payments.returnCode.other');
    expect(r.values).toEqual({ code: 'R51' });
  });
});
