import { describe, expect, it, vi } from 'vitest';
import { InFlight } from './in-flight';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('InFlight: what the job queue still runs when it stops', () => {
  it('waits for a statement and a handler still running, then refuses nothing but answers later statements empty', async () => {
    const inFlight = new InFlight();
    const inner = vi.fn((text: string) => later(30, { rows: [{ text }] }));
    const executeSql = inFlight.executeSql(inner);

    const fetch = executeSql('fetch');
    const handler = inFlight.track(later(60, 'sent'));
    expect(inFlight.size).toBe(2);

    expect(await inFlight.settleAndClose(1_000)).toBe(true);
    expect(inFlight.size).toBe(0);
    await expect(fetch).resolves.toEqual({ rows: [{ text: 'fetch' }] });
    await expect(handler).resolves.toBe('sent');

    // A completion pg-boss sends after the close does not reach the closed database and does not reject.
    await expect(executeSql('complete')).resolves.toEqual({ rows: [] });
    expect(inner).toHaveBeenCalledTimes(1);
  });

  it('counts work started while it waits (a fetch answered, its handler starting)', async () => {
    const inFlight = new InFlight();
    let handlerDone = false;
    const fetch = inFlight.track(later(20, ['job']));
    void fetch.then(() =>
      inFlight.track(
        later(40, null).then(() => {
          handlerDone = true;
        }),
      ),
    );
    expect(await inFlight.settleAndClose(1_000)).toBe(true);
    expect(handlerDone).toBe(true);
  });

  it('gives up after the time allowed and says so', async () => {
    const inFlight = new InFlight();
    void inFlight.track(new Promise(() => undefined));
    const started = Date.now();
    expect(await inFlight.settleAndClose(50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('forgets work that failed, and hands its failure to the caller unchanged', async () => {
    const inFlight = new InFlight();
    const failing = inFlight.track(Promise.reject(new Error('pool ended')));
    await expect(failing).rejects.toThrow('pool ended');
    expect(inFlight.size).toBe(0);
    expect(await inFlight.settleAndClose(10)).toBe(true);
  });
});
