import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrower } from '#server/db/schema/application';
import { newBorrower, put, uniqueEmail } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const lead = (email: string) => ({
  firstName: 'Pat',
  lastName: 'Doe',
  email,
  phoneNumber: '415-555-0123',
  agreedToTerms: true,
});

type Query = (...args: unknown[]) => unknown;
type DriverClient = {
  query: Query;
  /** PGlite: a unit's statements go to the transaction it hands over. */
  transaction?: (fn: (tx: { query: Query }) => unknown, ...rest: unknown[]) => unknown;
  /** node-postgres's pool: a unit's statements go to the connection it checked out. */
  connect?: (...args: unknown[]) => unknown;
};

/**
 * Records the text of every statement the app sends from now until stop(): through the driver's client under
 * drizzle (PGlite, or node-postgres's pool) and through the transactions units open on it. Each statement is
 * one call of query, its text first (PGlite) or in a config object (node-postgres).
 */
function recordStatements(): { texts: string[]; stop: () => void } {
  const client = (t.db as unknown as { $client: DriverClient }).$client;
  const texts: string[] = [];
  const record = ([first]: unknown[]) =>
    texts.push(typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text));
  const recording = (query: Query, self: unknown): Query =>
    function (...args: unknown[]) {
      record(args);
      return query.apply(self, args);
    };
  const restore: (() => void)[] = [];
  const { query, transaction, connect } = client;
  client.query = recording(query, client);
  restore.push(() => void (client.query = query));
  if (transaction) {
    client.transaction = (fn, ...rest) =>
      transaction.call(
        client,
        (tx) => {
          tx.query = recording(tx.query, tx);
          return fn(tx);
        },
        ...rest,
      );
    restore.push(() => void (client.transaction = transaction));
  }
  if (connect) {
    client.connect = (...args: unknown[]) => {
      // The pool's own query() checks out a connection with a callback: its statement is recorded above.
      if (args.length > 0) return connect.apply(client, args);
      return (connect.call(client) as Promise<{ query: Query }>).then((connection) => {
        const own = connection.query;
        connection.query = recording(own, connection);
        restore.push(() => void (connection.query = own));
        return connection;
      });
    };
    restore.push(() => void (client.connect = connect));
  }
  return { texts, stop: () => restore.reverse().forEach((undo) => undo()) };
}

const storedLanguage = async (email: string) =>
  (await t.db.query.borrower.findFirst({ where: eq(borrower.email, email) }))?.preferredLanguage;

describe('the language the lead form was used in', () => {
  it('is stored from the switch’s cookie', async () => {
    const email = uniqueEmail('cookie');
    const c = t.client();
    c.jar.set('lang', 'es');
    expect((await c.post('/api/lead', lead(email))).statusCode).toBe(201);
    expect(await storedLanguage(email)).toBe('es');
  });

  it('is stored from Accept-Language when there is no choice yet', async () => {
    const email = uniqueEmail('accept');
    const res = await t.client().post('/api/lead', lead(email), { 'accept-language': 'es-MX,es;q=0.9' });
    expect(res.statusCode).toBe(201);
    expect(await storedLanguage(email)).toBe('es');
  });

  it('is English when the browser names none of ours', async () => {
    const email = uniqueEmail('english');
    const res = await t.client().post('/api/lead', lead(email), { 'accept-language': 'fr-FR' });
    expect(res.statusCode).toBe(201);
    expect(await storedLanguage(email)).toBe('en');
  });

  it.each([
    // The Spanish page's form, whatever the browser or an old cookie says.
    ['/es/lead', { cookie: 'lang=en', 'accept-language': 'en-US' }, 'es'],
    // The English page's form: the page read is the language chosen (docs/decisions/0103).
    ['/lead', { cookie: 'lang=es', 'accept-language': 'es' }, 'en'],
  ])('is stored from the form the browser sends itself (no script) to %s', async (url, headers, language) => {
    const email = uniqueEmail('noscript');
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams({ ...lead(email), agreedToTerms: 'on' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.publicUrl,
        ...headers,
      },
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(await storedLanguage(email)).toBe(language);
  });
});

describe('PUT /api/account/language', () => {
  it('stores the borrower’s choice, leaves another borrower alone, and the session shows it', async () => {
    const b = await newBorrower(t);
    const other = await newBorrower(t, 'Other');
    const before = await storedLanguage(other.email);
    expect((await put(b.client, '/api/account/language', { language: 'es' })).statusCode).toBe(204);
    expect(await storedLanguage(b.email)).toBe('es');
    expect(await storedLanguage(other.email)).toBe(before);
    expect((await b.client.get('/api/session')).json().user.preferredLanguage).toBe('es');
    expect((await other.client.get('/api/session')).json().user.preferredLanguage).toBe('en');

    expect((await put(b.client, '/api/account/language', { language: 'en' })).statusCode).toBe(204);
    expect(await storedLanguage(b.email)).toBe('en');
  });

  it('is read by GET /api/session in the query that finds where the borrower continues: one query in all', async () => {
    const b = await newBorrower(t);
    expect((await put(b.client, '/api/account/language', { language: 'es' })).statusCode).toBe(204);
    expect((await b.client.get('/api/session')).statusCode).toBe(200);
    const { texts, stop } = recordStatements();
    try {
      const res = await b.client.get('/api/session');
      expect(res.json()).toMatchObject({ user: { preferredLanguage: 'es' }, resume: expect.any(String) });
      // Besides reading the session (kept in memory on some databases, read again on others) and the unit's
      // begin and commit: one query.
      const beyondSession = texts.filter(
        (text) => !/from "session"/.test(text) && !/^\s*(begin|commit|rollback)\b/i.test(text),
      );
      expect(beyondSession).toHaveLength(1);
      expect(beyondSession[0]).toMatch(/from "application" left join "borrower"/);
    } finally {
      stop();
    }
  });

  it.each([
    ['a language we do not have', { language: 'fr' }],
    ['no language', {}],
    ['a language that is not a string', { language: ['es'] }],
    ['an extra field', { language: 'es', owner: 'someone-else' }],
    ['a huge value', { language: 'e'.repeat(100_000) }],
    ['a prototype key', JSON.parse('{"__proto__": {"language": "es"}}')],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const b = await newBorrower(t);
    const before = await storedLanguage(b.email);
    const res = await put(b.client, '/api/account/language', body);
    expect(res.statusCode).toBe(400);
    expect(await storedLanguage(b.email)).toBe(before);
  });

  it('refuses a body that is not JSON with a 4xx, never a 5xx', async () => {
    const b = await newBorrower(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      payload: '{"language":',
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        cookie: [...b.client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('is 401 for a visitor who is not signed in and 403 for staff', async () => {
    expect((await put(t.client(), '/api/account/language', { language: 'es' })).statusCode).toBe(401);
    const staff = await signedInStaff(t);
    expect((await put(staff.client, '/api/account/language', { language: 'es' })).statusCode).toBe(403);
    expect((await staff.client.get('/api/session')).json().user.preferredLanguage).toBeNull();
  });
});
