// The borrower queue's search (case-insensitive; brackets stripped, plus signs escaped).
// The value is matched with ILIKE over ids, names, email and phone; these helpers make it safe to do so.

/** Longest search value accepted; longer input is cut (a search box, not free text). */
export const SEARCH_VALUE_MAX_LENGTH = 100;
/** A phone search needs this many digits before it is tried against phone numbers. */
export const MIN_PHONE_SEARCH_DIGITS = 3;

const BRACKETS = /[()[\]{}<>]/g;

/** Trims, strips brackets and collapses spaces: '(415) 555-0123 ' → '415 555-0123'. */
export function sanitizeSearchValue(raw: string | null | undefined): string {
  return (raw ?? '').replace(BRACKETS, '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_VALUE_MAX_LENGTH);
}

/**
 * Escapes a value for a LIKE/ILIKE pattern with the default escape character (backslash): the wildcards % and _,
 * the backslash itself, and plus signs (the spec's rule; an escaped + still matches a literal +).
 */
export const escapeLikePattern = (value: string): string => value.replace(/[\\%_+]/g, (c) => `\\${c}`);

/** 'pat' → '%pat%': a substring match, every special character escaped. */
export const containsPattern = (value: string): string => `%${escapeLikePattern(value)}%`;

/**
 * The terms a search value is matched by: the text (for ids, names, email) and, when the value looks like a phone
 * number, its digits (phones are stored as +1 and ten digits, so '(415) 555-0123' must find '+14155550123').
 */
export type SearchTerms = { text: string; phoneDigits: string | null };

export function searchTerms(raw: string | null | undefined): SearchTerms | null {
  const text = sanitizeSearchValue(raw);
  if (text === '') return null;
  const looksLikePhone = /^[+\d\s.-]+$/.test(text);
  let digits = text.replace(/\D/g, '');
  // A pasted +1 country prefix: US area codes never start with 1.
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return {
    text,
    phoneDigits: looksLikePhone && digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : null,
  };
}
