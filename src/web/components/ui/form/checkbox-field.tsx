import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import { useField } from './use-field';

/** A native checkbox bound to a boolean of the surrounding form, with its label beside it. */
export function CheckboxField({
  name,
  label,
  className,
}: {
  name: string;
  label: ReactNode;
  className?: string;
}) {
  const { form, id, errorId, errorMessage, ariaProps } = useField(name);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...form.register(name)}
          {...ariaProps}
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-gray-400 accent-brand-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-600"
        />
        <label htmlFor={id} className="text-sm text-gray-800">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
