import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { SILENT_DEFAULT_LABELS } from '#domain/validation/concessions';
import type { SilentDefault } from '#domain/underwriting/constants';

// How the service portal writes a programme's figures: rates and shares in percent, money in dollars and cents.

/** Basis points as a percent: 800 → '8%', 175 → '1.75%'. */
export const percentOf = (bp: number): string => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** Cents as dollars: 2500 → '$25.00'. */
export const dollarsOf = (cents: number): string => formatUsd(cents);

/** An ISO timestamp as the day it names, in the staff member's time zone: 'Nov 27, 2026'. */
export const dayOf = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** An ISO timestamp as the day and time it names, in the staff member's time zone: 'Nov 27, 2026, 9:30 AM'. */
export const momentOf = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The answer a programme assumes when a creditor stays silent: 'Accepted after 30 days'. */
export const silentOf = (p: { silentDefault: SilentDefault; silentAfterDays: number }): string =>
  `${SILENT_DEFAULT_LABELS[p.silentDefault]} after ${p.silentAfterDays} days`;
