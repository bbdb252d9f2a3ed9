import { describe, expect, it } from 'vitest';
import {
  DATE_ORDER_MESSAGE,
  formatCardDate,
  formatFilterDate,
  INVALID_DATE_MESSAGE,
  nextDateSelection,
  parseQueryDate,
  resolveDateRange,
  toQueryDate,
} from './date-range';

const now = new Date('2026-03-10T15:30:00.000Z');
const iso = (w: { from: Date; to: Date }) => ({ from: w.from.toISOString(), to: w.to.toISOString() });

describe('resolveDateRange', () => {
  it.each([
    {
      name: 'no dates: the last 72 hours, up to the end of today',
      input: {},
      from: '2026-03-07T15:30:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
    },
    {
      name: 'one start date: that day',
      input: { startDate: '2026-03-01' },
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
    },
    {
      name: 'one end date only: that day',
      input: { endDate: '2026-02-28' },
      from: '2026-02-28T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    },
    {
      name: 'two dates: the range, the end day included',
      input: { startDate: '2026-02-01', endDate: '2026-02-03' },
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-04T00:00:00.000Z',
    },
    {
      name: 'the same day twice: that day',
      input: { startDate: '2024-02-29', endDate: '2024-02-29' },
      from: '2024-02-29T00:00:00.000Z',
      to: '2024-03-01T00:00:00.000Z',
    },
    {
      name: 'a range over a year end',
      input: { startDate: '2025-12-31', endDate: '2026-01-01' },
      from: '2025-12-31T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    },
  ])('$name', ({ input, from, to }) => {
    expect(iso(resolveDateRange({ ...input, now }))).toEqual({ from, to });
  });

  it('refuses an end before the start, and dates that are not days', () => {
    expect(() => resolveDateRange({ startDate: '2026-03-02', endDate: '2026-03-01', now })).toThrow(
      DATE_ORDER_MESSAGE,
    );
    expect(() => resolveDateRange({ startDate: '2026-02-30', now })).toThrow(INVALID_DATE_MESSAGE);
    expect(() => resolveDateRange({ endDate: '03/01/2026', now })).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('parseQueryDate / toQueryDate', () => {
  it.each([
    ['2026-03-10', '2026-03-10'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', undefined],
    ['2026-13-01', undefined],
    ['2026-3-1', undefined],
    ['', undefined],
    // Only years 1900 to 2100: a far-future end date would overflow the window's end.
    ['1900-01-01', '1900-01-01'],
    ['2100-12-31', '2100-12-31'],
    ['1899-12-31', undefined],
    ['2101-01-01', undefined],
    ['9999-12-31', undefined],
    ['0050-01-01', undefined],
  ])('%s → %s', (value, expected) => {
    const parsed = parseQueryDate(value);
    expect(parsed && toQueryDate(parsed)).toBe(expected);
  });
});

describe('nextDateSelection (first click sets start, second sets end, third restarts)', () => {
  it('walks through a range and starts again', () => {
    const first = nextDateSelection({}, '2026-03-05');
    expect(first).toEqual({ startDate: '2026-03-05' });
    const second = nextDateSelection(first, '2026-03-08');
    expect(second).toEqual({ startDate: '2026-03-05', endDate: '2026-03-08' });
    expect(nextDateSelection(second, '2026-03-01')).toEqual({ startDate: '2026-03-01' });
  });

  it('orders a second click before the start', () => {
    expect(nextDateSelection({ startDate: '2026-03-05' }, '2026-03-02')).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-05',
    });
  });
});

describe('display formats', () => {
  it('shows filter dates as MM/dd/yyyy', () => {
    expect(formatFilterDate('2026-03-07')).toBe('03/07/2026');
    expect(formatFilterDate(undefined)).toBe('');
    expect(formatFilterDate('nope')).toBe('');
  });

  it.each([
    [new Date(2026, 2, 7, 0, 5), '03-07-2026 12:05 AM'],
    [new Date(2026, 2, 7, 9, 41), '03-07-2026 09:41 AM'],
    [new Date(2026, 11, 31, 12, 0), '12-31-2026 12:00 PM'],
    [new Date(2026, 0, 1, 23, 59), '01-01-2026 11:59 PM'],
    [null, 'Unknown'],
    ['', 'Unknown'],
    ['not a date', 'Unknown'],
  ])('card date %s → %s', (value, expected) => {
    expect(formatCardDate(value)).toBe(expected);
  });
});
