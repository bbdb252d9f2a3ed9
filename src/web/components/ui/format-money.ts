import { formatDollars } from '#domain/money/cents';

// Money is integer cents everywhere; pages show whole US dollars with the domain's formatDollars.

/** The digits a currency input shows for a value: '1,234' for 123400 cents; '' when there is no value. */
export function formatDollarDigits(cents: number | null | undefined): string {
  return formatDollars(cents).replace(/[$]/g, '');
}
