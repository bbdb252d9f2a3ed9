/** Shared class names so every field looks and behaves the same. */
export const LABEL_CLASS = 'block text-sm font-medium text-gray-800';

export const INPUT_CLASS =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink shadow-sm ' +
  'placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/30';

export const ERROR_CLASS = 'mt-1 text-sm text-red-700';

export const HINT_CLASS = 'mt-1 text-sm text-gray-600';

/** A full-width secondary (outlined) button, as the payment pages and the bank-link dialog use. */
export const SECONDARY_BUTTON_CLASS =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-3 ' +
  'text-base font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70';
