import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountNumberField,
  creditorAccountNumberField,
  currencyField,
  dateField,
  dateOfBirthField,
  emailField,
  housingCostField,
  isValidRoutingNumber,
  memoField,
  monthlyIncomeField,
  nameField,
  newPasswordField,
  passwordField,
  phoneField,
  routingNumberField,
  textField,
  verificationCodeField,
  yesNoField,
  zipField,
} from './fields';

/** The first message, as a form shows it; undefined when the value passes. */
function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function parsed(schema: z.ZodType, value: unknown): unknown {
  return schema.parse(value);
}

type Row = [input: unknown, expected: string | undefined];

describe('textField', () => {
  const required = textField('City');
  it.each<Row>([
    ['Austin', undefined],
    ['', 'City is required'],
    ['   ', 'City is required'],
    [undefined, 'City is required'],
    [null, 'City is required'],
    [42, 'City is invalid'],
    ['a'.repeat(100), undefined],
    ['a'.repeat(101), 'City must be at most 100 characters long'],
  ])('required: %j → %j', (input, expected) => {
    expect(firstError(required, input)).toBe(expected);
  });

  it('trims', () => {
    expect(parsed(required, '  Austin  ')).toBe('Austin');
  });

  const withMin = textField('Nickname', { min: 3, max: 10 });
  it.each<Row>([
    ['ab', 'Nickname must be at least 3 characters long'],
    [' ab ', 'Nickname must be at least 3 characters long'],
    ['abc', undefined],
    ['abcdefghijk', 'Nickname must be at most 10 characters long'],
    ['', 'Nickname is required'],
  ])('min and max: %j → %j', (input, expected) => {
    expect(firstError(withMin, input)).toBe(expected);
  });

  const optional = textField('Address line 2', { optional: true });
  it.each<[unknown, unknown]>([
    ['', undefined],
    ['   ', undefined],
    [undefined, undefined],
    [null, undefined],
    [' Suite 4 ', 'Suite 4'],
  ])('optional: %j parses to %j', (input, expected) => {
    expect(parsed(optional, input)).toBe(expected);
  });

  it('optional still enforces the maximum', () => {
    expect(firstError(optional, 'a'.repeat(101))).toBe('Address line 2 must be at most 100 characters long');
    expect(firstError(textField('Other', { optional: true, min: 2 }), 'a')).toBe(
      'Other must be at least 2 characters long',
    );
  });
});

describe('nameField', () => {
  it.each<Row>([
    ['Jane', undefined],
    ['', 'First name is required'],
    ['a'.repeat(40), undefined],
    ['a'.repeat(41), 'First name must be at most 40 characters long'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(nameField('First name'), input)).toBe(expected);
  });

  it('can be optional', () => {
    expect(parsed(nameField('Middle name', { optional: true }), '')).toBeUndefined();
  });
});

describe('emailField', () => {
  const email = emailField();
  it.each<Row>([
    ['jane@example.com', undefined],
    ['jane.doe+dmp@mail.example.org', undefined],
    ['j@example.io', undefined],
    ['j@example.us', undefined],
    ['j@example.biz', undefined],
    ['j@example.info', undefined],
    ['j@example.name', undefined],
    ['j@example.net', undefined],
    ['j@example.mil', undefined],
    ['j@example.gov', undefined],
    ['j@example.edu', undefined],
    ['J@EXAMPLE.COM', undefined],
    ['j@example.xyz', 'Email address is invalid'],
    ['j@example.c', 'Email address is invalid'],
    ['j@example', 'Email address is invalid'],
    ['jexample.com', 'Email address is invalid'],
    ['j@@example.com', 'Email address is invalid'],
    ['j@-example.com', 'Email address is invalid'],
    ['j..d@example.com', 'Email address is invalid'],
    ['j d@example.com', 'Email address is invalid'],
    ['', 'Email address is required'],
    [undefined, 'Email address is required'],
    [`${'a'.repeat(88)}@example.com`, undefined],
    [`${'a'.repeat(89)}@example.com`, 'Email address must be at most 100 characters long'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(email, input)).toBe(expected);
  });

  it('trims and lower-cases', () => {
    expect(parsed(email, '  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('uses its label', () => {
    expect(firstError(emailField('Spouse email'), 'x')).toBe('Spouse email is invalid');
    expect(parsed(emailField('Spouse email', { optional: true }), '')).toBeUndefined();
  });
});

describe('phoneField', () => {
  it.each<Row>([
    ['555-010-1234', undefined],
    ['5550101234', 'Phone number is invalid'],
    ['(555) 010-1234', 'Phone number is invalid'],
    ['555-010-123', 'Phone number is invalid'],
    ['', 'Phone number is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(phoneField('Phone number'), input)).toBe(expected);
  });
});

describe('zipField', () => {
  it.each<Row>([
    ['78701', undefined],
    ['7870', 'Zip code is invalid'],
    ['78701-1234', 'Zip code is invalid'],
    ['abcde', 'Zip code is invalid'],
    ['', 'Zip code is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(zipField('Zip code'), input)).toBe(expected);
  });
});

describe('dateField', () => {
  it.each<Row>([
    ['02-29-2024', undefined],
    ['02-29-2023', 'Start date is invalid'],
    ['13-01-2024', 'Start date is invalid'],
    ['2024-01-01', 'Start date is invalid'],
    ['1-1-2024', 'Start date is invalid'],
    ['', 'Start date is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(dateField('Start date'), input)).toBe(expected);
  });
});

describe('dateOfBirthField', () => {
  const today = new Date(2024, 5, 15);
  const dob = dateOfBirthField('Date of birth', today);
  it.each<Row>([
    ['06-15-2011', undefined],
    ['06-16-2011', 'You must be at least 13 years of age to register.'],
    ['01-01-2024', 'You must be at least 13 years of age to register.'],
    ['01-01-2030', 'You must be at least 13 years of age to register.'],
    ['06-15-1904', undefined],
    ['06-14-1903', 'Date of birth is invalid'],
    ['02-30-1990', 'Date of birth is invalid'],
    ['1990-01-01', 'Date of birth is invalid'],
    ['', 'Date of birth is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(dob, input)).toBe(expected);
  });

  it('reads today at each check when given a function', () => {
    let now = new Date(2024, 5, 15);
    const live = dateOfBirthField('Date of birth', () => now);
    expect(firstError(live, '06-16-2011')).toBe('You must be at least 13 years of age to register.');
    now = new Date(2024, 5, 16);
    expect(firstError(live, '06-16-2011')).toBeUndefined();
  });

  it('defaults to the real today', () => {
    expect(firstError(dateOfBirthField('Date of birth'), '01-01-1980')).toBeUndefined();
    expect(firstError(dateOfBirthField('Date of birth'), `01-01-${new Date().getFullYear()}`)).toBe(
      'You must be at least 13 years of age to register.',
    );
  });
});

describe('memoField', () => {
  it.each<Row>([
    ['a'.repeat(245), undefined],
    ['a'.repeat(246), 'Memo must be at most 245 characters long'],
    ['', 'Memo is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(memoField('Memo'), input)).toBe(expected);
  });

  it('optional memo', () => {
    expect(parsed(memoField('Memo', { optional: true }), '  ')).toBeUndefined();
  });
});

describe('verificationCodeField', () => {
  it.each<Row>([
    ['123456', undefined],
    [' 123456 ', undefined],
    ['12345', 'Verification code is invalid'],
    ['1234567', 'Verification code is invalid'],
    ['12a456', 'Verification code is invalid'],
    ['', 'Verification code is required'],
    [undefined, 'Verification code is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(verificationCodeField(), input)).toBe(expected);
  });
});

describe('passwordField', () => {
  it.each<Row>([
    ['anything', undefined],
    ['a'.repeat(60), undefined],
    ['a'.repeat(61), 'Password must be at most 60 characters long'],
    ['', 'Password is required'],
    [undefined, 'Password is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(passwordField(), input)).toBe(expected);
  });

  it('does not trim', () => {
    expect(parsed(passwordField(), ' pass word ')).toBe(' pass word ');
  });
});

describe('newPasswordField', () => {
  const pw = newPasswordField('New password');
  const fails = 'Your new password does not meet the requirements.';
  it.each<Row>([
    ['abcd1234', undefined],
    ['Abcd123!', undefined],
    ['a1!.@#$%^&*', undefined],
    ['abcd123%', undefined],
    ['abcd123^', undefined],
    ['abc123', fails],
    ['abcdefgh', fails],
    ['12345678', fails],
    ['abcd 1234', fails],
    ['abcd-1234', fails],
    ['abcd1234abcd1234abcd1', fails],
    ['', 'New password is required'],
    [undefined, 'New password is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(pw, input)).toBe(expected);
  });
});

describe('yesNoField', () => {
  const q = yesNoField('Do you own a car?');
  it.each<Row>([
    [true, undefined],
    [false, undefined],
    [undefined, 'Do you own a car? is required'],
    [null, 'Do you own a car? is required'],
    ['yes', 'Do you own a car? is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(q, input)).toBe(expected);
  });
});

describe('accountNumberField', () => {
  it.each<Row>([
    ['12345678901234567', undefined],
    ['123456789012345678', 'Account Number must be at most 17 characters long'],
    ['12AB', 'Account Number is invalid'],
    ['', 'Account Number is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(accountNumberField(), input)).toBe(expected);
  });
});

describe('creditorAccountNumberField', () => {
  it.each<Row>([
    ['123456789012', undefined],
    ['1234567890123', 'Account Number must be at most 12 characters long'],
    ['1234-5678', 'Account Number is invalid'],
    ['', 'Account Number is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(creditorAccountNumberField(), input)).toBe(expected);
  });
});

describe('routing numbers', () => {
  it.each([
    ['021000021', true],
    ['011000015', true],
    ['121000358', true],
    ['021000022', false],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
  ])('isValidRoutingNumber(%j) is %s', (input, expected) => {
    expect(isValidRoutingNumber(input)).toBe(expected);
  });

  it.each<Row>([
    ['021000021', undefined],
    ['021000022', 'Routing Number is invalid'],
    ['12345678', 'Routing Number is invalid'],
    ['', 'Routing Number is required'],
  ])('routingNumberField %j → %j', (input, expected) => {
    expect(firstError(routingNumberField(), input)).toBe(expected);
  });
});

describe('currencyField (integer cents)', () => {
  const amount = currencyField('Amount');
  it.each<Row>([
    [150_000, undefined],
    [0, 'Amount must be greater than $0'],
    [-100, 'Amount cannot be negative'],
    [150_050, 'Amount is invalid'],
    [1.5, 'Amount is invalid'],
    ['1500', 'Amount is invalid'],
    [undefined, 'Amount is required'],
    [null, 'Amount is required'],
    [Number.NaN, 'Amount is required'],
    [99_999_999_999_900, undefined],
    [100_000_000_000_000, 'Amount must be at most 12 characters long'],
  ])('default: %j → %j', (input, expected) => {
    expect(firstError(amount, input)).toBe(expected);
  });

  const expense = currencyField('Groceries', { maxLength: 5, allowZero: true });
  it.each<Row>([
    [0, undefined],
    [9_999_900, undefined],
    [10_000_000, 'Groceries must be at most 5 characters long'],
  ])('expense edit: %j → %j', (input, expected) => {
    expect(firstError(expense, input)).toBe(expected);
  });

  it.each<Row>([
    [-2_500, undefined],
    [12_345, undefined],
  ])('negatives and decimals when allowed: %j → %j', (input, expected) => {
    expect(firstError(currencyField('Balance', { allowNegative: true, allowDecimals: true }), input)).toBe(
      expected,
    );
  });

  it('optional currency', () => {
    const optional = currencyField('Other', { optional: true });
    expect(parsed(optional, undefined)).toBeUndefined();
    expect(parsed(optional, null)).toBeUndefined();
    expect(parsed(optional, 500)).toBe(500);
    expect(firstError(optional, 0)).toBe('Other must be greater than $0');
  });
});

describe('monthlyIncomeField', () => {
  it.each<Row>([
    [100, undefined],
    [999_999_900, undefined],
    [1_000_000_000, 'Monthly income must be at most 7 characters long'],
    [0, 'Monthly income must be greater than $0'],
    [undefined, 'Monthly income is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(monthlyIncomeField('Monthly income'), input)).toBe(expected);
  });
});

describe('housingCostField', () => {
  it.each<Row>([
    [0, undefined],
    [99_999_900, undefined],
    [100_000_000, 'Housing cost must be at most 6 characters long'],
    [-100, 'Housing cost cannot be negative'],
    [undefined, 'Housing cost is required'],
  ])('%j → %j', (input, expected) => {
    expect(firstError(housingCostField('Housing cost'), input)).toBe(expected);
  });
});
