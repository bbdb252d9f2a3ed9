import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client';

// A borrower's browser asks for the same session and the same application again and again while nothing
// changes. Reading them from PostgreSQL at every request cost most of the request (two round trips of a
// ~600 µs answer, bench/RESULTS.md). These caches keep them in memory and drop a copy the moment its rows
// change, whoever changes them: the database announces every change of those rows on the channel dmp_change
// (triggers, migration 0015), each instance listens, and a copy is only used while this instance is
// listening. Decision: docs/decisions/0041-read-caches-dropped-by-the-database.md.

export const CHANGE_CHANNEL = 'dmp_change';

/** What a notification names: a row of one of the watched kinds, by id. */
export type ChangedRow = { kind: 'session' | 'user' | 'application'; id: string };

/** 'session:…' → { kind: 'session', id: '…' }; anything else is not ours and is ignored. */
export function parseChange(payload: string): ChangedRow | null {
  const colon = payload.indexOf(':');
  if (colon < 1) return null;
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (!id || (kind !== 'session' && kind !== 'user' && kind !== 'application')) return null;
  return { kind, id };
}

/**
 * Copies kept for a while, each under a key and labelled with the rows it was made of ('session:…',
 * 'application:…'); a change of any of those rows drops it. Bounded (the least recently used copy goes first)
 * and each copy has a deadline.
 *
 * A read that started before a change can finish after the copy was dropped and would put the old value back.
 * So a read takes a ticket before it reads, and its result is kept only if nothing was dropped since: under
 * writes a few results go unkept, never a stale one.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; deadline: number; labels: string[] }>();
  private readonly keysByLabel = new Map<string, Set<string>>();
  private drops = 0;
  enabled = false;

  constructor(private readonly o: { maxEntries: number; ttlMs: number; now?: () => number }) {}

  private now() {
    return this.o.now?.() ?? Date.now();
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.deadline <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Taken before reading what will be kept. */
  ticket(): number {
    return this.drops;
  }

  /** Keeps value under key unless something was dropped since the ticket; `deadline` may shorten the TTL. */
  set(key: string, value: V, o: { ticket: number; labels: string[]; deadline?: number }): void {
    if (!this.enabled || o.ticket !== this.drops) return;
    this.remove(key);
    const deadline = Math.min(this.now() + this.o.ttlMs, o.deadline ?? Infinity);
    this.entries.set(key, { value, deadline, labels: o.labels });
    for (const label of o.labels) {
      let keys = this.keysByLabel.get(label);
      if (!keys) this.keysByLabel.set(label, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.o.maxEntries) this.remove(this.entries.keys().next().value!);
  }

  /** Drops every copy labelled with this row. */
  dropLabel(label: string): void {
    this.drops++;
    for (const key of this.keysByLabel.get(label) ?? []) this.remove(key);
  }

  dropKey(key: string): void {
    this.drops++;
    this.remove(key);
  }

  clear(): void {
    this.drops++;
    this.entries.clear();
    this.keysByLabel.clear();
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const label of entry.labels) {
      const keys = this.keysByLabel.get(label);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByLabel.delete(label);
    }
  }
}

export type ReadCaches = {
  /** Caches that drop their copies when the database says their rows changed. */
  register: <V>(cache: ReadCache<V>) => ReadCache<V>;
  /**
   * Resolves once this instance has heard every change committed before the call: a notice of its own is sent
   * and awaited, and PostgreSQL delivers notices in the order their transactions committed. A request that
   * changed something waits for this before answering, so the next read on this instance cannot be answered
   * from a copy its own change made old. Not heard in time (or not sent): every copy is dropped instead.
   */
  catchUp: () => Promise<void>;
  close: () => Promise<void>;
};

/** How long a catch-up waits for its own notice before dropping every copy instead. */
const CATCH_UP_MS = 2_000;
const SYNC = 'sync:';

/**
 * Listens on the change channel and keeps the registered caches honest: each change drops the copies made of
 * that row. The caches serve only while the listening connection is up; when it is lost they are emptied and
 * switched off, and switched on again (empty) once listening resumes, since changes made meanwhile were missed.
 */
export async function startReadCaches(o: {
  database: Database;
  /** Off: every read goes to the database (READ_CACHE=off). */
  enabled: boolean;
  retryMs?: number;
  onLost?: () => void;
}): Promise<ReadCaches> {
  const caches: ReadCache<unknown>[] = [];
  let stop: (() => Promise<void>) | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let live = false;
  const setEnabled = (enabled: boolean) => {
    live = enabled;
    for (const cache of caches) {
      cache.clear();
      cache.enabled = enabled;
    }
  };
  const awaited = new Map<string, () => void>();
  const onMessage = (payload: string) => {
    if (payload.startsWith(SYNC)) {
      awaited.get(payload.slice(SYNC.length))?.();
      return;
    }
    const change = parseChange(payload);
    if (!change) return;
    for (const cache of caches) cache.dropLabel(`${change.kind}:${change.id}`);
  };
  const listen = async (): Promise<void> => {
    try {
      stop = await o.database.listen(CHANGE_CHANNEL, onMessage, () => {
        setEnabled(false);
        o.onLost?.();
        if (!closed) retry = setTimeout(() => void listen(), o.retryMs ?? 1000);
      });
      if (closed) await stop();
      else setEnabled(true);
    } catch {
      if (!closed) retry = setTimeout(() => void listen(), o.retryMs ?? 1000);
    }
  };
  if (o.enabled) await listen();
  return {
    register: (cache) => {
      cache.enabled = live;
      caches.push(cache as ReadCache<unknown>);
      return cache;
    },
    catchUp: async () => {
      if (!live) return;
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        awaited.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), CATCH_UP_MS);
      });
      try {
        await o.database.executeSql('select pg_notify($1, $2)', [CHANGE_CHANNEL, `${SYNC}${nonce}`]);
        if (!(await heard)) for (const cache of caches) cache.clear();
      } catch {
        for (const cache of caches) cache.clear();
      } finally {
        clearTimeout(timer);
        awaited.delete(nonce);
      }
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      setEnabled(false);
      await stop?.();
    },
  };
}
