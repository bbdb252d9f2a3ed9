import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { ALL_CATALOGS } from '../i18n/all-catalogs';
import { localStateName, STATE_NAME_MESSAGES } from './state-name-messages';
import { US_STATES, US_STATE_CODES, isLicensedState, isUsStateCode, stateName } from './states';

describe('US_STATES', () => {
  it('lists 50 states plus DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
  });

  it('is sorted by name for the dropdown', () => {
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('isLicensedState', () => {
  it.each([
    ['TX', true],
    ['ny', true],
    ['AK', true],
    ['WY', true],
    ['DC', false],
    ['PR', false],
    ['GU', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (code, expected) => {
    expect(isLicensedState(code)).toBe(expected);
  });

  it('licenses exactly the 50 states', () => {
    expect(US_STATE_CODES.filter(isLicensedState)).toHaveLength(50);
  });
});

describe('lookups', () => {
  it.each([
    ['CA', 'California'],
    ['dc', 'District of Columbia'],
    ['ZZ', undefined],
  ])('stateName(%j) → %j', (code, name) => {
    expect(stateName(code)).toBe(name);
  });

  it('isUsStateCode', () => {
    expect(isUsStateCode('DC')).toBe(true);
    expect(isUsStateCode('PR')).toBe(false);
    expect(isUsStateCode('tx')).toBe(false);
  });
});

describe('the states’ names in Spanish', () => {
  const es = createIntl({ locale: 'es-US', messages: ALL_CATALOGS.es });
  const en = createIntl({ locale: 'en-US', messages: ALL_CATALOGS.en });
  it('writes Spanish where Spanish differs, and the English exactly as the dropdown has it', () => {
    expect(localStateName('NY', (d) => es.formatMessage(d))).toBe('Nueva York');
    expect(localStateName('nc', (d) => es.formatMessage(d))).toBe('Carolina del Norte');
    expect(localStateName('DC', (d) => es.formatMessage(d))).toBe('Distrito de Columbia');
    expect(localStateName('TX', (d) => es.formatMessage(d))).toBe('Texas');
    expect(localStateName('ZZ', (d) => es.formatMessage(d))).toBeUndefined();
    for (const s of US_STATES) expect(localStateName(s.code, (d) => en.formatMessage(d))).toBe(s.name);
    for (const [code, message] of Object.entries(STATE_NAME_MESSAGES))
      expect(message?.defaultMessage).toBe(stateName(code));
  });
});
