import { z } from 'zod';
import { isIsoDay, parseDay, utcDayOf } from '#domain/calendar';

// The service portal's date window. Query dates are 'yyyy-MM-dd' calendar days, read as
// UTC days like the original's ISO-string comparison; the filter shows 'MM/dd/yyyy', tiles 'MM-dd-yyyy hh:mm a'.

/** With no dates chosen, the list shows applications created in the last 72 hours. */
export const DEFAULT_WINDOW_HOURS = 72;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a filter date may name. Nothing we hold is older or newer, and a far-future end date (9999-12-31)
 * would put the window's end in the year 10000, which the database cannot read.
 */
export const MIN_QUERY_YEAR = 1900;
export const MAX_QUERY_YEAR = 2100;

/** 'yyyy-MM-dd' → that day's midnight UTC, or undefined when it is not a real calendar day (2026-02-30). */
const calendarDay = (value: string): Date | undefined => (isIsoDay(value) ? parseDay(value) : undefined);

const yearInRange = (date: Date) =>
  date.getUTCFullYear() >= MIN_QUERY_YEAR && date.getUTCFullYear() <= MAX_QUERY_YEAR;

/** 'yyyy-MM-dd' → that day's midnight UTC, or undefined when it is not a real calendar day in the allowed years. */
export function parseQueryDate(value: string): Date | undefined {
  const date = calendarDay(value);
  return date && yearInRange(date) ? date : undefined;
}

/** Date → 'yyyy-MM-dd' (UTC), the query format. */
export const toQueryDate = (date: Date): string => utcDayOf(date);

export const INVALID_DATE_MESSAGE = 'Please enter a date as yyyy-MM-dd';
export const DATE_ORDER_MESSAGE = 'The start date must be on or before the end date';

export const DATE_OUT_OF_RANGE_MESSAGE = `Please enter a date between ${MIN_QUERY_YEAR} and ${MAX_QUERY_YEAR}`;

export const queryDateSchema = z.string().superRefine((value, ctx) => {
  const date = calendarDay(value);
  if (!date) ctx.addIssue({ code: 'custom', message: INVALID_DATE_MESSAGE });
  else if (!yearInRange(date)) ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE_MESSAGE });
});

/** The half-open window [from, to) that createdAt must fall in. */
export type DateWindow = { from: Date; to: Date };

const startOfDay = (date: Date) => parseDay(utcDayOf(date));

/**
 * The window for the chosen dates: none → the last 72 hours; one date → that day; two → the range. The end
 * bound is one day after the chosen end date, else the start date, else today, so the last day is included.
 * Throws on an end before the start (the schema refuses it first).
 */
export function resolveDateRange(o: { startDate?: string; endDate?: string; now: Date }): DateWindow {
  const start = o.startDate === undefined ? undefined : parseQueryDate(o.startDate);
  const end = o.endDate === undefined ? undefined : parseQueryDate(o.endDate);
  if ((o.startDate !== undefined && !start) || (o.endDate !== undefined && !end)) {
    throw new Error(INVALID_DATE_MESSAGE);
  }
  const lastDay = end ?? start ?? startOfDay(o.now);
  const from = start ?? end ?? new Date(o.now.getTime() - DEFAULT_WINDOW_HOURS * HOUR_MS);
  if (from.getTime() > lastDay.getTime()) throw new Error(DATE_ORDER_MESSAGE);
  return { from, to: new Date(lastDay.getTime() + DAY_MS) };
}

/** The date picker's selection: first click sets the start, second the end, a third starts again. */
export type DateSelection = { startDate?: string; endDate?: string };

export function nextDateSelection(current: DateSelection, clicked: string): DateSelection {
  if (current.startDate === undefined || current.endDate !== undefined) return { startDate: clicked };
  // A second click before the start makes the range run from the earlier day.
  return clicked < current.startDate
    ? { startDate: clicked, endDate: current.startDate }
    : { startDate: current.startDate, endDate: clicked };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' → 'MM/dd/yyyy' for the filter's display; '' when absent or not a date. */
export function formatFilterDate(value: string | undefined): string {
  const m = value === undefined ? null : ISO_DAY.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** A tile's created date, 'MM-dd-yyyy hh:mm a' in the viewer's local time, or 'Unknown'. */
export function formatCardDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Unknown';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'Unknown';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()} ` +
    `${pad(hour12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}
