// Money is integer cents everywhere; pages show whole US dollars (spec doc 2 section 5: zero decimals).

const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** '$1,234' for 123400 cents; '-$50' for -5000; '' when there is no value. Cents are rounded to dollars. */
export function formatDollars(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return '';
  // Math.round(-0.4) is -0, which Intl prints as '-$0'.
  return DOLLARS.format(Math.round(cents / 100) || 0);
}

/** The digits a currency input shows for a value: '1,234' for 123400 cents; '' when there is no value. */
export function formatDollarDigits(cents: number | null | undefined): string {
  return formatDollars(cents).replace(/[$]/g, '');
}
