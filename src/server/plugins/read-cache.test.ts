import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { parseChange, ReadCache, startReadCaches } from './read-cache';

function cacheAt(clock: { now: number }, o: { maxEntries?: number; ttlMs?: number } = {}) {
  const cache = new ReadCache<string>({
    maxEntries: o.maxEntries ?? 10,
    ttlMs: o.ttlMs ?? 1_000,
    now: () => clock.now,
  });
  cache.enabled = true;
  return cache;
}

describe('parseChange', () => {
  it.each([
    ['session:abc', { kind: 'session', id: 'abc' }],
    ['user:u-1', { kind: 'user', id: 'u-1' }],
    ['application:3f1e', { kind: 'application', id: '3f1e' }],
    ['application:', null],
    [':x', null],
    ['debt:1', null],
    ['nonsense', null],
  ])('%s', (payload, expected) => {
    expect(parseChange(payload)).toEqual(expected);
  });
});

describe('ReadCache', () => {
  it('keeps a value until its deadline, the earlier of the TTL and the one given', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, { ttlMs: 1_000 });
    cache.set('a', 'A', { ticket: cache.ticket(), labels: [] });
    cache.set('b', 'B', { ticket: cache.ticket(), labels: [], deadline: 500 });
    clock.now = 499;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B']);
    clock.now = 500;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
    clock.now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops every copy labelled with a changed row, and only those', () => {
    const cache = cacheAt({ now: 0 });
    cache.set('t1', 'one', { ticket: cache.ticket(), labels: ['session:1', 'user:u'] });
    cache.set('t2', 'two', { ticket: cache.ticket(), labels: ['session:2', 'user:u'] });
    cache.set('t3', 'three', { ticket: cache.ticket(), labels: ['session:3', 'user:v'] });
    cache.dropLabel('session:1');
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')]).toEqual([undefined, 'two', 'three']);
    cache.dropLabel('user:u');
    expect([cache.get('t2'), cache.get('t3')]).toEqual([undefined, 'three']);
  });

  it('does not keep what was read before something was dropped (it may be the old value)', () => {
    const cache = cacheAt({ now: 0 });
    const ticket = cache.ticket();
    // …the read runs; meanwhile a change is announced…
    cache.dropLabel('application:9');
    cache.set('owner', 'old', { ticket, labels: ['application:9'] });
    expect(cache.get('owner')).toBeUndefined();
    cache.set('owner', 'new', { ticket: cache.ticket(), labels: ['application:9'] });
    expect(cache.get('owner')).toBe('new');
  });

  it('forgets the least recently used copy beyond its size', () => {
    const cache = cacheAt({ now: 0 }, { maxEntries: 2 });
    cache.set('a', 'A', { ticket: cache.ticket(), labels: ['x:a'] });
    cache.set('b', 'B', { ticket: cache.ticket(), labels: ['x:b'] });
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', { ticket: cache.ticket(), labels: ['x:c'] });
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
  });

  it('serves and keeps nothing while switched off, and comes back empty', () => {
    const cache = cacheAt({ now: 0 });
    cache.set('a', 'A', { ticket: cache.ticket(), labels: [] });
    cache.clear();
    cache.enabled = false;
    cache.set('b', 'B', { ticket: cache.ticket(), labels: [] });
    expect(cache.get('b')).toBeUndefined();
    cache.enabled = true;
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });
});

describe('startReadCaches', () => {
  it('switches the caches off when the feed is lost and on again, empty, once it listens again', async () => {
    let lose = () => {};
    let listens = 0;
    const database = {
      listen: async (_channel: string, _onMessage: (p: string) => void, onLost: () => void) => {
        listens++;
        lose = onLost;
        return async () => {};
      },
    } as unknown as Database;
    const caches = await startReadCaches({ database, enabled: true, retryMs: 10 });
    const cache = caches.register(new ReadCache<string>({ maxEntries: 10, ttlMs: 60_000 }));
    expect(cache.enabled).toBe(true);
    cache.set('a', 'A', { ticket: cache.ticket(), labels: [] });
    lose();
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listens).toBe(2);
    expect(cache.enabled).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    await caches.close();
    expect(cache.enabled).toBe(false);
  });
});
