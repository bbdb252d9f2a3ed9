import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrower } from '#server/db/schema/application';
import { debt } from '#server/db/schema/credit';
import { contactAttemptReason } from '#server/db/schema/service-work';
import { summaryGraph } from '#server/features/service-portal/get-borrower-summary';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower, toEligibleDebts } from '#tests/support/borrower-flow';
import { eventually } from '#tests/support/eventually';
import { silently } from '#tests/support/silently';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';

// The borrower summary keeps the part made of the application's own rows in each server's memory between
// openings (src/server/features/service-portal/get-borrower-summary.ts) and drops it when the database
// announces that one of those rows changed (triggers, migrations 0015 and 0020). Its history is read at
// every opening. Rows are changed here through the API, through the database as any other program would,
// and silently (triggers off for the transaction), which shows whether an answer came from memory.

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
});
afterAll(async () => {
  await t.close();
});

const summaryOf = async (applicationId: string) => {
  const res = await staff.client.get(`/api/staff/applications/${applicationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    contact: { firstName: string };
    overview: { assignedTo: { name: string } | null; version: number };
    debts: { id: string; currentBalance: number }[];
    contactHistory: { id: string; notes: string | null; reasons: { key: string; value: boolean }[] }[];
    auditHistory: { action: string }[];
    openingCount: number;
  };
};

describe('a borrower summary kept in memory', () => {
  it('keeps the record while nothing is announced, and still records and counts every opening', async () => {
    const b = await newBorrower(t, 'Keptsummary');
    expect((await summaryOf(b.applicationId)).contact.firstName).toBe('Pat');
    await silently(t, (tx) =>
      tx.update(borrower).set({ firstName: 'Silent' }).where(eq(borrower.applicationId, b.applicationId)),
    );
    const again = await summaryOf(b.applicationId);
    expect(again.contact.firstName).toBe('Pat');
    // The history is never kept: this opening is in it and counted.
    expect(again.openingCount).toBe(2);
    expect(again.auditHistory.filter((a) => a.action === 'viewBorrowerSummary')).toHaveLength(2);
  });

  it("reads the record again once any row it shows changes, a child's child included", async () => {
    const b = await newBorrower(t, 'Announcedsummary');
    await toEligibleDebts(b);
    const before = await summaryOf(b.applicationId);
    const first = before.debts[0]!;
    await t.db.update(debt).set({ currentBalance: 123_456 }).where(eq(debt.id, first.id));
    await eventually(async () =>
      expect((await summaryOf(b.applicationId)).debts.find((d) => d.id === first.id)?.currentBalance).toBe(
        123_456,
      ),
    );

    const created = await staff.client.post(`/api/staff/applications/${b.applicationId}/contact-attempts`, {
      method: 'phone',
      outcome: 'leftVoicemail',
      notes: 'First try',
    });
    expect(created.statusCode, created.body).toBe(201);
    const attemptId = created.json().id as string;
    expect((await summaryOf(b.applicationId)).contactHistory.map((c) => c.id)).toContain(attemptId);
    // A reason hangs off the attempt, not the application: its trigger finds the application through it.
    await t.db
      .insert(contactAttemptReason)
      .values({ contactAttemptId: attemptId, key: 'verifyIncome', value: true })
      .onConflictDoUpdate({
        target: [contactAttemptReason.contactAttemptId, contactAttemptReason.key],
        set: { value: true },
      });
    await eventually(async () =>
      expect(
        (await summaryOf(b.applicationId)).contactHistory.find((c) => c.id === attemptId)?.reasons,
      ).toContainEqual({ key: 'verifyIncome', value: true }),
    );
  });

  it("shows a counsellor's own action at once, on the next read", async () => {
    const b = await newBorrower(t, 'Ownaction');
    const before = await summaryOf(b.applicationId);
    expect(before.overview.assignedTo).toBeNull();
    const claimed = await staff.client.post(`/api/staff/applications/${b.applicationId}/claim`, {
      version: before.overview.version,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // No wait: the claim answered only once this server had heard of its change.
    expect((await summaryOf(b.applicationId)).overview.assignedTo?.name).toBe('Casey Counsellor');
  });

  it('every table the summary shows announces its changes', async () => {
    // The tables behind the summary's relations, walked from the application through the relational schema:
    // a relation added to the summary without a trigger on its table fails here.
    type Relations = Record<string, { relations: Record<string, { referencedTableName: string }> }>;
    const schema = (t.db as unknown as { _: { schema: Relations } })._.schema;
    const byDbName = new Map(
      Object.entries(schema).map(([tsName, config]) => [
        (config as unknown as { dbName: string }).dbName,
        tsName,
      ]),
    );
    const tables = new Set<string>(['application']);
    const walk = (tsName: string, graph: Record<string, unknown>) => {
      for (const [relation, nested] of Object.entries(graph)) {
        const target = schema[tsName]!.relations[relation]!.referencedTableName;
        tables.add(target);
        const inner = typeof nested === 'object' && nested && 'with' in nested ? nested.with : undefined;
        if (inner) walk(byDbName.get(target)!, inner as Record<string, unknown>);
      }
    };
    walk('application', summaryGraph);
    const rows = await t.db.execute(
      sql`select distinct c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where not g.tgisinternal and g.tgname like '%change_feed'`,
    );
    const announced = new Set(
      (Array.isArray(rows) ? rows : (rows as { rows: { relname: string }[] }).rows).map(
        (r: { relname: string }) => r.relname,
      ),
    );
    expect(tables.size).toBeGreaterThan(20);
    expect([...tables].filter((table) => !announced.has(table))).toEqual([]);
  });
});
