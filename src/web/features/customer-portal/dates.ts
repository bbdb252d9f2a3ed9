import { isIsoDay, parseDay } from '#domain/calendar';

// The portal's days and months, written by the page's intl (react-intl's formatDate): 'January 1, 2027' in
// English, '1 de enero de 2027' in Spanish. Without one they are written in English.

/** What formatting a day needs from react-intl's intl. */
export type DateFormatter = {
  formatDate: (value: number | Date, options: Intl.DateTimeFormatOptions) => string;
};

const ENGLISH_DATES: DateFormatter = {
  formatDate: (value, options) => new Intl.DateTimeFormat('en-US', options).format(value),
};

/** 'yyyy-MM-dd' as that calendar day; a timestamp as the day it is here. '' when unreadable. */
export function formatDay(value: string, intl: DateFormatter = ENGLISH_DATES): string {
  if (isIsoDay(value))
    return intl.formatDate(parseDay(value), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : intl.formatDate(date, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'yyyy-MM' → 'May 2030' ('mayo de 2030'). */
export function formatMonth(value: string, intl: DateFormatter = ENGLISH_DATES): string {
  const month = /^(\d{4})-(\d{2})/.exec(value);
  return month
    ? intl.formatDate(parseDay(`${month[1]}-${month[2]}-01`), {
        year: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      })
    : value;
}
