import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application } from '#server/db/schema/application';
import { seedBulk } from '#server/seed/bulk-seed';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signedInStaff } from '#tests/support/staff-sign-in';

// Every read of the service portal finds its rows through an index, so it stays fast however many
// applications the agency holds. Each portal read is called through the real routes on a seeded database,
// every statement it sends is captured, and PostgreSQL is asked how it would run it with sequential scans
// turned off: a plan that still reads one of the large tables below end to end (a sequential scan) has no index
// that can answer it. Turning them off makes the check the same at any size (with a few thousand rows the
// planner scans small tables whatever their indexes); the figures at a million applications, where the
// planner's own choices count, are in bench/RESULTS.md.

/** Tables that grow with the number of applications: none may be read end to end. */
const LARGE_TABLES = [
  'application',
  'borrower',
  'debt',
  'collection',
  'offer',
  'decision',
  'audit_log',
  'alert',
  'contact_attempt',
];

/** Made through the live use cases, then copied in bulk (npm run seed -- --bulk). */
const APPLICATIONS = 2_000;
const TEMPLATES = 18;

type Captured = { text: string; values: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The large tables a plan reads end to end (a sequential scan). */
const tablesReadWhole = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' &&
  node['Relation Name'] &&
  LARGE_TABLES.includes(node['Relation Name'])
    ? [node['Relation Name']]
    : []),
  ...(node.Plans ?? []).flatMap(tablesReadWhole),
];

/** A captured statement with its $n parameters as drizzle parameters, so it can be explained as it ran. */
function withParameters(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // One parameter each, arrays included (a bare array would be spread into a list of parameters).
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`)),
    sql.raw(''),
  );
}

/** Rows of a raw statement, whichever driver ran it. */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

let t: TestApp;
let captured: Captured[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Both drivers (pg's pool, PGlite) take every statement through their client's query(): record each one,
  // on the connections that keep generic plans too (the borrower summary's record is read there).
  type Client = { query: (...args: unknown[]) => unknown };
  const clients = new Set(
    [t.db, t.database.genericPlanDb].map((db) => (db as unknown as { $client: Client }).$client),
  );
  for (const client of clients) {
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const [first, second] = args;
      if (typeof first === 'string') captured.push({ text: first, values: (second as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        captured.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
      }
      return query(...args);
    };
  }
  await seedBulk({ config: t.config, database: t.database, count: APPLICATIONS, templates: TEMPLATES });
  await t.db.execute(sql`analyze`);
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('the service portal reads', () => {
  it('use an index for every large table they touch', async () => {
    const staff = await signedInStaff(t);
    const [some] = await t.db
      .select({ id: application.id })
      .from(application)
      .where(sql`${application.status} = 'transferred'`)
      .limit(1);
    const [named] = rowsOf(
      await t.db.execute(
        sql`select first_name, last_name, email, phone_number from borrower where first_name is not null and last_name is not null limit 1`,
      ),
    ) as { first_name: string; last_name: string; email: string; phone_number: string }[];
    const reads = [
      '/api/staff/applications',
      '/api/staff/applications?applicationStatus=inProgress,transferred&claimedStatus=claimed&assignedToMe=true',
      '/api/staff/applications?page=2',
      '/api/staff/contact-summary',
      '/api/staff/contact-summary?page=2',
      `/api/staff/contact-summary?contactedBy=${staff.userId}`,
      '/api/staff/queue',
      '/api/staff/queue?page=2',
      '/api/staff/queue?assignedToMe=true',
      `/api/staff/queue?searchValue=${encodeURIComponent(named!.last_name)}`,
      `/api/staff/queue?searchValue=${encodeURIComponent(named!.last_name)}&contactInformation=lastName`,
      // A whole name: looked up by where it can be (the full name's beginning, first names by their end).
      `/api/staff/queue?searchValue=${encodeURIComponent(`${named!.first_name} ${named!.last_name}`)}`,
      `/api/staff/queue?searchValue=${encodeURIComponent(`${named!.first_name.slice(1)} ${named!.last_name.slice(0, 3)}`)}`,
      `/api/staff/queue?searchValue=${encodeURIComponent(named!.email.split('@')[0]!)}`,
      `/api/staff/queue?searchValue=${named!.phone_number.slice(-7)}`,
      `/api/staff/queue?searchValue=${some!.id.slice(0, 8)}`,
      `/api/staff/applications/${some!.id}`,
    ];
    const scans: string[] = [];
    for (const url of reads) {
      captured = [];
      const res = await staff.client.get(url);
      expect(res.statusCode, url).toBe(200);
      const reads = captured.filter((c) => /^\s*(select|with)\b/i.test(c.text));
      expect(reads.length, url).toBeGreaterThan(0);
      // The borrower summary: its history (with this opening) and its record, read on other connections.
      if (url.startsWith('/api/staff/applications/')) expect(reads.length, url).toBeGreaterThanOrEqual(2);
      for (const statement of reads) {
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const explained = await tx.execute(
            sql`explain (format json) ${withParameters(statement.text, statement.values)}`,
          );
          const row = rowsOf(explained)[0] as { 'QUERY PLAN': unknown };
          const doc =
            typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
          return (doc as { Plan: PlanNode }[])[0]!.Plan;
        });
        for (const table of tablesReadWhole(plan)) {
          scans.push(`${url}: ${table} in ${statement.text.slice(0, 160)}`);
        }
      }
    }
    expect(scans).toEqual([]);
  });
});
