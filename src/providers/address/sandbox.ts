import { US_STATE_CODES, US_STATES } from '#domain/validation/states';
import type { AddressLookup, AddressSuggestion } from './port';

/** The form asks from the third character on. */
export const MIN_ADDRESS_QUERY_LENGTH = 3;
export const DEFAULT_ADDRESS_SUGGESTIONS = 5;
export const MAX_ADDRESS_SUGGESTIONS = 10;
/** Towns offered when the query names no city, state or zip: places with at least this many zip codes. */
const MIN_ZIPS_FOR_DEFAULT_TOWN = 3;

/** USPS street suffix abbreviations (Publication 28, appendix C1), the common ones. */
const STREET_SUFFIXES: Record<string, string> = {
  street: 'St',
  st: 'St',
  avenue: 'Ave',
  ave: 'Ave',
  av: 'Ave',
  road: 'Rd',
  rd: 'Rd',
  drive: 'Dr',
  dr: 'Dr',
  lane: 'Ln',
  ln: 'Ln',
  boulevard: 'Blvd',
  blvd: 'Blvd',
  court: 'Ct',
  ct: 'Ct',
  place: 'Pl',
  pl: 'Pl',
  way: 'Way',
  terrace: 'Ter',
  ter: 'Ter',
  circle: 'Cir',
  cir: 'Cir',
  parkway: 'Pkwy',
  pkwy: 'Pkwy',
  highway: 'Hwy',
  hwy: 'Hwy',
  trail: 'Trl',
  trl: 'Trl',
  square: 'Sq',
  sq: 'Sq',
  loop: 'Loop',
  pike: 'Pike',
};
/** Full suffix names a partly typed last word may complete to ('Av' → 'Ave', 'Bou' → 'Blvd'). */
const FULL_SUFFIXES = ['street', 'avenue', 'road', 'drive', 'lane', 'boulevard', 'court', 'place', 'terrace'];
const SUFFIX_COMPLETION_LENGTH = { min: 2, max: 3 } as const;
const DEFAULT_SUFFIX = 'St';
/** Streets whose name needs no suffix. */
const NAMES_WITHOUT_SUFFIX = new Set(['broadway']);
const DIRECTIONALS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw']);

const HOUSE_NUMBER = /^\d+[a-z]?$|^\d+-\d+$/i;
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** Place names only: the data also names single businesses ('Shell Oil Box 150', 'At&t'). */
const PLACE_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const BUSINESS_WORDS =
  /\b(assoc|bank of|bkcard|brm|co|company|corp|dept|firms?|inc|insurance|irs|lottery|mail|reply|services?)\b/i;

const STATE_CODES = new Set<string>(US_STATE_CODES);
const STATE_BY_NAME = new Map<string, string>(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));

type Town = { city: string; state: string; zips: string[] };
type Index = { byZip: Map<string, Town>; towns: Town[]; defaultTowns: Town[] };

type Query = {
  houseNumber: string | null;
  streetWords: string[];
  city: string | null;
  state: string | null;
  zip: string | null;
};

/**
 * The built-in address autocomplete, offline and deterministic (docs/providers.md, Address autocomplete).
 * Cities, states and zip codes are real (the zipcodes package's US data, 50 states and DC only); the street
 * is what the user typed, tidied ('123 main' → '123 Main St'), because a sandbox cannot know real streets.
 */
export function createSandboxAddressLookup(): AddressLookup {
  return {
    async suggest(query, options) {
      const limit = suggestionLimit(options?.limit);
      const parsed = typeof query === 'string' ? parseQuery(query) : null;
      if (!parsed || limit === 0) return [];
      const index = await loadIndex();
      const addressLine1 = [parsed.houseNumber, ...formatStreet(parsed.streetWords)]
        .filter(Boolean)
        .join(' ');
      return matchingTowns(index, parsed, addressLine1)
        .slice(0, limit)
        .map((town) => suggestion(addressLine1, town, parsed.zip ?? pickZip(town, addressLine1)));
    },
  };
}

function suggestionLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_ADDRESS_SUGGESTIONS;
  return Math.min(MAX_ADDRESS_SUGGESTIONS, Math.max(0, Math.floor(limit)));
}

function suggestion(addressLine1: string, town: Town, zipCode: string): AddressSuggestion {
  return {
    label: `${addressLine1}, ${town.city}, ${town.state} ${zipCode}`,
    addressLine1,
    city: town.city,
    state: town.state,
    zipCode,
  };
}

/**
 * '123 Main St, Springfield, IL 62701': the street, then comma-separated city, state and zip. Without
 * commas a 5-digit zip after the house number still counts, and words after a street suffix are the city
 * ('123 Main St Springfield'). Null when there is no street to fill line 1 with.
 */
function parseQuery(raw: string): Query | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length < MIN_ADDRESS_QUERY_LENGTH) return null;
  const [streetPart = '', ...rest] = text.split(',').map((part) => part.trim());
  let city: string | null = null;
  let state: string | null = null;
  let zip: string | null = null;

  const streetTokens = streetPart.split(' ').filter(Boolean);
  const first = streetTokens[0];
  const houseNumber = first !== undefined && HOUSE_NUMBER.test(first) ? first.toUpperCase() : null;
  if (houseNumber !== null) streetTokens.shift();
  const zipAt = streetTokens.findIndex((token) => ZIP.test(token));
  if (zipAt >= 0) {
    zip = ZIP.exec(streetTokens[zipAt] ?? '')?.[1] ?? null;
    // '123 Main St IL 62701': a state code just before the zip.
    const before = streetTokens[zipAt - 1]?.toUpperCase();
    const cut = before !== undefined && zipAt > 1 && STATE_CODES.has(before) ? zipAt - 1 : zipAt;
    if (cut < zipAt) state = before ?? null;
    streetTokens.splice(cut);
  }
  const suffixAt = streetTokens.findIndex(
    (token, i) => i > 0 && STREET_SUFFIXES[token.toLowerCase()] !== undefined,
  );
  let cityStart = suffixAt + 1;
  while (cityStart < streetTokens.length && DIRECTIONALS.has(streetTokens[cityStart]?.toLowerCase() ?? '')) {
    cityStart += 1;
  }
  if (suffixAt > 0 && cityStart < streetTokens.length) city = streetTokens.splice(cityStart).join(' ');

  rest.forEach((part, position) => {
    const tokens = part.split(' ').filter(Boolean);
    const last = tokens.at(-1);
    const zipMatch = last === undefined ? null : ZIP.exec(last);
    if (zipMatch) {
      zip = zipMatch[1] ?? null;
      tokens.pop();
    }
    const words = tokens.join(' ');
    const lastWord = tokens.at(-1)?.toUpperCase();
    if (words === '') return;
    // Any two letters on their own are a state, so a territory ('PR') matches nothing rather than a city.
    if (/^[a-z]{2}$/i.test(words)) state = words.toUpperCase();
    else if (position > 0 && STATE_BY_NAME.has(words.toLowerCase()))
      state = STATE_BY_NAME.get(words.toLowerCase()) ?? null;
    else if (tokens.length > 1 && lastWord !== undefined && STATE_CODES.has(lastWord)) {
      state = lastWord;
      city ??= tokens.slice(0, -1).join(' ');
    } else city ??= words;
  });

  if (streetTokens.length === 0) return null;
  return { houseNumber, streetWords: streetTokens, city, state, zip };
}

/** Title case, USPS suffixes and directionals; 'St' added when no suffix was typed. */
function formatStreet(words: string[]): string[] {
  const formatted = words.map((word, i) => {
    const lower = word.toLowerCase();
    if (i > 0 && STREET_SUFFIXES[lower] !== undefined) return STREET_SUFFIXES[lower];
    if (DIRECTIONALS.has(lower)) return lower.toUpperCase();
    if (/^\d/.test(word)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
  const hasSuffix = words.some(
    (word, i) =>
      (i > 0 && STREET_SUFFIXES[word.toLowerCase()] !== undefined) ||
      NAMES_WITHOUT_SUFFIX.has(word.toLowerCase()),
  );
  if (hasSuffix) return formatted;
  const last = words.at(-1)?.toLowerCase() ?? '';
  const completion =
    words.length > 1 &&
    last.length >= SUFFIX_COMPLETION_LENGTH.min &&
    last.length <= SUFFIX_COMPLETION_LENGTH.max
      ? FULL_SUFFIXES.find((full) => full.startsWith(last))
      : undefined;
  if (completion !== undefined)
    return [...formatted.slice(0, -1), STREET_SUFFIXES[completion] ?? DEFAULT_SUFFIX];
  return [...formatted, DEFAULT_SUFFIX];
}

function matchingTowns(index: Index, query: Query, addressLine1: string): Town[] {
  if (query.zip !== null) {
    const town = index.byZip.get(query.zip);
    const fits =
      town !== undefined &&
      (query.state === null || town.state === query.state) &&
      (query.city === null || town.city.toLowerCase().startsWith(query.city.toLowerCase()));
    return fits ? [town] : [];
  }
  if (query.city !== null) {
    const wanted = query.city.toLowerCase();
    return index.towns
      .filter(
        (t) => t.city.toLowerCase().startsWith(wanted) && (query.state === null || t.state === query.state),
      )
      .sort(
        (a, b) =>
          Number(b.city.toLowerCase() === wanted) - Number(a.city.toLowerCase() === wanted) ||
          b.zips.length - a.zips.length ||
          a.city.localeCompare(b.city) ||
          a.state.localeCompare(b.state),
      );
  }
  const inState = (t: Town): boolean => query.state === null || t.state === query.state;
  const bigTowns = index.defaultTowns.filter(inState);
  // DC and small states may have no town with several zips: any town there will do.
  const pool = bigTowns.length > 0 ? bigTowns : index.towns.filter(inState);
  // The same street always lands in the same towns; a different street in different ones.
  const seed = hashString(addressLine1.toLowerCase());
  return [...pool].sort(
    (a, b) => hashString(`${seed}|${a.city}|${a.state}`) - hashString(`${seed}|${b.city}|${b.state}`),
  );
}

function pickZip(town: Town, addressLine1: string): string {
  return town.zips[hashString(addressLine1.toLowerCase()) % town.zips.length] ?? town.zips[0] ?? '';
}

let indexPromise: Promise<Index> | undefined;

/** The zip data is 5 MB: read on the first suggestion, not at boot. */
function loadIndex(): Promise<Index> {
  indexPromise ??= import('zipcodes').then(({ default: zipcodes }) => {
    const towns = new Map<string, Town>();
    const byZip = new Map<string, Town>();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || !STATE_CODES.has(code.state) || !ZIP.test(code.zip)) continue;
      if (!PLACE_NAME.test(code.city)) continue;
      const key = `${code.city}|${code.state}`;
      const town = towns.get(key) ?? { city: code.city, state: code.state, zips: [] };
      town.zips.push(code.zip);
      towns.set(key, town);
      byZip.set(code.zip, town);
    }
    const all = [...towns.values()]
      .map((t) => ({ ...t, zips: t.zips.sort() }))
      .sort((a, b) => a.state.localeCompare(b.state) || a.city.localeCompare(b.city));
    for (const town of all) for (const zip of town.zips) byZip.set(zip, town);
    return {
      byZip,
      towns: all,
      defaultTowns: all.filter(
        (t) => t.zips.length >= MIN_ZIPS_FOR_DEFAULT_TOWN && !BUSINESS_WORDS.test(t.city),
      ),
    };
  });
  return indexPromise;
}

/** FNV-1a, 32 bits. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
