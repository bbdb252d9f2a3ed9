import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { messageRef } from '#domain/i18n/message';
import { FIXED, formatEnglish } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';
import { isSlotTaken, refusalText } from './messages';

// An outside scheduler (Cal.com) that cannot be reached answers 503: the page says to try again, not that
// something broke.

const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
const spanish = createIntl({ locale: 'es-US', defaultLocale: 'en-US', messages: ALL_CATALOGS.es });
const unavailable = new ApiError(503, 'ProviderError', 'Booking is not available right now.', {});

describe('refusalText', () => {
  it('tells a reader to try again in a few minutes when the scheduler is unavailable', () => {
    expect(refusalText(unavailable, english, '1-800-555-0100')).toBe(
      'Booking is not available right now. Please try again in a few minutes, or call us at 1-800-555-0100.',
    );
    expect(refusalText(unavailable, spanish, '1-800-555-0100')).toBe(
      'Las reservas no están disponibles en este momento. Inténtelo de nuevo en unos minutos o llámenos al 1-800-555-0100.',
    );
  });

  const refusals = [
    ['a taken time', 409, FIXED.counsellingSlotTaken],
    ['a second booking', 409, FIXED.counsellingAlreadyBooked],
    ['a call that can no longer change', 409, FIXED.counsellingCallNotChangeable],
    ['an expired link', 404, FIXED.counsellingLinkExpired],
    ['a link a later email replaced', 404, FIXED.counsellingLinkReplaced],
    ['a call moved as often as its link allows', 409, FIXED.counsellingTooManyMoves],
    ['an address that had its day of emails', 429, FIXED.counsellingTooManyEmails],
    ['a busy moment', 409, FIXED.counsellingBusy],
    ['a link that is not valid', 404, FIXED.counsellingLinkNotValid],
  ] as const;

  // The server sends each refusal's message id beside its text: the page words it by that id in its own
  // language, whatever language the server wrote the text in.
  it.each(refusals)(
    'knows %s by its message id, whichever language its text is in',
    (_, status, descriptor) => {
      for (const page of [english, spanish]) {
        for (const written of [english.formatMessage(descriptor), spanish.formatMessage(descriptor)]) {
          const refusal = new ApiError(status, 'Conflict', written, {}, undefined, messageRef(descriptor));
          expect(refusalText(refusal, page, '1-800-555-0100')).toBe(page.formatMessage(descriptor));
        }
      }
      // The Spanish is a translation, not the English again (else the Spanish page's case would prove nothing).
      expect(spanish.formatMessage(descriptor)).not.toBe(english.formatMessage(descriptor));
    },
  );

  it('calls any other 404 a link that is not valid, and anything unknown a failure with the phone number', () => {
    expect(refusalText(new ApiError(404, 'NotFound', 'Not Found', {}), spanish, '1-800')).toBe(
      spanish.formatMessage(FIXED.counsellingLinkNotValid),
    );
    expect(refusalText(new ApiError(409, 'Conflict', 'Something new', {}), english, '1-800')).toBe(
      'Something went wrong. Please try again, or call us at 1-800.',
    );
  });

  it('does not read a refusal from its English text', () => {
    const taken = formatEnglish(FIXED.counsellingSlotTaken);
    expect(isSlotTaken(new ApiError(409, 'Conflict', taken, {}))).toBe(false);
    expect(
      isSlotTaken(
        new ApiError(409, 'Conflict', taken, {}, undefined, messageRef(FIXED.counsellingSlotTaken)),
      ),
    ).toBe(true);
    expect(refusalText(new ApiError(409, 'Conflict', taken, {}), english, '1-800')).toBe(
      'Something went wrong. Please try again, or call us at 1-800.',
    );
  });
});
