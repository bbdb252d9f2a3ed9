import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { FIXED, formatEnglish } from '#domain/i18n/validation-messages';
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

/** What went wrong with a booking or a change, in words the page can show. */
export function refusalText(error: unknown, intl: IntlShape, phone: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NetworkError') return intl.formatMessage(m.network);
    // The server answers in the reader's language (its cookie, else the browser's): a refusal is known by its
    // text in English or in the page's language, whichever the server chose.
    const is = (descriptor: MessageDescriptor) =>
      error.message === formatEnglish(descriptor) || error.message === intl.formatMessage(descriptor);
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
