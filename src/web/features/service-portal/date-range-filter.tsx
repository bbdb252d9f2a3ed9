import { clsx } from 'clsx';
import {
  addDays,
  addMonths,
  calendarDateOfIso,
  daysInMonth,
  deviceToday,
  MONTH_NAMES,
  weekdayOf,
} from '#domain/calendar';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  DEFAULT_WINDOW_HOURS,
  formatFilterDate,
  nextDateSelection,
  type DateSelection,
} from '#domain/service-portal/date-range';

// The portal's date range filter: a calendar where the first click sets the
// start, the second the end and a third starts again; no dates means the last 72 hours. Dates are
// 'yyyy-MM-dd' calendar days (the query format) and show as 'MM/dd/yyyy'.

export type DateRangeFilterProps = DateSelection & {
  onChange: (next: DateSelection) => void;
  label?: string;
  /** What no dates means on this screen (the queue searches every date; the lists show the last 72 hours). */
  emptyText?: string;
};

export const DEFAULT_WINDOW_TEXT = `Last ${DEFAULT_WINDOW_HOURS} hours`;

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;
const DAYS_PER_WEEK = 7;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (year: number, monthIndex: number, day: number) =>
  `${year}-${pad(monthIndex + 1)}-${pad(day)}`;
const parts = (iso: string) => {
  const { year, month, day } = calendarDateOfIso(iso);
  return { year, monthIndex: month - 1, day };
};

/** The weeks of a month, Sunday first; null pads the days of the neighbouring months. */
export function monthWeeks(year: number, monthIndex: number): (string | null)[][] {
  const first = weekdayOf(isoDay(year, monthIndex, 1));
  const days = daysInMonth(year, monthIndex + 1);
  const cells: (string | null)[] = Array.from({ length: first }, () => null);
  for (let d = 1; d <= days; d++) cells.push(isoDay(year, monthIndex, d));
  while (cells.length % DAYS_PER_WEEK !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += DAYS_PER_WEEK) weeks.push(cells.slice(i, i + DAYS_PER_WEEK));
  return weeks;
}

/** What the filter's button says: the default window, one day, or the range. */
export function dateRangeText(
  { startDate, endDate }: DateSelection,
  emptyText: string = DEFAULT_WINDOW_TEXT,
): string {
  if (startDate === undefined) return emptyText;
  if (endDate === undefined || endDate === startDate) return formatFilterDate(startDate);
  return `${formatFilterDate(startDate)} – ${formatFilterDate(endDate)}`;
}

const longDate = (iso: string) => {
  const { year, monthIndex, day } = parts(iso);
  return `${MONTH_NAMES[monthIndex]} ${day}, ${year}`;
};

/** Arrow keys move a day or a week, Page Up / Page Down a month (the WAI-ARIA date picker pattern). */
const KEY_MOVES: Record<string, (iso: string) => string> = {
  ArrowLeft: (iso) => addDays(iso, -1),
  ArrowRight: (iso) => addDays(iso, 1),
  ArrowUp: (iso) => addDays(iso, -DAYS_PER_WEEK),
  ArrowDown: (iso) => addDays(iso, DAYS_PER_WEEK),
  PageUp: (iso) => addMonths(iso, -1),
  PageDown: (iso) => addMonths(iso, 1),
};

export function DateRangeFilter({
  startDate,
  endDate,
  onChange,
  label = 'Date range',
  emptyText = DEFAULT_WINDOW_TEXT,
}: DateRangeFilterProps) {
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState(() => startDate ?? deviceToday());
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const labelId = useId();
  const hintId = useId();
  const { year, monthIndex } = parts(focusDay);
  const today = deviceToday();

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const onOpenChange = (next: boolean) => {
    if (next) setFocusDay(endDate ?? startDate ?? today);
    setOpen(next);
  };

  const choose = (day: string) => {
    const next = nextDateSelection({ startDate, endDate }, day);
    setFocusDay(day);
    onChange(next);
    // The second click completes the range.
    if (next.endDate !== undefined) setOpen(false);
  };

  const onGridKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusDay(move(focusDay));
  };

  const showMonth = (months: number) => setFocusDay(addMonths(focusDay, months));

  const inRange = (day: string) =>
    startDate !== undefined && endDate !== undefined && day > startDate && day < endDate;
  const isEdge = (day: string) => day === startDate || day === endDate;
  const hint =
    startDate === undefined || endDate !== undefined
      ? 'Choose a start date.'
      : 'Choose an end date, or close the calendar to see that one day.';

  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-gray-800">
        {label}
      </span>
      <div className="mt-1 flex items-center gap-1">
        <Popover.Root open={open} onOpenChange={onOpenChange}>
          <Popover.Trigger
            aria-labelledby={`${labelId} ${labelId}-value`}
            className="inline-flex min-h-11 min-w-56 items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-left text-gray-900 shadow-sm hover:border-gray-400"
          >
            <span id={`${labelId}-value`}>{dateRangeText({ startDate, endDate }, emptyText)}</span>
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 text-gray-600" fill="currentColor">
              <path d="M6 2a1 1 0 011 1v1h6V3a1 1 0 112 0v1h1a2 2 0 012 2v10a2 2 0 01-2 2H4a2 2 0 01-2-2V6a2 2 0 012-2h1V3a1 1 0 011-1zM4 9v7h12V9H4z" />
            </svg>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              aria-label={`${label} calendar`}
              className="z-40 w-80 rounded-lg border border-gray-200 bg-white p-3 shadow-lg"
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                gridRef.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
              }}
            >
              <div className="flex items-center justify-between">
                <button
                  type="button"
                  aria-label="Previous month"
                  onClick={() => showMonth(-1)}
                  className="inline-flex size-11 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100"
                >
                  ‹
                </button>
                <p aria-live="polite" className="font-semibold text-gray-900">
                  {MONTH_NAMES[monthIndex]} {year}
                </p>
                <button
                  type="button"
                  aria-label="Next month"
                  onClick={() => showMonth(1)}
                  className="inline-flex size-11 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100"
                >
                  ›
                </button>
              </div>
              <p id={hintId} className="mt-1 text-xs text-gray-600">
                {hint}
              </p>
              <table
                ref={gridRef}
                role="grid"
                aria-label={`${MONTH_NAMES[monthIndex]} ${year}`}
                aria-describedby={hintId}
                className="mt-2 w-full border-collapse text-center text-sm"
                onKeyDown={onGridKeyDown}
              >
                <thead>
                  <tr>
                    {WEEKDAYS.map(([short, long]) => (
                      <th key={short} scope="col" abbr={long} className="py-1 font-medium text-gray-600">
                        {short}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthWeeks(year, monthIndex).map((week, w) => (
                    <tr key={w}>
                      {week.map((day, d) => (
                        <td key={day ?? `pad-${d}`} className="p-0">
                          {day !== null && (
                            <button
                              type="button"
                              data-day={day}
                              tabIndex={day === focusDay ? 0 : -1}
                              aria-label={longDate(day)}
                              aria-pressed={isEdge(day)}
                              aria-current={day === today ? 'date' : undefined}
                              onClick={() => choose(day)}
                              onFocus={() => setFocusDay(day)}
                              className={clsx(
                                'inline-flex size-10 items-center justify-center rounded-md tabular-nums',
                                isEdge(day)
                                  ? 'bg-brand-700 font-semibold text-white'
                                  : inRange(day)
                                    ? 'bg-brand-100 text-brand-900'
                                    : 'text-gray-900 hover:bg-gray-100',
                                day === today && !isEdge(day) && 'font-bold underline underline-offset-4',
                              )}
                            >
                              {parts(day).day}
                            </button>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {startDate !== undefined && (
          <button
            type="button"
            onClick={() => onChange({})}
            className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 hover:text-brand-800"
          >
            Clear dates
          </button>
        )}
      </div>
    </div>
  );
}
