/** Button looks shared by the landing pages (links and buttons alike): 44 px tall touch targets. */
export const primaryButton =
  'inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-7 text-lg font-semibold text-white shadow-sm hover:bg-brand-800';

export const lightButton =
  'focus-ring-light inline-flex min-h-12 items-center justify-center rounded-lg bg-white px-7 text-lg font-semibold text-brand-800 shadow-sm hover:bg-brand-50';

export const textButton =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';
