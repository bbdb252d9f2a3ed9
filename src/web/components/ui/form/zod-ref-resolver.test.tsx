import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, type ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LABELS } from '#domain/i18n/validation-messages';
import { messageRef } from '#domain/i18n/message';
import { changePasswordSchema, leadSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { TEMPLATES } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';
import { InLanguage } from '#web/test/render';
import { applyServerFieldErrors } from './server-errors';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';
import { zodRefResolver, type FieldErrorWithRef } from './zod-ref-resolver';

const OPTIONS: ResolverOptions<Record<string, unknown>> = { fields: {}, shouldUseNativeValidation: false };

const resolve = async (schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>, values: object) =>
  (await zodRefResolver(schema)(values as Record<string, unknown>, undefined, OPTIONS)) as {
    values: unknown;
    errors: Record<string, FieldErrorWithRef & Record<string, FieldErrorWithRef>>;
  };

// English no catalog knows: a page can only show it in Spanish by the message's id.
const UNRECOGNISABLE = 'An English sentence nobody reads back';

describe('zodRefResolver', () => {
  it('keeps each field’s first message with its id and values', async () => {
    const { errors } = await resolve(leadSchema, { firstName: '', lastName: 'Doe', email: 'x' });
    expect(errors.firstName).toMatchObject({
      message: 'First name is required',
      messageRef: messageRef(TEMPLATES.required, { label: messageRef(LABELS.firstName) }),
    });
    expect(errors.email?.messageRef?.id).toBe(TEMPLATES.invalid.id);
    expect(errors.lastName).toBeUndefined();
  });

  it('keeps the id of a rule across fields, on the field it names', async () => {
    const { errors } = await resolve(changePasswordSchema, {
      currentPassword: 'abcdefg1',
      password: 'abcdefg1',
      confirmPassword: 'abcdefg2',
    });
    expect(errors.confirmPassword?.messageRef).toEqual(MESSAGE_REFS.passwordsDoNotMatch);
  });

  it('nests the errors of a group of fields and leaves a message without an id as English only', async () => {
    const schema = z.object({ address: z.object({ city: z.string().min(1, 'City is required') }) });
    const { errors } = await resolve(schema, { address: { city: '' } });
    expect(errors.address?.city).toEqual(expect.objectContaining({ message: 'City is required' }));
    expect(errors.address?.city).not.toHaveProperty('messageRef');
  });

  it('shows the closest branch of a union', async () => {
    const schema = z.object({
      pay: z.union([
        z.object({ kind: z.literal('card'), number: z.string(), expiry: z.string() }),
        z.object({ kind: z.literal('bank'), account: z.string().min(1, 'Account is required') }),
      ]),
    });
    const { errors } = await resolve(schema, { pay: { kind: 'bank', account: '' } });
    expect(errors.pay?.account?.message).toBe('Account is required');
  });

  it('gives the parsed values when they pass', async () => {
    const schema = z.object({ name: z.string().trim() });
    expect(await resolve(schema, { name: ' Ana ' })).toEqual({ values: { name: 'Ana' }, errors: {} });
  });
});

const byIdSchema = z.object({
  nickname: z.string().superRefine((value, ctx) => {
    if (value === '')
      ctx.addIssue({
        code: 'custom',
        message: UNRECOGNISABLE,
        params: { messageRef: MESSAGE_REFS.passwordsDoNotMatch },
      });
  }),
  city: z.string().min(1, 'City is required'),
});

function ByIdHarness({ serverError }: { serverError?: unknown }) {
  const form = useZodForm(byIdSchema, { nickname: '', city: '' });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(() => {
          applyServerFieldErrors(form, serverError, ['nickname', 'city']);
        })}
      >
        <TextField name="nickname" label="Nickname" />
        <TextField name="city" label="City" />
        <SubmitButton busy={false}>Save</SubmitButton>
      </form>
    </FormProvider>
  );
}

function renderInSpanish(serverError?: unknown) {
  const user = userEvent.setup();
  render(<ByIdHarness serverError={serverError} />, {
    wrapper: ({ children }) => <InLanguage language="es">{children}</InLanguage>,
  });
  return { user, submit: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

describe('a field’s message on a Spanish page', () => {
  it('is worded by its id, whatever its English, and focuses the first failing field', async () => {
    const { user, submit } = renderInSpanish();
    await submit();
    const nickname = screen.getByLabelText('Nickname');
    await waitFor(() => expect(nickname).toHaveAccessibleDescription('Las contraseñas no coinciden.'));
    expect(nickname).toHaveFocus();
    // Checked again at each change after the submit, and still worded by its id.
    await user.type(nickname, 'a');
    await waitFor(() => expect(nickname).not.toHaveAccessibleDescription());
    await user.clear(nickname);
    await waitFor(() => expect(nickname).toHaveAccessibleDescription('Las contraseñas no coinciden.'));
    // A message without an id (a staff's schema, which stays in English) is shown as it came: nothing reads
    // its English back into a message.
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
  });

  it('is the server’s message by its id when the 400 gave one', async () => {
    const { user, submit } = renderInSpanish(
      new ApiError(
        400,
        'ValidationError',
        UNRECOGNISABLE,
        { nickname: UNRECOGNISABLE, city: 'Ciudad' },
        undefined,
        undefined,
        {
          nickname: MESSAGE_REFS.passwordsDoNotMatch,
        },
      ),
    );
    await user.type(screen.getByLabelText('Nickname'), 'ana');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await submit();
    const nickname = screen.getByLabelText('Nickname');
    await waitFor(() => expect(nickname).toHaveAccessibleDescription('Las contraseñas no coinciden.'));
    expect(nickname).toHaveFocus();
    // Without an id the server's text, which it wrote in the reader's language.
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Ciudad');
  });
});
