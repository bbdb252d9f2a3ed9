import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentDefaultBy, silentDefaultNote } from '#domain/enrollment/proposal-answers';
import { formatDollars } from '#domain/money/cents';
import { SILENT_DEFAULT_ACTOR, UNKNOWN_ACTOR } from '#domain/service-portal/audit-sentences';
import { loadPlanTerms } from '#server/application/plan-terms';
import { concessionProgramme, creditor, offer, proposal } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signedPlanIn } from '#tests/support/signed-plan';
import { signedInStaff } from '#tests/support/staff-actions';

// What every surface says of the changes the silent-creditor default made (nobody signed in answered): the
// borrower summary's history, its status tables, the email to the borrower and My plan. None may read as a
// staff member's act, nor say the creditor answered. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Records Staff');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

type Line = { action: string; actor: { name: string } | null; sentences: string[] };
type StatusChange = { to?: string; status?: string; changedBy: unknown; automatic?: string | null };

describe('the records of the silent-creditor default', () => {
  let a: Awaited<ReturnType<typeof signedPlanIn>>;
  let silentDecline: typeof proposal.$inferSelect;
  let silentAccepts: (typeof proposal.$inferSelect)[];
  let declinedName: string;
  let declinedPayment: number;

  beforeAll(async () => {
    a = await signedPlanIn(t, 'Quiet');
    await t.app.prepareProposals(a.applicationId);
    const rows = await t.db.select().from(proposal).where(eq(proposal.applicationId, a.applicationId));
    const offers = await t.db.select().from(offer).where(eq(offer.applicationId, a.applicationId));
    const programmeOf = (offerId: string) => offers.find((x) => x.id === offerId)!.lenderConcessionId!;
    // One creditor's programme declines a silent creditor after 10 days; every other accepts after 12.
    silentDecline = rows.find((r) => r.creditorId)!;
    const declining = programmeOf(silentDecline.offerId);
    const others = [...new Set(rows.map((r) => programmeOf(r.offerId)))].filter((p) => p !== declining);
    expect(others.length).toBeGreaterThan(0);
    await t.db
      .update(concessionProgramme)
      .set({ silentDefault: 'declined', silentAfterDays: 10 })
      .where(eq(concessionProgramme.id, declining));
    await t.db
      .update(concessionProgramme)
      .set({ silentDefault: 'accepted', silentAfterDays: 12 })
      .where(inArray(concessionProgramme.id, others));
    silentAccepts = rows.filter((r) => programmeOf(r.offerId) !== declining);
    // An accepting creditor whose remittance address is on file: its acceptance records a creditor account.
    const paid = silentAccepts.find((r) => r.creditorId);
    expect(paid).toBeDefined();
    await t.db
      .update(creditor)
      .set({ paysByCheck: true, addressLine1: 'PO Box 7', city: 'Dover', state: 'DE', zipCode: '19901' })
      .where(eq(creditor.id, paid!.creditorId!));
    const sent = new Date(Date.now() - 13 * DAY);
    await t.db
      .update(proposal)
      .set({ state: 'sent', channel: 'email', preparedAt: sent, sentAt: sent })
      .where(eq(proposal.applicationId, a.applicationId));

    const run = await t.app.applySilentDefaults();
    expect(run.applied).toBeGreaterThanOrEqual(rows.length);
    const { terms } = await loadPlanTerms(t.db, a.applicationId);
    const direct = terms.payDirectly.find((c) => c.id === silentDecline.offerId)!;
    declinedName = direct.creditorName;
    declinedPayment = direct.currentPayment;
  }, 60_000);

  it('names the silent default, never a staff member, in every record of the history', async () => {
    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json();
    const lines = (summary.auditHistory as Line[]).filter((l) => l.action !== 'viewBorrowerSummary');
    const written = lines.filter((l) =>
      ['offerStatus', 'creditorAccount', 'planChangeAnnounced', 'transfer'].includes(l.action),
    );
    expect(written.map((l) => l.action)).toEqual(
      expect.arrayContaining(['offerStatus', 'creditorAccount', 'planChangeAnnounced', 'transfer']),
    );
    for (const line of written) {
      expect(line.actor).toBeNull();
      expect(line.sentences[0], line.action).toMatch(new RegExp(`^${SILENT_DEFAULT_ACTOR} `));
      expect(line.sentences.join(' ')).not.toContain(UNKNOWN_ACTOR);
    }
    // What happened, in the proposal's words.
    expect(written.flatMap((l) => l.sentences)).toContain(silentDefaultNote(10, 'declined'));
    expect(written.flatMap((l) => l.sentences)).toContain(silentDefaultNote(12, 'accepted'));
  });

  it('says so where the summary names who changed a status: the offers and the hand-over', async () => {
    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json();
    expect(summary.overview.status).toBe('transfer');
    // The hand-over is announced to the partner once, as after a staff answer.
    expect(t.webhooksQueued.filter((id) => id === a.applicationId)).toHaveLength(1);
    const offers = summary.decision.decision.offers as { id: string; statusChanges: StatusChange[] }[];
    const changeOf = (offerId: string) => offers.find((o) => o.id === offerId)!.statusChanges.at(-1)!;
    expect(changeOf(silentDecline.offerId)).toMatchObject({
      status: 'declined',
      changedBy: null,
      automatic: 'Automatic: the creditor did not answer within 10 days',
    });
    for (const p of silentAccepts) {
      expect(changeOf(p.offerId)).toMatchObject({
        status: 'accepted',
        changedBy: null,
        automatic: silentDefaultBy(12),
      });
    }
    const handOver = (summary.statusHistory as StatusChange[]).find((c) => c.to === 'transfer')!;
    expect(handOver.changedBy).toBeNull();
    expect([silentDefaultBy(10), silentDefaultBy(12)]).toContain(handOver.automatic);
    // Changes someone else made name no automatic cause.
    const started = (summary.statusHistory as StatusChange[]).find((c) => c.to === 'inProgress');
    expect(started?.automatic ?? null).toBeNull();
  });

  it('tells the borrower the creditor did not answer, in the email, rather than that it declined', async () => {
    const emails = (await t.emailsTo(a.email)).filter((e) => e.kind === 'plan-changed');
    // Every creditor's default applied in one run: one email naming each of them.
    expect(emails).toHaveLength(1);
    const told = emails[0]!;
    expect(told.text).toContain(
      `${declinedName} has not answered the plan we proposed within 10 days. It usually declines plans like yours`,
    );
    expect(told.text).toContain(
      `Until it answers, please keep paying it yourself, as you do today: about ${formatDollars(declinedPayment)} a month.`,
    );
    expect(told.text).not.toContain(`${declinedName} declined the plan`);
  });

  it('gives My plan what was applied: the plan’s payment for an assumed acceptance, none for a decline', async () => {
    const res = await a.client.get('/api/customer-portal/plan');
    expect(res.statusCode, res.body).toBe(200);
    const creditors = res.json().creditors as {
      id: string;
      newMonthlyPayment: number;
      payDirectly: number | null;
      proposal: { state: string; answer: string | null; agreedPayment: number | null; answeredOn: null };
    }[];
    const declined = creditors.find((c) => c.id === silentDecline.offerId)!;
    expect(declined.proposal).toMatchObject({
      state: 'noAnswer',
      answer: 'declined',
      agreedPayment: null,
      answeredOn: null,
    });
    expect(declined.payDirectly).toBe(declinedPayment);
    for (const p of silentAccepts) {
      const c = creditors.find((x) => x.id === p.offerId)!;
      expect(c.newMonthlyPayment).toBeGreaterThan(0);
      // One figure: the line's amount is the table's.
      expect(c.proposal).toMatchObject({
        state: 'noAnswer',
        answer: 'accepted',
        agreedPayment: c.newMonthlyPayment,
      });
    }
  });
});
