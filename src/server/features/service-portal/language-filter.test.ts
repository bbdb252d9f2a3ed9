import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';

// The service portal's language filter over the queue and the summary list: a borrower who chose Spanish is
// Spanish; one who chose English, chose nothing (null) or has anything else stored counts as English.

let t: TestApp;
let staff: StaffClient;
/** Borrowers of this test, newest first: their stored language, and a surname to find them by. */
const STORED = ['es', null, 'en', 'es', null, 'fr'] as const;
const SURNAME = 'Lnguafilter';
const made: { applicationId: string; stored: string | null }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
  for (const [i, stored] of STORED.entries()) {
    await t.db.execute(
      sql`insert into "user" (id, email, name) values (${`lf-${i}`}, ${`lf${i}@lang.example.com`}, 'L')`,
    );
    await t.db.execute(sql`insert into application (owner, status, created_at)
      values (${`lf-${i}`}, 'counselorReview', now() - make_interval(mins => ${i + 1}))`);
    await t.db
      .execute(sql`insert into borrower (application_id, owner, first_name, last_name, preferred_language)
      select id, owner, 'Lee', ${SURNAME}, ${stored} from application where owner = ${`lf-${i}`}`);
  }
  const rows = (await t.db.execute(
    sql`select a.id, b.preferred_language from application a join borrower b on b.application_id = a.id
      where a.owner like 'lf-%' order by a.created_at desc`,
  )) as unknown;
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  for (const r of list as { id: string; preferred_language: string | null }[]) {
    made.push({ applicationId: r.id, stored: r.preferred_language });
  }
});
afterAll(async () => {
  await t.close();
});

type Tile = { applicationId: string; preferredLanguage: string };
const queue = async (query: string): Promise<{ total: number; tiles: Tile[] }> => {
  const res = await staff.client.get(`/api/staff/queue?searchValue=${SURNAME}&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const spanish = () => made.filter((m) => m.stored === 'es').map((m) => m.applicationId);
const english = () => made.filter((m) => m.stored !== 'es').map((m) => m.applicationId);

describe('GET /api/staff/queue?language=', () => {
  it('lists everyone by default and tells each tile its language (null and unknown count as English)', async () => {
    expect(made).toHaveLength(STORED.length);
    for (const query of ['', 'language=en,es', 'language=es,en']) {
      const q = await queue(query);
      expect(q.total).toBe(STORED.length);
      expect(q.tiles.map((x) => x.applicationId)).toEqual(made.map((m) => m.applicationId));
      expect(q.tiles.map((x) => x.preferredLanguage)).toEqual(['es', 'en', 'en', 'es', 'en', 'en']);
    }
  });

  it('lists the Spanish speakers only', async () => {
    const q = await queue('language=es');
    expect(q.total).toBe(2);
    expect(q.tiles.map((x) => x.applicationId)).toEqual(spanish());
    expect(q.tiles.every((x) => x.preferredLanguage === 'es')).toBe(true);
  });

  it('lists the English speakers only, those who never chose included', async () => {
    const q = await queue('language=en');
    expect(q.total).toBe(4);
    expect(q.tiles.map((x) => x.applicationId)).toEqual(english());
  });

  it('applies the filter without a search too, with the other filters', async () => {
    const every = `applicationStatus=${APPLICATION_STATUSES.join(',')}`;
    const res = await staff.client.get(`/api/staff/queue?${every}&language=es&claimedStatus=unclaimed`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { tiles: Tile[] }).tiles.map((x) => x.applicationId);
    expect(ids.filter((id) => made.some((m) => m.applicationId === id))).toEqual(spanish());
    expect((res.json() as { tiles: Tile[] }).tiles.every((x) => x.preferredLanguage === 'es')).toBe(true);
  });

  it.each([
    ['fr', 'Unknown filter option: fr'],
    ['spanish', 'Unknown filter option: spanish'],
    ['', MESSAGES.filterRequired],
  ])('refuses language=%j with a 400 naming the field', async (value, message) => {
    const res = await staff.client.get(`/api/staff/queue?language=${encodeURIComponent(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { language: message } });
  });

  it.each(["es' or 1=1 --", '%00', 'es\u0000', 'x'.repeat(5000), '🙂', 'es&language[]=en'])(
    'answers hostile input %j with a 4xx, never a 5xx',
    async (value) => {
      const res = await staff.client.get(`/api/staff/queue?language=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});

describe('GET /api/staff/applications?language=', () => {
  type Item = { id: string; borrower: { preferredLanguage: string } | null };
  const list = async (query: string): Promise<Item[]> => {
    const res = await staff.client.get(`/api/staff/applications?${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Item[] }).items.filter((i) => made.some((m) => m.applicationId === i.id));
  };

  it('lists everyone by default, each with their language, and one language when asked', async () => {
    const all = await list('');
    expect(all.map((i) => i.id)).toEqual(made.map((m) => m.applicationId));
    expect(all.map((i) => i.borrower?.preferredLanguage)).toEqual(['es', 'en', 'en', 'es', 'en', 'en']);
    expect((await list('language=es')).map((i) => i.id)).toEqual(spanish());
    expect((await list('language=en')).map((i) => i.id)).toEqual(english());
  });

  it('refuses an unknown language with a 400 naming the field', async () => {
    const res = await staff.client.get('/api/staff/applications?language=de');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { language: 'Unknown filter option: de' } });
  });
});

describe('GET /api/staff/applications/:id: the spouse’s language beside the borrower’s', () => {
  it('answers the spouse’s own stored language, and null when they chose none (the borrower’s then)', async () => {
    const [first, second] = made;
    for (const [i, [m, theirs]] of (
      [
        [first!, 'en'],
        [second!, null],
      ] as const
    ).entries()) {
      await t.db
        .execute(sql`insert into spouse (application_id, borrower_id, first_name, last_name, preferred_language)
        select application_id, id, 'Sam', ${`Spouse${i}`}, ${theirs} from borrower where application_id = ${m.applicationId}`);
    }
    const summary = async (id: string) => {
      const res = await staff.client.get(`/api/staff/applications/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        contact: { preferredLanguage: string | null };
        spouse: { preferredLanguage: string | null } | null;
      };
    };
    expect(await summary(first!.applicationId)).toMatchObject({
      contact: { preferredLanguage: 'es' },
      spouse: { preferredLanguage: 'en' },
    });
    expect((await summary(second!.applicationId)).spouse).toMatchObject({ preferredLanguage: null });
    expect((await summary(made[2]!.applicationId)).spouse).toBeNull();
  });
});
