import { PasswordInput } from '../password-input';
import { FieldError, FieldHint } from './field-error';
import { INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

export type PasswordFieldProps = {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  /** Id of an element that also describes the field (the live checklist). */
  describedBy?: string;
  className?: string;
};

/** A labelled PasswordInput bound to the surrounding form. Passwords are never trimmed. */
export function PasswordField({
  name,
  label,
  autoComplete,
  hint,
  describedBy,
  className,
}: PasswordFieldProps) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, Boolean(hint));
  const ariaDescribedBy = [ariaProps['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <PasswordInput
        {...form.register(name)}
        id={id}
        autoComplete={autoComplete}
        aria-invalid={ariaProps['aria-invalid']}
        aria-describedby={ariaDescribedBy}
        inputClassName={INPUT_CLASS}
      />
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
