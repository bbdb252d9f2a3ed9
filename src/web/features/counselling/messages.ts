import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { FIXED } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';

// The server's refusals for the counselling call, in the page's language (src/server/features/counselling),
// and the page's own words for what the server cannot say (an outage, a lost connection).

export const m = {
  // The server's own refusals: the very messages it answers with (in the reader's language).
  slotTaken: FIXED.counsellingSlotTaken,
  alreadyBooked: FIXED.counsellingAlreadyBooked,
  notChangeable: FIXED.counsellingCallNotChangeable,
  linkExpired: FIXED.counsellingLinkExpired,
  linkNotValid: FIXED.counsellingLinkNotValid,
  linkReplaced: FIXED.counsellingLinkReplaced,
  tooManyMoves: FIXED.counsellingTooManyMoves,
  tooManyEmails: FIXED.counsellingTooManyEmails,
  busy: FIXED.counsellingBusy,
  ...(defineMessages({
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
  }) as Record<'unavailable' | 'failed' | 'network', MessageDescriptor>),
} satisfies Record<string, MessageDescriptor>;

/** Whether the server refused a booking because someone took its time first. */
export const isSlotTaken = (error: unknown): boolean =>
  error instanceof ApiError && error.messageRef?.id === m.slotTaken.id;

/** What went wrong with a booking or a change, in words the page can show. */
export function refusalText(error: unknown, intl: IntlShape, phone: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NetworkError') return intl.formatMessage(m.network);
    // A refusal is known by the id of its message, which the server sends beside its text.
    const is = (descriptor: MessageDescriptor) => error.messageRef?.id === descriptor.id;
    for (const known of [
      m.alreadyBooked,
      m.slotTaken,
      m.notChangeable,
      m.linkExpired,
      m.linkNotValid,
      m.linkReplaced,
      m.tooManyMoves,
      m.tooManyEmails,
      m.busy,
    ]) {
      if (is(known)) return intl.formatMessage(known);
    }
    if (error.status === 404) return intl.formatMessage(m.linkNotValid);
    // The outside scheduler (Cal.com) could not be reached: nothing was booked or changed.
    if (error.status === 503) return intl.formatMessage(m.unavailable, { phone });
  }
  return intl.formatMessage(m.failed, { phone });
}
