import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { containsPattern, sanitizeSearchValue } from '#domain/service-portal/search';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';

// A search term with a space in it ('Mary Smith') is looked up by where it can be in "first last" (the full
// name's beginning, a first name's end and a last name's beginning, the few names that hold a space), not
// through the trigram index of every name and email. Both must find exactly the same borrowers: every term
// below is compared with the trigram search's own condition, run over the same rows.

let t: TestApp;
let staff: StaffClient;

/** First name, last name, email, as a borrower may have them (names that hold spaces, odd characters, gaps). */
const PEOPLE: [string | null, string | null, string | null][] = [
  ['Mary', 'Smith', 'ms1@wn.example.com'],
  ['MARY', 'SMITHSON', 'ms2@wn.example.com'],
  ['Rosemary', 'Smith', 'rs@wn.example.com'],
  ['Mary Ann', 'Smith', 'mas@wn.example.com'],
  ['Ann', 'De La Cruz', 'adlc@wn.example.com'],
  ['Anna', 'Delacruz', 'ad@wn.example.com'],
  ['Zed', 'Mary Smith', 'zms@wn.example.com'],
  ['Mary', ' Smith', 'lead@wn.example.com'],
  ['Mary', null, 'm@wn.example.com'],
  [null, 'Smith', 's@wn.example.com'],
  ['Marys', 'Mith', 'mm@wn.example.com'],
  ['Seán', "O'Brien", 'sob@wn.example.com'],
  ['Élodie', 'Dupré', 'ed@wn.example.com'],
  ['Pa%t', 'Do_e', 'pd@wn.example.com'],
  ['Back\\slash', 'Name', 'bn@wn.example.com'],
  ['Jo', 'Smith', 'jo smith@wn.example.com'],
  ['Ty', 'Ann', null],
];

const TERMS = [
  'mary smith',
  'MARY SMITH',
  '  Mary   Smith ',
  '(Mary) Smith',
  'ary smi',
  'y s',
  'ry smith',
  's mith',
  'mary ann',
  'ann smith',
  'mary ann smith',
  'ann de la cruz',
  'de la',
  'la cruz',
  'a d',
  'a de',
  'zed mary',
  'zed mary smith',
  'mary  smith',
  "n o'b",
  "seán o'brien",
  'é dup',
  'ÉLODIE DUPRÉ',
  'a%t do_',
  'pa% do',
  '%t d',
  't do_e',
  'slash na',
  'back\\slash name',
  'jo smith',
  'o smith@wn',
  'smith@wn.example.com x',
  'smith mary',
  'mary smith mary',
  'ty ann',
  'y ann',
];

let ours: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
  for (const [i, [firstName, lastName, email]] of PEOPLE.entries()) {
    const owner = `wn-${i}`;
    await t.db.execute(
      sql`insert into "user" (id, email, name) values (${owner}, ${`${owner}@wn.example.com`}, 'W')`,
    );
    await t.db.execute(
      sql`insert into application (owner, status, created_at) values (${owner}, 'inProgress', now() - make_interval(mins => ${i}))`,
    );
    await t.db.execute(sql`insert into borrower (application_id, owner, first_name, last_name, email)
      select id, owner, ${firstName}, ${lastName}, ${email} from application where owner = ${owner}`);
  }
  const rows = (await t.db.execute(
    sql`select id from application where owner like 'wn-%' order by substr(owner, 4)::int`,
  )) as unknown as { rows: { id: string }[] };
  ours = rows.rows.map((r) => r.id);
  expect(ours).toHaveLength(PEOPLE.length);
});
afterAll(async () => {
  await t.close();
});

/** Every application the queue lists for a term, all pages. */
async function found(term: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await staff.client.get(
      `/api/staff/queue?searchValue=${encodeURIComponent(term)}&applicationStatus=${APPLICATION_STATUSES.join(',')}&page=${page}`,
    );
    expect(res.statusCode, term).toBe(200);
    const body = res.json() as { pageCount: number; tiles: { applicationId: string }[] };
    ids.push(...body.tiles.map((x) => x.applicationId));
    if (page >= body.pageCount) return ids.sort();
  }
}

/** What the trigram search finds: the searched text, lower-cased, containing the term (migration 0014). */
async function trigramMatches(term: string): Promise<string[]> {
  const text = sanitizeSearchValue(term);
  const result = (await t.db.execute(sql`select application_id as id from borrower
    where lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(1) || coalesce(email, ''))
      like lower(${containsPattern(text)})`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id).sort();
}

describe('GET /api/staff/queue: a whole name', () => {
  it.each(TERMS)('finds for %j exactly what the trigram search finds', async (term) => {
    const expected = await trigramMatches(term);
    expect(expected.every((id) => ours.includes(id))).toBe(true);
    expect(await found(term)).toEqual(expected);
  });

  it('finds names the lookups reach in each of their three ways', async () => {
    const names = async (term: string) => {
      const ids = new Set(await found(term));
      return PEOPLE.filter((_, i) => ids.has(ours[i]!)).map(([f, l]) => `${f ?? ''}|${l ?? ''}`);
    };
    // The full name's beginning, a longer first name's end, names that hold a space, an email that holds one.
    // Spaces typed are made single, so a last name stored with a leading space is not found by 'mary smith'.
    expect((await names('mary smith')).sort()).toEqual(
      ['Mary|Smith', 'MARY|SMITHSON', 'Rosemary|Smith', 'Zed|Mary Smith'].sort(),
    );
    expect(await names('ann smith')).toEqual(['Mary Ann|Smith']);
    expect(await names('de la')).toEqual(['Ann|De La Cruz']);
    expect(await names('a d')).toEqual(['Anna|Delacruz']);
    expect(await names('jo smith')).toEqual(['Jo|Smith']);
    expect(await names('o smith@wn')).toEqual(['Jo|Smith']);
    expect(await names('smith mary')).toEqual([]);
  });

  it('keeps answering after a borrower is renamed to a name with a space', async () => {
    const id = ours[PEOPLE.findIndex(([f]) => f === 'Ty')]!;
    await t.db.execute(sql`update borrower set first_name = 'Ty Lee' where application_id = ${id}`);
    // Kept matches last ten seconds; a term not asked before reads the rows as they are now.
    expect(await found('ty lee ann')).toEqual([id]);
    expect(await found('lee ann')).toEqual(await trigramMatches('lee ann'));
  });
});
