import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#tests/setup/test-database';
import { databaseRateLimitStore, deleteExpiredRateLimitCounters } from './rate-limit-store';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Counted = { current: number; ttl: number };
type Store = {
  incr(key: string, cb: (e: Error | null, r?: Counted) => void, timeWindow: number, max: number): void;
  read(key: string, cb: (e: Error | null, r?: Counted) => void): void;
  child(options: object): Store;
};

const storeFor = (options: object): Store => {
  const Ctor = databaseRateLimitStore(database.executeSql) as unknown as new (o: object) => Store;
  return new Ctor({}).child(options);
};
const incr = (store: Store, client: string, windowMs: number) =>
  new Promise<Counted>((resolve, reject) =>
    store.incr(client, (e, r) => (e ? reject(e) : resolve(r!)), windowMs, 5),
  );
const read = (store: Store, client: string) =>
  new Promise<Counted>((resolve, reject) => store.read(client, (e, r) => (e ? reject(e) : resolve(r!))));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database rate-limit store', () => {
  it('counts hits per client within the window and says how long is left', async () => {
    const store = storeFor({ routeInfo: { method: 'POST', url: '/api/auth/sign-in' } });
    expect(await incr(store, '203.0.113.1', 60_000)).toMatchObject({ current: 1 });
    expect(await incr(store, '203.0.113.1', 60_000)).toMatchObject({ current: 2 });
    const third = await incr(store, '203.0.113.1', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    // Another client has a counter of its own.
    expect(await incr(store, '203.0.113.2', 60_000)).toMatchObject({ current: 1 });
    expect(await read(store, '203.0.113.1')).toMatchObject({ current: 3 });
    expect(await read(store, '198.51.100.9')).toEqual({ current: 0, ttl: 0 });
  });

  it('keeps routes and shared limiters apart', async () => {
    const signIn = storeFor({ routeInfo: { method: 'POST', url: '/api/sign-in-a' } });
    const lead = storeFor({ routeInfo: { method: 'POST', url: '/api/lead-a' } });
    const shared = storeFor({ routeInfo: {} });
    await incr(signIn, '203.0.113.5', 60_000);
    await incr(signIn, '203.0.113.5', 60_000);
    expect(await incr(lead, '203.0.113.5', 60_000)).toMatchObject({ current: 1 });
    expect(await incr(shared, '203.0.113.5', 60_000)).toMatchObject({ current: 1 });
    // Two limiters made the same way (one budget used by several routes) count together.
    expect(await incr(storeFor({ routeInfo: {} }), '203.0.113.5', 60_000)).toMatchObject({ current: 2 });
  });

  it('starts again from 1 when the window has passed, and the clean-up deletes ended windows', async () => {
    const store = storeFor({ routeInfo: { method: 'POST', url: '/api/short' } });
    await incr(store, '203.0.113.7', 300);
    expect(await incr(store, '203.0.113.7', 300)).toMatchObject({ current: 2 });
    await sleep(400);
    expect(await read(store, '203.0.113.7')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(store, '203.0.113.7', 300)).toMatchObject({ current: 1 });
    await sleep(400);
    expect(await deleteExpiredRateLimitCounters(database.executeSql)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.executeSql(
      'select count(*)::int as n from rate_limit_counter where resets_at < now()',
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('counts every hit of concurrent requests (several instances share the row)', async () => {
    const store = storeFor({ routeInfo: { method: 'POST', url: '/api/burst' } });
    const answers = await Promise.all(Array.from({ length: 25 }, () => incr(store, '203.0.113.9', 60_000)));
    expect(answers.map((a) => a.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('stores no client address, only a hash', async () => {
    const store = storeFor({ routeInfo: { method: 'POST', url: '/api/private' } });
    await incr(store, '192.0.2.77', 60_000);
    const { rows } = await database.executeSql('select key from rate_limit_counter');
    expect(JSON.stringify(rows)).not.toContain('192.0.2.77');
  });
});
