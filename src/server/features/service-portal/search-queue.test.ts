import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { QUEUE_COUNT_CAP } from '#domain/service-portal/pagination';
import { application } from '#server/db/schema/application';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';

// The queue's search finds a rare term through the indexes and a common one (more matches than the count cap)
// by walking the applications newest first. Both ways must answer the same tiles and totals: these tests make
// a term common enough to take the second way and compare every answer with the rows as written.

let t: TestApp;
let staff: StaffClient;
/** More borrowers share this surname than the count cap; every third one is transferred. */
const COMMON = 'Zqcommonplace';
const MADE = QUEUE_COUNT_CAP + 30;
/** Numbered 1 (newest) to MADE (oldest), a minute apart. */
const made: { n: number; applicationId: string; status: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
  // Written in bulk: a thousand borrowers through the application flow would take minutes.
  await t.db.execute(sql`insert into "user" (id, email, name)
    select 'zq-' || i, 'zq' || i || '@search.example.com', 'Q ' || i from generate_series(1, ${MADE}) i`);
  await t.db.execute(sql`insert into application (owner, status, created_at)
    select 'zq-' || i, case when i % 3 = 0 then 'transferred' else 'inProgress' end,
      now() - make_interval(mins => i)
    from generate_series(1, ${MADE}) i`);
  await t.db
    .execute(sql`insert into borrower (application_id, owner, first_name, last_name, email, phone_number)
    select a.id, a.owner, 'Pat', ${COMMON}, lower(${COMMON}) || substr(a.owner, 4) || '@search.example.com',
      '+1415555' || lpad(substr(a.owner, 4), 4, '0')
    from application a where a.owner like 'zq-%'`);
  const rows = await t.db
    .select({ owner: application.owner, id: application.id, status: application.status })
    .from(application)
    .where(like(application.owner, 'zq-%'));
  for (const r of rows) made.push({ n: Number(r.owner.slice(3)), applicationId: r.id, status: r.status });
  made.sort((a, b) => a.n - b.n);
});
afterAll(async () => {
  await t.close();
});

type Queue = { total: number; totalIsCapped: boolean; pageCount: number; tiles: { applicationId: string }[] };
const queue = async (query: string): Promise<Queue> => {
  const res = await staff.client.get(`/api/staff/queue?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (q: Queue) => q.tiles.map((x) => x.applicationId);
const expected = (list: typeof made, page: number) =>
  list.slice((page - 1) * 10, page * 10).map((m) => m.applicationId);
const transferred = () => made.filter((m) => m.status === 'transferred');
/** The queue's default statuses leave transferred applications out. */
const byDefault = () => made.filter((m) => m.status !== 'transferred');
const EVERY_STATUS = `applicationStatus=${APPLICATION_STATUSES.join(',')}`;

describe('GET /api/staff/queue: a term more borrowers share than the count cap', () => {
  it('pages newest first over every status, says 1000+, and answers the same once the term is known', async () => {
    const first = await queue(`searchValue=${COMMON.toLowerCase()}&${EVERY_STATUS}`);
    expect(first).toMatchObject({ total: QUEUE_COUNT_CAP, totalIsCapped: true, pageCount: 100 });
    expect(ids(first)).toEqual(expected(made, 1));
    // Asked again (now walked straight away), and the next pages, including one past the walked ones.
    expect(ids(await queue(`searchValue=${COMMON}&${EVERY_STATUS}`))).toEqual(expected(made, 1));
    for (const page of [2, 10, 11, 100]) {
      const p = await queue(`searchValue=${COMMON}&${EVERY_STATUS}&page=${page}`);
      expect(ids(p), `page ${page}`).toEqual(expected(made, page));
      expect(p.total).toBe(QUEUE_COUNT_CAP);
    }
  });

  it('counts exactly with the default statuses, fewer than the cap', async () => {
    const list = byDefault();
    expect(list.length).toBeLessThan(QUEUE_COUNT_CAP);
    for (const page of [1, 2, 11, 69]) {
      const p = await queue(`searchValue=${COMMON}&page=${page}`);
      expect(p, `page ${page}`).toMatchObject({ total: list.length, totalIsCapped: false });
      expect(ids(p), `page ${page}`).toEqual(expected(list, page));
    }
  });

  it('counts exactly when a filter narrows the common term below the cap', async () => {
    const list = transferred();
    expect(list.length).toBeLessThan(QUEUE_COUNT_CAP);
    for (const page of [1, 2, 12]) {
      const p = await queue(`searchValue=${COMMON}&applicationStatus=transferred&page=${page}`);
      expect(p).toMatchObject({ total: list.length, totalIsCapped: false });
      expect(ids(p), `page ${page}`).toEqual(expected(list, page));
    }
  });

  it('finds nothing when no match passes the filters, and pages past the end are empty', async () => {
    expect(await queue(`searchValue=${COMMON}&applicationStatus=disqualified`)).toMatchObject({
      total: 0,
      tiles: [],
    });
    const beyond = await queue(`searchValue=${COMMON}&applicationStatus=transferred&page=50`);
    expect(beyond).toMatchObject({ total: transferred().length, tiles: [] });
  });

  it('finds a rare term among them through the indexes: an email, a phone, a name field alone', async () => {
    const one = made[MADE - 1]!;
    const email = `${COMMON.toLowerCase()}${one.n}@search`;
    expect(ids(await queue(`searchValue=${encodeURIComponent(email)}`))).toEqual([one.applicationId]);
    expect(ids(await queue(`searchValue=415-555-${String(one.n).padStart(4, '0')}`))).toEqual([
      one.applicationId,
    ]);
    // Last name alone ticked: still common, still right.
    const byLastName = await queue(`searchValue=${COMMON}&contactInformation=lastName&page=3`);
    expect(ids(byLastName)).toEqual(expected(byDefault(), 3));
    expect(byLastName.total).toBe(byDefault().length);
  });

  it("reads a rare term's page fresh when its matches are kept: statuses, claims and names as they are now", async () => {
    const few = made.slice(0, 12);
    const term = `${COMMON.toLowerCase()}${few[0]!.n}@`;
    const first = await queue(`searchValue=${encodeURIComponent(term)}&${EVERY_STATUS}`);
    expect(ids(first)).toEqual([few[0]!.applicationId]);
    // The same term again reads the kept matches; what the tile shows is read now.
    await t.db.execute(
      sql`update application set status = 'disqualified', assigned_to = ${staff.userId} where id = ${few[0]!.applicationId}`,
    );
    await t.db.execute(
      sql`update borrower set first_name = 'Renamed' where application_id = ${few[0]!.applicationId}`,
    );
    const again = (
      await staff.client.get(`/api/staff/queue?searchValue=${encodeURIComponent(term)}&${EVERY_STATUS}`)
    ).json();
    expect(again.tiles).toMatchObject([
      {
        applicationId: few[0]!.applicationId,
        status: 'disqualified',
        name: `Renamed ${COMMON}`,
        assignedTo: { id: staff.userId, name: 'Casey Counsellor', isMe: true },
      },
    ]);
    // A filter applies to the kept matches as to fresh ones.
    expect(ids(await queue(`searchValue=${encodeURIComponent(term)}&applicationStatus=inProgress`))).toEqual(
      [],
    );
  });
});
