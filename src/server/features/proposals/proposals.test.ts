import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSALS_QUEUE } from '#server/application/proposal-queue';
import { sealedDocuments } from '#server/application/sealed-documents';
import { auditLog, emailOutbox } from '#server/db/schema/ops';
import { application, borrower } from '#server/db/schema/application';
import { creditor } from '#server/db/schema/creditors';
import { offer } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { devMailboxTransport, openEmailBody } from '#server/email/outbox';
import { type Jobs, startJobs, unqueuedProposalIds } from '#server/jobs/queue';
import { loggerOptions } from '#server/logging';
import { createLocalDocumentStore } from '#providers/document-store/local';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { type OpenUnit, outsideUnits, unitOpener } from '#server/unit-of-work';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { applicationIn, EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { createS3DocumentStore } from '#providers/document-store/s3';
import { startS3Fake } from '#tests/fakes/s3-fake';
import { prepareProposals, proposalDocumentKey } from './prepare-proposals';

// Quality control's pass writes the proposals' job in its own transaction; the job makes one sealed proposal
// per offer on the plan, once, readable back from the document store and by staff through the download route.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
let jobs: Jobs | undefined;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { queueProposals: (tx, applicationId) => jobs!.proposalsQueued(tx, applicationId) },
  );
  jobs = await startJobs({
    database: t.database,
    transport: devMailboxTransport,
    sms: t.sms,
    log: pino(loggerOptions('trace'), logStream),
    cipher: t.cipher,
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
    prepareProposals: (applicationId) => t.app.prepareProposals(applicationId),
  });
  staff = await signedInStaff(t);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await t.close();
});

/** A unit of work on the test app's database, as a route opens one. */
const inUnit: OpenUnit = (fn) => unitOpener({ database: t.database, cipher: t.cipher, today: t.today })(fn);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const documentsDir = () => path.join(t.config.dataDir, 'documents');
const documents = () => sealedDocuments(createLocalDocumentStore({ directory: documentsDir() }), t.cipher);

const proposalsOf = (applicationId: string) =>
  t.db.select().from(proposal).where(eq(proposal.applicationId, applicationId));

async function passedQualityControl(lastName: string) {
  const a = await applicationIn(t, 'counselorReview', lastName);
  const res = await staff.client.post(`/api/staff/applications/${a.applicationId}/quality-control`, {
    passed: true,
    checklist: EVERY_ITEM_CHECKED,
  });
  expect(res.statusCode, res.body).toBe(200);
  return a;
}

async function waitForProposals(applicationId: string, count: number) {
  const deadline = Date.now() + 30_000;
  let rows = await proposalsOf(applicationId);
  while (rows.length < count && Date.now() < deadline) {
    await sleep(200);
    rows = await proposalsOf(applicationId);
  }
  return rows;
}

/** The last four digits of an offer's account, as the borrower summary shows them. */
async function lastFourOf(offerId: string): Promise<string> {
  const row = await t.db.query.offer.findFirst({
    where: eq(offer.id, offerId),
    with: { debt: true, collection: true },
  });
  const sealed = row?.debt?.accountNumber ?? row?.collection?.accountNumber;
  expect(sealed).toBeTruthy();
  return t.cipher.decrypt(sealed!).slice(-4);
}

describe('proposals prepared when quality control passes', () => {
  let a: Awaited<ReturnType<typeof passedQualityControl>>;
  let rows: Awaited<ReturnType<typeof proposalsOf>>;
  beforeAll(async () => {
    a = await passedQualityControl('Proposer');
    rows = await waitForProposals(a.applicationId, a.offers.length);
  }, 90_000);

  it('writes the job with the pass, and makes one stored proposal per offer on the plan', async () => {
    // The product records the job with it, in the pass's transaction.
    const { rows: queued } = await t.database.executeSql(
      `select queued_at from job_handover where queue = $1 and key = $2`,
      [PROPOSALS_QUEUE, a.applicationId],
    );
    expect(queued.length).toBeGreaterThan(0);
    // applicationIn keeps every offer on the plan: none left out, no creditor answered yet.
    expect(rows.map((r) => r.offerId).sort()).toEqual(a.offers.map((o) => o.id).sort());
    // The sandbox's creditors include ones the agency has a programme with.
    expect(rows.some((r) => r.creditorId !== null)).toBe(true);
    for (const row of rows) {
      expect(row).toMatchObject({
        state: 'prepared',
        documentKey: proposalDocumentKey(a.applicationId, row.offerId),
        sentAt: null,
        answeredAt: null,
      });
      const o = await t.db.query.offer.findFirst({ where: eq(offer.id, row.offerId) });
      expect(o?.proposalS3Key).toBe(row.documentKey);
      // The creditor whose programme the offer was made on ('chase@1' → 'chase'); none for the default one.
      const programmeCreditor = o?.lenderConcessionId?.split('@')[0] ?? null;
      expect(row.creditorId).toBe(programmeCreditor === 'default' ? null : programmeCreditor);
    }
  });

  it('keeps each proposal sealed at rest, and its PDF names the account’s last four digits', async () => {
    for (const row of rows) {
      const onDisk = readFileSync(path.join(documentsDir(), ...row.documentKey.split('/')));
      expect(onDisk.includes('%PDF')).toBe(false);
      expect(onDisk.includes('Proposer')).toBe(false);
      const pdf = await documents().get(row.documentKey);
      expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfLayoutText(pdf!)
        .join('\n')
        .replace(/[ \t]+/g, ' ');
      const last4 = await lastFourOf(row.offerId);
      expect(text).toContain(`account ending in ${last4}`);
      expect(text).toContain('Proposer');
      expect(text).toMatch(/Balance \$[\d,]+\.\d\d/);
    }
  });

  it('makes no second document or row when the job runs again', async () => {
    const files = () => readdirSync(path.join(documentsDir(), 'proposals', a.applicationId)).sort();
    const before = files();
    expect(before).toHaveLength(rows.length);
    await t.app.prepareProposals(a.applicationId);
    await t.app.prepareProposals(a.applicationId);
    expect(files()).toEqual(before);
    const again = await proposalsOf(a.applicationId);
    expect(again.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('lets staff download a proposal (audited), and answers 404 for an offer of another application', async () => {
    const first = rows[0]!;
    const res = await staff.client.get(
      `/api/staff/applications/${a.applicationId}/offers/${first.offerId}/proposal`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(audits).toMatchObject([{ action: 'proposalDownloaded', actorId: staff.userId }]);

    // Another borrower's application, past quality control too: its id with this offer, and this id with its
    // offer, are both not found.
    const other = await applicationIn(t, 'creditorReview', 'Other');
    for (const url of [
      `/api/staff/applications/${other.applicationId}/offers/${first.offerId}/proposal`,
      `/api/staff/applications/${a.applicationId}/offers/${other.offers[0]!.id}/proposal`,
    ]) {
      const wrong = await staff.client.get(url);
      expect(wrong.statusCode, wrong.body).toBe(404);
    }
  });

  it('logs the job and the download by ids only: no name, address or account digits', async () => {
    const logs = logLines.join('');
    expect(logs).toContain('proposals job done');
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, a.applicationId) });
    for (const personal of [
      b!.lastName!,
      b!.addressLine1!,
      ...(await Promise.all(rows.map((r) => lastFourOf(r.offerId)))),
    ]) {
      expect(logs).not.toContain(personal);
    }
  });

  it('answers 400 for ids that are not ids, never 5xx', async () => {
    for (const bad of ['not-a-uuid', '%00', '1'.repeat(400), '..%2F..%2Fetc']) {
      const res = await staff.client.get(`/api/staff/applications/${a.applicationId}/offers/${bad}/proposal`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('an offer the borrower left out', () => {
  it('gets no proposal; staff see it left out (no answer awaited, none taken) and a PDF for each other', async () => {
    const a = await applicationIn(t, 'counselorReview', 'Leftout');
    const leftOut = a.offers.at(-1)!;
    // As /offers/review records it when the borrower unticks the offer.
    await t.db.update(offer).set({ declinedByBorrower: true }).where(eq(offer.id, leftOut.id));
    const pass = await staff.client.post(`/api/staff/applications/${a.applicationId}/quality-control`, {
      passed: true,
      checklist: EVERY_ITEM_CHECKED,
    });
    expect(pass.statusCode, pass.body).toBe(200);
    const rows = await waitForProposals(a.applicationId, a.offers.length - 1);
    expect(rows.map((r) => r.offerId).sort()).toEqual(
      a.offers
        .filter((o) => o.id !== leftOut.id)
        .map((o) => o.id)
        .sort(),
    );

    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json() as {
      decision: { decision: { offers: { id: string; leftOutByBorrower: boolean; hasProposal: boolean }[] } };
    };
    const shown = new Map(summary.decision.decision.offers.map((o) => [o.id, o]));
    expect(shown.get(leftOut.id)).toMatchObject({ leftOutByBorrower: true, hasProposal: false });
    for (const o of a.offers.filter((x) => x.id !== leftOut.id)) {
      expect(shown.get(o.id)).toMatchObject({ leftOutByBorrower: false, hasProposal: true });
      const pdf = await staff.client.get(
        `/api/staff/applications/${a.applicationId}/offers/${o.id}/proposal`,
      );
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    expect(
      (await staff.client.get(`/api/staff/applications/${a.applicationId}/offers/${leftOut.id}/proposal`))
        .statusCode,
    ).toBe(404);
    // No creditor was asked, so there is no answer to record for it.
    const answered = await staff.client.post(`/api/staff/offers/${leftOut.id}/status`, {
      version: leftOut.version,
      status: 'declined',
      reasons: ['termTooLong'],
    });
    expect(answered.statusCode).toBe(409);
    expect((await t.db.query.offer.findFirst({ where: eq(offer.id, leftOut.id) }))?.status).toBeNull();
  }, 90_000);
});

describe('no proposal before quality control passes', () => {
  it('makes nothing for an application still in counselor review', async () => {
    const a = await applicationIn(t, 'counselorReview', 'Early');
    await t.app.prepareProposals(a.applicationId);
    expect(await proposalsOf(a.applicationId)).toEqual([]);
  });
});

describe('proposals sent by each creditor’s channel', () => {
  const address = 'proposals@creditor.example';
  let programmeCreditors: string[] = [];
  beforeAll(async () => {
    programmeCreditors = (await t.db.select({ id: creditor.id }).from(creditor))
      .map((r) => r.id)
      .filter((id) => id !== 'default');
    await t.db
      .update(creditor)
      .set({ proposalChannel: 'email', proposalEmail: address })
      .where(inArray(creditor.id, programmeCreditors));
  });
  afterAll(async () => {
    await t.db
      .update(creditor)
      .set({ proposalChannel: null, proposalEmail: null })
      .where(inArray(creditor.id, programmeCreditors));
  });

  it('emails the proposal, its PDF attached, to a creditor that takes them by email; the others wait to be mailed', async () => {
    const a = await passedQualityControl('Emailed');
    const rows = await waitForProposals(a.applicationId, a.offers.length);
    const emailed = rows.filter((r) => r.creditorId !== null);
    expect(emailed.length).toBeGreaterThan(0);
    for (const row of emailed) {
      expect(row).toMatchObject({ state: 'sent', channel: 'email' });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // Offers on the default programme have no creditor on file: to be mailed.
    for (const row of rows.filter((r) => r.creditorId === null))
      expect(row).toMatchObject({ state: 'prepared', channel: 'mail', sentAt: null });

    const mails = (
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'creditor-proposal'), eq(emailOutbox.to, address)))
    ).map((row) => openEmailBody(t.cipher, row)!);
    for (const row of emailed) {
      const last4 = await lastFourOf(row.offerId);
      const mail = mails.find((m) => m.text.includes(row.offerId));
      expect(mail, `an email for offer ${row.offerId}`).toBeDefined();
      expect(mail!.subject).toContain(`account ending ${last4}`);
      // The borrower's name is in the attached PDF only, never in the email's own words.
      expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toContain('Emailed');
      expect(mail!.attachments).toHaveLength(1);
      const pdf = Buffer.from(mail!.attachments[0]!.content, 'base64');
      expect(pdfLayoutText(pdf).join('\n')).toContain(`account ending in ${last4}`);
    }
    expect(mails.filter((m) => rows.some((r) => m.text.includes(r.offerId)))).toHaveLength(emailed.length);
    // Each handed to the queue by the unit that wrote it, once it committed: none waits for the sweep.
    const mailIds = (
      await t.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'creditor-proposal'), eq(emailOutbox.to, address)))
    ).map((r) => r.id);
    for (const id of mailIds) expect(t.queued).toContain(id);

    // The job run again sends nothing twice.
    await t.app.prepareProposals(a.applicationId);
    const again = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'creditor-proposal'), eq(emailOutbox.to, address)));
    expect(again).toHaveLength(mails.length);
  }, 90_000);
});

describe('proposals in an S3 bucket', () => {
  // From here the use case is called directly: the queue (and its sweep, which could make these proposals
  // first, in the local store) is stopped.
  beforeAll(async () => {
    await jobs?.stop();
    jobs = undefined;
  });

  it('stores each sealed in the bucket, readable back, with the same rows as on disk', async () => {
    const fake = await startS3Fake();
    try {
      const bucket = sealedDocuments(
        createS3DocumentStore({
          bucket: fake.bucket,
          region: fake.region,
          endpoint: fake.endpoint,
          forcePathStyle: true,
          credentials: fake.credentials,
        }),
        t.cipher,
      );
      // Past quality control, as the job finds it (no job queued here: the use case is called directly).
      const a = await applicationIn(t, 'creditorReview', 'Bucketed');
      const made = await prepareProposals({
        openUnit: inUnit,
        documents: outsideUnits(bucket, 'documents'),
        applicationId: a.applicationId,
      });
      expect(made.prepared).toBe(a.offers.length);
      expect([...fake.objects.keys()].sort()).toEqual(
        a.offers.map((o) => proposalDocumentKey(a.applicationId, o.id)).sort(),
      );
      for (const [key, object] of fake.objects) {
        expect(object.body.includes('%PDF')).toBe(false);
        expect(object.body.includes('Bucketed')).toBe(false);
        const pdf = await bucket.get(key);
        const offerId = key.split('/').at(-1)!.replace('.pdf', '');
        const text = pdfLayoutText(pdf!).join('\n');
        expect(text).toContain(`account ending in ${await lastFourOf(offerId)}`);
      }
      expect(await proposalsOf(a.applicationId)).toHaveLength(a.offers.length);
    } finally {
      await fake.close();
    }
  });
});

describe('proposals rendered and stored outside the application’s lock', () => {
  // A document store that holds every put until released: a slow bucket.
  function slowStore() {
    const inner = documents();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstPut = new Promise<void>((resolve) => (started = resolve));
    return {
      release,
      firstPut,
      store: {
        put: async (key: string, document: Uint8Array) => {
          started();
          await released;
          await inner.put(key, document);
        },
        get: inner.get,
      },
    };
  }
  const within = <T>(ms: number, p: Promise<T>) =>
    Promise.race([
      p,
      sleep(ms).then(() => {
        throw new Error(`still waiting after ${ms} ms`);
      }),
    ]);

  it('lets the application be saved while its proposals wait on a slow store', async () => {
    const a = await applicationIn(t, 'creditorReview', 'Slowstore');
    const slow = slowStore();
    const making = prepareProposals({
      openUnit: inUnit,
      documents: outsideUnits(slow.store, 'documents'),
      applicationId: a.applicationId,
    });
    try {
      await within(30_000, slow.firstPut);
      // A save of the application takes its row, as every save does: it must not wait for the store.
      await within(
        5_000,
        t.db.transaction(async (tx) => {
          await tx
            .select({ id: application.id })
            .from(application)
            .where(eq(application.id, a.applicationId))
            .for('update');
          await tx
            .update(borrower)
            .set({ city: 'Newtown' })
            .where(eq(borrower.applicationId, a.applicationId));
        }),
      );
    } finally {
      slow.release();
    }
    const made = await making;
    expect(made.prepared).toBe(a.offers.length);
    // The address changed while the first documents were stored: each recorded proposal states the new one.
    const rows = await proposalsOf(a.applicationId);
    expect(rows).toHaveLength(a.offers.length);
    for (const row of rows) {
      const pdf = await documents().get(row.documentKey);
      expect(pdfLayoutText(pdf!).join('\n')).toContain('Newtown');
    }
  }, 60_000);
});

describe('the proposals sweep', () => {
  it('finds an application past quality control whose proposals were never made, and not once they are', async () => {
    // Put in creditorReview directly, as by a version without proposals: no job was ever written for it.
    const a = await applicationIn(t, 'creditorReview', 'Swept');
    expect(await unqueuedProposalIds(t.database)).toContain(a.applicationId);
    await t.app.prepareProposals(a.applicationId);
    expect(await proposalsOf(a.applicationId)).toHaveLength(a.offers.length);
    expect(await unqueuedProposalIds(t.database)).not.toContain(a.applicationId);
  });
});
