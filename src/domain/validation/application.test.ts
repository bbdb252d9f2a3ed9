import { describe, expect, it } from 'vitest';
import { LABELS, formatEnglish } from '../i18n/validation-messages';
import {
  CONFIRM_INCOME_QUESTION,
  HARDSHIP_KEYS,
  HARDSHIP_LABELS,
  HOUSEHOLD_LABELS,
  HOUSEHOLD_QUESTIONS,
  INCOME_LABEL,
  MISSING_DEBT_LABELS,
  NOTIFY_QUESTION,
  UTM_FIELDS,
  addressSuggestionsQuerySchema,
  hardshipsSchema,
  householdSchema,
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

  it.each([
    ['NUL', 'spring\u0000'],
    ['a line break', 'spr\ning'],
    ['a right-to-left override', 'spr\u202eing'],
    ['a lone surrogate', 'spr\ud800ing'],
  ])('the API refuses %s in a utm value with the field message', (_name, value) => {
    expect(utmSchema.safeParse({ utmCampaign: value }).error?.issues[0]?.message).toBe(
      'utmCampaign is invalid',
    );
  });

  it('a hostile campaign link never blocks the lead: the characters are dropped', () => {
    const params = new URLSearchParams(
      'utm_source=go%00ogle&utm_medium=c%E2%80%AEpc&utm_campaign=spring%0Asale&utm_term=%1B%5B31m',
    );
    const utm = utmFromSearchParams(params);
    expect(utm).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'springsale',
      utmTerm: '[31m',
    });
    expect(utmSchema.safeParse(utm).success).toBe(true);
  });

  it('cuts a long value without splitting an emoji in two', () => {
    const params = new URLSearchParams({ utm_content: `${'a'.repeat(99)}😀😀` });
    const utm = utmFromSearchParams(params);
    expect(utm.utmContent).toBe('a'.repeat(99));
    expect(utmSchema.safeParse(utm).success).toBe(true);
  });
});

describe('household free text', () => {
  const borrower = {
    firstName: 'Pat',
    lastName: 'Doe',
    phoneNumber: '415-555-0123',
    addressLine1: '123 Main St',
    addressLine2: 'Apt 4',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    dateOfBirth: '04-12-1985',
  };
  const spouse = {
    firstName: 'Sam',
    lastName: 'Doe',
    email: 'sam@example.com',
    dateOfBirth: '04-12-1985',
    hasSameAddressAsBorrower: false,
    addressLine1: '9 Elm St',
    addressLine2: 'Unit 2',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  };
  const household = (b: object, s: object) => ({
    hasDependents: false,
    isHomeowner: false,
    monthlyRentOrMortgageAmount: 150_000,
    isCarOwner: false,
    hasSpouse: true,
    borrower: { ...borrower, ...b },
    spouse: { ...spouse, ...s },
  });
  const errors = (input: unknown) => {
    const out: Record<string, string> = {};
    for (const issue of householdSchema.safeParse(input).error?.issues ?? []) {
      out[issue.path.join('.')] ??= issue.message;
    }
    return out;
  };
  const TEXT_FIELDS = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city'] as const;
  const LABELS = {
    firstName: 'First name',
    lastName: 'Last name',
    addressLine1: 'Street address',
    addressLine2: 'Address line 2',
    city: 'City',
  } as const;

  it('takes the valid household', () => {
    expect(errors(household({}, {}))).toEqual({});
  });

  it.each([
    ['NUL', 'x\u0000y'],
    ['a bell', 'x\u0007y'],
    ['a tab', 'x\ty'],
    ['a line break', 'x\ny'],
    ['DEL', 'x\u007fy'],
    ['a left-to-right embedding', 'x\u202ay'],
    ['a right-to-left override', 'x\u202ey'],
    ['a left-to-right isolate', 'x\u2066y'],
    ['a pop-directional isolate', 'x\u2069y'],
    ['a lone high surrogate', 'x\ud83dy'],
    ['a lone low surrogate', 'x\ude00y'],
  ])('refuses %s in every name and address field of the borrower and the spouse', (_name, value) => {
    const hostile = Object.fromEntries(TEXT_FIELDS.map((k) => [k, value]));
    const expected: Record<string, string> = {};
    for (const k of TEXT_FIELDS) {
      expected[`borrower.${k}`] = `${LABELS[k]} is invalid`;
      expected[`spouse.${k}`] = `${LABELS[k]} is invalid`;
    }
    expect(errors(household(hostile, hostile))).toEqual(expected);
  });

  it('refuses a spouse email holding a control character', () => {
    expect(errors(household({}, { email: 'sam\u0000@example.com' }))).toEqual({
      'spouse.email': 'Email address is invalid',
    });
  });
});

describe('address suggestions query', () => {
  it('takes what was typed, refuses control and bidi characters', () => {
    expect(addressSuggestionsQuerySchema.parse({})).toEqual({ query: '' });
    expect(addressSuggestionsQuerySchema.parse({ query: '123 Ma' })).toEqual({ query: '123 Ma' });
    for (const query of ['1\u0000', '1\n', '1\u202e', '1\ud800']) {
      expect(addressSuggestionsQuerySchema.safeParse({ query }).error?.issues[0]?.message).toBe(
        'Street address is invalid',
      );
    }
  });
});

// The pages show these English constants as the fields' labels; the schemas name the fields by the label
// messages. The two must be the same English, or a message would name a field differently from its page.
describe("the pages' labels are the label messages' English", () => {
  it.each([
    [INCOME_LABEL, LABELS.income],
    [CONFIRM_INCOME_QUESTION, LABELS.isIncomeCorrect],
    [NOTIFY_QUESTION, LABELS.notifyWhenEligible],
    [MISSING_DEBT_LABELS.creditorName, LABELS.creditorName],
    [MISSING_DEBT_LABELS.currentBalance, LABELS.balance],
    [MISSING_DEBT_LABELS.monthlyPayment, LABELS.monthlyPayment],
    [HOUSEHOLD_LABELS.monthlyRentOrMortgageAmount, LABELS.housingCost],
    [HOUSEHOLD_LABELS.numberOfDependentsInHousehold, LABELS.numberOfDependents],
    [HOUSEHOLD_QUESTIONS.hasMortgageEscrow, LABELS.hasMortgageEscrow],
    [HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, LABELS.hasSameAddressAsBorrower],
  ])('%s', (english, label) => {
    expect(formatEnglish(label)).toBe(english);
  });
});
