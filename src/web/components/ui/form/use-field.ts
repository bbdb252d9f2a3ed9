import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { get, useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { messageText } from '#web/lib/message-text';
import type { FieldErrorWithRef } from './zod-ref-resolver';

/**
 * A field's error in the page's language: by its message's id, which the schema's issue or the server's
 * answer gave (the schemas are shared with the API and write their messages in English). A message without an
 * id is shown as it came: the server's, already in the reader's language, or a staff's schema's English.
 */
export function fieldErrorText(
  intl: IntlShape,
  error: Pick<FieldErrorWithRef, 'message' | 'messageRef'> | undefined,
): string | undefined {
  if (!error?.message) return undefined;
  return messageText(intl, error.message, error.messageRef) || undefined;
}

/** Ids and the current error of one field of the surrounding form, for label, hint and error wiring. */
export function useField(name: string, hasHint = false) {
  const form = useFormContext<FieldValues>();
  const { errors } = useFormState({ control: form.control, name });
  const id = useId();
  const intl = useIntl();
  const error = get(errors, name) as FieldErrorWithRef | undefined;
  const errorMessage = fieldErrorText(intl, error);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hasHint ? hintId : undefined, error?.message ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    form,
    id,
    errorId,
    hintId,
    errorMessage,
    ariaProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}
