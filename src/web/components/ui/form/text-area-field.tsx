import type { FocusEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { FieldError, FieldHint } from './field-error';
import { INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

/**
 * A few lines of free text (a note): stops typing at `maxLength`, says how many characters are left, and is
 * trimmed on blur like every text field.
 */
export function TextAreaField({
  name,
  label,
  maxLength,
  rows = 3,
  className,
}: {
  name: string;
  label: string;
  maxLength: number;
  rows?: number;
  className?: string;
}) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, true);
  const registration = form.register(name);
  const value = (useWatch({ name }) as string | null | undefined) ?? '';
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
        maxLength={maxLength}
        autoComplete="off"
        onBlur={onBlur}
        className={`${INPUT_CLASS} resize-y`}
      />
      <FieldHint id={hintId} hint={`${maxLength - value.length} characters left`} />
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
