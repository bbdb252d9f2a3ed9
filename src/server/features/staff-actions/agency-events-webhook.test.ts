import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { foldAgencyEvents } from '#domain/enrollment/agency-events';
import { agencyEvent } from '#server/db/schema/agency-events';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { enrolledPlan } from '#tests/support/enrolled-plan';
import { agencyEventsOf } from '#server/application/agency-ledger';
import { AGENCY_EVENTS_PATH, agencySignatureProblem, signAgencyEvent } from './agency-events-webhook';

// The agency's DMP system's events: refused without the partner's signature over the moment and the body, or
// outside five minutes of our clock; each event recorded once, whatever the repeats; the plan's state folded
// from them in the order they happened.

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const lines: string[] = [];
let t: TestApp;
let off: TestApp;
// Until beforeAll makes the plan, an id of none: the case tables below are built before it, from events that
// fail validation before the plan matters.
let plan = { applicationId: '00000000-0000-4000-8000-000000000000', offerId: '' };
let otherPlan: { applicationId: string; offerId: string };

beforeAll(async () => {
  t = await createTestApp(
    {
      PARTNER_WEBHOOK_URL: 'https://crm.example.org/hooks',
      PARTNER_WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: 'info',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  off = await createTestApp();
  plan = await enrolledPlan(t.db);
  otherPlan = await enrolledPlan(t.db);
});
afterAll(async () => {
  await t.close();
  await off.close();
});
beforeEach(async () => {
  await t.db.delete(agencyEvent);
  lines.length = 0;
});

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** POSTs a body as the agency would: signed over the moment and the body, unless told otherwise. */
function post(
  body: string,
  o: { timestamp?: string; signature?: string | null; app?: TestApp; secret?: string } = {},
) {
  const timestamp = o.timestamp ?? nowSeconds();
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
  const signature =
    o.signature === undefined ? signAgencyEvent(timestamp, body, o.secret ?? SECRET) : o.signature;
  if (signature !== null) headers['x-signature'] = signature;
  return (o.app ?? t).app.inject({ method: 'POST', url: AGENCY_EVENTS_PATH, headers, payload: body });
}

let seq = 0;
const event = (
  type: string,
  data: Record<string, unknown>,
  o: { id?: string; at?: string; applicationId?: string } = {},
) =>
  JSON.stringify({
    id: o.id ?? `evt-${++seq}-${randomUUID().slice(0, 8)}`,
    applicationId: o.applicationId ?? plan.applicationId,
    occurredAt: o.at ?? '2026-12-16T12:00:00Z',
    type,
    data,
  });

describe('agencySignatureProblem', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const ts = String(now.getTime() / 1000);
  const body = '{"id":"evt-00000001"}';

  it('is sha256= and the hex HMAC-SHA256 of `${timestamp}.${body}` (worked example)', () => {
    // Computed once with `printf %s "1796126400.{\"id\":\"evt-00000001\"}" | openssl dgst -sha256 -hmac "$SECRET"`.
    expect(ts).toBe('1796126400');
    expect(signAgencyEvent(ts, body, SECRET)).toBe(
      'sha256=58858d0539b8e18779e9d2d908e9dfb072b689fe05b87c708ba1c119abec1b60',
    );
    expect(signAgencyEvent(ts, body, SECRET)).not.toBe(signAgencyEvent(ts, `${body} `, SECRET));
    expect(signAgencyEvent(ts, body, SECRET)).not.toBe(signAgencyEvent(String(Number(ts) + 1), body, SECRET));
  });

  it.each([
    ['no signature', { signature: undefined }, 'Missing signature.'],
    ['no timestamp', { timestamp: undefined }, 'Missing signature.'],
    ['a signature of another body', { signature: signAgencyEvent(ts, '{}', SECRET) }, 'Invalid signature.'],
    [
      'a truncated signature',
      { signature: signAgencyEvent(ts, body, SECRET).slice(0, 30) },
      'Invalid signature.',
    ],
    [
      'a timestamp that is not seconds',
      { timestamp: '2026-12-01', signature: signAgencyEvent('2026-12-01', body, SECRET) },
      'Invalid signature.',
    ],
    [
      'a moment six minutes old',
      {
        timestamp: String(Number(ts) - 360),
        signature: signAgencyEvent(String(Number(ts) - 360), body, SECRET),
      },
      'The request is too old or too far ahead.',
    ],
    [
      'a moment six minutes ahead',
      {
        timestamp: String(Number(ts) + 360),
        signature: signAgencyEvent(String(Number(ts) + 360), body, SECRET),
      },
      'The request is too old or too far ahead.',
    ],
    [
      'a moment four minutes old',
      {
        timestamp: String(Number(ts) - 240),
        signature: signAgencyEvent(String(Number(ts) - 240), body, SECRET),
      },
      null,
    ],
  ])('%s → %s', (_label, o, problem) => {
    const given = { timestamp: ts, signature: signAgencyEvent(ts, body, SECRET), ...o };
    expect(agencySignatureProblem({ body, secret: SECRET, now, ...given })).toBe(problem);
  });
});

describe('POST /api/webhooks/agency-events', () => {
  const scheduled = (o: { id?: string; at?: string; applicationId?: string } = {}) =>
    event(
      'draft.scheduled',
      { draftId: 'D-1', amount: 31_200, scheduledFor: '2026-12-15' },
      { at: '2026-12-14T12:00:00Z', ...o },
    );

  it('is off (404) while the partner has no secret', async () => {
    expect((await post(scheduled(), { app: off })).statusCode).toBe(404);
  });

  it('records a signed event once, and answers its repeat as already applied', async () => {
    const body = scheduled({ id: 'evt-repeat-0001' });
    const first = await post(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'applied' });
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'alreadyApplied' });
    const rows = await t.db.select().from(agencyEvent);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventKey: 'evt-repeat-0001',
      applicationId: plan.applicationId,
      type: 'draft.scheduled',
      source: 'webhook:evt-repeat-0001',
    });
    expect(rows[0]!.bodySha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same id with another event 409, and keeps the first', async () => {
    expect((await post(scheduled({ id: 'evt-conflict-01' }))).statusCode).toBe(200);
    const other = event(
      'draft.scheduled',
      { draftId: 'D-1', amount: 99_900, scheduledFor: '2026-12-15' },
      { id: 'evt-conflict-01' },
    );
    const res = await post(other);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('Conflict');
    const rows = await t.db.select().from(agencyEvent);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.body as { data: { amount: number } }).data.amount).toBe(31_200);
  });

  it('treats the same event with other spacing and key order as the same event', async () => {
    const body = scheduled({ id: 'evt-spacing-01' });
    expect((await post(body)).statusCode).toBe(200);
    // The same event, its keys in another order and spaced out: the same event once validated.
    const { data, ...rest } = JSON.parse(body) as Record<string, unknown>;
    const spaced = JSON.stringify({ data, ...Object.fromEntries(Object.entries(rest).reverse()) }, null, 2);
    expect((await post(spaced)).json()).toEqual({ status: 'alreadyApplied' });
  });

  it.each([
    ['no signature', { signature: null }, 'Missing signature.'],
    ['a wrong signature', { secret: `${SECRET}-not-ours` }, 'Invalid signature.'],
    [
      'an expired moment',
      { timestamp: String(Math.floor(Date.now() / 1000) - 600) },
      'The request is too old or too far ahead.',
    ],
  ])('refuses %s with 401 and records nothing', async (_label, o, message) => {
    const res = await post(scheduled(), o);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'NotAuthenticated', message });
    expect(await t.db.select().from(agencyEvent)).toHaveLength(0);
  });

  it('is exempt from the same-origin rule (a server calls it) and answers on its signature alone', async () => {
    const body = scheduled();
    const timestamp = nowSeconds();
    const res = await t.app.inject({
      method: 'POST',
      url: AGENCY_EVENTS_PATH,
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-timestamp': timestamp,
        'x-signature': signAgencyEvent(timestamp, body, SECRET),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers another content type by its signature too (401 forged), not 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AGENCY_EVENTS_PATH,
      headers: { 'content-type': 'text/plain', 'x-timestamp': nowSeconds(), 'x-signature': 'sha256=00' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a body replayed under a new moment without a new signature', async () => {
    const body = scheduled();
    const old = String(Math.floor(Date.now() / 1000) - 30);
    const signature = signAgencyEvent(old, body, SECRET);
    expect((await post(body, { timestamp: nowSeconds(), signature })).statusCode).toBe(401);
  });

  it.each([
    ['not JSON', '{"id":', 'The body is not JSON.'],
    ['an unknown type', event('draft.paid', {}), 'type: Must be one of the agency event types.'],
    [
      'an amount in dollars',
      event('draft.scheduled', { draftId: 'D-1', amount: 312.5, scheduledFor: '2026-12-15' }),
      'data.amount: Must be a whole number of cents.',
    ],
    ['a JSON array', '[]', 'The body must be one event, a JSON object.'],
    ['null', 'null', 'The body must be one event, a JSON object.'],
  ])('answers %s with 400 and the field message', async (_label, body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ValidationError', message });
  });

  it('answers a body over the size limit with 413, not 5xx', async () => {
    const body = event('disbursement.rejected', {
      disbursementId: 'P-1',
      rejectedOn: '2026-12-20',
      reason: 'x'.repeat(20_000),
    });
    expect((await post(body)).statusCode).toBe(413);
  });

  it('answers an unknown plan, and another plan’s creditor, with 404', async () => {
    const unknown = await post(scheduled({ applicationId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    const foreignOffer = event('creditor.balance_reported', {
      offerId: otherPlan.offerId,
      balance: 1,
      asOf: '2026-12-01',
    });
    const res = await post(foreignOffer);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This plan has no creditor with this offer id.');
    expect(await t.db.select().from(agencyEvent)).toHaveLength(0);
  });

  it('folds events received out of order, late and twice into the right state', async () => {
    const settled = event(
      'draft.settled',
      { draftId: 'D-1', settledOn: '2026-12-16' },
      { at: '2026-12-16T12:00:00Z' },
    );
    const returned = event(
      'draft.returned',
      { draftId: 'D-1', returnCode: 'R01', returnedOn: '2026-12-18' },
      { at: '2026-12-18T12:00:00Z' },
    );
    // A "settled" the agency sends late, dated after the return: it must not undo it.
    const lateSettled = event(
      'draft.settled',
      { draftId: 'D-1', settledOn: '2026-12-19' },
      { at: '2026-12-19T12:00:00Z' },
    );
    const sent = event(
      'disbursement.sent',
      {
        disbursementId: 'P-1',
        offerId: plan.offerId,
        amount: 9_800,
        method: 'check',
        checkNumber: '1042',
        sentOn: '2026-12-17',
      },
      { at: '2026-12-17T12:00:00Z' },
    );
    const postedEvent = event(
      'disbursement.posted',
      { disbursementId: 'P-1', postedOn: '2026-12-21' },
      { at: '2026-12-21T12:00:00Z' },
    );
    for (const body of [returned, postedEvent, settled, scheduled(), sent, returned, lateSettled]) {
      expect((await post(body)).statusCode).toBe(200);
    }
    const ledger = foldAgencyEvents(await agencyEventsOf(t.db, plan.applicationId));
    expect(ledger.drafts).toEqual([
      expect.objectContaining({ draftId: 'D-1', status: 'returned', amount: 31_200, returnCode: 'R01' }),
    ]);
    expect(ledger.disbursements).toEqual([
      expect.objectContaining({
        disbursementId: 'P-1',
        status: 'posted',
        method: 'check',
        checkNumber: '1042',
      }),
    ]);
    expect(await t.db.select().from(agencyEvent)).toHaveLength(6);
    // The other plan's ledger holds none of them.
    expect(await agencyEventsOf(t.db, otherPlan.applicationId)).toEqual([]);
  });

  it('logs the event type and ids, never the borrower', async () => {
    await post(scheduled());
    const log = lines.join('\n');
    expect(log).toContain('agency event');
    expect(log).not.toMatch(/Rosalind|Quixote/);
    expect(log).not.toContain(SECRET);
  });
});
