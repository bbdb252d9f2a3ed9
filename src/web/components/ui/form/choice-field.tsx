import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { ERROR_CLASS, HINT_CLASS } from './styles';
import { useField } from './use-field';

/** One choice; a disabled one is shown but cannot be chosen yet (the question's hint says when it can). */
export type Choice<TValue> = { value: TValue; label: string; disabled?: boolean };

/**
 * A single choice stored as its own value (a string or a boolean), as radio tiles in a fieldset whose legend
 * is the question. Arrow keys move between the tiles (native radios); the first takes focus on an error.
 * A question that waits for an earlier answer can be shown disabled, its hint saying when it is asked.
 */
export function ChoiceField<TValue extends string | boolean>({
  name,
  legend,
  choices,
  onChoose,
  hint,
  disabled,
  className,
}: {
  name: string;
  legend: ReactNode;
  choices: readonly Choice<TValue>[];
  onChoose?: (value: TValue) => void;
  hint?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { form, id, errorId, hintId, errorMessage } = useField(name, Boolean(hint));
  const { field } = useController({ name, control: form.control });
  const focusIndex = Math.max(
    0,
    choices.findIndex((choice) => !choice.disabled),
  );
  const describedBy = [hint ? hintId : undefined, errorMessage ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={className}
      disabled={disabled}
      aria-describedby={describedBy || undefined}
      aria-invalid={errorMessage ? true : undefined}
    >
      <legend className={clsx('text-base font-medium', disabled ? 'text-gray-600' : 'text-gray-900')}>
        {legend}
      </legend>
      {hint && (
        <p id={hintId} className={HINT_CLASS}>
          {hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-3">
        {choices.map((choice, index) => (
          <label
            key={String(choice.value)}
            className={clsx(
              'flex min-h-11 min-w-28 items-center gap-2 rounded-lg border px-4 py-2',
              disabled || choice.disabled
                ? 'cursor-not-allowed bg-gray-50 text-gray-600'
                : 'cursor-pointer text-gray-900 hover:border-brand-600',
              'has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700',
              errorMessage ? 'border-red-600' : 'border-gray-300',
            )}
          >
            <input
              // The first radio that can be chosen takes the focus when the question fails validation.
              ref={index === focusIndex ? field.ref : undefined}
              type="radio"
              name={`${id}-${name}`}
              value={String(choice.value)}
              checked={field.value === choice.value}
              onChange={() => {
                field.onChange(choice.value);
                onChoose?.(choice.value);
              }}
              onBlur={field.onBlur}
              disabled={disabled || choice.disabled}
              aria-invalid={errorMessage ? true : undefined}
              aria-describedby={errorMessage ? errorId : undefined}
              className="size-5 shrink-0 accent-brand-600"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {errorMessage && (
        <p id={errorId} role="alert" className={ERROR_CLASS}>
          {errorMessage}
        </p>
      )}
    </fieldset>
  );
}
