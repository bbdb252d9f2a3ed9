import { describe, expect, it } from 'vitest';
import type { PhoneLookup } from '#providers/phone-lookup/port';

/**
 * The suite every phone-lookup adapter passes, sandbox or real. Numbers here are valid in the real world
 * too (so a real adapter can run it against its service), and the malformed ones are malformed for anyone.
 */
export function phoneLookupContract(make: () => PhoneLookup): void {
  describe('phone lookup contract', () => {
    it.each([
      ['+14155552671', 'San Francisco, the lookup vendor’s documented example'],
      ['+12024561111', 'Washington DC, a long-published public line'],
      ['+12125551212', 'New York directory assistance'],
    ])('answers { isValid: true } for the well-formed US number %s (%s)', async (phone) => {
      await expect(make().verify(phone)).resolves.toEqual({ isValid: true });
    });

    it.each([
      ['', 'empty'],
      ['2024561111', 'no +1 prefix'],
      ['12024561111', 'country code without the plus'],
      ['+1202456111', '9 digits'],
      ['+120245611111', '11 digits'],
      ['+1 202 456 1111', 'spaces'],
      ['+1-202-456-1111', 'dashes'],
      ['(202) 456-1111', 'display format'],
      ['202-456-1111', 'the form’s input pattern, not yet normalised'],
      [' +12024561111', 'leading space'],
      ['+12024561111\n', 'trailing newline'],
      ['+1202456111a', 'a letter'],
      ['+１２０２４５６１１１１', 'full-width digits'],
      ['+442079460000', 'a UK number'],
      ['+10245551111', 'area code starting with 0'],
      ['+11245551111', 'area code starting with 1'],
      ['+12020451111', 'exchange starting with 0'],
      ['+12021451111', 'exchange starting with 1'],
      ['+1'.padEnd(10_000, '2'), '10,000 characters'],
    ])('answers { isValid: false } for the malformed %j (%s)', async (phone) => {
      await expect(make().verify(phone)).resolves.toEqual({ isValid: false });
    });

    it.each<[string, unknown]>([
      ['null', null],
      ['undefined', undefined],
      ['a number', 12024561111],
      ['an object', { phoneNumber: '+12024561111' }],
    ])('answers { isValid: false } for a value that is not a string: %s', async (_label, value) => {
      // An untyped caller (JSON from a queue, a bad cast) must get an answer, not an exception.
      await expect(make().verify(value as unknown as string)).resolves.toEqual({ isValid: false });
    });

    it('answers each of several concurrent checks independently', async () => {
      const lookup = make();
      const answers = await Promise.all(
        ['+14155552671', '415555267', '+12024561111', 'x'].map((p) => lookup.verify(p)),
      );
      expect(answers).toEqual([{ isValid: true }, { isValid: false }, { isValid: true }, { isValid: false }]);
    });
  });
}
