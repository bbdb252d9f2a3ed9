import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { addressLookupContract, expectWellFormedSuggestion } from '#tests/contracts/address.contract';
import { createSandboxAddressLookup, MAX_ADDRESS_SUGGESTIONS } from './sandbox';

addressLookupContract(createSandboxAddressLookup);

const lookup = createSandboxAddressLookup();
const lines = async (query: string, limit?: number): Promise<string[]> =>
  (await lookup.suggest(query, limit === undefined ? undefined : { limit })).map((s) => s.label);

describe('sandbox address lookup (docs/providers.md)', () => {
  it('offers "123 Main St" in several real towns, each city and state matching the zip', async () => {
    const suggestions = await lookup.suggest('123 Main');
    expect(suggestions).toHaveLength(5);
    expect(new Set(suggestions.map((s) => `${s.city}, ${s.state}`)).size).toBe(5);
    for (const s of suggestions) {
      expectWellFormedSuggestion(s);
      expect(s.addressLine1).toBe('123 Main St');
      expect(s.label).toBe(`123 Main St, ${s.city}, ${s.state} ${s.zipCode}`);
      expect(zipcodes.lookup(s.zipCode)).toMatchObject({ city: s.city, state: s.state, country: 'US' });
    }
  });

  it.each([
    ['123 main st', '123 Main St'],
    ['123 MAIN STREET', '123 Main St'],
    ['12 elm av', '12 Elm Ave'],
    ['12 elm avenue', '12 Elm Ave'],
    ['7 ocean bou', '7 Ocean Blvd'],
    ['1600 pennsylvania ave nw', '1600 Pennsylvania Ave NW'],
    ['40 w 5th', '40 W 5th St'],
    ['9 broadway', '9 Broadway'],
    ['5 court', '5 Court St'],
    ['88 central park', '88 Central Park St'],
    ['12b  oak   rd', '12B Oak Rd'],
    ['main st', 'Main St'],
  ])('tidies %j into line 1 %j', async (query, addressLine1) => {
    const [first] = await lookup.suggest(query);
    expect(first?.addressLine1).toBe(addressLine1);
  });

  it.each([
    ['123 Main 62704', 'Springfield', 'IL', '62704'],
    ['123 Main St, 62704', 'Springfield', 'IL', '62704'],
    ['123 Main St, Springfield, IL 62704', 'Springfield', 'IL', '62704'],
    ['123 Main St IL 62704', 'Springfield', 'IL', '62704'],
    ['42 5th ave, NY 10011', 'New York', 'NY', '10011'],
    ['77 Sunset Blvd, 90210', 'Beverly Hills', 'CA', '90210'],
  ])('a zip narrows %j to one suggestion in %s, %s', async (query, city, state, zipCode) => {
    const suggestions = await lookup.suggest(query);
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({ city, state, zipCode });
  });

  it.each([
    ['123 Main, 00901', 'a Puerto Rico zip: not a state'],
    ['123 Main, 99999', 'a zip that does not exist'],
    ['123 Main, Springfield, CA 62704', 'a zip in another state'],
    ['1 Calle Sol, San Juan, PR', 'a territory'],
    ['123 Main, Nowhereville', 'a city that does not exist'],
    ['123', 'a house number and no street'],
    ['62704', 'a zip and no street'],
  ])('answers [] for %j (%s)', async (query) => {
    await expect(lookup.suggest(query)).resolves.toEqual([]);
  });

  it('a city narrows to towns of that name, exact names first', async () => {
    const suggestions = await lookup.suggest('123 Main St, Springfield');
    expect(suggestions).toHaveLength(5);
    for (const s of suggestions) {
      expect(s.city).toBe('Springfield');
      expect(zipcodes.lookup(s.zipCode)).toMatchObject({ city: 'Springfield', state: s.state });
    }
    expect(await lines('123 Main St, Springfield, IL')).toEqual([
      expect.stringMatching(/^123 Main St, Springfield, IL 627\d\d$/),
    ]);
    expect(await lines('123 Main St, Springfield, Illinois')).toEqual(
      await lines('123 Main St, Springfield, IL'),
    );
  });

  it('completes a partly typed city, with or without a comma', async () => {
    const withComma = await lookup.suggest('77 Sunset Blvd, Los Ang');
    expect(withComma.map((s) => `${s.city}, ${s.state}`)).toContain('Los Angeles, CA');
    expect(await lookup.suggest('77 Sunset Blvd Los Ang')).toEqual(withComma);
  });

  it('a state alone keeps every suggestion in it', async () => {
    for (const state of ['TX', 'DC', 'WY']) {
      const suggestions = await lookup.suggest(`10 Pine Rd, ${state}`);
      expect(suggestions.length).toBeGreaterThan(0);
      for (const s of suggestions) expect(s.state).toBe(state);
    }
  });

  it('is deterministic, and different streets land in different towns', async () => {
    const first = await lines('123 Main');
    expect(await createSandboxAddressLookup().suggest('  123   main ')).toEqual(
      await lookup.suggest('123 Main'),
    );
    expect(await lines('123 Main')).toEqual(first);
    expect(await lines('456 Oak')).not.toEqual(first.map((l) => l.replace('123 Main St', '456 Oak St')));
  });

  it.each([
    [0, 0],
    [-3, 0],
    [1, 1],
    [2.7, 2],
    [Number.NaN, 5],
    [50, MAX_ADDRESS_SUGGESTIONS],
  ])('limit %s gives %s suggestions', async (limit, count) => {
    await expect(lines('123 Main', limit)).resolves.toHaveLength(count);
  });

  it('only offers place names in the 50 states and DC, never a business with its own zip', async () => {
    const streets = Array.from({ length: 60 }, (_, i) => `${i + 1} Cedar Ln`);
    const all = (
      await Promise.all(streets.map((q) => lookup.suggest(q, { limit: MAX_ADDRESS_SUGGESTIONS })))
    ).flat();
    expect(all).toHaveLength(60 * MAX_ADDRESS_SUGGESTIONS);
    for (const s of all) {
      expectWellFormedSuggestion(s);
      expect(s.city).toMatch(/^[A-Za-z][A-Za-z .'-]*$/);
      expect(s.city).not.toMatch(/\b(Inc|Co|Corp|Bank Of|Services?|Irs|Mail)\b/i);
    }
  });
});
