import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dayIn } from '#domain/calendar';
import { agencyEvent } from '#server/db/schema/agency-events';
import { planLedgerForStaff } from '#server/features/service-portal/plan-ledger';
import {
  returnedDraftApplications,
  unpostedPaymentApplications,
} from '#server/features/service-portal/ledger-filter';
import { SEEDED_LEDGER_MONTHS } from './agency-ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { createTestDatabase } from '#tests/setup/test-database';
import type { Database } from '#server/db/client';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { contactAttempt } from '#server/db/schema/service-work';
import { decision } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { dmpEnrollment, paymentAccount } from '#server/db/schema/enrollment';
import { userGroup } from '#server/db/schema/auth';
import { loadConfig } from '#server/env';
import { createFieldCipher } from '#server/security/field-encryption';
import { withUnit } from '#server/unit-of-work';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { planApplication, STATUS_CYCLE, statusOf } from './plan';
import { seedApplications, type SeedSummary } from './seed-applications';

// Seeds 12 applications (one block of the status cycle) into a test database through the live use cases.

const COUNT = STATUS_CYCLE.length;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-seed-')),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  AUTH_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});

let database: Database;
let summary: SeedSummary;
beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedApplications({ config, database, count: COUNT, seed: 1 });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const namesOf = async (db: Database['db'], ids: readonly string[]) => {
  const rows = await db
    .select({
      applicationId: borrower.applicationId,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
    })
    .from(borrower)
    .where(inArray(borrower.applicationId, [...ids]));
  const byId = new Map(rows.map((r) => [r.applicationId, `${r.firstName} ${r.lastName}`]));
  return ids.map((id) => byId.get(id));
};

describe('seedApplications', () => {
  it('makes every status, as counted in the summary', async () => {
    expect(summary.applicationIds).toHaveLength(COUNT);
    const rows = await database.db
      .select({ status: application.status })
      .from(application)
      .where(inArray(application.id, summary.applicationIds));
    for (const status of APPLICATION_STATUSES) {
      expect(
        rows.some((r) => r.status === status),
        status,
      ).toBe(true);
      expect(summary.byStatus[status], status).toBe(rows.filter((r) => r.status === status).length);
    }
    expect(Object.keys(summary.disqualifiedBy).length).toBeGreaterThan(0);
  });

  it('gives every qualified application its decision and offers, and the later steps their records', async () => {
    const apps = await database.db.query.application.findMany({
      where: inArray(application.id, summary.applicationIds),
      with: {
        decisions: { with: { offers: true } },
        paymentAccount: true,
        dmpEnrollment: true,
        planAuthorizations: true,
        borrower: true,
      },
    });
    const past = (statuses: readonly string[]) => apps.filter((a) => statuses.includes(a.status));
    const qualified = past([
      'acceptOffer',
      'confirmPaymentAccount',
      'signContract',
      'counselorReview',
      'creditorReview',
      'transfer',
      'transferred',
    ]);
    expect(qualified.length).toBeGreaterThan(0);
    for (const a of qualified) {
      const newest = a.decisions.at(-1)!;
      expect(
        a.decisions.some((d) => d.isQualified && d.offers.length > 0),
        a.status,
      ).toBe(true);
      expect(newest).toBeDefined();
    }
    for (const a of past(['signContract', 'counselorReview', 'creditorReview', 'transfer', 'transferred'])) {
      expect(a.paymentAccount?.accountNumber, a.status).toMatch(/^v2\./);
    }
    for (const a of past(['counselorReview', 'creditorReview', 'transfer', 'transferred'])) {
      expect(a.assignedTo, a.status).not.toBeNull();
    }
    for (const a of past(['transfer', 'transferred'])) {
      expect(a.dmpEnrollment?.monthlyPaymentAmount, a.status).toBeGreaterThan(0);
      // The first payment is the letter's first draft (dated by the seeded history), on the chosen day.
      const letter = a.planAuthorizations.find((x) => x.kind === 'letter');
      expect(a.dmpEnrollment?.firstPaymentDate, a.status).toBe(letter?.firstDraftDate);
      expect(a.dmpEnrollment?.firstPaymentDate, a.status).toMatch(/-01$/);
      const offers = a.decisions.flatMap((d) => d.offers);
      expect(offers.some((x) => x.status === 'accepted')).toBe(true);
    }
    for (const a of past(['transferred'])) expect(a.borrower?.partnerCrmId).toMatch(/^CRM-\d{8}$/);
  });

  it('prepares the proposals the live path makes: one per offer on the plan, answered where the creditor answered', async () => {
    const apps = await database.db.query.application.findMany({
      where: inArray(application.id, summary.applicationIds),
      with: { decisions: { with: { offers: true } } },
    });
    const later = apps.filter((a) => ['creditorReview', 'transfer', 'transferred'].includes(a.status));
    expect(later.length).toBeGreaterThan(0);
    for (const a of later) {
      const rows = await database.db.select().from(proposal).where(eq(proposal.applicationId, a.id));
      expect(rows.length, a.status).toBeGreaterThan(0);
      const offers = new Map(a.decisions.flatMap((d) => d.offers).map((x) => [x.id, x]));
      for (const row of rows) {
        const made = offers.get(row.offerId);
        expect(made?.proposalS3Key, a.status).toBe(row.documentKey);
        if (made?.status === 'accepted' || made?.status === 'declined')
          expect(row.state, a.status).toBe('answered');
        else expect(['prepared', 'sent', 'noAnswer'], a.status).toContain(row.state);
      }
    }
  });

  it('records every status change, and spreads creation over the last 30 days', async () => {
    const ids = summary.applicationIds;
    const changes = await database.db
      .select()
      .from(applicationStatusChange)
      .where(inArray(applicationStatusChange.applicationId, ids))
      .orderBy(asc(applicationStatusChange.createdAt));
    const apps = await database.db.select().from(application).where(inArray(application.id, ids));
    const now = Date.now();
    for (const a of apps) {
      const own = changes.filter((c) => c.applicationId === a.id);
      expect(own[0]).toMatchObject({ from: null, to: 'inProgress' });
      expect(own.at(-1)!.to).toBe(a.status);
      expect(own.at(0)!.createdAt.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime());
      expect(a.createdAt.getTime()).toBeGreaterThan(now - 31 * 86_400_000);
      expect(a.createdAt.getTime()).toBeLessThan(now);
    }
    expect(new Set(apps.map((a) => a.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(3);
  });

  it('makes the three seed counsellors staff members, and their contact attempts', async () => {
    expect(summary.staff.map((s) => s.name)).toEqual([
      'Seed Counsellor 1',
      'Seed Counsellor 2',
      'Seed Counsellor 3',
    ]);
    const groups = await database.db
      .select()
      .from(userGroup)
      .where(
        inArray(
          userGroup.userId,
          summary.staff.map((s) => s.id),
        ),
      );
    expect(groups.every((g) => g.groupName === STAFF_GROUP)).toBe(true);
    expect(groups).toHaveLength(3);
    const attempts = await database.db
      .select()
      .from(contactAttempt)
      .where(inArray(contactAttempt.applicationId, summary.applicationIds));
    expect(attempts.length).toBeGreaterThan(0);
    expect(summary.staff.map((s) => s.id)).toEqual(expect.arrayContaining([attempts[0]!.contactedBy]));
  });

  it('stores no account number in clear', async () => {
    const accounts = await database.db
      .select()
      .from(paymentAccount)
      .innerJoin(application, eq(application.id, paymentAccount.applicationId))
      .where(inArray(application.id, summary.applicationIds));
    for (const { payment_account: p } of accounts) {
      expect(p.accountNumber).not.toMatch(/^\d+$/);
      expect(p.routingNumber).not.toMatch(/^\d+$/);
    }
  });

  it("records the agency's events for the plan handed over: months of drafts and payments, a returned draft, a late posting and a month to reconcile", async () => {
    const [handedOver] = await database.db
      .select({ id: application.id })
      .from(application)
      .where(and(inArray(application.id, summary.applicationIds), eq(application.status, 'transferred')));
    expect(handedOver).toBeDefined();
    const rows = await database.db
      .select({ source: agencyEvent.source, type: agencyEvent.type })
      .from(agencyEvent)
      .where(eq(agencyEvent.applicationId, handedOver!.id));
    expect(rows.every((r) => r.source === 'seed:1')).toBe(true);
    const today = dayIn(new Date(), config.agencyTimeZone);
    const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
    const ledger = await withUnit({ database, cipher, today: () => today }, (unit) =>
      planLedgerForStaff(unit, { applicationId: handedOver!.id }),
    );
    expect(ledger.months.length).toBeGreaterThanOrEqual(SEEDED_LEDGER_MONTHS);
    const drafts = ledger.months.flatMap((m) => m.drafts);
    const payments = ledger.months.flatMap((m) => m.disbursements);
    expect(drafts.filter((d) => d.status === 'returned').map((d) => d.returnCode)).toEqual(['R01']);
    expect(drafts.filter((d) => d.status === 'settled').length).toBeGreaterThanOrEqual(
      SEEDED_LEDGER_MONTHS - 1,
    );
    expect(payments.filter((p) => p.overdue)).toHaveLength(1);
    expect(payments.filter((p) => p.status === 'rejected')).toHaveLength(1);
    expect(ledger.flaggedMonths).toBe(1);
    // The months not troubled add up: the seeded amounts are the plan's terms.
    expect(ledger.months.filter((m) => m.reconciliation === 'balanced').length).toBeGreaterThanOrEqual(2);
    // The queue's filters find it, through the same SQL the queue runs.
    for (const query of [returnedDraftApplications(), unpostedPaymentApplications(today)]) {
      const found = (await database.db.execute(query)) as unknown as { rows: { application_id: string }[] };
      expect(found.rows.map((r) => r.application_id)).toContain(handedOver!.id);
    }
  });

  it('is deterministic: the same seed gives the same borrowers and statuses, another seed other people', async () => {
    const again = await createTestDatabase();
    try {
      const first = 4;
      const repeat = await seedApplications({ config, database: again, count: first, seed: 1 });
      expect(await namesOf(again.db, repeat.applicationIds)).toEqual(
        (await namesOf(database.db, summary.applicationIds)).slice(0, first),
      );
      const statuses = async (db: Database['db'], ids: readonly string[]) =>
        Promise.all(
          ids.map(
            async (id) =>
              (await db.select({ s: application.status }).from(application).where(eq(application.id, id)))[0]!
                .s,
          ),
        );
      expect(await statuses(again.db, repeat.applicationIds)).toEqual(
        (await statuses(database.db, summary.applicationIds)).slice(0, first),
      );
      // A second run of the same seed continues the numbering: new people, no clash.
      const more = await seedApplications({ config, database: again, count: 1, seed: 1 });
      expect(more.firstIndex).toBe(first);
    } finally {
      await again.close();
    }
    const today = new Date();
    const other = Array.from({ length: COUNT }, (_, k) => planApplication(2, k, today).lead);
    const same = Array.from({ length: COUNT }, (_, k) => planApplication(1, k, today).lead);
    expect(other.map((l) => `${l.firstName} ${l.lastName}`)).not.toEqual(
      same.map((l) => `${l.firstName} ${l.lastName}`),
    );
  }, 120_000);
});

describe('statusOf', () => {
  it.each([1, 2, 99])('puts every status in each block of 12 (seed %i)', (seed) => {
    for (const block of [0, 1, 7]) {
      const statuses = Array.from({ length: COUNT }, (_, k) => statusOf(seed, block * COUNT + k));
      expect([...statuses].sort()).toEqual([...STATUS_CYCLE].sort());
    }
  });
});

describe('dmp enrollment and decisions', () => {
  it('has a decision for every application that reached /expenses and beyond', async () => {
    const withDecision = await database.db
      .selectDistinct({ id: decision.applicationId })
      .from(decision)
      .where(inArray(decision.applicationId, summary.applicationIds));
    expect(withDecision.length).toBeGreaterThanOrEqual(
      summary.byStatus.acceptOffer + summary.byStatus.transfer,
    );
    const enrollments = await database.db
      .select()
      .from(dmpEnrollment)
      .where(inArray(dmpEnrollment.applicationId, summary.applicationIds));
    expect(enrollments).toHaveLength(summary.byStatus.transfer + summary.byStatus.transferred);
  });
});
