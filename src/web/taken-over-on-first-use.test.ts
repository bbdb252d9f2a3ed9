import { describe, expect, it } from 'vitest';
import { LANDING_PAGE_PATHS, LANGUAGES, pathInLanguage } from '#domain/i18n/language';
import { PRERENDERED_PAGES } from './prerendered-pages';
import { TAKEN_OVER_ON_FIRST_USE } from './taken-over-on-first-use';

// The entry's list is written out by hand (it may import nothing); every prerendered page must be on it, in
// every language, or the page fetches and runs the app (and its language's messages) as soon as it paints.
describe('TAKEN_OVER_ON_FIRST_USE', () => {
  it('holds every prerendered landing page in every language, and nothing else', () => {
    const expected = LANGUAGES.flatMap((language) =>
      Object.keys(PRERENDERED_PAGES).map((page) => pathInLanguage(page, language)),
    );
    expect([...TAKEN_OVER_ON_FIRST_USE].sort()).toEqual(expected.sort());
    expect(Object.keys(PRERENDERED_PAGES).sort()).toEqual([...LANDING_PAGE_PATHS].sort());
  });
});
