import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agencyNoticesOf } from '#server/application/agency-alerts';
import { raiseUnpostedPaymentAlerts } from '#server/application/agency-unposted-payments';
import { application, borrower } from '#server/db/schema/application';
import { agencyEvent } from '#server/db/schema/agency-events';
import { offer } from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { emailOutbox } from '#server/db/schema/ops';
import { alert } from '#server/db/schema/service-work';
import { atPaymentOptions } from '#tests/support/enrollment';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import type { JobContext } from '#server/jobs/define-job';
import { unitOpener } from '#server/unit-of-work';
import { agencyUnpostedPaymentsJob } from '#server/jobs/definitions/agency-unposted-payments';
import { AGENCY_EVENTS_PATH, signAgencyEvent } from './agency-events-webhook';

// The borrower hears of what the agency's events tell: a returned draft and a creditor paid off when the event
// is recorded, a payment not posted within the window from the daily check; each alert in the alerts list and
// one email, in the borrower's language, however often and in whatever order the events arrive.

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const lines: string[] = [];
let t: TestApp;

type Plan = Awaited<ReturnType<typeof transferredPlan>>;
let en: Plan;
let es: Plan;

async function transferredPlan(lastName: string, language: 'en' | 'es') {
  const b = await atPaymentOptions(t, lastName);
  await t.db.update(application).set({ status: 'transferred' }).where(eq(application.id, b.applicationId));
  await t.db
    .update(borrower)
    .set({ preferredLanguage: language })
    .where(eq(borrower.applicationId, b.applicationId));
  await t.db.insert(dmpEnrollment).values({
    applicationId: b.applicationId,
    active: true,
    dateSigned: '2026-10-20',
    firstPaymentDate: '2026-11-15',
    monthlyPaymentAmount: 31_200,
    termInMonths: 48,
  });
  const [first] = await t.db.select().from(offer).where(eq(offer.applicationId, b.applicationId)).limit(1);
  const [person] = await t.db
    .select({ email: borrower.email, firstName: borrower.firstName })
    .from(borrower)
    .where(eq(borrower.applicationId, b.applicationId));
  return { ...b, offerId: first!.id, email: person!.email!, firstName: person!.firstName! };
}

beforeAll(async () => {
  t = await createTestApp(
    {
      PARTNER_WEBHOOK_URL: 'https://crm.example.org/hooks',
      PARTNER_WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: 'info',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  en = await transferredPlan('Ledgeralerts', 'en');
  es = await transferredPlan('Alertasagencia', 'es');
}, 120_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(alert);
  await t.db.delete(agencyEvent);
  await t.db.delete(emailOutbox);
  t.queued.length = 0;
  lines.length = 0;
});

function post(body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: AGENCY_EVENTS_PATH,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signAgencyEvent(timestamp, body, SECRET),
    },
    payload: body,
  });
}

const event = (plan: Plan, type: string, data: Record<string, unknown>, o: { id?: string; at: string }) =>
  JSON.stringify({
    id: o.id ?? `evt-${randomUUID().slice(0, 12)}`,
    applicationId: plan.applicationId,
    occurredAt: o.at,
    type,
    data,
  });

async function applied(body: string, status: 'applied' | 'alreadyApplied' = 'applied') {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status });
}

const scheduled = (plan: Plan, o: { id?: string } = {}) =>
  event(
    plan,
    'draft.scheduled',
    { draftId: 'D-2026-12', amount: 31_250, scheduledFor: '2026-12-15' },
    { at: '2026-12-14T12:00:00Z', ...o },
  );
const returned = (plan: Plan, o: { id?: string; code?: string; at?: string } = {}) =>
  event(
    plan,
    'draft.returned',
    { draftId: 'D-2026-12', returnCode: o.code ?? 'R01', returnedOn: '2026-12-18' },
    { at: o.at ?? '2026-12-18T12:00:00Z', id: o.id },
  );
const balance = (plan: Plan, value: number, asOf: string, o: { id?: string } = {}) =>
  event(
    plan,
    'creditor.balance_reported',
    { offerId: plan.offerId, balance: value, asOf },
    { at: `${asOf}T12:00:00Z`, ...o },
  );
const sent = (plan: Plan, id: string, sentOn: string) =>
  event(
    plan,
    'disbursement.sent',
    {
      disbursementId: id,
      offerId: plan.offerId,
      amount: 9_800,
      method: 'check',
      checkNumber: '10442',
      sentOn,
    },
    { at: `${sentOn}T15:00:00Z` },
  );

const alertsOf = (plan: Plan) => t.db.select().from(alert).where(eq(alert.applicationId, plan.applicationId));

describe('a returned draft', () => {
  it('raises one alert and one email with the amount, the reason in plain words and the agency’s number', async () => {
    await applied(scheduled(en));
    expect(await alertsOf(en)).toEqual([]);
    const body = returned(en, { id: 'evt-returned-once' });
    await applied(body);

    const alerts = await alertsOf(en);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'draftReturned', hasBeenSeenByBorrower: false });
    const [trigger] = await t.db
      .select()
      .from(agencyEvent)
      .where(eq(agencyEvent.eventKey, 'evt-returned-once'));
    expect(alerts[0]!.triggeredBy).toEqual([{ type: 'agencyEvent', id: trigger!.id }]);

    const mails = await t.emailsTo(en.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe('alert-draft-returned');
    expect(mail.subject).toBe('Your plan payment was returned');
    expect(mail.text).toContain(
      `Hi ${en.firstName}, your debt management plan payment of $312.50 due on December 15, 2026 was returned by your bank.`,
    );
    expect(mail.text).toContain('The reason your bank gave: There was not enough money in the account.');
    expect(mail.text).toContain(
      'Please call Harbor Light Credit Counseling at (800) 555-0199 to arrange the payment.',
    );
    expect(mail.links).toEqual([
      { label: 'Your alerts', url: 'http://localhost:3000/customer-portal/alerts' },
    ]);
    // Handed to the queue once committed.
    expect(t.queued).toContain(mail.id);

    // The same event again, and another event returning the same draft: nothing more.
    await applied(body, 'alreadyApplied');
    await applied(returned(en, { at: '2026-12-19T09:00:00Z' }));
    expect(await alertsOf(en)).toHaveLength(1);
    expect(await t.emailsTo(en.email)).toHaveLength(1);
  });

  it('arriving before the draft it returns: one alert, and its amount fills in on the alerts list', async () => {
    await applied(returned(en, { code: 'R08' }));
    const [mail] = await t.emailsTo(en.email);
    expect(mail!.text).toContain(
      `Hi ${en.firstName}, your debt management plan payment due on December 18, 2026 was returned by your bank.`,
    );
    expect(mail!.text).toContain('The reason your bank gave: A stop was put on the payment.');
    await applied(scheduled(en));
    expect(await alertsOf(en)).toHaveLength(1);
    expect(await t.emailsTo(en.email)).toHaveLength(1);

    const res = await en.client.get('/api/customer-portal/alerts');
    expect(res.statusCode).toBe(200);
    expect(res.json().alerts).toEqual([
      {
        id: expect.any(String),
        type: 'draftReturned',
        // Dated by the return, as the agency said it happened.
        date: '2026-12-18T12:00:00.000Z',
        hasBeenSeenByBorrower: false,
        figures: { kind: 'draftReturned', amount: 31_250, date: '2026-12-15', returnCode: 'R08' },
        reconnect: null,
      },
    ]);
  });

  it('is written in Spanish for a borrower who reads Spanish', async () => {
    await applied(scheduled(es));
    await applied(returned(es));
    const [mail] = await t.emailsTo(es.email);
    expect(mail!.subject).toBe('El pago de su plan fue devuelto');
    expect(mail!.text).toContain(
      `Hola, ${es.firstName}: su banco devolvió el pago de su plan de manejo de deudas de $312.50 del 15 de diciembre de 2026.`,
    );
    expect(mail!.text).toContain('El motivo que dio su banco: No había suficiente dinero en la cuenta.');
    expect(mail!.text).toContain(
      'Llame a Harbor Light Credit Counseling al (800) 555-0199 para acordar el pago.',
    );
    expect(mail!.links[0]!.label).toBe('Sus alertas');
    expect(mail!.links[0]!.url).toContain('lang=es');
  });

  it('logs the event, never the borrower', async () => {
    await applied(scheduled(en));
    await applied(returned(en));
    const log = lines.join('\n');
    expect(log).toContain('agency event');
    for (const personal of [en.email, en.firstName, 'Ledgeralerts']) expect(log).not.toContain(personal);
  });
});

describe('a creditor paid off', () => {
  it('is told once, when the newest reported balance is 0, in the order the reports happened', async () => {
    await applied(balance(en, 250_000, '2026-12-01'));
    expect(await alertsOf(en)).toEqual([]);
    await applied(balance(en, 0, '2026-12-10'));
    // Reported 0 again (a new event), and an older balance arriving late: nothing more.
    await applied(balance(en, 0, '2026-12-12'));
    await applied(balance(en, 180_000, '2026-11-20'));

    const alerts = await alertsOf(en);
    expect(alerts.map((a) => a.type)).toEqual(['creditorPaidOff']);
    const mails = await t.emailsTo(en.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('alert-creditor-paid-off');
    const [listed] = (await en.client.get('/api/customer-portal/alerts')).json().alerts;
    expect(listed.figures).toEqual({ kind: 'paidOff', creditor: expect.any(String), asOf: '2026-12-10' });
    expect(mails[0]!.subject).toBe(`${listed.figures.creditor} is paid off`);
    expect(mails[0]!.text).toContain(
      `Hi ${en.firstName}, good news: ${listed.figures.creditor} reported a balance of $0 on December 10, 2026. You owe nothing more on this account.`,
    );
  });

  it('is not told for a 0 that a newer balance already replaced, whatever the order of arrival', async () => {
    await applied(balance(en, 90_000, '2026-12-10'));
    await applied(balance(en, 0, '2026-12-01'));
    expect(await alertsOf(en)).toEqual([]);
    expect(await t.emailsTo(en.email)).toEqual([]);
  });

  it('is written in Spanish for a borrower who reads Spanish', async () => {
    await applied(balance(es, 0, '2026-12-10'));
    const [mail] = await t.emailsTo(es.email);
    expect(mail!.subject).toMatch(/^Su deuda con .+ quedó pagada$/);
    expect(mail!.text).toContain(
      'informó un saldo de $0 el 10 de diciembre de 2026. Ya no debe nada en esta cuenta.',
    );
  });
});

describe('a creditor payment not posted within the window (the daily check)', () => {
  // On units like the job's, announcing to the test app's list of queued emails once each commits.
  const run = (today: string) =>
    raiseUnpostedPaymentAlerts(
      unitOpener({
        database: t.database,
        cipher: t.cipher,
        today: () => today,
        onEmailQueued: (id) => void t.queued.push(id),
      }),
      {
        today,
        at: new Date(`${today}T11:30:00Z`),
        windowDays: 10,
        notices: agencyNoticesOf({ cipher: t.cipher, config: t.config }),
      },
    );

  it('is late from the day after the tenth business day (a weekend and Veterans Day between), once', async () => {
    // Sent Monday 2 November 2026: the tenth business day after is Tuesday the 17th (the 11th is a holiday).
    await applied(sent(en, 'P-late', '2026-11-02'));
    await applied(sent(en, 'P-posted', '2026-11-02'));
    await applied(
      event(
        en,
        'disbursement.posted',
        { disbursementId: 'P-posted', postedOn: '2026-11-09' },
        { at: '2026-11-09T12:00:00Z' },
      ),
    );

    expect(await run('2026-11-17')).toMatchObject({ raised: 0 });
    expect(await alertsOf(en)).toEqual([]);
    expect(await run('2026-11-18')).toMatchObject({ raised: 1 });
    expect(await run('2026-11-19')).toMatchObject({ raised: 0 });

    const alerts = await alertsOf(en);
    expect(alerts.map((a) => a.type)).toEqual(['creditorPaymentNotPosted']);
    const mails = await t.emailsTo(en.email);
    expect(mails).toHaveLength(1);
    const [listed] = (await en.client.get('/api/customer-portal/alerts')).json().alerts;
    expect(listed).toMatchObject({
      type: 'creditorPaymentNotPosted',
      // Dated the day it was found late, not the day it was sent.
      date: '2026-11-18T11:30:00.000Z',
      figures: {
        kind: 'paymentNotPosted',
        amount: 9_800,
        sentOn: '2026-11-02',
        method: 'check',
        reference: '10442',
        deadline: '2026-11-17',
      },
    });
    const creditor = listed.figures.creditor as string;
    expect(mails[0]!.subject).toBe('A creditor has not posted your payment yet');
    expect(mails[0]!.text).toContain(
      `Hi ${en.firstName}, Harbor Light Credit Counseling sent a payment of $98.00 to ${creditor} on November 2, 2026 (check number 10442), and ${creditor} had not posted it to your account by November 17, 2026, 10 business days later.`,
    );
    expect(mails[0]!.text).toContain('call Harbor Light Credit Counseling at (800) 555-0199.');
    expect(t.queued).toContain(mails[0]!.id);
  });

  it('is cleared once the creditor posts the payment: gone from the borrower’s list, cleared for the counsellor', async () => {
    await applied(sent(en, 'P-slow', '2026-11-02'));
    expect(await run('2026-11-18')).toMatchObject({ raised: 1 });
    const listed = async () =>
      (await en.client.get('/api/customer-portal/alerts')).json().alerts as unknown[];
    expect(await listed()).toHaveLength(1);

    await applied(
      event(
        en,
        'disbursement.posted',
        { disbursementId: 'P-slow', postedOn: '2026-11-19' },
        { at: '2026-11-19T16:00:00Z' },
      ),
    );
    expect(await listed()).toEqual([]);
    const [cleared] = await alertsOf(en);
    expect(cleared).toMatchObject({ type: 'creditorPaymentNotPosted' });
    expect(cleared!.clearedAt).toBeInstanceOf(Date);
    // Told once: the next daily check neither raises it again nor writes a second email.
    expect(await run('2026-11-20')).toMatchObject({ raised: 0 });
    expect(await t.emailsTo(en.email)).toHaveLength(1);
  });

  it('counts the window past Thanksgiving and a weekend, and is written in Spanish for a Spanish reader', async () => {
    // Friday 20 November 2026: ten business days later is Monday 7 December.
    await applied(sent(es, 'P-thanksgiving', '2026-11-20'));
    expect(await run('2026-12-07')).toMatchObject({ raised: 0 });
    expect(await run('2026-12-08')).toMatchObject({ raised: 1 });
    const [mail] = await t.emailsTo(es.email);
    expect(mail!.subject).toBe('Un acreedor todavía no ha registrado su pago');
    expect(mail!.text).toContain('el 20 de noviembre de 2026 (número de cheque 10442)');
    expect(mail!.text).toContain('el 7 de diciembre de 2026, 10 días hábiles después.');
  });
});

describe('the daily job', () => {
  it('counts on the agency’s day with the configured window, and its units announce each email it writes', async () => {
    await applied(sent(en, 'P-job', '2026-11-02'));
    const announced: string[] = [];
    const logged: unknown[] = [];
    const ctx = {
      deps: {
        database: t.database,
        cipher: t.cipher,
        agencyTimeZone: 'America/New_York',
        agencyPostingWindowDays: 5,
        monitors: { publicUrl: t.config.publicUrl },
      },
      log: { info: (o: unknown) => void logged.push(o), error: () => undefined },
      // 03:00 UTC on the 10th is still the 9th in New York: five business days after the 2nd is the 9th.
      now: () => new Date('2026-11-10T03:00:00Z'),
      // The job's units, announcing what they wrote once committed (queue.ts hands it to the email queue).
      openUnit: unitOpener({
        database: t.database,
        cipher: t.cipher,
        today: () => '2026-11-09',
        onEmailQueued: (id) => void announced.push(id),
      }),
    } as unknown as JobContext;
    expect(agencyUnpostedPaymentsJob.payload.safeParse({}).success).toBe(true);
    await agencyUnpostedPaymentsJob.handler([{ id: 'j1', payload: {} }], ctx);
    expect(await alertsOf(en)).toEqual([]);

    ctx.now = () => new Date('2026-11-10T15:00:00Z');
    await agencyUnpostedPaymentsJob.handler([{ id: 'j2', payload: {} }], ctx);
    expect((await alertsOf(en)).map((a) => a.type)).toEqual(['creditorPaymentNotPosted']);
    const [mail] = await t.emailsTo(en.email);
    expect(mail!.text).toContain('5 business days later');
    expect(announced).toEqual([mail!.id]);
    // Counts only: no borrower, no creditor in the log.
    expect(logged).toEqual([
      { plans: 1, raised: 0 },
      { plans: 1, raised: 1 },
    ]);
  });
});

describe('two deliveries at once', () => {
  it('about the same draft raise one alert and one email', async () => {
    await applied(scheduled(en));
    const answers = await Promise.all([
      post(returned(en)),
      post(returned(en, { at: '2026-12-18T12:00:01Z' })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await alertsOf(en)).toHaveLength(1);
    expect(await t.emailsTo(en.email)).toHaveLength(1);
  });
});

describe('the alerts list', () => {
  it('never shows another borrower’s agency alerts', async () => {
    await applied(returned(es));
    expect((await en.client.get('/api/customer-portal/alerts')).json().alerts).toEqual([]);
    const [theirs] = await alertsOf(es);
    expect((await en.client.post(`/api/customer-portal/alerts/${theirs!.id}/seen`, {})).statusCode).toBe(404);
  });
});
