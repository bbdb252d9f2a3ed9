import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#domain/calendar';
import { application, auditLog, decision, offer, proposal } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { type OpenUnit, unitOpener } from '#server/unit-of-work';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { WITHDRAWN_MESSAGE } from './mark-mailed';
import { produceProposalBatch } from './proposal-batch';

// A proposal waiting for the day's batch file or the post whose offer leaves the plan meanwhile: it is not put
// in the file nor left in the list to mail; it is withdrawn, with the reason, and the proposals screen shows it
// so a printed letter is not mailed. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Withdraw Staff');
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A unit of work on the test app's database, as a route opens one. */
const inUnit: OpenUnit = (fn) => unitOpener({ database: t.database, cipher: t.cipher, today: t.today })(fn);

type ProposalRow = typeof proposal.$inferSelect;

/** An application in creditor review with its proposals, each made to wait on the given channel. */
async function waitingProposals(lastName: string, channel: 'batch' | 'mail') {
  const a = await applicationIn(t, 'creditorReview', lastName);
  await t.app.prepareProposals(a.applicationId);
  await t.db
    .update(proposal)
    .set({ state: 'prepared', channel, sentAt: null })
    .where(eq(proposal.applicationId, a.applicationId));
  const rows = await t.db.select().from(proposal).where(eq(proposal.applicationId, a.applicationId));
  expect(rows.length).toBeGreaterThanOrEqual(2);
  return { a, rows: rows as [ProposalRow, ProposalRow, ...ProposalRow[]] };
}
const proposalOf = async (id: string) => (await t.db.select().from(proposal).where(eq(proposal.id, id)))[0]!;
const screen = async () => {
  const res = await staff.client.get('/api/staff/proposals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    toMail: { id: string }[];
    withdrawn: { id: string; reason: string; channel: string; creditorName: string }[];
    batch: { waiting: number };
  };
};

describe('a proposal whose offer left the plan before it went out', () => {
  it('is left out of the day’s batch file and withdrawn, while the rest of the file goes', async () => {
    const { a, rows } = await waitingProposals('Withdrawbatch', 'batch');
    const [gone, kept] = rows;
    // The borrower's debt left out of the plan (as any change that takes an offer off the plan's terms).
    await t.db.update(offer).set({ declinedByBorrower: true }).where(eq(offer.id, gone.offerId));

    const batch = await inUnit((unit) =>
      produceProposalBatch(unit, {
        agencyDay: '2031-03-04',
        dayOf: (at) => dayIn(at, t.config.agencyTimeZone),
        actorId: null,
      }),
    );
    expect(batch.csv).not.toContain(gone.offerId);
    expect(batch.csv).toContain(kept.offerId);
    expect(await proposalOf(gone.id)).toMatchObject({
      state: 'withdrawn',
      withdrawnReason: 'leftOut',
      sentAt: null,
      batchId: null,
    });
    expect((await proposalOf(gone.id)).withdrawnAt).toBeInstanceOf(Date);
    expect(await proposalOf(kept.id)).toMatchObject({ state: 'sent', batchId: batch.id });
    // Recorded in the application's history, with no one signed in as its actor.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'proposalWithdrawn'), eq(auditLog.entityId, gone.id)));
    expect(audit).toMatchObject({
      actorId: null,
      applicationId: a.applicationId,
      after: { state: 'withdrawn', reason: 'leftOut' },
    });
    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json();
    const line = summary.auditHistory.find((l: { action: string }) => l.action === 'proposalWithdrawn');
    expect(line.sentences).toEqual([
      'The proposal queue withdrew a proposal to a creditor before it went out: left out by the borrower',
    ]);
  });

  it('is not in the list to mail, and the screen shows it withdrawn with why', async () => {
    const { rows } = await waitingProposals('Withdrawmail', 'mail');
    const [declined, kept] = rows;
    // The creditor's answer came by another way than the modal: the offer is declined, its proposal still waits.
    await t.db.update(offer).set({ status: 'declined' }).where(eq(offer.id, declined.offerId));
    const view = await screen();
    const toMail = view.toMail.map((p) => p.id);
    expect(toMail).not.toContain(declined.id);
    expect(toMail).toContain(kept.id);
    expect(view.withdrawn).toContainEqual(
      expect.objectContaining({ id: declined.id, reason: 'declined', channel: 'mail' }),
    );
    expect(await proposalOf(declined.id)).toMatchObject({ state: 'withdrawn', withdrawnReason: 'declined' });
    // Not among the overdue either: nothing waits for an answer.
    expect((await staff.client.get('/api/staff/proposals')).json().proposals).not.toContainEqual(
      expect.objectContaining({ id: declined.id }),
    );
  });

  it('refuses to mark it mailed (409) and withdraws it, marking nothing of the request', async () => {
    const { a, rows } = await waitingProposals('Withdrawclosed', 'mail');
    const [first, second] = rows;
    // The application left creditor review while its letters were being printed.
    await t.db.update(application).set({ status: 'disqualified' }).where(eq(application.id, a.applicationId));
    const res = await staff.client.post('/api/staff/proposals/mailed', {
      proposalIds: [first.id, second.id],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(WITHDRAWN_MESSAGE);
    for (const p of [first, second]) {
      expect(await proposalOf(p.id)).toMatchObject({
        state: 'withdrawn',
        withdrawnReason: 'applicationClosed',
        sentAt: null,
        sentBy: null,
      });
    }
    const view = await screen();
    expect(view.toMail.map((p) => p.id)).not.toContain(first.id);
    expect(view.withdrawn.filter((p) => p.id === first.id || p.id === second.id)).toHaveLength(2);
  });

  it('is withdrawn when a newer decision replaced the offers', async () => {
    const { a, rows } = await waitingProposals('Withdrawreplaced', 'mail');
    const [old] = rows;
    // A newer decision: the offers the proposals were made for are no longer the application's.
    const current = (await t.db.query.decision.findFirst({
      where: (d, { eq: equal }) => equal(d.applicationId, a.applicationId),
    }))!;
    const { id: _id, createdAt: _createdAt, ...copy } = current;
    await t.db.insert(decision).values({ ...copy, createdAt: new Date(Date.now() + 1_000) });
    const view = await screen();
    expect(view.toMail.map((p) => p.id)).not.toContain(old.id);
    expect(view.withdrawn).toContainEqual(expect.objectContaining({ id: old.id, reason: 'replaced' }));
  });

  it('leaves a proposal whose offer is still on the plan where it was', async () => {
    const { rows } = await waitingProposals('Withdrawnone', 'mail');
    const view = await screen();
    for (const p of rows) expect(view.toMail.map((x) => x.id)).toContain(p.id);
    for (const p of rows) expect(await proposalOf(p.id)).toMatchObject({ state: 'prepared' });
  });
});
