import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { householdSchema } from './application';
import { counsellorAvailabilitySchema } from './counselling';
import { creditorDetailsSchema } from './creditor-details';
import { creditorAccountSchema, qualityControlSchema } from './staff';

// A rule across fields (a homeowner must answer the escrow question) speaks at the first submit, beside the
// other fields' messages: a person fixes every mistake in one round, not the fields first and the rule after.
// Each case leaves a field empty the way a form sends it that Zod treats as the wrong type (a question not
// answered, a date not given): without whenParsed, such a field kept the rule from running at all.

/** The first message of each field, by its path: what a form shows. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? [])
    out[issue.path.join('.')] ??= issue.message;
  return out;
}

const borrower = {
  firstName: 'Pat',
  lastName: 'Doe',
  phoneNumber: '415-555-0123',
  addressLine1: '123 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  dateOfBirth: '04-12-1985',
};
const household = {
  hasDependents: false,
  isHomeowner: false,
  monthlyRentOrMortgageAmount: 150_000,
  isCarOwner: false,
  hasSpouse: false,
  borrower,
};
const spouse = {
  firstName: 'Sam',
  lastName: 'Doe',
  dateOfBirth: '04-12-1985',
  hasSameAddressAsBorrower: true,
};
const creditorDetails = { paysByCheck: false, paysByAch: false, reason: 'New remittance address' };

describe('a rule across fields speaks in the first round, beside the fields left wrong', () => {
  it.each<[string, z.ZodType, unknown, Record<string, string>]>([
    [
      'a homeowner with no escrow answer, the car question not answered',
      householdSchema,
      { ...household, isHomeowner: true, isCarOwner: undefined },
      {
        isCarOwner: 'Do you own a car? is required',
        hasMortgageEscrow:
          'Are your homeowners insurance and property taxes included in your mortgage payment (escrow)? is required',
      },
    ],
    [
      'applying with a spouse whose details are missing, the date of birth not given',
      householdSchema,
      { ...household, hasSpouse: true, spouse: null, borrower: { ...borrower, dateOfBirth: undefined } },
      { 'borrower.dateOfBirth': 'Date of birth is required', 'spouse.firstName': 'First name is required' },
    ],
    [
      "a spouse elsewhere with no address, the spouse's date of birth not given",
      householdSchema,
      {
        ...household,
        hasSpouse: true,
        spouse: { ...spouse, dateOfBirth: undefined, hasSameAddressAsBorrower: false },
      },
      {
        'spouse.dateOfBirth': 'Date of birth is required',
        'spouse.addressLine1': 'Street address is required',
        'spouse.city': 'City is required',
        'spouse.state': 'State is required',
        'spouse.zipCode': 'Zip code is required',
      },
    ],
    [
      'a spouse elsewhere with a mistyped zip code: its own message, not a second one',
      householdSchema,
      {
        ...household,
        hasSpouse: true,
        spouse: {
          ...spouse,
          hasSameAddressAsBorrower: false,
          addressLine1: '9 Elm St',
          city: 'Springfield',
          state: 'IL',
          zipCode: '6270',
        },
      },
      { 'spouse.zipCode': 'Zip code is invalid' },
    ],
    [
      'a creditor paid by check with no address, the reason left out',
      creditorDetailsSchema,
      { ...creditorDetails, paysByCheck: true, reason: undefined },
      {
        reason: 'Reason for the change is required',
        addressLine1: 'Address line 1 is required',
        city: 'City is required',
        state: 'State is required',
        zipCode: 'Zip code is required',
      },
    ],
    [
      'a creditor taking proposals by email with no address for them, the response time not a number',
      creditorDetailsSchema,
      { ...creditorDetails, proposalChannel: 'email', responseDays: 'ten' },
      {
        responseDays: 'Usual response time (days) is invalid',
        proposalEmail: 'Email for proposals is required',
      },
    ],
    [
      'a creditor account paid by check with no address, the memo not text',
      creditorAccountSchema,
      { isAch: false, memo: 42 },
      {
        memo: 'Memo is invalid',
        addressLine1: 'Address line 1 is required',
        city: 'City is required',
        state: 'State is required',
        zipCode: 'Zip code is required',
      },
    ],
    [
      'availability with overlapping hours and the languages missing',
      counsellorAvailabilitySchema,
      {
        languages: undefined,
        weeklyHours: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '11:00', end: '14:00' },
        ],
      },
      {
        languages: 'Language is invalid',
        'weeklyHours.1.start': 'These hours overlap other hours of the same day.',
      },
    ],
  ])('%s', (_case, schema, input, expected) => {
    expect(messages(schema, input)).toEqual(expected);
  });

  it('quality control with no choice says so, even with the checklist missing', () => {
    expect(messages(qualityControlSchema, { passed: null })).toEqual({
      checklist: 'Checklist is required',
      passed: 'Please select whether the application passed quality control or not',
    });
  });
});
