import { describe, expect, it } from 'vitest';
import { answeredLeadPage } from './answered-lead-page';
import { answerMarker, LEAD_FORM_ANSWER_ID, leadFormValues, parseLeadFormAnswer } from './lead-form-answer';
import { checkLeadForm } from './lead-form-check';
import { MESSAGES } from './messages';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const VALID = {
  firstName: ' Ana ',
  lastName: 'Diaz',
  email: ' Ana@Example.COM ',
  phoneNumber: '(202) 555 0111',
  agreedToTerms: 'on',
};

describe('a lead form sent by the browser', () => {
  it.each([
    [
      'tidied as the script tidies it',
      VALID,
      {
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
        phoneNumber: '202-555-0111',
        agreedToTerms: true,
      },
    ],
    [
      'nothing filled in, the box not ticked',
      {},
      { firstName: '', lastName: '', email: '', phoneNumber: '', agreedToTerms: false },
    ],
    ['a pasted +1 prefix', { ...VALID, phoneNumber: '+1 202 555 0111' }, { phoneNumber: '202-555-0111' }],
  ])('%s', (_case, fields, expected) => {
    expect(leadFormValues(form(fields))).toMatchObject(expected);
  });

  it.each([
    [
      'nothing filled in: every field says what it needs (Get Started at the first tap)',
      {},
      {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email address is required',
        phoneNumber: 'Phone number is required',
        agreedToTerms: MESSAGES.termsRequired,
      },
    ],
    [
      'an email without its domain',
      { ...VALID, email: 'ana@example' },
      { email: 'Email address is invalid' },
    ],
    ['a short phone number', { ...VALID, phoneNumber: '202555' }, { phoneNumber: 'Phone number is invalid' }],
    ['the terms not accepted', { ...VALID, agreedToTerms: '' }, {}],
  ])('%s', (_case, fields, errors) => {
    const fieldsSent = { ...fields } as Record<string, string>;
    // An unticked box is not sent at all.
    if (fieldsSent.agreedToTerms === '') delete fieldsSent.agreedToTerms;
    const checked = checkLeadForm(form(fieldsSent));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.answer.errors).toMatchObject(errors);
      if (!('agreedToTerms' in fieldsSent))
        expect(checked.answer.errors.agreedToTerms).toBe(MESSAGES.termsRequired);
    }
  });

  it('a valid form is the lead to create', () => {
    expect(checkLeadForm(form(VALID))).toEqual({
      ok: true,
      lead: {
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
        phoneNumber: '202-555-0111',
        agreedToTerms: true,
      },
    });
  });

  it('control characters and huge values are refused with a message, never kept whole', () => {
    const checked = checkLeadForm(form({ ...VALID, firstName: 'A\u0000na', lastName: 'x'.repeat(100_000) }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.answer.errors.firstName).toEqual(expect.any(String));
      expect(checked.answer.errors.lastName).toEqual(expect.any(String));
      expect(checked.answer.values.lastName.length).toBeLessThanOrEqual(500);
    }
  });
});

describe('the answer written into the page', () => {
  it.each([
    ['absent', null],
    ['not JSON', '{'],
    ['a value of the wrong kind', JSON.stringify({ values: { firstName: 1 }, errors: {} })],
    [
      'a message for a field the form does not have',
      JSON.stringify({
        values: { firstName: '', lastName: '', email: '', phoneNumber: '', agreedToTerms: false },
        errors: { password: 'x' },
      }),
    ],
  ])('is no answer when %s', (_case, text) => {
    expect(parseLeadFormAnswer(text)).toBeUndefined();
  });

  const TEMPLATE = [
    '<body><form>',
    ...(['firstName', 'lastName', 'email', 'phoneNumber'] as const).map(
      (field) =>
        `<input aria-invalid="true" aria-describedby="${field}-error" id="${field}" type="text" name="${field}"/><p id="${field}-error" class="error">${answerMarker(field)}</p>`,
    ),
    `<input aria-invalid="true" aria-describedby="terms-error" id="terms" type="checkbox" name="agreedToTerms"/><p id="terms-error" class="error">${answerMarker('agreedToTerms')}</p>`,
    '</form></body>',
  ].join('');

  it('keeps the messages of the fields that failed, the values typed, and the answer as data', () => {
    const answer = {
      values: {
        firstName: 'Ana "<script>"',
        lastName: '',
        email: 'ana@example',
        phoneNumber: '',
        agreedToTerms: true,
      },
      errors: { lastName: 'Last name is required', email: 'Email address is invalid $&' },
    };
    const page = answeredLeadPage(TEMPLATE, answer);
    expect(page).toContain(
      '<input id="firstName" type="text" name="firstName" value="Ana &quot;&lt;script&gt;&quot;"/>',
    );
    expect(page).toContain(
      '<input aria-invalid="true" aria-describedby="lastName-error" id="lastName" type="text" name="lastName"/><p id="lastName-error" class="error">Last name is required</p>',
    );
    expect(page).toContain('<p id="email-error" class="error">Email address is invalid $&amp;</p>');
    expect(page).toContain('name="agreedToTerms" checked=""/>');
    expect(page).not.toContain('@@answer');
    expect(page).not.toContain('<script>"');
    const data = /<script type="application\/json" id="([^"]+)">(.*?)<\/script><\/body>$/.exec(page);
    expect(data?.[1]).toBe(LEAD_FORM_ANSWER_ID);
    expect(parseLeadFormAnswer(data?.[2])).toEqual(answer);
  });

  it('refuses a template that is not the marked page', () => {
    expect(() =>
      answeredLeadPage('<body></body>', {
        values: { firstName: '', lastName: '', email: '', phoneNumber: '', agreedToTerms: false },
        errors: {},
      }),
    ).toThrow(/exactly once/);
  });
});
