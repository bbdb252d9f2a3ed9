import { describe, expect, it } from 'vitest';
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
