import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '#domain/validation/states';
import type { AddressLookup, AddressSuggestion } from '#providers/address/port';

/** The rules every suggestion keeps, whoever made it: a complete US address the form can take as is. */
export function expectWellFormedSuggestion(s: AddressSuggestion): void {
  const where = JSON.stringify(s);
  expect(Object.keys(s).sort(), where).toEqual(['addressLine1', 'city', 'label', 'state', 'zipCode']);
  expect(s.addressLine1.trim(), where).not.toBe('');
  expect(s.addressLine1.length, where).toBeLessThanOrEqual(100);
  expect(s.city.trim(), where).not.toBe('');
  expect(US_STATE_CODES, where).toContain(s.state);
  expect(s.zipCode, where).toMatch(/^\d{5}$/);
  for (const part of [s.addressLine1, s.city, s.state, s.zipCode]) expect(s.label, where).toContain(part);
}

/**
 * The suite every address-autocomplete adapter passes, sandbox or real. The addresses are real ones, so a real
 * service can run it too.
 */
export function addressLookupContract(make: () => AddressLookup): void {
  describe('address lookup contract', () => {
    it.each([
      ['', 'empty'],
      ['1', 'one character'],
      ['12', 'two characters'],
      ['  12  ', 'two characters once trimmed'],
      ['   ', 'spaces only'],
    ])('answers [] for %j (%s): the form asks from the third character on', async (query) => {
      await expect(make().suggest(query)).resolves.toEqual([]);
    });

    it.each<[string, unknown]>([
      ['null', null],
      ['undefined', undefined],
      ['a number', 12345],
      ['an object', { query: '123 Main St' }],
    ])('answers [] for a query that is not a string: %s', async (_label, value) => {
      await expect(make().suggest(value as unknown as string)).resolves.toEqual([]);
    });

    it('finds a well-known address, with its city, state and zip', async () => {
      const suggestions = await make().suggest('1600 Pennsylvania Ave NW, Washington, DC');
      expect(suggestions.length).toBeGreaterThan(0);
      suggestions.forEach(expectWellFormedSuggestion);
      expect(suggestions).toContainEqual(
        expect.objectContaining({
          addressLine1: expect.stringMatching(/^1600 Pennsylvania Ave/),
          city: 'Washington',
          state: 'DC',
          zipCode: expect.stringMatching(/^20\d{3}$/),
        }),
      );
    });

    it.each([
      ['123 Main St', 'a street in many towns'],
      ['350 5th Ave, New York, NY', 'a city and state'],
      ['1 Infinite Loop, Cupertino', 'a city alone'],
    ])('answers well-formed US suggestions for %j (%s)', async (query) => {
      const suggestions = await make().suggest(query);
      expect(suggestions.length).toBeGreaterThan(0);
      suggestions.forEach(expectWellFormedSuggestion);
    });

    it.each([
      [undefined, 5],
      [1, 1],
      [3, 3],
    ])('answers at most limit=%s suggestions (%s)', async (limit, most) => {
      const suggestions = await make().suggest('123 Main St', limit === undefined ? undefined : { limit });
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.length).toBeLessThanOrEqual(most);
    });

    it('answers each of several concurrent queries independently', async () => {
      const lookup = make();
      const [a, b, c] = await Promise.all([
        lookup.suggest('1600 Pennsylvania Ave NW, Washington, DC'),
        lookup.suggest('12'),
        lookup.suggest('1 Infinite Loop, Cupertino'),
      ]);
      expect(a?.some((s) => s.state === 'DC')).toBe(true);
      expect(b).toEqual([]);
      expect(c?.some((s) => s.city === 'Cupertino' && s.state === 'CA')).toBe(true);
    });
  });
}
