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
