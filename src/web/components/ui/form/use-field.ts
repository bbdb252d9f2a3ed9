import { useId } from 'react';
import { localizeMessage } from '#domain/i18n/translate-message';
import { useIntl } from 'react-intl';
import { get, useFormContext, useFormState, type FieldError, type FieldValues } from 'react-hook-form';

/** Ids and the current error of one field of the surrounding form, for label, hint and error wiring. */
export function useField(name: string, hasHint = false) {
  const form = useFormContext<FieldValues>();
  const { errors } = useFormState({ control: form.control, name });
  const id = useId();
  const intl = useIntl();
  const error = get(errors, name) as FieldError | undefined;
  // The schemas (shared with the API) write their messages in English; the page shows them in its language.
  const errorMessage =
    error?.message &&
    localizeMessage(error.message, (descriptor, values) => intl.formatMessage(descriptor, values));
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
    errorMessage: errorMessage || undefined,
    ariaProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}
