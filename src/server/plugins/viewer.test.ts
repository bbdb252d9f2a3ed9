import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { session } from '../db/schema/auth';
import { newBorrower } from '#tests/support/borrower-flow';
import { eventually } from '#tests/support/eventually';
import { SESSION_IDLE_SECONDS } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('session cookie', () => {
  it('is re-issued with a fresh expiry when a session in use is extended', async () => {
    const b = await newBorrower(t);
    // Fresh: a read extends nothing and sets no cookie.
    const fresh = await b.client.get('/api/application');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies.filter((c) => c.name.endsWith('session_token'))).toEqual([]);

    // An hour later (the row says so), the next read extends the session and re-issues the cookie.
    const [row] = await t.db.select().from(session).where(eq(session.userId, b.userId));
    const anHourLater = new Date(Date.now() + (SESSION_IDLE_SECONDS / 2) * 1000);
    await t.db.update(session).set({ expiresAt: anHourLater }).where(eq(session.id, row!.id));
    // Changed here directly: the server hears of it from the database a moment later (read-cache.ts).
    const cookie = await eventually(async () => {
      const later = await b.client.get('/api/application');
      expect(later.statusCode).toBe(200);
      const reissued = later.cookies.find((c) => c.name.endsWith('session_token'));
      expect(reissued?.maxAge).toBe(SESSION_IDLE_SECONDS);
      return reissued;
    }, 2_000);
    expect(cookie?.maxAge).toBe(SESSION_IDLE_SECONDS);
    const [extended] = await t.db.select().from(session).where(eq(session.id, row!.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(anHourLater.getTime());
    // The re-issued cookie still works.
    expect((await b.client.get('/api/application')).statusCode).toBe(200);
  });
});

describe('the session copy', () => {
  // Counts the session reads the app sends (the prepared read joins the session to its user), on either
  // database: the embedded one's client and node-postgres's.
  async function countingSessionReads<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = (await import('pg')).default;
    let reads = 0;
    const isSessionRead = (text: unknown) =>
      typeof text === 'string' && /from "session" inner join "user"/.test(text);
    type Query = (...args: unknown[]) => unknown;
    const prototypes = [PGlite.prototype, pg.Client.prototype] as unknown as { query: Query }[];
    const originals = prototypes.map((prototype) => prototype.query);
    prototypes.forEach((prototype, k) => {
      prototype.query = function (this: unknown, ...args: unknown[]) {
        const config = args[0] as { text?: unknown } | string | undefined;
        if (isSessionRead(typeof config === 'string' ? config : config?.text)) reads++;
        return originals[k]!.apply(this, args);
      };
    });
    try {
      return { result: await run(), reads };
    } finally {
      prototypes.forEach((prototype, k) => (prototype.query = originals[k]!));
    }
  }

  it('is kept over a save of the borrower’s own application, and dropped by a sign-out', async () => {
    const b = await newBorrower(t);
    // Read once and kept (the database announces changes a moment later, so the first reads may repeat).
    await eventually(async () => {
      const { reads } = await countingSessionReads(() => b.client.get('/api/application'));
      expect(reads).toBe(0);
    }, 2_000);
    const { reads } = await countingSessionReads(async () => {
      const saved = await b.client.send('PUT', '/api/application/hardships', { hasReductionInIncome: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await b.client.get('/api/application')).statusCode).toBe(200);
    });
    expect(reads).toBe(0);
    // A sign-out ends the session: the next request reads it (and finds none) instead of a copy.
    expect((await b.client.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await b.client.get('/api/application')).statusCode).toBe(401);
  });
});
