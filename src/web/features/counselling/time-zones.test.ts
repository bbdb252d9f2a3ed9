import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { timeZoneLabel, US_TIME_ZONES } from './time-zones';

// The booking page's time zones, as a person reads them in the page's language.

const english = createIntl({ locale: 'en-US', messages: ALL_CATALOGS.en });
const spanish = createIntl({ locale: 'es-US', messages: ALL_CATALOGS.es });
const labels = (intl: typeof english) =>
  US_TIME_ZONES.map((zone) =>
    timeZoneLabel(zone, { locale: intl.locale, formatMessage: intl.formatMessage }),
  );

describe('timeZoneLabel', () => {
  it('names the cities in Spanish for a Spanish reader', () => {
    const es = labels(spanish);
    expect(es.find((label) => label.includes('York'))).toMatch(/\(Nueva York\)$/);
    expect(es.find((label) => label.includes('Ángeles'))).toMatch(/\(Los Ángeles\)$/);
    expect(es.join(' ')).not.toMatch(/New York|Los Angeles/);
    // The zone's own name is the browser's, in Spanish.
    expect(es[1]).not.toContain('Eastern Time');
  });

  it('keeps the English as it was', () => {
    const en = labels(english);
    expect(en[1]).toBe('Eastern Time (New York)');
    expect(en[5]).toBe('Pacific Time (Los Angeles)');
    expect(en[2]).toBe('Central Time (Chicago)');
  });
});
