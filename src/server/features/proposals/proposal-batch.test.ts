import { and, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#domain/calendar';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { PROPOSAL_BATCH_COLUMNS } from '#domain/enrollment/proposal-batch';
import { SITE } from '#domain/site';
import { borrower } from '#server/db/schema/application';
import { creditor } from '#server/db/schema/creditors';
import { offer } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { proposal, proposalBatch } from '#server/db/schema/proposal';
import { devMailboxTransport } from '#server/email/outbox';
import { type Jobs, startJobs } from '#server/jobs/queue';
import { loggerOptions } from '#server/logging';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { type OpenUnit, unitOpener } from '#server/unit-of-work';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { applicationIn, EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { proposalsBatchCommand } from './batch-command';
import { NOT_TO_MAIL_MESSAGE } from './mark-mailed';
import { produceProposalBatch } from './proposal-batch';

// The day's batch file of electronic proposals and the proposals marked mailed: an application driven through
// quality control gets one proposal per offer on the plan, emailed to the creditors that take email and carried
// by the day's batch file to those that take batches, each row's figures those of its PDF. Runs on PGlite, and
// on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let jobs: Jobs | undefined;
const logLines: string[] = [];
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let programmeCreditors: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    { queueProposals: (tx, applicationId) => jobs!.proposalsQueued(tx, applicationId) },
  );
  jobs = await startJobs({
    database: t.database,
    transport: devMailboxTransport,
    sms: t.sms,
    log: pino(loggerOptions('trace'), { write: (line: string) => void logLines.push(line) }),
    cipher: t.cipher,
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
    prepareProposals: (applicationId) => t.app.prepareProposals(applicationId),
  });
  staff = await signedInStaff(t, 'Batch Staff');
  programmeCreditors = (await t.db.select({ id: creditor.id }).from(creditor))
    .map((r) => r.id)
    .filter((id) => id !== 'default')
    .sort();
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await t.close();
});

/** A unit of work on the test app's database, as a route opens one. */
const inUnit: OpenUnit = (fn) => unitOpener({ database: t.database, cipher: t.cipher, today: t.today })(fn);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const proposalsOf = (applicationId: string) =>
  t.db.select().from(proposal).where(eq(proposal.applicationId, applicationId));

async function waitForProposals(applicationId: string, count: number) {
  const deadline = Date.now() + 30_000;
  let rows = await proposalsOf(applicationId);
  while (rows.length < count && Date.now() < deadline) {
    await sleep(200);
    rows = await proposalsOf(applicationId);
  }
  return rows;
}

/** RFC 4180 read back: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}
const recordsOf = (csv: string) => {
  const [header, ...lines] = parseCsv(csv);
  return lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
};
/** '5123.45' → '$5,123.45', as the PDF writes it. */
const usd = (amount: string) => formatUsd(Math.round(Number(amount) * 100));

describe('driven through quality control: emailed, and in the day’s batch file', () => {
  const address = 'proposals@creditor.example';
  let a: Awaited<ReturnType<typeof applicationIn>>;
  let rows: Awaited<ReturnType<typeof proposalsOf>>;
  let planCreditors: string[] = [];
  const emailCreditors = () => planCreditors.slice(0, 1);
  const batchCreditors = () => programmeCreditors.filter((id) => !emailCreditors().includes(id));
  beforeAll(async () => {
    a = await applicationIn(t, 'counselorReview', 'Batcher');
    planCreditors = [
      ...new Set(
        a.offers
          .map((o) => o.lenderConcessionId?.split('@')[0])
          .filter((id): id is string => id !== undefined && id !== 'default'),
      ),
    ].sort();
    expect(planCreditors.length).toBeGreaterThan(1);
    // The plan's first creditor takes email; every other takes the electronic batch.
    await t.db
      .update(creditor)
      .set({ proposalChannel: 'email', proposalEmail: address })
      .where(inArray(creditor.id, emailCreditors()));
    await t.db
      .update(creditor)
      .set({ proposalChannel: 'batch' })
      .where(inArray(creditor.id, batchCreditors()));
    const res = await staff.client.post(`/api/staff/applications/${a.applicationId}/quality-control`, {
      passed: true,
      checklist: EVERY_ITEM_CHECKED,
    });
    expect(res.statusCode, res.body).toBe(200);
    rows = await waitForProposals(a.applicationId, a.offers.length);
  }, 90_000);

  it('makes one proposal per offer on the plan: emailed ones sent, batch ones waiting for the file', () => {
    expect(rows.map((r) => r.offerId).sort()).toEqual(a.offers.map((o) => o.id).sort());
    for (const row of rows) {
      if (row.creditorId && emailCreditors().includes(row.creditorId))
        expect(row).toMatchObject({ state: 'sent', channel: 'email' });
      else if (row.creditorId)
        expect(row).toMatchObject({ state: 'prepared', channel: 'batch', sentAt: null });
      else expect(row).toMatchObject({ state: 'prepared', channel: 'mail' });
    }
    expect(rows.some((r) => r.channel === 'email')).toBe(true);
    expect(rows.some((r) => r.channel === 'batch')).toBe(true);
  });

  it('the proposals screen shows the batch waiting and the proposals to mail', async () => {
    const res = await staff.client.get('/api/staff/proposals');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.batch).toMatchObject({ agencyDay: t.today(), today: null });
    expect(view.batch.waiting).toBeGreaterThanOrEqual(rows.filter((r) => r.channel === 'batch').length);
    const toMail = rows.filter((r) => r.channel === 'mail');
    expect(toMail.length).toBeGreaterThan(0);
    // Each names its account's last four digits, as its printed letter does.
    for (const row of toMail) {
      const listed = view.toMail.find((p: { id: string }) => p.id === row.id);
      expect(listed).toBeDefined();
      const account = await t.db.query.offer.findFirst({
        where: eq(offer.id, row.offerId),
        with: { debt: true, collection: true },
      });
      const sealed = account?.debt?.accountNumber ?? account?.collection?.accountNumber;
      expect(listed.accountLast4).toBe(sealed ? t.cipher.decrypt(sealed).slice(-4) : null);
    }
    expect(
      view.toMail.some((p: { accountLast4: string | null }) => /^\d{4}$/.test(p.accountLast4 ?? '')),
    ).toBe(true);
  });

  it('produces the day’s file once: the batch proposals in it, marked sent, the same file again after', async () => {
    const made = await staff.client.post('/api/staff/proposals/batch', {});
    expect(made.statusCode, made.body).toBe(200);
    const batched = rows.filter((r) => r.channel === 'batch');
    expect(made.json()).toMatchObject({
      agencyDay: t.today(),
      created: true,
      fileName: `dmp-proposals-${t.today()}.csv`,
    });
    expect(made.json().proposalCount).toBeGreaterThanOrEqual(batched.length);

    const file = await staff.client.get(`/api/staff/proposals/batch/${t.today()}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="dmp-proposals-${t.today()}.csv"`);
    const records = recordsOf(file.body);
    expect(Object.keys(records[0]!)).toEqual(PROPOSAL_BATCH_COLUMNS.map((c) => c.name));
    const mine = records.filter((r) => batched.some((b) => b.id === r.proposal_id));
    expect(mine).toHaveLength(batched.length);

    const after = await proposalsOf(a.applicationId);
    const [batch] = await t.db.select().from(proposalBatch).where(eq(proposalBatch.agencyDay, t.today()));
    for (const b of batched) {
      const row = after.find((r) => r.id === b.id)!;
      expect(row).toMatchObject({ state: 'sent', channel: 'batch', batchId: batch!.id });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // Emailed and mailed proposals are not in the file.
    for (const other of rows.filter((r) => r.channel !== 'batch'))
      expect(records.some((r) => r.proposal_id === other.id)).toBe(false);

    // One figure, one source: each row states what its PDF states.
    for (const record of mine) {
      const stored = after.find((r) => r.id === record.proposal_id)!;
      const pdf = await staff.client.get(
        `/api/staff/applications/${a.applicationId}/offers/${stored.offerId}/proposal`,
      );
      expect(pdf.statusCode).toBe(200);
      const text = pdfLayoutText(pdf.rawPayload)
        .join('\n')
        .replace(/[ \t]+/g, ' ');
      expect(record).toMatchObject({
        agency_id: SITE.agencyId,
        creditor_id: stored.creditorId,
        offer_reference: stored.offerId,
        proposal_date: t.today(),
        borrower_name: expect.stringContaining('Batcher'),
      });
      expect(text).toContain(`account ending in ${record.account_last4}`);
      expect(text).toContain(`Balance ${usd(record.balance!)}`);
      expect(text).toContain(`Proposed monthly payment ${usd(record.proposed_payment!)}`);
      expect(text).toContain(`Proposed APR ${record.proposed_apr_pct}%`);
      expect(text).toContain(`Term ${record.term_months} month`);
      expect(text).toContain(`Net monthly income ${usd(record.monthly_income!)}`);
      expect(text).toContain(`Total living expenses ${usd(record.monthly_expenses!)}`);
      expect(text).toContain(`Debt management plan payment ${usd(record.plan_payment!)}`);
      expect(text).toContain(`Left each month ${usd(record.left_each_month!)}`);
    }

    // Again the same day: the same file, byte for byte, and nothing else marked.
    const again = await staff.client.post('/api/staff/proposals/batch', {});
    expect(again.json()).toMatchObject({ created: false, proposalCount: made.json().proposalCount });
    const second = await staff.client.get(`/api/staff/proposals/batch/${t.today()}`);
    expect(second.body).toBe(file.body);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, batch!.id));
    expect(audits.map((x) => x.action)).toEqual(['proposalBatchDownloaded', 'proposalBatchDownloaded']);
    expect(audits[0]!.actorId).toBe(staff.userId);
  }, 60_000);

  it('keeps the file sealed at rest and logs no name', async () => {
    const [batch] = await t.db.select().from(proposalBatch).where(eq(proposalBatch.agencyDay, t.today()));
    expect(batch!.content).not.toContain('Batcher');
    expect(batch!.content).not.toContain('agency_id');
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, a.applicationId) });
    expect(logLines.join('')).not.toContain(b!.lastName!);
  });

  it('carries a proposal prepared after the day’s file in the next day’s', async () => {
    const later = await applicationIn(t, 'creditorReview', 'Later');
    await t.app.prepareProposals(later.applicationId);
    const waiting = (await proposalsOf(later.applicationId)).filter((r) => r.channel === 'batch');
    expect(waiting.length).toBeGreaterThan(0);
    const same = await inUnit((unit) =>
      produceProposalBatch(unit, {
        agencyDay: t.today(),
        dayOf: (at) => dayIn(at, t.config.agencyTimeZone),
        actorId: null,
      }),
    );
    expect(same.created).toBe(false);
    expect(same.csv).not.toContain(waiting[0]!.id);
    const next = await inUnit((unit) =>
      produceProposalBatch(unit, {
        agencyDay: '2099-01-02',
        dayOf: (at) => dayIn(at, t.config.agencyTimeZone),
        actorId: null,
      }),
    );
    expect(next).toMatchObject({ created: true, proposalCount: waiting.length });
    for (const w of waiting) expect(next.csv).toContain(w.id);
    const left = await t.db
      .select({ id: proposal.id })
      .from(proposal)
      .where(and(eq(proposal.channel, 'batch'), isNull(proposal.batchId)));
    expect(left).toEqual([]);
  });

  it('answers 404 for a day without a file, and 400 for what is not a day, never 5xx', async () => {
    expect((await staff.client.get('/api/staff/proposals/batch/2001-01-01')).statusCode).toBe(404);
    for (const bad of [
      '2026-02-30',
      // ISO 8601's year 0000, which the database's calendar has not (it once answered 500).
      '0000-02-29',
      '2026-13-01',
      'today',
      '%00',
      '1'.repeat(400),
      '..%2F..%2Fetc',
      '2026-1-1',
    ]) {
      const res = await staff.client.get(`/api/staff/proposals/batch/${bad}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('marks proposals to mail as mailed, all at once, recorded; never twice, nor another channel’s', async () => {
    const other = await applicationIn(t, 'creditorReview', 'Mailer');
    await t.app.prepareProposals(other.applicationId);
    const mine = await proposalsOf(other.applicationId);
    const toMail = mine.filter((r) => r.channel === 'mail').map((r) => r.id);
    expect(toMail.length).toBeGreaterThan(0);
    const notMail = mine.find((r) => r.channel !== 'mail')!;

    const wrong = await staff.client.post('/api/staff/proposals/mailed', {
      proposalIds: [...toMail, notMail.id],
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(NOT_TO_MAIL_MESSAGE);
    const unknown = await staff.client.post('/api/staff/proposals/mailed', {
      proposalIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    // Nothing was marked by the refused calls.
    expect(
      (await proposalsOf(other.applicationId)).filter((r) => r.state === 'sent' && r.channel === 'mail'),
    ).toEqual([]);

    const res = await staff.client.post('/api/staff/proposals/mailed', { proposalIds: toMail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailed).toBe(toMail.length);
    for (const row of (await proposalsOf(other.applicationId)).filter((r) => toMail.includes(r.id))) {
      expect(row).toMatchObject({ state: 'sent', channel: 'mail', sentBy: staff.userId });
      expect(row.sentAt?.toISOString()).toBe(res.json().sentAt);
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'proposalMailed'), eq(auditLog.applicationId, other.applicationId)));
    expect(audits).toHaveLength(toMail.length);
    expect((await staff.client.post('/api/staff/proposals/mailed', { proposalIds: toMail })).statusCode).toBe(
      409,
    );
    const list = (await staff.client.get('/api/staff/proposals')).json();
    for (const id of toMail) expect(list.toMail.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('answers 400 to hostile input when marking mailed', async () => {
    for (const body of [
      {},
      { proposalIds: [] },
      { proposalIds: 'x' },
      { proposalIds: ['not-an-id'] },
      { proposalIds: ['\u0000'] },
      {
        proposalIds: Array.from(
          { length: 101 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
      { proposalIds: ['00000000-0000-4000-8000-000000000000'], extra: 1 },
      { proposalIds: [1e308] },
    ]) {
      const res = await staff.client.post('/api/staff/proposals/mailed', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('npm run proposals:batch', () => {
  it('makes the day’s file or gives the one made, to stdout or into a directory, owner-readable only', async () => {
    const now = new Date('2099-03-04T15:00:00Z');
    const first = await proposalsBatchCommand({
      openUnit: inUnit,
      agencyTimeZone: t.config.agencyTimeZone,
      now,
    });
    expect(first.path).toBeNull();
    expect(first.summary).toMatch(/^Made: the batch file of 2099-03-04, \d+ proposals?$/);
    const dir = mkdtempSync(path.join(tmpdir(), 'batch-'));
    const second = await proposalsBatchCommand({
      openUnit: inUnit,
      agencyTimeZone: t.config.agencyTimeZone,
      now,
      out: dir,
      outIsDirectory: true,
    });
    expect(second.summary).toMatch(/^Already made: the batch file of 2099-03-04/);
    expect(second.path).toBe(path.join(dir, 'dmp-proposals-2099-03-04.csv'));
    expect(readFileSync(second.path!, 'utf8')).toBe(first.csv);
    expect(statSync(second.path!).mode & 0o777).toBe(0o600);
  });
});
