import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * The form's primary button. While busy it refuses clicks (and Enter in a field) but stays focusable, so
 * focus is not lost and returns here after an error modal closes.
 */
export function SubmitButton({
  busy,
  disabled,
  children,
  className,
}: {
  busy: boolean;
  /** Cannot send at all (neither a click nor Enter in a field submits), drawn as usual. */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className={clsx(
        'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm',
        'hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70',
        className,
      )}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {children}
    </button>
  );
}
