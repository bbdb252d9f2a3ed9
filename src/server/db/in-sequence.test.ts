import { describe, expect, it } from 'vitest';
import { inSequence } from './in-sequence';

describe('inSequence', () => {
  it('starts each read only after the one before has answered, and answers the results in order', async () => {
    const log: string[] = [];
    const read = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        setTimeout(() => {
          log.push(`end ${name}`);
          resolve(name);
        }, ms);
      });
    const [a, b, c] = await inSequence(read('a', 20), read('b', 1), read('c', 5));
    expect([a, b, c]).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
