import type { ExecuteSql } from '#server/db/client';

/**
 * What the job queue still has running: its own statements (a fetch, a completion) and our job handlers.
 *
 * pg-boss's stop() can resolve while work is still under way: a worker whose fetch was in flight starts its jobs
 * after the stop looked, and a finished job is completed or failed by a statement pg-boss does not await. If the
 * database closed then, that statement would fail with nobody to catch it, and the process would die on an
 * unhandled rejection instead of exiting cleanly. So the queue runs its statements and handlers through this
 * tracker, waits for them to settle before the database closes, and once closed answers any straggling pg-boss
 * statement with no rows (the job it concerned stays active in the table and is retried when it expires, as
 * after a crash).
 */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();
  #closed = false;

  /** The queue's executeSql: tracked while open, an empty answer once closed. */
  executeSql(inner: ExecuteSql): ExecuteSql {
    return (text, values) => {
      if (this.#closed) return Promise.resolve({ rows: [] });
      return this.track(inner(text, values));
    };
  }

  /** Counts `work` as running until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    const forget = () => this.#running.delete(work);
    work.then(forget, forget);
    return work;
  }

  get size(): number {
    return this.#running.size;
  }

  /**
   * Waits until nothing is running (work started meanwhile included) or `withinMs` has passed, then closes:
   * later statements get an empty answer. Answers whether everything settled in time.
   */
  async settleAndClose(withinMs: number): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      // A timer turn between checks lets a fetch that just answered start its handler, so it is counted.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.#running.size === 0 || Date.now() >= deadline) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.#running]),
        new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
    }
    this.#closed = true;
    return this.#running.size === 0;
  }
}
