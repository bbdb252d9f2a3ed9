import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fromPostgres } from '#server/db/client';
import { counsellingCall, counsellor, counsellorWeeklyHours } from '#server/db/schema/index';
import { createStaff } from '#server/features/accounts/create-staff';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { journeyEnv, startServer, type TestServer } from '#tests/e2e/support/server';
import { createPostgresTestDatabase } from '#tests/setup/test-database';
import { smtpSink } from '#tests/support/smtp-sink';

// Where one machine is not enough, several instances of the server run behind a load balancer on one
// PostgreSQL. Nothing that must be shared may live in one process's memory. Two real servers (child
// processes) share one database here, and whichever of them answers:
// - a session, its second factor and its sign-out hold on the other;
// - the rate limits count one budget per client (in the database, or in Redis with REDIS_URL) and the
//   per-account lockout counts every wrong password;
// - each queued email is sent exactly once (pg-boss hands a job to one worker).
// It needs PostgreSQL (the embedded database belongs to one process), so it runs on the PostgreSQL pass.

const BUDGET = 6;
const LEADS = 16;

/** A browser-like client of one load-balanced site: cookies kept, our Origin sent, a client address of its own. */
function siteClient(origin: string, clientAddress: string) {
  const cookies = new Map<string, string>();
  const call = async (server: TestServer, method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${server.env.PORT}${path}`, {
      method,
      headers: {
        origin,
        // The load balancer's hop: TRUST_PROXY=1 makes the servers count by this address.
        'x-forwarded-for': clientAddress,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text, json: <T>() => JSON.parse(text) as T };
  };
  return {
    get: (server: TestServer, path: string) => call(server, 'GET', path),
    post: (server: TestServer, path: string, body: unknown = {}) => call(server, 'POST', path, body),
    /** The cookies as they are now, for replaying them later. */
    saved: () => new Map(cookies),
    restore: (saved: Map<string, string>) => {
      cookies.clear();
      for (const [k, v] of saved) cookies.set(k, v);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let addresses = 0;
/** A client address no other test here uses. */
const uniqueAddress = () => `198.51.100.${++addresses}`;

/**
 * Two instances on one fresh PostgreSQL database: the same keys and public address (a load balancer's),
 * ports of their own, emails through an SMTP sink.
 */
async function startPair(extra: Record<string, string> = {}) {
  const database = (await createPostgresTestDatabase())!;
  const sink = smtpSink();
  const smtpPort = await sink.listen();
  const shared = {
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    AUTH_RATE_LIMIT_PER_MINUTE: String(BUDGET),
    TRUST_PROXY: '1',
    ...extra,
  };
  const envA: Record<string, string> = { ...(await journeyEnv()), ...shared };
  const envB: Record<string, string> = { ...(await journeyEnv()), ...shared, PUBLIC_URL: envA.PUBLIC_URL! };
  // One after the other: the first migrates the database, the second finds it migrated.
  // From source: the API tests run before the build.
  const a = await startServer(envA, { fromSource: true });
  const b = await startServer(envB, { fromSource: true });
  return {
    a,
    b,
    origin: envA.PUBLIC_URL!,
    databaseUrl: database.url,
    sink,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await sink.close();
      await database.drop();
    },
  };
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', { timeout: 180_000 }, () => {
  let pair: Awaited<ReturnType<typeof startPair>>;
  beforeAll(async () => {
    pair = await startPair();
  }, 180_000);
  afterAll(async () => {
    await pair?.stop();
  });

  it('a staff session and its second factor work whichever instance answers, and sign-out ends it on both', async () => {
    const db = fromPostgres(pair.databaseUrl, { max: 1 });
    const password = 'Staff#Pass9';
    const staff = await createStaff(db.db, {
      email: `staff-${randomUUID()}@agency.org`,
      name: 'Sam Staff',
      password,
      mustChangePassword: false,
    });
    await db.close();
    const { a, b } = pair;
    const client = siteClient(pair.origin, uniqueAddress());

    expect((await client.post(a, '/api/auth/sign-in', { username: staff.email, password })).status).toBe(200);
    // Signed in on A, enrolling the authenticator on B, confirming on A.
    const setup = await client.post(b, '/api/auth/two-factor/setup', { password });
    expect(setup.status, setup.body).toBe(200);
    const secret = base32Decode(setup.json<{ secret: string }>().secret);
    const confirm = await client.post(a, '/api/auth/two-factor/setup/confirm', {
      code: authenticatorCode(secret),
    });
    expect(confirm.status, confirm.body).toBe(200);
    // A staff route answers on both.
    expect((await client.get(a, '/api/staff/users')).status).toBe(200);
    expect((await client.get(b, '/api/staff/users')).status).toBe(200);

    // Signed out on B: A refuses the session at once, even replayed with the old cookie, although A kept the
    // session in memory (the database announces the sign-out to every instance: read-cache.ts).
    const signedIn = client.saved();
    expect((await client.post(b, '/api/auth/sign-out')).status).toBeLessThan(300);
    expect((await client.get(a, '/api/staff/users')).status).toBe(401);
    client.restore(signedIn);
    const started = Date.now();
    while ((await client.get(a, '/api/staff/users')).status !== 401) {
      expect(Date.now() - started, 'the sign-out reached the other instance').toBeLessThan(2_000);
      await sleep(10);
    }
  });

  it('the sign-in budget per client address is one budget across instances', async () => {
    const { a, b } = pair;
    const client = siteClient(pair.origin, uniqueAddress());
    const statuses: number[] = [];
    for (let k = 0; k < BUDGET; k++) {
      const server = k % 2 === 0 ? a : b;
      const res = await client.post(server, '/api/auth/sign-in', {
        username: `nobody-${k}-${randomUUID()}@example.com`,
        password: 'Wrong#Pass1',
      });
      statuses.push(res.status);
    }
    // Each instance saw only half the budget: with counters of their own neither would refuse yet.
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const overA = await client.post(a, '/api/auth/sign-in', {
      username: 'x@example.com',
      password: 'Wrong#Pass1',
    });
    const overB = await client.post(b, '/api/auth/sign-in', {
      username: 'x@example.com',
      password: 'Wrong#Pass1',
    });
    expect([overA.status, overB.status]).toEqual([429, 429]);
    // Another client address still has its budget.
    const other = siteClient(pair.origin, '203.0.113.200');
    expect(
      (await other.post(b, '/api/auth/sign-in', { username: 'x@example.com', password: 'Wrong#Pass1' }))
        .status,
    ).not.toBe(429);
  });

  it('wrong passwords on both instances lock the account for both', async () => {
    const db = fromPostgres(pair.databaseUrl, { max: 1 });
    const password = 'Staff#Pass9';
    const staff = await createStaff(db.db, {
      email: `locked-${randomUUID()}@agency.org`,
      name: 'Lee Locked',
      password,
      mustChangePassword: false,
    });
    await db.close();
    const { a, b } = pair;
    // From five addresses, so no address's budget is what stops them.
    for (let k = 0; k < 5; k++) {
      const client = siteClient(pair.origin, `192.0.2.${10 + k}`);
      const res = await client.post(k % 2 === 0 ? a : b, '/api/auth/sign-in', {
        username: staff.email,
        password: 'Wrong#Pass1',
      });
      expect(res.status).not.toBe(429);
    }
    const right = siteClient(pair.origin, '192.0.2.99');
    const refusedA = await right.post(a, '/api/auth/sign-in', { username: staff.email, password });
    const refusedB = await right.post(b, '/api/auth/sign-in', { username: staff.email, password });
    expect([refusedA.status, refusedB.status]).toEqual([401, 401]);
  });

  it('each email queued on either instance is sent exactly once', async () => {
    const { a, b } = pair;
    const emails = Array.from({ length: LEADS }, (_, k) => `lead-${k}-${randomUUID()}@example.com`);
    await Promise.all(
      emails.map(async (email, k) => {
        // Each lead from an address of its own (the lead form shares the sign-in budget).
        const client = siteClient(pair.origin, `203.0.113.${k + 1}`);
        const res = await client.post(k % 2 === 0 ? a : b, '/api/lead', {
          firstName: 'Pat',
          lastName: 'Doe',
          email,
          phoneNumber: '415-555-0123',
          agreedToTerms: true,
        });
        expect(res.status, res.body).toBe(201);
      }),
    );
    const deadline = Date.now() + 60_000;
    const arrived = () => pair.sink.recipients().filter((r) => emails.includes(r));
    while (arrived().length < emails.length && Date.now() < deadline) await sleep(200);
    // Both instances' workers poll the same queue: a duplicate, if one were sent, would arrive meanwhile.
    await sleep(3_000);
    const perRecipient = new Map<string, number>();
    for (const r of arrived()) perRecipient.set(r, (perRecipient.get(r) ?? 0) + 1);
    expect(emails.map((e) => perRecipient.get(e) ?? 0)).toEqual(emails.map(() => 1));
  });

  it('many people booking one slot on both instances at once: one call per counsellor, the rest 409, never a 500', async () => {
    const { a, b } = pair;
    const db = fromPostgres(pair.databaseUrl, { max: 1 });
    const COUNSELLORS = 6;
    const REQUESTS = 300;
    try {
      for (let k = 0; k < COUNSELLORS; k++) {
        const staff = await createStaff(db.db, {
          email: `counsellor-${k}-${randomUUID()}@agency.org`,
          name: `Counsellor ${k}`,
          mustChangePassword: false,
        });
        // Half speak English, half Spanish: a call in English tries the English speakers first, one in Spanish
        // the Spanish speakers, so two bookings walk the counsellors in opposite orders.
        await db.db
          .insert(counsellor)
          .values({ userId: staff.userId, languages: k < COUNSELLORS / 2 ? ['en'] : ['es'] });
        await db.db.insert(counsellorWeeklyHours).values(
          ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
            counsellorId: staff.userId,
            weekday,
            startMinute: 0,
            endMinute: 1440,
          })),
        );
        // Earlier calls of their own, so the round-robin order differs between them and changes as the
        // bookings below commit (the order one-by-one locking deadlocked on).
        await db.db.insert(counsellingCall).values({
          counsellorId: staff.userId,
          startsAt: new Date(Date.now() - (k + 2) * 86_400_000),
          endsAt: new Date(Date.now() - (k + 2) * 86_400_000 + 1_800_000),
          state: 'completed',
          name: 'Earlier Caller',
          phoneNumber: '+14155550123',
          email: `earlier-${k}@example.com`,
          language: 'en',
          reminder: 'email',
          timeZone: 'America/New_York',
          createdAt: new Date(Date.now() - (k + 2) * 86_400_000),
        });
      }
      const params = new URLSearchParams({
        from: new Date(Date.now() + 3_600_000).toISOString(),
        to: new Date(Date.now() + 49 * 3_600_000).toISOString(),
        timeZone: 'America/New_York',
      });
      const slots = await siteClient(pair.origin, uniqueAddress()).get(a, `/api/counselling/slots?${params}`);
      expect(slots.status, slots.body).toBe(200);
      const { startsAt } = slots.json<{ slots: { startsAt: string }[] }>().slots[0]!;
      const statuses = await Promise.all(
        Array.from({ length: REQUESTS }, async (_, k) => {
          // Each from an address of its own: the per-address budget is not what is tested here.
          const client = siteClient(pair.origin, `10.${(k >> 8) + 1}.${k & 255}.7`);
          const res = await client.post(k % 2 === 0 ? a : b, '/api/counselling/calls', {
            startsAt,
            timeZone: 'America/New_York',
            language: k % 2 === 0 ? 'es' : 'en',
            reminder: 'email',
            firstName: 'Vera',
            lastName: 'Visitor',
            email: `booker-${k}-${randomUUID()}@example.com`,
            phoneNumber: '415-555-0188',
          });
          return res.status;
        }),
      );
      const count = (status: number) => statuses.filter((s) => s === status).length;
      expect({ booked: count(201), taken: count(409), other: REQUESTS - count(201) - count(409) }).toEqual({
        booked: COUNSELLORS,
        taken: REQUESTS - COUNSELLORS,
        other: 0,
      });
      const live = await db.db
        .select({ counsellorId: counsellingCall.counsellorId })
        .from(counsellingCall)
        .where(eq(counsellingCall.startsAt, new Date(startsAt)));
      expect(new Set(live.map((c) => c.counsellorId)).size).toBe(COUNSELLORS);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!onPostgres || !process.env.TEST_REDIS_URL)(
  'two instances counting in Redis (REDIS_URL)',
  { timeout: 180_000 },
  () => {
    let pair: Awaited<ReturnType<typeof startPair>>;
    beforeAll(async () => {
      pair = await startPair({ REDIS_URL: process.env.TEST_REDIS_URL! });
    }, 180_000);
    afterAll(async () => {
      await pair?.stop();
    });

    it('the sign-in budget per client address is one budget across instances', async () => {
      const { a, b } = pair;
      // Redis keeps counters across runs for a minute: an address of this run's own.
      const client = siteClient(pair.origin, `10.${[...randomBytes(3)].join('.')}`);
      for (let k = 0; k < BUDGET; k++) {
        const res = await client.post(k % 2 === 0 ? a : b, '/api/auth/sign-in', {
          username: `nobody-${k}@example.com`,
          password: 'Wrong#Pass1',
        });
        expect(res.status).not.toBe(429);
      }
      const over = await client.post(a, '/api/auth/sign-in', {
        username: 'x@example.com',
        password: 'W#rong1',
      });
      expect(over.status).toBe(429);
    });
  },
);
