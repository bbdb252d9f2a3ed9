import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ApiError } from '#web/lib/api';

// The server's refusals for the counselling call, in the page's language. The server writes them in English
// (src/server/features/counselling); the page knows each by its code and text.

export const m: Record<
  | 'slotTaken'
  | 'alreadyBooked'
  | 'notChangeable'
  | 'linkExpired'
  | 'linkNotValid'
  | 'unavailable'
  | 'failed'
  | 'network',
  MessageDescriptor
> = defineMessages({
  slotTaken: {
    id: 'counselling.error.slotTaken',
    defaultMessage: 'This time is no longer open. Please choose another.',
  },
  alreadyBooked: {
    id: 'counselling.error.alreadyBooked',
    defaultMessage: 'You already have a call booked. Use the links in its email to move or cancel it.',
  },
  notChangeable: {
    id: 'counselling.error.notChangeable',
    defaultMessage: 'This call can no longer be changed.',
  },
  linkExpired: {
    id: 'counselling.error.linkExpired',
    defaultMessage: 'This link has expired: the call it was for is over.',
  },
  linkNotValid: { id: 'counselling.error.linkNotValid', defaultMessage: 'This link is not valid.' },
  unavailable: {
    id: 'counselling.error.unavailable',
    defaultMessage:
      'Booking is not available right now. Please try again in a few minutes, or call us at {phone}.',
  },
  failed: {
    id: 'counselling.error.failed',
    defaultMessage: 'Something went wrong. Please try again, or call us at {phone}.',
  },
  network: {
    id: 'counselling.error.network',
    defaultMessage: 'Network Connection Error: Please check your internet connection',
  },
});

/** What went wrong with a booking or a change, in words the page can show. */
export function refusalText(error: unknown, intl: IntlShape, phone: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NetworkError') return intl.formatMessage(m.network);
    if (error.message.startsWith('You already have a call booked'))
      return intl.formatMessage(m.alreadyBooked);
    if (error.message.startsWith('This time is no longer open')) return intl.formatMessage(m.slotTaken);
    if (error.message.startsWith('This call can no longer be changed'))
      return intl.formatMessage(m.notChangeable);
    if (error.status === 404)
      return intl.formatMessage(error.message.includes('expired') ? m.linkExpired : m.linkNotValid);
    // The outside scheduler (Cal.com) could not be reached: nothing was booked or changed.
    if (error.status === 503) return intl.formatMessage(m.unavailable, { phone });
  }
  return intl.formatMessage(m.failed, { phone });
}
