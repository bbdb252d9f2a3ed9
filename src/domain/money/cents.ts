// Money is a whole number of cents (docs/decisions/0003). Rounding happens only where the spec says so.

export type Cents = number;

export const CENTS_PER_DOLLAR = 100;
/** Rates and shares are integer basis points: 1% = 100, 21.9% = 2190. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** n dollars as cents (n may carry cents: 12.34 → 1234). */
export function dollars(n: number): Cents {
  return Math.round(n * CENTS_PER_DOLLAR);
}

/** Rounds to whole dollars, half up (149.50 → 150.00, -1.50 → -1.00); the result stays in cents. */
export function roundToDollar(c: Cents): Cents {
  return Math.floor((c + CENTS_PER_DOLLAR / 2) / CENTS_PER_DOLLAR) * CENTS_PER_DOLLAR;
}

/** Rounds up to whole dollars (100.01 → 101.00); the result stays in cents. */
export function ceilToDollar(c: Cents): Cents {
  return Math.ceil(c / CENTS_PER_DOLLAR) * CENTS_PER_DOLLAR;
}

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Whole dollars as every page shows them: '$1,234', negatives '-$5', half a dollar up; '' when there is no
 * value (null, undefined, NaN). The one money format of the server and the web.
 */
export function formatDollars(c: Cents | null | undefined): string {
  if (c == null || !Number.isFinite(c)) return '';
  const rounded = roundToDollar(c) / CENTS_PER_DOLLAR;
  const text = `$${wholeDollars.format(Math.abs(rounded))}`;
  return rounded < 0 ? `-${text}` : text;
}

export function sumCents(xs: readonly Cents[]): Cents {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

/** A share of an amount, in basis points, to the cent (half up): shareOf(500000, 175) = 8750. */
export function shareOf(c: Cents, bp: number): Cents {
  return Math.round((c * bp) / BASIS_POINTS_PER_WHOLE);
}
