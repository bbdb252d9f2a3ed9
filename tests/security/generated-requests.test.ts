import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '#server/features/accounts/create-staff';
import { uniqueEmail } from '#tests/support/borrower-flow';
import {
  applicationIn,
  qualifiedBorrower,
  signedInStaff,
  STAFF_PASSWORD,
} from '#tests/support/staff-actions';
import { alert, contactAttempt } from '#server/db/schema/service-work';
import { session } from '#server/db/schema/auth';
import { createTestApp, type TestApp } from '../setup/test-app';
import {
  requestsFor,
  routesOf,
  type GeneratedRequest,
  type OpenApiDocument,
  type Pools,
} from './openapi-requests';

// Every route of the OpenAPI document, as each kind of caller, with requests fast-check derives from the
// document (valid values, values at the edges, hostile text and shapes, broken JSON and encodings): no answer
// is a 5xx, and a refused request (4xx) writes nothing. Writes are seen by a trigger on every table that logs
// each insert, update and delete in the same transaction, so a write that was rolled back leaves no trace.
//
// FUZZ_RUNS sets the requests per caller (default 2,000: 10,000 in all); FUZZ_SEED replays a failing run.

const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Writes a refused request makes on purpose: a wrong password counts towards the account's lockout, a wrong
 * second-factor code towards the factor's, a wrong emailed code against that code (too many and it is spent).
 * Everything else a 4xx writes is a failure.
 */
const WRITES_OF_REFUSALS: Record<string, string[]> = {
  'POST /api/auth/sign-in': ['sign_in_failure'],
  'POST /api/auth/reset-password': ['verification'],
  'POST /api/auth/complete-new-password': ['verification'],
  'POST /api/auth/two-factor/verify': ['two_factor'],
  'POST /api/auth/two-factor/setup/confirm': ['two_factor'],
};

/**
 * Written by any refused request of a counted route: the rate limits count every request, refused or not
 * (bookkeeping of who asked how often, hashed; no data of the request).
 */
const COUNTED_BY_THE_RATE_LIMITS = ['rate_limit_counter'];

let t: TestApp;

type Role = { name: string; cookie: () => string; restore: () => Promise<void> };
const roles: Role[] = [];
let routes: ReturnType<typeof routesOf>;
let pools: Pools;

/** The cookie header a client holds after signing in. */
const cookieOf = (client: ReturnType<TestApp['client']>) =>
  [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000000' });
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  routes = routesOf(document);

  // The callers. A generated request may sign one out (or change its password, the generator knows it):
  // its session row is then put back as it was, so the next request is sent as the same caller.
  const borrower = await qualifiedBorrower(t, 'Fuzz');
  const enrolled = await applicationIn(t, 'counselorReview', 'Fuzzed');
  const staff = await signedInStaff(t, 'Fuzz Staff');
  const pendingEmail = uniqueEmail('pending');
  const pending = await createStaff(t.db, {
    email: pendingEmail,
    name: 'Fuzz Pending',
    mustChangePassword: false,
    password: STAFF_PASSWORD,
  });
  const pendingClient = t.client();
  const signIn = await pendingClient.post('/api/auth/sign-in', {
    username: pendingEmail,
    password: STAFF_PASSWORD,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);

  const signedIn = async (name: string, userId: string, client: ReturnType<TestApp['client']>) => {
    const [row] = await t.db.select().from(session).where(eq(session.userId, userId));
    if (!row) throw new Error(`${name} has no session`);
    const cookie = cookieOf(client);
    return {
      name,
      cookie: () => cookie,
      restore: async () => {
        const [still] = await t.db.select({ id: session.id }).from(session).where(eq(session.id, row.id));
        if (!still)
          await t.db.insert(session).values({ ...row, expiresAt: new Date(Date.now() + 86_400_000) });
      },
    };
  };
  roles.push(
    { name: 'anonymous', cookie: () => '', restore: async () => {} },
    await signedIn('borrower at the offers', borrower.userId, borrower.client),
    await signedIn('borrower in counsellor review', enrolled.userId, enrolled.client),
    await signedIn('staff', staff.userId, staff.client),
    await signedIn('staff before the second factor', pending.userId, pendingClient),
  );

  // Real ids, so that generated paths and bodies reach rows: each borrower's application and offers, a
  // contact attempt, an alert.
  const attempt = await staff.client.post(
    `/api/staff/applications/${enrolled.applicationId}/contact-attempts`,
    {
      method: 'phone',
      outcome: 'leftVoicemail',
      notes: 'Left a message',
    },
  );
  expect(attempt.statusCode, attempt.body).toBe(201);
  const [alertRow] = await t.db
    .insert(alert)
    .values({ applicationId: enrolled.applicationId, type: 'bankAccountDisconnected' })
    .returning();
  const attempts = await t.db.select({ id: contactAttempt.id }).from(contactAttempt);
  pools = {
    ids: [
      borrower.applicationId,
      enrolled.applicationId,
      ...enrolled.offers.map((o) => o.id),
      ...attempts.map((a) => a.id),
      alertRow!.id,
      staff.userId,
    ],
    emails: [borrower.email, enrolled.email, staff.email, pendingEmail],
  };

  await installChangeLog();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** A trigger on every table writes each change to _fuzz_change, in the changing transaction. */
async function installChangeLog() {
  await t.db.execute(sql`create table _fuzz_change (id bigserial primary key, table_name text, op text)`);
  // A session's sliding expiry is bookkeeping, not a change of what the person can do.
  await t.db.execute(
    sql.raw(`create function _fuzz_record() returns trigger language plpgsql as $$
      declare ignored text[] := case when TG_TABLE_NAME = 'session' then array['expires_at', 'updated_at'] else array[]::text[] end;
      begin
        if TG_OP = 'UPDATE' and (to_jsonb(OLD) - ignored) = (to_jsonb(NEW) - ignored) then return null; end if;
        insert into _fuzz_change (table_name, op) values (TG_TABLE_NAME, TG_OP);
        return null;
      end $$`),
  );
  const tables = await t.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '_fuzz_change'`,
  );
  const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
  expect(names).toContain('application');
  for (const name of names) {
    await t.db.execute(
      sql.raw(`create trigger _fuzz_${name} after insert or update or delete on "${name}"
               for each row execute function _fuzz_record()`),
    );
  }
}

/** drizzle answers rows directly on node-postgres and inside `rows` on PGlite. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

let lastChange = 0;
/** The tables written since the last call. */
async function changesSinceLast(): Promise<string[]> {
  const rows = rowsOf<{ id: string | number; table_name: string }>(
    await t.db.execute(sql`select id, table_name from _fuzz_change where id > ${lastChange} order by id`),
  );
  if (rows.length) lastChange = Number(rows.at(-1)!.id);
  return [...new Set(rows.map((r) => r.table_name))];
}

const tally = {
  requests: 0,
  byStatus: new Map<number, number>(),
  byRole: new Map<string, Record<string, number>>(),
  routesAnswered2xx: new Set<string>(),
};

async function send(role: Role, request: GeneratedRequest) {
  const headers: Record<string, string> = { origin: t.config.publicUrl };
  const cookie = role.cookie();
  if (cookie) headers.cookie = cookie;
  if (request.contentType) headers['content-type'] = request.contentType;
  await changesSinceLast();
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload: request.payload,
  });
  tally.requests++;
  tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
  const mine = tally.byRole.get(role.name) ?? {};
  mine[res.statusCode] = (mine[res.statusCode] ?? 0) + 1;
  tally.byRole.set(role.name, mine);
  if (res.statusCode < 300) tally.routesAnswered2xx.add(request.route);
  const written = await changesSinceLast();
  if (request.url.startsWith('/api/auth/')) await role.restore();
  return { res, written };
}

describe('generated requests from the OpenAPI document', () => {
  it('covers every route of the document', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const index of [0, 1, 2, 3, 4]) {
    it(`as caller ${index + 1} of 5: no 5xx, and a refused request writes nothing`, async () => {
      const role = roles[index]!;
      const request = fc.oneof(...routes.map((route) => requestsFor(route, pools)));
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const { res, written } = await send(role, generated);
          const context = `${role.name}: ${generated.method} ${generated.url.slice(0, 300)} ${generated.payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const allowed = [...(WRITES_OF_REFUSALS[generated.route] ?? []), ...COUNTED_BY_THE_RATE_LIMITS];
            expect(
              written.filter((table) => !allowed.includes(table)),
              `${context} wrote`,
            ).toEqual([]);
          }
        }),
        { numRuns: RUNS_PER_ROLE, seed: SEED, endOnFailure: true },
      );
    }, 600_000);
  }

  it('sent the requests it promised, and some of each kind were taken', () => {
    expect(tally.requests).toBeGreaterThanOrEqual(RUNS_PER_ROLE * 5);
    const refused = [...tally.byStatus].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    const taken = [...tally.byStatus].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(refused).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(0);
    console.info(
      `generated requests: ${tally.requests}; by status ${JSON.stringify(Object.fromEntries(tally.byStatus))}; ` +
        `routes that answered 2xx at least once: ${tally.routesAnswered2xx.size} of ${routes.length}; ` +
        `by caller ${JSON.stringify(Object.fromEntries(tally.byRole))}`,
    );
  });
});
