import { clsx } from 'clsx';
import { useController } from 'react-hook-form';
import { ERROR_CLASS } from './styles';
import { useField } from './use-field';

const CHOICES = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

export type YesNoFieldProps = {
  name: string;
  /** The question, shown as the group's legend (and in its message '{question} is required'). */
  question: string;
  /** Called after the answer changes, e.g. to clear a follow-up answer on No. */
  onAnswer?: (answer: boolean) => void;
  className?: string;
};

/** A Yes/No question stored as a boolean: two radio tiles in a fieldset whose legend is the question. */
export function YesNoField({ name, question, onAnswer, className }: YesNoFieldProps) {
  const { form, id, errorId, errorMessage } = useField(name);
  const { field } = useController({ name, control: form.control });
  return (
    <fieldset
      className={className}
      aria-describedby={errorMessage ? errorId : undefined}
      aria-invalid={errorMessage ? true : undefined}
    >
      <legend className="text-base font-medium text-gray-900">{question}</legend>
      <div className="mt-2 flex gap-3">
        {CHOICES.map((choice, index) => (
          <label
            key={choice.label}
            className={clsx(
              'flex min-h-11 min-w-24 cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 text-gray-900',
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
                onAnswer?.(choice.value);
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
