import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { MessageRef } from '#domain/i18n/message';
import type { FieldErrorWithRef } from './zod-ref-resolver';

type WithFieldErrors = {
  fieldErrors?: Record<string, string>;
  fieldMessages?: Readonly<Record<string, MessageRef>>;
};

/**
 * Puts the server's per-field messages (a 400's fieldErrors) on the fields of the form that has them and
 * focuses the first one. A message the server gave by its id (the ApiError's fieldMessages) keeps it, so the
 * field words it in the page's language by that id. Returns false when none of them names a field of this
 * form, so the caller can show the error otherwise.
 */
export function applyServerFieldErrors<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  error: unknown,
  fieldOrder: readonly Path<TValues>[],
): boolean {
  const { fieldErrors = {}, fieldMessages = {} } = (error as WithFieldErrors | null) ?? {};
  const names = fieldOrder.filter((name) => typeof fieldErrors[name] === 'string');
  names.forEach((name, index) => {
    const messageRef = fieldMessages[name];
    // react-hook-form keeps the error object it is given, the ref with it.
    const fieldError: FieldErrorWithRef = {
      type: 'server',
      message: fieldErrors[name],
      ...(messageRef ? { messageRef } : {}),
    };
    form.setError(name, fieldError, { shouldFocus: index === 0 });
  });
  return names.length > 0;
}
