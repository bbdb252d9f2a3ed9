import { describe, expect, it } from 'vitest';
import {
  languageFromAcceptLanguage,
  languageOfPath,
  linkAskingFor,
  linkInLanguage,
  pathInLanguage,
} from './language';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['fr-FR,de', 'en'],
    ['en;q=0.5,es;q=0.7', 'es'],
    ['en,es', 'en'],
    ['es;q=0,en;q=0.1', 'en'],
    ['ES-us', 'es'],
    ['es;q=abc', 'en'],
    ['*', 'en'],
  ])('%j → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe('languageOfPath / pathInLanguage', () => {
  it.each([
    ['/lead', 'en', '/lead'],
    ['/es/lead', 'es', '/lead'],
    ['/es', 'es', '/'],
    ['/estimate', 'en', '/estimate'],
  ])('%s is %s at %s', (pathname, language, path) => {
    expect(languageOfPath(pathname)).toEqual({ language, path });
  });

  it('puts the prefix back', () => {
    expect(pathInLanguage('/lead', 'es')).toBe('/es/lead');
    expect(pathInLanguage('/lead', 'en')).toBe('/lead');
  });
});

describe('linkInLanguage', () => {
  it.each([
    ['https://app.example.org/sign-in', 'en', 'https://app.example.org/sign-in'],
    ['https://app.example.org/sign-in', 'es', 'https://app.example.org/sign-in?lang=es'],
    [
      'https://app.example.org/reset-password?code=1',
      'es',
      'https://app.example.org/reset-password?code=1&lang=es',
    ],
    [
      'https://app.example.org/sign-letter#t=abc?d',
      'es',
      'https://app.example.org/sign-letter?lang=es#t=abc?d',
    ],
  ] as const)('%s in %s → %s', (url, language, link) => {
    expect(linkInLanguage(url, language)).toBe(link);
  });
});

describe('linkAskingFor', () => {
  it.each([
    // English is named too: the page's language is the letter's, not whatever the device chose before.
    ['https://app.example.org/sign-letter#t=abc', 'en', 'https://app.example.org/sign-letter?lang=en#t=abc'],
    ['https://app.example.org/sign-letter#t=abc', 'es', 'https://app.example.org/sign-letter?lang=es#t=abc'],
    // A language already asked for is replaced, never asked twice; the rest of the query stays.
    [
      'https://app.example.org/sign-letter?lang=es#t=abc',
      'en',
      'https://app.example.org/sign-letter?lang=en#t=abc',
    ],
    [
      'https://app.example.org/submitted?a=1&lang=es&b=2',
      'es',
      'https://app.example.org/submitted?a=1&b=2&lang=es',
    ],
    ['https://app.example.org/submitted?', 'en', 'https://app.example.org/submitted?lang=en'],
  ] as const)('%s in %s → %s', (url, language, link) => {
    expect(linkAskingFor(url, language)).toBe(link);
  });
});
