import { describe, expect, it } from 'vitest';
import {
  HARDSHIP_KEYS,
  HARDSHIP_LABELS,
  UTM_FIELDS,
  hardshipsSchema,
  utmFromSearchParams,
  utmSchema,
} from './application';

describe('hardships', () => {
  it('has the five keys of the spec with their labels, in order', () => {
    expect(HARDSHIP_KEYS.map((key) => [key, HARDSHIP_LABELS[key]])).toEqual([
      ['hasHousingIssues', 'Housing issues (repairs, foreclosure or eviction)'],
      ['hasIncreasedMedicalExpenses', 'Increased medical expenses'],
      ['hasReductionInIncome', 'Reduction in income'],
      ['isUnemployed', 'Unemployment'],
      ['other', 'Other'],
    ]);
  });

  it.each(HARDSHIP_KEYS)('accepts %s alone and fills the others with false', (key) => {
    const result = hardshipsSchema.parse({ [key]: true });
    expect(result[key]).toBe(true);
    expect(Object.values(result).filter(Boolean)).toHaveLength(1);
    expect(Object.keys(result).sort()).toEqual([...HARDSHIP_KEYS].sort());
  });

  it.each([{}, { hasHousingIssues: false, other: false }])('refuses %j with the spec message', (input) => {
    const result = hardshipsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { message: 'Please select at least one option.', path: ['hasHousingIssues'] },
    ]);
  });

  it('refuses unknown keys', () => {
    expect(hardshipsSchema.safeParse({ other: true, isVeteran: true }).success).toBe(false);
  });
});

describe('utm', () => {
  it('maps each field to its query parameter', () => {
    expect(UTM_FIELDS.map((f) => `${f.param}=${f.field}`)).toEqual([
      'utm_campaign=utmCampaign',
      'utm_content=utmContent',
      'utm_medium=utmMedium',
      'utm_source=utmSource',
      'utm_term=utmTerm',
    ]);
  });

  it('accepts empty and partial sets, normalising empty values away', () => {
    expect(utmSchema.parse({})).toEqual({});
    expect(utmSchema.parse({ utmSource: 'google', utmTerm: '' })).toEqual({
      utmSource: 'google',
      utmTerm: undefined,
    });
  });

  it('refuses values over 100 characters and unknown keys', () => {
    expect(utmSchema.safeParse({ utmSource: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'utmSource must be at most 100 characters long',
    );
    expect(utmSchema.safeParse({ utmFoo: 'x' }).success).toBe(false);
  });

  it('reads the query string', () => {
    const params = new URLSearchParams(
      `utm_source=google&utm_medium=cpc&utm_campaign=${'c'.repeat(150)}&utm_term=%20&other=1`,
    );
    expect(utmFromSearchParams(params)).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'c'.repeat(100),
    });
    expect(utmSchema.safeParse(utmFromSearchParams(params)).success).toBe(true);
  });
});
