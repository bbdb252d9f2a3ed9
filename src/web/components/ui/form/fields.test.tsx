import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Language } from '#domain/i18n/language';
import { leadSchema } from '#domain/validation/account';
import { currencyField } from '#domain/validation/fields';
import { MESSAGES } from '#domain/validation/messages';
import { InLanguage } from '#web/test/render';
import { CheckboxField } from './checkbox-field';
import { CurrencyField } from './currency-field';
import { EmailField } from './email-field';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

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
  const user = userEvent.setup();
  render(<LeadHarness onValid={(v) => submitted.push(v)} />, { wrapper: InLanguage });
  const submit = () => user.click(screen.getByRole('button', { name: 'Get Started' }));
  return { user, submit, submitted };
}

describe('form fields', () => {
  it('validates on submit only, focuses the first failing field and wires the errors to the inputs', async () => {
    const { user, submit, submitted } = renderLead();
    const firstName = field('First name');
    await user.type(firstName, 'x');
    await user.clear(firstName);
    // Mode onSubmit: nothing is shown before the first submit.
    expect(firstName).not.toHaveAttribute('aria-invalid');

    await submit();
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(submitted).toEqual([]);
    for (const label of ['First name', 'Last name', 'Email address', 'Phone number']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(`${label} is required`);
    }
    expect(field('I agree to the Terms and Conditions')).toHaveAccessibleDescription(MESSAGES.termsRequired);
  });

  it('re-validates each field as it changes after the first submit', async () => {
    const { user, submit } = renderLead();
    await submit();
    const email = field('Email address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email address is required'));
    await user.type(email, 'someone@');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email address is invalid'));
    await user.type(email, 'example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(email).not.toHaveAttribute('aria-describedby');
  });

  it.each([
    ['First name', '  Ana  ', 'Ana'],
    ['Email address', '  Ana.Diaz@Example.COM ', 'ana.diaz@example.com'],
  ])('normalizes %s on blur: %j → %j', async (label, typed, shown) => {
    const { user } = renderLead();
    const input = field(label);
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(shown);
  });

  it.each([
    ['5', '5'],
    ['5550', '555-0'],
    ['5550101234', '555-010-1234'],
    ['(555) 010-1234', '555-010-1234'],
    ['+1 555 010 1234', '555-010-1234'],
    ['555-010-12345678', '555-010-1234'],
  ])('formats the phone while typing or pasting: %j → %j', async (typed, shown) => {
    const { user } = renderLead();
    const phone = field('Phone number');
    await user.click(phone);
    await user.paste(typed);
    expect(phone).toHaveValue(shown);
  });

  it('submits the parsed values once every field is valid', async () => {
    const { user, submit, submitted } = renderLead();
    await user.type(field('First name'), 'Ana');
    await user.type(field('Last name'), 'Diaz');
    await user.type(field('Email address'), 'ANA@EXAMPLE.COM');
    await user.type(field('Phone number'), '5550101234');
    await user.click(field('I agree to the Terms and Conditions'));
    await submit();
    await waitFor(() => expect(submitted).toHaveLength(1));
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

  it('is a password input of at most 60 characters with a show/hide toggle, never trimmed', async () => {
    const user = userEvent.setup();
    render(<PasswordHarness />, { wrapper: InLanguage });
    const input = field('Password');
    expect([input.type, input.maxLength]).toEqual(['password', 60]);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
    await user.type(input, ' secret1 ');
    await user.tab();
    expect(input).toHaveValue(' secret1 ');
  });
});

describe('PasswordChecklist', () => {
  it.each([
    ['', [false, false, false, false]],
    ['abc', [false, true, false, true]],
    ['abcdefg1', [true, true, true, true]],
    ['abcdefg1~', [true, true, true, false]],
  ])('ticks the rules met by %j', (password, met) => {
    render(<PasswordChecklist password={password} />, { wrapper: InLanguage });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.dataset.met === 'true')).toEqual(met);
    expect(
      items.map((li) => li.textContent?.endsWith(li.dataset.met === 'true' ? '(met)' : '(not met)')),
    ).toEqual([true, true, true, true]);
  });

  it('shows the schema’s messages in Spanish on a Spanish page', async () => {
    const user = userEvent.setup();
    render(<LeadHarness onValid={() => {}} />, {
      wrapper: ({ children }) => <InLanguage language="es">{children}</InLanguage>,
    });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() =>
      expect(field('First name')).toHaveAccessibleDescription('Nombre: este dato es obligatorio'),
    );
    // The email field's default label is translated as well.
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      'Correo electrónico: este dato es obligatorio',
    );
  });
});

describe('CurrencyField', () => {
  const schema = z.object({ amount: currencyField('Amount', { maxLength: 5, allowZero: true }) });

  function CurrencyHarness({ onValid }: { onValid: (cents: number) => void }) {
    const form = useZodForm(schema, { amount: null as unknown as number });
    return (
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => onValid(values.amount))}>
          <CurrencyField name="amount" label="Amount" maxLength={5} />
          <SubmitButton busy={false}>Save</SubmitButton>
        </form>
      </FormProvider>
    );
  }

  function renderCurrency(language: Language = 'en') {
    const submitted: number[] = [];
    const user = userEvent.setup();
    render(<CurrencyHarness onValid={(cents) => submitted.push(cents)} />, {
      wrapper: ({ children }) => <InLanguage language={language}>{children}</InLanguage>,
    });
    return { user, submitted, amount: field('Amount') };
  }

  it('takes one digit past its limit, says to confirm that amount, and the schema refuses it', async () => {
    const { user, submitted, amount } = renderCurrency();
    await user.type(amount, '12345');
    expect(amount).toHaveValue('$12,345');
    expect(amount).not.toHaveAccessibleDescription();
    await user.type(amount, '67');
    // The sixth digit is taken and shown with the warning; the seventh is not.
    expect(amount).toHaveValue('$123,456');
    expect(amount).toHaveAccessibleDescription(MESSAGES.currencyWarning);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.currencyWarning);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        `Amount must be at most 5 characters long ${MESSAGES.currencyWarning}`,
      ),
    );
    expect(submitted).toEqual([]);

    await user.type(amount, '{Backspace}');
    expect(amount).toHaveValue('$12,345');
    await waitFor(() => expect(amount).not.toHaveAccessibleDescription());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual([1_234_500]));
  });

  it('says the warning in Spanish', async () => {
    const { user, amount } = renderCurrency('es');
    await user.type(amount, '123456');
    expect(amount).toHaveAccessibleDescription('Confirme que esta cantidad es correcta.');
  });
});
