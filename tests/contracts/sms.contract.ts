import { describe, expect, it } from 'vitest';
import type { SmsSender } from '#providers/sms/port';

/**
 * The suite every SMS adapter passes, sandbox or real. A real adapter runs it with its vendor's test
 * credentials (no text is delivered); the numbers are the vendor's documented example and fictional
 * 555-01xx lines, and the malformed ones are malformed for anyone.
 */
export function smsContract(make: () => SmsSender): void {
  describe('sms contract', () => {
    it.each([
      ['+14155552671', 'the SMS vendor’s documented example'],
      ['+12025550143', 'a fictional 555-01xx line'],
    ])('sends to %s (%s) and answers a message id', async (to) => {
      const { id } = await make().send({ to, body: 'Your debt management plan offer is ready.' });
      expect(typeof id).toBe('string');
      expect(id.trim()).not.toBe('');
    });

    it('answers a different id for each message', async () => {
      const sms = make();
      const ids = await Promise.all(
        ['first', 'second', 'third'].map((body) => sms.send({ to: '+12025550143', body })),
      );
      expect(new Set(ids.map((r) => r.id)).size).toBe(3);
    });

    it.each([
      ['', 'empty'],
      ['2024561111', 'no +1 prefix'],
      ['12024561111', 'country code without the plus'],
      ['+1202456111', '9 digits'],
      ['+120245611111', '11 digits'],
      ['+1 202 456 1111', 'spaces'],
      ['(202) 456-1111', 'display format'],
      ['+442079460000', 'a UK number'],
      ['+10245551111', 'area code starting with 0'],
      ['+12021451111', 'exchange starting with 1'],
    ])('rejects the malformed number %j (%s)', async (to) => {
      await expect(make().send({ to, body: 'Hello' })).rejects.toThrow();
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['longer than 1,600 characters', 'x'.repeat(1_601)],
    ])('rejects a body that is %s', async (_label, body) => {
      await expect(make().send({ to: '+12025550143', body })).rejects.toThrow();
    });

    it('rejects a message that is not an object with string fields', async () => {
      await expect(
        make().send({ to: 2025550143, body: 'Hello' } as unknown as { to: string; body: string }),
      ).rejects.toThrow();
    });
  });
}
