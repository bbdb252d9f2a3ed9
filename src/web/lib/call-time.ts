import type { IntlShape } from 'react-intl';

/**
 * A counselling call's start as the borrower reads it, in their zone: "Monday, March 9, 2026 at 9:00 AM EDT"
 * (the booking's pages and the customer portal's card write it the same way).
 */
export const callTimeInWords = (intl: IntlShape, startsAt: string, timeZone: string): string =>
  intl.formatDate(startsAt, {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
