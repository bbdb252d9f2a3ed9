import { useEffect, type ChangeEvent, type FocusEvent, type HTMLInputTypeAttribute } from 'react';
import { get } from 'react-hook-form';
import { FieldError, FieldHint } from './field-error';
import { INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

/** Default maximum of text and email fields. */
export const TEXT_MAX_LENGTH = 100;

export type TextFieldProps = {
  name: string;
  label: string;
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  placeholder?: string;
  className?: string;
  /** Applied to the value on blur; defaults to trimming (spec: text inputs are trimmed on blur). */
  normalizeOnBlur?: (value: string) => string;
  /** Applied to the value on every keystroke, before the form sees it (e.g. phone formatting). */
  formatOnChange?: (value: string) => string;
  spellCheck?: boolean;
  autoCapitalize?: string;
};

const trim = (value: string) => value.trim();

export function TextField({
  name,
  label,
  hint,
  autoComplete,
  maxLength = TEXT_MAX_LENGTH,
  type = 'text',
  inputMode,
  placeholder,
  className,
  normalizeOnBlur = trim,
  formatOnChange,
  spellCheck,
  autoCapitalize,
}: TextFieldProps) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, Boolean(hint));
  const registration = form.register(name);

  // A value already in the input when the form takes it over has not been through the formatter: typed into a
  // prerendered page before its script ran, or filled in by the browser. It is formatted once, as typing would
  // (a form's own default value is left as it is).
  useEffect(() => {
    if (!formatOnChange) return;
    const value: unknown = form.getValues(name);
    if (typeof value !== 'string' || value === '' || value === get(form.formState.defaultValues, name))
      return;
    const formatted = formatOnChange(value);
    if (formatted !== value) form.setValue(name, formatted, { shouldDirty: true });
  }, [form, name, formatOnChange]);

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const normalized = normalizeOnBlur(event.target.value);
    if (normalized !== event.target.value) {
      // After the first submit, fields re-validate as they change; a blur normalization is a change.
      form.setValue(name, normalized, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    }
    return registration.onBlur(event);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (formatOnChange) {
      const formatted = formatOnChange(event.target.value);
      if (formatted !== event.target.value) event.target.value = formatted;
    }
    return registration.onChange(event);
  };

  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        {...registration}
        {...ariaProps}
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={spellCheck}
        autoCapitalize={autoCapitalize}
        onBlur={onBlur}
        onChange={onChange}
        className={INPUT_CLASS}
      />
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
