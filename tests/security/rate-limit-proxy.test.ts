import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session, user } from '#server/db/schema/auth';
import { createTestApp, type TestApp } from '../setup/test-app';

// The per-address limits count by the client's address. X-Forwarded-For is believed only for the configured
// number of proxy hops (TRUST_PROXY, none by default): otherwise a client could name a new address each time.

const LIMIT = 3;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let attempt = 0;
/** One failed sign-in, each for another account so only the per-address limit can answer 429. */
async function signIn(app: TestApp, headers: Record<string, string>, remoteAddress = '192.0.2.10') {
  attempt += 1;
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: { origin: app.config.publicUrl, ...headers },
    payload: { username: `nobody.${attempt}@example.com`, password: 'Wrong#Pass1' },
  });
  return res.statusCode;
}

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://dmp.example',
  ALLOW_SANDBOX_PROVIDERS: 'true',
};

describe('with the default (TRUST_PROXY=0)', () => {
  it.each([
    ['test', {}],
    ['production', production],
  ])(
    'a new X-Forwarded-For on every attempt does not reset the per-address limit (%s)',
    async (_env, env) => {
      t = await createTestApp({ ...env, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
      expect(t.config.trustProxy).toBe(0);
      const codes: number[] = [];
      for (let i = 1; i <= LIMIT + 2; i++) {
        codes.push(await signIn(t, { 'x-forwarded-for': `203.0.113.${i}` }));
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    },
  );

  it('counts each connecting address on its own', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    for (let i = 0; i < LIMIT; i++) expect(await signIn(t, {}, '192.0.2.20')).toBe(401);
    expect(await signIn(t, {}, '192.0.2.20')).toBe(429);
    expect(await signIn(t, {}, '192.0.2.21')).toBe(401);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('counts by the address the proxy appended (the last hop), not what the client wrote before it', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' });
    expect(t.config.trustProxy).toBe(1);
    const codes: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) {
      // The client forged the first entry; the proxy appended the address it saw.
      codes.push(await signIn(t, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` }));
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect(await signIn(t, { 'x-forwarded-for': '198.51.100.8' })).toBe(401);
  });
});

describe("the address a session records (better-auth's session.ip_address)", () => {
  /** A lead creates the account and its session; the session's address is read back. */
  async function sessionAddress(app: TestApp, headers: Record<string, string>, remoteAddress: string) {
    attempt += 1;
    const email = `session.${attempt}@example.com`;
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/lead',
      remoteAddress,
      headers: { origin: app.config.publicUrl, 'x-dmp-client-ip': '198.51.100.66', ...headers },
      payload: { firstName: 'Pat', lastName: 'Doe', email, phoneNumber: '415-555-0123', agreedToTerms: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const owner = await app.db.query.user.findFirst({ where: eq(user.email, email) });
    const row = await app.db.query.session.findFirst({ where: eq(session.userId, owner!.id) });
    return row!.ipAddress;
  }

  it('is the connecting address by default, whatever X-Forwarded-For (or our own header) the client sends', async () => {
    t = await createTestApp();
    expect(await sessionAddress(t, { 'x-forwarded-for': '203.0.113.9' }, '192.0.2.30')).toBe('192.0.2.30');
  });

  it('is the address the trusted proxy appended behind TRUST_PROXY=1', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    expect(await sessionAddress(t, { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' }, '10.0.0.2')).toBe(
      '198.51.100.7',
    );
  });
});
