import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import { useField } from './use-field';

/**
 * A native checkbox bound to a boolean of the surrounding form, with its label beside it. `hint` is read with
 * it (say why it is disabled, for instance).
 */
export function CheckboxField({
  name,
  label,
  className,
  disabled,
  hint,
}: {
  name: string;
  label: ReactNode;
  className?: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, Boolean(hint));
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...form.register(name)}
          {...ariaProps}
          id={id}
          type="checkbox"
          disabled={disabled}
          className="mt-0.5 size-5 shrink-0 rounded border-gray-400 accent-brand-600 disabled:cursor-not-allowed aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-600"
        />
        <label htmlFor={id} className={disabled ? 'text-sm text-gray-600' : 'text-sm text-gray-800'}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 ml-8 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
