import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLikePattern, sanitizeSearchValue, searchTerms } from './search';

describe('sanitizeSearchValue', () => {
  it.each([
    ['  Pat  Doe ', 'Pat Doe'],
    ['(415) 555-0123', '415 555-0123'],
    ['[pat]{doe}<x>', 'patdoex'],
    ['+1 415', '+1 415'],
    ['()', ''],
    [null, ''],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('%s → %s', (raw, expected) => {
    expect(sanitizeSearchValue(raw)).toBe(expected);
  });
});

describe('escapeLikePattern', () => {
  it.each([
    ['pat', 'pat'],
    ['+14155550123', '\\+14155550123'],
    ['50%_off', '50\\%\\_off'],
    ['a\\b', 'a\\\\b'],
  ])('%s → %s', (value, expected) => {
    expect(escapeLikePattern(value)).toBe(expected);
  });

  it('wraps a value for a substring match', () => {
    expect(containsPattern('a+b')).toBe('%a\\+b%');
  });
});

describe('searchTerms', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['Doe', { text: 'Doe', phoneDigits: null }],
    ['pat@example.com', { text: 'pat@example.com', phoneDigits: null }],
    ['(415) 555-0123', { text: '415 555-0123', phoneDigits: '4155550123' }],
    ['+1 415-555-0123', { text: '+1 415-555-0123', phoneDigits: '4155550123' }],
    ['555.0123', { text: '555.0123', phoneDigits: '5550123' }],
    // Too few digits to be a phone search; still a text search.
    ['41', { text: '41', phoneDigits: null }],
    // A uuid prefix is text, not a phone.
    ['3f2a-11', { text: '3f2a-11', phoneDigits: null }],
  ])('%s', (raw, expected) => {
    expect(searchTerms(raw)).toEqual(expected);
  });
});
