import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { useApiMutation } from '#web/lib/use-api-mutation';
import { ERROR_CLASS, HINT_CLASS } from '#web/components/ui/form/styles';
import type { Choice } from '#web/components/ui/form/choice-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useField } from '#web/components/ui/form/use-field';
import { staffKeys } from '#web/features/service-portal/api';

// The parts the staff-action forms share (contact attempt, offer status, quality control, mark transferred):
// a radio group for any value, a checklist stored as a list of keys, the inline failure alert, the buttons, and
// the one way their POSTs (the portal's api.ts) run and fail.

/**
 * A 'select all that apply' list stored as the ticked keys, in the list's order. Labels are the spec's words,
 * which are lower case; the first letter is capitalised on screen only.
 */
export function ChecklistField<TKey extends string>({
  name,
  legend,
  hint,
  choices,
  className,
}: {
  name: string;
  legend: ReactNode;
  hint?: string;
  choices: readonly Choice<TKey>[];
  className?: string;
}) {
  const { form, id, errorId, hintId, errorMessage } = useField(name, Boolean(hint));
  const { field } = useController({ name, control: form.control });
  const ticked = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
  const toggle = (key: TKey) => {
    const next = new Set(ticked);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    field.onChange(choices.map((c) => c.value).filter((value) => next.has(value)));
  };
  const describedBy = [hint ? hintId : undefined, errorMessage ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy || undefined}
      aria-invalid={errorMessage ? true : undefined}
    >
      <legend className="text-base font-medium text-gray-900">{legend}</legend>
      {hint && (
        <p id={hintId} className={HINT_CLASS}>
          {hint}
        </p>
      )}
      <div className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {choices.map((choice, index) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-50"
          >
            <input
              ref={index === 0 ? field.ref : undefined}
              id={index === 0 ? `${id}-first` : undefined}
              type="checkbox"
              name={`${id}-${name}`}
              value={choice.value}
              checked={ticked.has(choice.value)}
              onChange={() => toggle(choice.value)}
              onBlur={field.onBlur}
              aria-invalid={errorMessage ? true : undefined}
              className="size-5 shrink-0 rounded border-gray-400 accent-brand-600"
            />
            <span className="inline-block first-letter:uppercase">{choice.label}</span>
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

/** Why the last submit failed, inside the form it belongs to. */
export function ActionAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Cancel and the submit button of a staff-action modal, right-aligned, stacked full width on a phone. */
export function ModalButtons({
  busy,
  submitLabel = 'Submit',
  onCancel,
}: {
  busy: boolean;
  submitLabel?: string;
  onCancel: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onCancel}
        className="min-h-11 rounded-lg border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
      >
        Cancel
      </button>
      <SubmitButton busy={busy} className="sm:w-auto sm:min-w-32">
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

/** The text shown for a failed staff action. */
export function staffActionFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.saveFailed;
  // 5xx messages are hidden by the server; say what the spec says for a failed save.
  if (error.status >= 500) return MESSAGES.saveFailed;
  if (error.code === 'ValidationError' && Object.keys(error.fieldErrors).length > 0)
    return MESSAGES.saveFailed;
  return error.message || MESSAGES.saveFailed;
}

/**
 * Runs one staff action (`send`, a POST of the portal's api.ts). On success every portal read is refreshed; on a 409
 * too, so the screen shows what the other counsellor did (and the offer's new version). A 400's field messages
 * land on the form's fields; any other failure becomes `error` for ActionAlert. A lost session goes to
 * /sign-in.
 */
export function useStaffAction<
  TBody,
  TResult,
  TValues extends FieldValues = FieldValues,
  TContext = unknown,
  TOutput = TValues,
>(
  send: (body: TBody, idempotencyKey?: string) => Promise<TResult>,
  form?: UseFormReturn<TValues, TContext, TOutput>,
  fieldOrder: readonly Path<TValues>[] = [],
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const mutation = useApiMutation({
    send: ({ body, idempotencyKey }: { body: TBody; idempotencyKey?: string }) => send(body, idempotencyKey),
    form,
    fieldOrder,
    onOtherFailure: (failure: unknown) => {
      // A 409: another counsellor acted first; refresh so the screen shows what they did.
      if (failure instanceof ApiError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: staffKeys.all() });
      }
      setError(staffActionFailureMessage(failure));
    },
  });

  /**
   * Resolves the server's answer, or undefined when the action failed (and the failure is shown). A creating
   * action passes the same idempotency key on every retry of one submission, so nothing is created twice.
   */
  const run = async (body: TBody, idempotencyKey?: string): Promise<TResult | undefined> => {
    setError(undefined);
    const result = await mutation.run({ body, idempotencyKey });
    if (result !== undefined) void queryClient.invalidateQueries({ queryKey: staffKeys.all() });
    return result;
  };

  return { run, busy: mutation.busy, error, clearError: () => setError(undefined) };
}
