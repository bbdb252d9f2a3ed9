import type { FocusEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { FieldError } from './field-error';
import { ERROR_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

/** The counter under a note: what is left of the limit, or how far past it the text is. */
export function characterCountText(length: number, limit: number): string {
  const left = limit - length;
  if (left >= 0) return `${left} ${left === 1 ? 'character' : 'characters'} left`;
  const over = -left;
  return `${over} ${over === 1 ? 'character' : 'characters'} too many`;
}

/**
 * A few lines of free text (a note) with a counter of the characters left. Nothing typed or pasted is cut:
 * text past the limit stays in the box, the counter says how much is too many, and the save shows the
 * field's message beside it (the schema's maximum), so the writer chooses what to shorten. Trimmed on blur
 * like every text field.
 */
export function TextAreaField({
  name,
  label,
  limit,
  rows = 3,
  className,
}: {
  name: string;
  label: string;
  /** The schema's maximum, in characters (as the server counts them: UTF-16 code units). */
  limit: number;
  rows?: number;
  className?: string;
}) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, true);
  const registration = form.register(name);
  const value = (useWatch({ name }) as string | null | undefined) ?? '';
  const over = value.length > limit;
  const onBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    const trimmed = event.target.value.trim();
    if (trimmed !== event.target.value) {
      form.setValue(name, trimmed, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    }
    return registration.onBlur(event);
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <textarea
        {...registration}
        {...ariaProps}
        id={id}
        rows={rows}
        autoComplete="off"
        onBlur={onBlur}
        className={`${INPUT_CLASS} resize-y`}
      />
      <p
        id={hintId}
        className={over ? `${ERROR_CLASS} font-medium` : HINT_CLASS}
        data-testid="character-count"
      >
        {characterCountText(value.length, limit)}
      </p>
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
