import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower } from '#tests/support/borrower-flow';
import { eventually } from '#tests/support/eventually';
import { session } from '../db/schema/auth';
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './auth';
import { createSessionReader, verifiedToken } from './session-read';

const SECRET = 'a'.repeat(32);
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifiedToken', () => {
  it.each([
    ['a cookie signed with the secret', sign('tok123'), 'tok123'],
    ['a token holding dots', sign('a.b.c'), 'a.b.c'],
    ['a signature made with another secret', sign('tok123', 'b'.repeat(32)), null],
    ['a changed token', sign('tok123').replace('tok123', 'tok124'), null],
    ['a cut signature', sign('tok123').slice(0, -2), null],
    ['no signature', 'tok123', null],
    ['a signature alone', `.${sign('x').split('.')[1]}`, null],
    ['nothing', undefined, null],
  ])('%s', (_case, value, expected) => {
    expect(verifiedToken(value, SECRET)).toBe(expected);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The reader as the app builds it, with the cookie names better-auth uses in this configuration. */
function reader() {
  return createSessionReader({
    db: t.db,
    secret: t.config.authSecret,
    cookies: {
      sessionToken: 'dmp.session_token',
      sessionData: 'dmp.session_data',
      dontRememberToken: 'dmp.dont_remember',
    },
    expiresInSeconds: SESSION_IDLE_SECONDS,
    updateAgeSeconds: SESSION_REFRESH_SECONDS,
  });
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

describe('the session read', () => {
  it('reads the session better-auth signed at sign-in, with the same person better-auth gives', async () => {
    const b = await newBorrower(t, 'Reader');
    const read = await reader()(cookieHeader(b.client.jar));
    expect(read).toMatchObject({ userId: b.userId, email: b.email, lastName: 'Reader', isStaff: false });
    const me = (await b.client.get('/api/session')).json<{ user: { email: string } }>();
    expect(me.user.email).toBe(b.email);
  });

  it('leaves to better-auth a session due for its refresh, an expired one and the special cookies', async () => {
    const b = await newBorrower(t, 'Refresh');
    const header = cookieHeader(b.client.jar);
    const read = reader();
    expect(await read(header)).toBeDefined();
    const [row] = await t.db.select().from(session).where(eq(session.userId, b.userId));
    const dueForRefresh = row!.expiresAt.getTime() - (SESSION_IDLE_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
    expect(await read(header, dueForRefresh - 1)).toBeDefined();
    expect(await read(header, dueForRefresh)).toBeUndefined();
    expect(await read(header, row!.expiresAt.getTime())).toBeUndefined();
    expect(await read(`${header}; dmp.dont_remember=x`)).toBeUndefined();
    expect(await read(`${header}; dmp.session_data=x`)).toBeUndefined();
  });

  it('refuses a session deleted in the database as soon as the database announces it', async () => {
    const b = await newBorrower(t, 'Revoked');
    expect((await b.client.get('/api/application')).statusCode).toBe(200);
    await t.db.delete(session).where(eq(session.userId, b.userId));
    await eventually(
      async () => expect((await b.client.get('/api/application')).statusCode).toBe(401),
      2_000,
    );
  });

  it('refuses a cookie with a forged signature, and an expired session is ended by better-auth', async () => {
    const b = await newBorrower(t, 'Forged');
    const [name, value] = [...b.client.jar].find(([k]) => k.endsWith('session_token'))!;
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/application',
      headers: { cookie: `${name}=${encodeURIComponent(sign(token, 'f'.repeat(32)))}` },
    });
    expect(forged.statusCode).toBe(401);

    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, b.userId));
    expect((await b.client.get('/api/application')).statusCode).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, b.userId))).toEqual([]);
  });
});
