import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  concessionProgramme,
  creditor,
  creditorAccount,
  offer,
  offerStatusChange,
  proposal,
} from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import type { JobContext } from '#server/jobs/define-job';
import { silentCreditorsJob } from '#server/jobs/definitions/silent-creditors';
import { unitOpener } from '#server/unit-of-work';
import { silentDefaultNote } from './silent-creditors';

// Each creditor's own answer time on the proposals screen, and the silent-creditor default: a proposal sent and
// left unanswered past its programme's days gets the programme's answer through the staff answer's path, and
// stays flagged until staff record the real one. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Silent Staff');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY - 60_000);

/** An application in creditor review with its proposals, two of them to distinct creditors, marked sent. */
async function sentProposals(lastName: string) {
  const a = await applicationIn(t, 'creditorReview', lastName);
  await t.app.prepareProposals(a.applicationId);
  const rows = await t.db.select().from(proposal).where(eq(proposal.applicationId, a.applicationId));
  const byCreditor = [...new Map(rows.filter((r) => r.creditorId).map((r) => [r.creditorId!, r])).values()];
  expect(byCreditor.length).toBeGreaterThanOrEqual(2);
  const [x, y] = byCreditor as [(typeof rows)[number], (typeof rows)[number]];
  return { a, x, y };
}
const sentOn = (id: string, at: Date) =>
  t.db
    .update(proposal)
    .set({ state: 'sent', channel: 'email', preparedAt: at, sentAt: at })
    .where(eq(proposal.id, id));
const overdueIds = async () =>
  ((await staff.client.get('/api/staff/proposals')).json().proposals as { id: string }[]).map((p) => p.id);

describe("the proposals screen's answer time is each creditor's own", () => {
  it("lists a proposal once its creditor's response days have passed; 30 days when it has none", async () => {
    const { x, y } = await sentProposals('Cutoff');
    await t.db.update(creditor).set({ responseDays: 5 }).where(eq(creditor.id, x.creditorId!));
    await t.db.update(creditor).set({ responseDays: null }).where(eq(creditor.id, y.creditorId!));
    await sentOn(x.id, daysAgo(4));
    await sentOn(y.id, daysAgo(10));
    expect(await overdueIds()).not.toContain(x.id);
    await sentOn(x.id, daysAgo(6));
    let list = await overdueIds();
    expect(list).toContain(x.id);
    expect(list).not.toContain(y.id);
    await sentOn(y.id, daysAgo(31));
    list = await overdueIds();
    expect(list).toContain(y.id);
    const view = (await staff.client.get('/api/staff/proposals')).json();
    const shown = (id: string) => view.proposals.find((p: { id: string }) => p.id === id);
    expect(shown(x.id)).toMatchObject({ responseDays: 5, daysWaiting: 6, silentDefault: null });
    expect(shown(y.id)).toMatchObject({ responseDays: 30, daysWaiting: 31 });
    expect(view.creditors.find((c: { creditorId: string }) => c.creditorId === x.creditorId).overdue).toBe(
      view.proposals.filter((p: { creditorId: string }) => p.creditorId === x.creditorId).length,
    );
    await t.db.update(creditor).set({ responseDays: null }).where(eq(creditor.id, x.creditorId!));
  });
});

describe('the silent-creditor default', () => {
  let s: Awaited<ReturnType<typeof sentProposals>>;
  const programmeOf = async (offerId: string) =>
    (await t.db.query.offer.findFirst({ where: eq(offer.id, offerId) }))!.lenderConcessionId!;
  const offerOf = async (offerId: string) =>
    (await t.db.query.offer.findFirst({ where: eq(offer.id, offerId) }))!;
  const proposalOf = async (id: string) =>
    (await t.db.select().from(proposal).where(eq(proposal.id, id)))[0]!;

  beforeAll(async () => {
    s = await sentProposals('Silent');
    // x's programme declines a silent creditor after 10 days; y's accepts after 12, and y's remittance
    // address is on file.
    await t.db
      .update(concessionProgramme)
      .set({ silentDefault: 'declined', silentAfterDays: 10 })
      .where(eq(concessionProgramme.id, await programmeOf(s.x.offerId)));
    await t.db
      .update(concessionProgramme)
      .set({ silentDefault: 'accepted', silentAfterDays: 12 })
      .where(eq(concessionProgramme.id, await programmeOf(s.y.offerId)));
    await t.db
      .update(creditor)
      .set({ paysByCheck: true, addressLine1: 'PO Box 1', city: 'Richmond', state: 'VA', zipCode: '23260' })
      .where(eq(creditor.id, s.y.creditorId!));
  });

  it('applies nothing before the days have passed', async () => {
    await sentOn(s.x.id, daysAgo(9));
    await sentOn(s.y.id, daysAgo(11));
    await t.app.applySilentDefaults();
    expect(await proposalOf(s.x.id)).toMatchObject({ state: 'sent', answer: null });
    expect((await offerOf(s.x.offerId)).status).toBeNull();
    expect((await offerOf(s.y.offerId)).status).toBeNull();
  });

  it("answers each offer as its programme says, through the staff answer's path, flagged for staff", async () => {
    await sentOn(s.x.id, daysAgo(11));
    await sentOn(s.y.id, daysAgo(13));
    // As the daily job runs it: on units of the job's, with nothing of the app's but its settings.
    const logged: { applied: number }[] = [];
    const requeued: string[] = [];
    const ctx = {
      deps: { silentDefaults: { publicUrl: t.config.publicUrl }, agencyTimeZone: t.config.agencyTimeZone },
      log: { info: (o: { applied: number }) => void logged.push(o) },
      now: () => new Date(),
      openUnit: unitOpener({ database: t.database, cipher: t.cipher, today: t.today }),
      send: async (definition: { name: string }) => {
        requeued.push(definition.name);
        return null;
      },
    } as unknown as JobContext;
    expect(silentCreditorsJob.enabled?.({ ...ctx.deps, silentDefaults: undefined })).toBe(false);
    await silentCreditorsJob.handler([{ id: 'j1', payload: {} }], ctx);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.applied).toBeGreaterThanOrEqual(2);
    // Far from a full run: nothing more waits, so the next run is tomorrow's.
    expect(requeued).toEqual([]);

    expect(await proposalOf(s.x.id)).toMatchObject({
      state: 'noAnswer',
      answer: 'declined',
      answeredAt: null,
      answerNote: silentDefaultNote(10, 'declined'),
    });
    expect(await proposalOf(s.y.id)).toMatchObject({
      state: 'noAnswer',
      answer: 'accepted',
      answerNote: silentDefaultNote(12, 'accepted'),
    });
    expect(await offerOf(s.x.offerId)).toMatchObject({ status: 'declined', version: 1 });
    expect(await offerOf(s.y.offerId)).toMatchObject({ status: 'accepted', version: 1 });
    // Recorded as an answer nobody signed in gave.
    const changes = await t.db
      .select()
      .from(offerStatusChange)
      .where(inArray(offerStatusChange.offerId, [s.x.offerId, s.y.offerId]));
    expect(changes.map((c) => c.changedBy)).toEqual([null, null]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offerStatus'), eq(auditLog.entityId, s.y.offerId)));
    expect(audits).toMatchObject([{ actorId: null, after: { status: 'accepted', silentDefault: true } }]);
    // The acceptance pays the creditor where the creditor table says.
    const yOffer = await offerOf(s.y.offerId);
    const [account] = await t.db
      .select()
      .from(creditorAccount)
      .where(eq(creditorAccount.debtId, yOffer.debtId ?? '00000000-0000-4000-8000-000000000000'));
    if (yOffer.debtId)
      expect(account).toMatchObject({ isAch: false, addressLine1: 'PO Box 1', zipCode: '23260' });

    // Flagged on the proposals screen, with the default applied.
    const view = (await staff.client.get('/api/staff/proposals')).json();
    const shown = (id: string) => view.proposals.find((p: { id: string }) => p.id === id);
    expect(shown(s.x.id)).toMatchObject({ state: 'noAnswer', silentDefault: 'declined' });
    expect(shown(s.y.id)).toMatchObject({ state: 'noAnswer', silentDefault: 'accepted' });

    // A second run finds nothing more to do for them.
    await t.app.applySilentDefaults();
    expect((await offerOf(s.x.offerId)).version).toBe(1);
  });

  it("clears the flag when staff record the creditor's real answer", async () => {
    const res = await staff.client.post(`/api/staff/offers/${s.y.offerId}/status`, {
      version: 1,
      status: 'declined',
      reasons: ['termTooLong'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await proposalOf(s.y.id)).toMatchObject({ state: 'answered', answer: 'declined' });
    expect(await overdueIds()).not.toContain(s.y.id);
    expect(await overdueIds()).toContain(s.x.id);
  });
});

describe("the offer's remittance details start from the creditor table, and an edit is recorded for the account", () => {
  it('reads them in the borrower summary (ACH numbers by last four) and records what staff changed', async () => {
    const a = await applicationIn(t, 'creditorReview', 'Remitted');
    const target = a.offers.find((o) => o.lenderConcessionId && !o.lenderConcessionId.startsWith('default'))!;
    const creditorId = target.lenderConcessionId!.split('@')[0]!;
    await t.db
      .update(creditor)
      .set({
        paysByCheck: true,
        paysByAch: true,
        addressLine1: 'PO Box 15298',
        addressLine2: null,
        city: 'Wilmington',
        state: 'DE',
        zipCode: '19850',
        achRoutingNumber: t.cipher.encrypt('021000021'),
        achAccountNumber: t.cipher.encrypt('998877665544'),
      })
      .where(eq(creditor.id, creditorId));
    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json();
    const shown = summary.decision.decision.offers.find((o: { id: string }) => o.id === target.id);
    expect(shown.remittance).toEqual({
      creditorId,
      paysByCheck: true,
      paysByAch: true,
      addressLine1: 'PO Box 15298',
      addressLine2: null,
      city: 'Wilmington',
      state: 'DE',
      zipCode: '19850',
      achRoutingNumberLast4: '0021',
      achAccountNumberLast4: '5544',
    });
    expect(JSON.stringify(summary)).not.toContain('998877665544');

    const res = await staff.client.post(`/api/staff/offers/${target.id}/status`, {
      version: 0,
      status: 'accepted',
      creditorAccount: {
        isAch: false,
        addressLine1: 'PO Box 1',
        city: 'Wilmington',
        state: 'DE',
        zipCode: '19850',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'creditorAccount'), eq(auditLog.applicationId, a.applicationId)));
    expect(audit!.after).toMatchObject({
      addressLine1: 'PO Box 1',
      changedFromCreditorTable: ['addressLine1'],
    });
    // The creditor table keeps its own address.
    const [row] = await t.db.select().from(creditor).where(eq(creditor.id, creditorId));
    expect(row!.addressLine1).toBe('PO Box 15298');

    // The details as on file, by ACH: nothing changed from the table.
    const again = await staff.client.post(`/api/staff/offers/${target.id}/status`, {
      version: 1,
      status: 'accepted',
      creditorAccount: { isAch: true, routingNumber: '021000021', accountNumber: '998877665544' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'creditorAccount'), eq(auditLog.applicationId, a.applicationId)));
    expect(
      audits.map((x) => (x.after as { changedFromCreditorTable?: string[] }).changedFromCreditorTable),
    ).toContainEqual([]);
  });
});
