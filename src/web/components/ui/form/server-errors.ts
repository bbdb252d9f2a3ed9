import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

type WithFieldErrors = { fieldErrors?: Record<string, string> };

/**
 * Puts the server's per-field messages (a 400's fieldErrors) on the fields of the form that has them and
 * focuses the first one. Returns false when none of them names a field of this form, so the caller can
 * show the error otherwise.
 */
export function applyServerFieldErrors<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  error: unknown,
  fieldOrder: readonly Path<TValues>[],
): boolean {
  const fieldErrors = (error as WithFieldErrors | null)?.fieldErrors ?? {};
  const names = fieldOrder.filter((name) => typeof fieldErrors[name] === 'string');
  names.forEach((name, index) => {
    form.setError(name, { type: 'server', message: fieldErrors[name] }, { shouldFocus: index === 0 });
  });
  return names.length > 0;
}
