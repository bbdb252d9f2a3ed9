import { act } from 'react';
import { FormProvider } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leadSchema } from '#domain/validation/account';
import { MESSAGES } from '#domain/validation/messages';
import { CheckboxField } from './checkbox-field';
import {
  blur,
  buttonByName,
  byLabel,
  describedText,
  mount,
  settle,
  submit,
  typeInto,
  type Mounted,
} from './dom-test-helpers';
import { EmailField } from './email-field';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

type LeadValues = z.output<typeof leadSchema>;

function LeadHarness({ onValid }: { onValid: (values: LeadValues) => void }) {
  const form = useZodForm(leadSchema, {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    agreedToTerms: false,
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <TextField name="firstName" label="First name" />
        <TextField name="lastName" label="Last name" />
        <EmailField name="email" />
        <PhoneField name="phoneNumber" label="Phone number" />
        <CheckboxField name="agreedToTerms" label="I agree to the Terms and Conditions" />
        <SubmitButton busy={form.formState.isSubmitting}>Get Started</SubmitButton>
      </form>
    </FormProvider>
  );
}

function renderLead() {
  const submitted: LeadValues[] = [];
  mounted = mount(<LeadHarness onValid={(v) => submitted.push(v)} />);
  const form = mounted.container.querySelector('form');
  if (!form) throw new Error('no form');
  return { form, submitted };
}

describe('form fields', () => {
  it('validates on submit only, focuses the first failing field and wires the errors to the inputs', async () => {
    const { form, submitted } = renderLead();
    const firstName = byLabel('First name');
    typeInto(firstName, 'x');
    typeInto(firstName, '');
    // Mode onSubmit: nothing is shown before the first submit.
    expect(firstName.getAttribute('aria-invalid')).toBeNull();

    await submit(form);
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(firstName);
    expect(
      ['First name', 'Last name', 'Email address', 'Phone number'].map((label) => [
        byLabel(label).getAttribute('aria-invalid'),
        describedText(byLabel(label)),
      ]),
    ).toEqual([
      ['true', 'First name is required'],
      ['true', 'Last name is required'],
      ['true', 'Email address is required'],
      ['true', 'Phone number is required'],
    ]);
    expect(describedText(byLabel('I agree to the Terms and Conditions'))).toBe(MESSAGES.termsRequired);
  });

  it('re-validates each field as it changes after the first submit', async () => {
    const { form } = renderLead();
    await submit(form);
    const email = byLabel('Email address');
    typeInto(email, 'someone@');
    await settle();
    expect(describedText(email)).toBe('Email address is invalid');
    typeInto(email, 'someone@example.com');
    await settle();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBeNull();
  });

  it.each([
    ['First name', '  Ana  ', 'Ana'],
    ['Email address', '  Ana.Diaz@Example.COM ', 'ana.diaz@example.com'],
  ])('normalizes %s on blur: %j → %j', (label, typed, shown) => {
    renderLead();
    const input = byLabel(label);
    typeInto(input, typed);
    blur(input);
    expect(input.value).toBe(shown);
  });

  it.each([
    ['5', '5'],
    ['5550', '555-0'],
    ['5550101234', '555-010-1234'],
    ['(555) 010-1234', '555-010-1234'],
    ['+1 555 010 1234', '555-010-1234'],
    ['555-010-12345678', '555-010-1234'],
  ])('formats the phone while typing: %j → %j', (typed, shown) => {
    renderLead();
    const phone = byLabel('Phone number');
    typeInto(phone, typed);
    expect(phone.value).toBe(shown);
  });

  it('submits the parsed values once every field is valid', async () => {
    const { form, submitted } = renderLead();
    typeInto(byLabel('First name'), 'Ana');
    typeInto(byLabel('Last name'), 'Diaz');
    typeInto(byLabel('Email address'), 'ANA@EXAMPLE.COM');
    typeInto(byLabel('Phone number'), '5550101234');
    const terms = byLabel('I agree to the Terms and Conditions');
    act(() => terms.click());
    await submit(form);
    expect(submitted).toEqual([
      {
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
        phoneNumber: '555-010-1234',
        agreedToTerms: true,
      },
    ]);
  });
});

describe('PasswordField', () => {
  function PasswordHarness() {
    const form = useZodForm(z.object({ password: z.string() }), { password: '' });
    return (
      <FormProvider {...form}>
        <form>
          <PasswordField name="password" label="Password" autoComplete="current-password" />
        </form>
      </FormProvider>
    );
  }

  it('is a password input of at most 60 characters with a show/hide toggle, never trimmed', () => {
    mounted = mount(<PasswordHarness />);
    const input = byLabel('Password');
    expect([input.type, input.maxLength]).toEqual(['password', 60]);
    act(() => buttonByName('Show password').click());
    expect(input.type).toBe('text');
    expect(buttonByName('Hide password').getAttribute('aria-pressed')).toBe('true');
    act(() => buttonByName('Hide password').click());
    expect(input.type).toBe('password');
    typeInto(input, ' secret1 ');
    blur(input);
    expect(input.value).toBe(' secret1 ');
  });
});

describe('PasswordChecklist', () => {
  it.each([
    ['', [false, false, false, false]],
    ['abc', [false, true, false, true]],
    ['abcdefg1', [true, true, true, true]],
    ['abcdefg1~', [true, true, true, false]],
  ])('ticks the rules met by %j', (password, met) => {
    mounted = mount(<PasswordChecklist password={password} />);
    const items = [...mounted.container.querySelectorAll('li')];
    expect(items.map((li) => li.dataset.met === 'true')).toEqual(met);
    expect(
      items.map((li) => li.textContent?.endsWith(li.dataset.met === 'true' ? '(met)' : '(not met)')),
    ).toEqual([true, true, true, true]);
  });
});
