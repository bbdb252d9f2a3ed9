import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { ERROR_CLASS } from './styles';
import { useField } from './use-field';

export type Choice<TValue> = { value: TValue; label: string };

/**
 * A single choice stored as its own value (a string or a boolean), as radio tiles in a fieldset whose legend
 * is the question. Arrow keys move between the tiles (native radios); the first takes focus on an error.
 */
export function ChoiceField<TValue extends string | boolean>({
  name,
  legend,
  choices,
  onChoose,
  className,
}: {
  name: string;
  legend: ReactNode;
  choices: readonly Choice<TValue>[];
  onChoose?: (value: TValue) => void;
  className?: string;
}) {
  const { form, id, errorId, errorMessage } = useField(name);
  const { field } = useController({ name, control: form.control });
  return (
    <fieldset
      className={className}
      aria-describedby={errorMessage ? errorId : undefined}
      aria-invalid={errorMessage ? true : undefined}
    >
      <legend className="text-base font-medium text-gray-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {choices.map((choice, index) => (
          <label
            key={String(choice.value)}
            className={clsx(
              'flex min-h-11 min-w-28 cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 text-gray-900',
              'hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700',
              errorMessage ? 'border-red-600' : 'border-gray-300',
            )}
          >
            <input
              // The first radio takes the focus when the question fails validation.
              ref={index === 0 ? field.ref : undefined}
              type="radio"
              name={`${id}-${name}`}
              value={String(choice.value)}
              checked={field.value === choice.value}
              onChange={() => {
                field.onChange(choice.value);
                onChoose?.(choice.value);
              }}
              onBlur={field.onBlur}
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
