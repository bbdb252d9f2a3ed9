import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  leadSchema,
  newPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  userInformationSchema,
  verificationCodeSchema,
  verifyNewEmailSchema,
} from './account';

/** First message per field path, as a form or the API reports them. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

const validLead = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'Jane.Doe@Example.com',
  phoneNumber: '555-010-1234',
  agreedToTerms: true,
};

describe('leadSchema', () => {
  it('accepts a complete lead and lower-cases the email', () => {
    expect(leadSchema.parse(validLead)).toEqual({ ...validLead, email: 'jane.doe@example.com' });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ firstName: '' }, { firstName: 'First name is required' }],
    [{ lastName: 'x'.repeat(41) }, { lastName: 'Last name must be at most 40 characters long' }],
    [{ email: 'jane@' }, { email: 'Email address is invalid' }],
    [{ phoneNumber: '5550101234' }, { phoneNumber: 'Phone number is invalid' }],
    [{ agreedToTerms: false }, { agreedToTerms: 'Agreeing to the Terms and Conditions is required' }],
    [{ agreedToTerms: undefined }, { agreedToTerms: 'Agreeing to the Terms and Conditions is required' }],
    [{ status: 'transferred' }, { '': 'Unrecognized key: "status"' }],
  ])('%j → %j', (change, expected) => {
    expect(fieldErrors(leadSchema, { ...validLead, ...change })).toEqual(expected);
  });

  it('reports every missing field at once', () => {
    expect(fieldErrors(leadSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email address is required',
      phoneNumber: 'Phone number is required',
      agreedToTerms: 'Agreeing to the Terms and Conditions is required',
    });
  });
});

describe('signInSchema', () => {
  it('lower-cases the username and keeps the password as typed', () => {
    expect(signInSchema.parse({ username: ' Jane@Example.com ', password: ' Secret1 ' })).toEqual({
      username: 'jane@example.com',
      password: ' Secret1 ',
    });
  });

  it.each<[unknown, Record<string, string>]>([
    [
      { username: '', password: '' },
      { username: 'Email address is required', password: 'Password is required' },
    ],
    [{ username: 'nope', password: 'x' }, { username: 'Email address is invalid' }],
  ])('%j → %j', (input, expected) => {
    expect(fieldErrors(signInSchema, input)).toEqual(expected);
  });
});

describe('forgotPasswordSchema and verificationCodeSchema', () => {
  it.each<[z.ZodType, unknown, Record<string, string>]>([
    [forgotPasswordSchema, { email: 'jane@example.com' }, {}],
    [forgotPasswordSchema, { email: '' }, { email: 'Email address is required' }],
    [verificationCodeSchema, { email: 'jane@example.com', code: '123456' }, {}],
    [
      verificationCodeSchema,
      { email: 'jane@example.com', code: '12345' },
      { code: 'Verification code is invalid' },
    ],
    [verificationCodeSchema, { email: 'jane@example.com' }, { code: 'Verification code is required' }],
  ])('%#', (schema, input, expected) => {
    expect(fieldErrors(schema, input)).toEqual(expected);
  });
});

describe('userInformationSchema', () => {
  it.each<[unknown, Record<string, string>]>([
    [{ firstName: 'Jane', lastName: 'Doe', phoneNumber: '555-010-1234' }, {}],
    [
      { firstName: '', lastName: ' ', phoneNumber: '' },
      {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        phoneNumber: 'Phone number is required',
      },
    ],
  ])('%j → %j', (input, expected) => {
    expect(fieldErrors(userInformationSchema, input)).toEqual(expected);
  });
});

describe('password forms', () => {
  const ok = { password: 'abcd1234', confirmPassword: 'abcd1234' };
  const cases: Array<[string, z.ZodType, Record<string, unknown>]> = [
    ['resetPasswordSchema', resetPasswordSchema, { email: 'jane@example.com', code: '123456', ...ok }],
    ['newPasswordSchema', newPasswordSchema, ok],
    ['changePasswordSchema', changePasswordSchema, { currentPassword: 'old', ...ok }],
  ];

  describe.each(cases)('%s', (_name, schema, valid) => {
    it.each<[Record<string, unknown>, Record<string, string>]>([
      [{}, {}],
      [{ confirmPassword: 'abcd12345' }, { confirmPassword: 'Passwords do not match.' }],
      [
        { password: 'short1', confirmPassword: 'short1' },
        { password: 'Your new password does not meet the requirements.' },
      ],
      [
        { password: 'short1', confirmPassword: 'other' },
        {
          password: 'Your new password does not meet the requirements.',
          confirmPassword: 'Passwords do not match.',
        },
      ],
      [
        { password: '', confirmPassword: '' },
        { password: 'New password is required', confirmPassword: 'Confirm password is required' },
      ],
      [{ confirmPassword: undefined }, { confirmPassword: 'Confirm password is required' }],
      [{ role: 'staff' }, { '': 'Unrecognized key: "role"' }],
    ])('%j → %j', (change, expected) => {
      expect(fieldErrors(schema, { ...valid, ...change })).toEqual(expected);
    });
  });

  it('says the passwords do not match even when another field fails', () => {
    expect(
      fieldErrors(resetPasswordSchema, {
        email: '',
        code: '123456',
        password: 'abcd1234',
        confirmPassword: 'x',
      }),
    ).toEqual({ email: 'Email address is required', confirmPassword: 'Passwords do not match.' });
  });

  it('changePasswordSchema requires the current password', () => {
    expect(fieldErrors(changePasswordSchema, { currentPassword: '', ...ok })).toEqual({
      currentPassword: 'Current password is required',
    });
  });
});

describe('changeEmailSchema', () => {
  it.each<[unknown, Record<string, string>]>([
    [{ email: 'new@example.com', confirmEmail: 'New@Example.com ' }, {}],
    [
      { email: 'new@example.com', confirmEmail: 'other@example.com' },
      { confirmEmail: 'The emails do not match.' },
    ],
    [
      { email: 'new@example', confirmEmail: 'new@example.com' },
      { email: 'New email address is invalid', confirmEmail: 'The emails do not match.' },
    ],
    [
      { email: '', confirmEmail: '' },
      { email: 'New email address is required', confirmEmail: 'Confirm new email address is required' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(fieldErrors(changeEmailSchema, input)).toEqual(expected);
  });

  it('lower-cases the new email', () => {
    expect(changeEmailSchema.parse({ email: 'New@Example.com', confirmEmail: 'new@example.com' }).email).toBe(
      'new@example.com',
    );
  });
});

describe('verifyNewEmailSchema', () => {
  it.each<[unknown, Record<string, string>]>([
    [{ email: 'new@example.com', code: '123456', password: 'abcd1234' }, {}],
    [
      { email: 'new@example.com', code: 'abc', password: '' },
      { code: 'Verification code is invalid', password: 'Password is required' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(fieldErrors(verifyNewEmailSchema, input)).toEqual(expected);
  });
});

describe('one email rule for every account form', () => {
  // The lead form, sign-in, forgot password, the reset and verification codes and the email change all take
  // and refuse the same addresses with their own label.
  const forms: [
    name: string,
    check: (email: string) => Record<string, string>,
    field: string,
    label: string,
  ][] = [
    ['lead', (email) => fieldErrors(leadSchema, { ...validLead, email }), 'email', 'Email address'],
    [
      'sign-in',
      (username) => fieldErrors(signInSchema, { username, password: 'x' }),
      'username',
      'Email address',
    ],
    ['forgot password', (email) => fieldErrors(forgotPasswordSchema, { email }), 'email', 'Email address'],
    [
      'verification code',
      (email) => fieldErrors(verificationCodeSchema, { email, code: '123456' }),
      'email',
      'Email address',
    ],
    [
      'change email',
      (email) => fieldErrors(changeEmailSchema, { email, confirmEmail: email }),
      'email',
      'New email address',
    ],
  ];
  const accepted = [
    'jane@example.app',
    'jane@mail.example.email',
    'jane@example.dev',
    'counsellor@demo.example.org',
  ];
  const refused = ['a@b', 'a@b.c', 'a@b.1x', 'jane doe@example.com', 'jane@@example.com', 'a@b@example.com'];

  describe.each(forms)('%s', (_name, check, field, label) => {
    it.each(accepted)('takes %s', (email) => {
      expect(check(email)[field]).toBeUndefined();
    });
    it.each(refused)('refuses %s', (email) => {
      expect(check(email)[field]).toBe(`${label} is invalid`);
    });
    it('requires it, and at most 100 characters', () => {
      expect(check('')[field]).toBe(`${label} is required`);
      expect(check(`${'a'.repeat(60)}@${'b'.repeat(36)}.com`)[field]).toBe(
        `${label} must be at most 100 characters long`,
      );
    });
  });
});

describe('names with characters no one types', () => {
  it.each([
    ['NUL', 'Ja\u0000ne'],
    ['a bell', 'Ja\u0007ne'],
    ['a line break', 'Ja\nne'],
    ['DEL', 'Ja\u007fne'],
    ['a right-to-left override', 'Ja\u202ene'],
    ['a first-strong isolate', 'Ja\u2068ne'],
    ['a lone surrogate', 'Ja\ud800ne'],
  ])('%s: the lead and user information refuse it with the field message', (_name, value) => {
    expect(fieldErrors(leadSchema, { ...validLead, firstName: value, lastName: value })).toEqual({
      firstName: 'First name is invalid',
      lastName: 'Last name is invalid',
    });
    expect(
      fieldErrors(userInformationSchema, { firstName: value, lastName: 'Doe', phoneNumber: '555-010-1234' }),
    ).toEqual({ firstName: 'First name is invalid' });
  });

  it('sign-in refuses a username holding NUL as an invalid email, not as a missing one', () => {
    expect(fieldErrors(signInSchema, { username: 'jane\u0000@example.com', password: 'x' })).toEqual({
      username: 'Email address is invalid',
    });
  });
});
