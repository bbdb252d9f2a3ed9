import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { FIXED } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';
import { refusalText } from './messages';

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

  // The server answers in the language the page was served in (both follow the visitor's cookie, else their
  // browser's languages); English is what a message the server could not translate stays in.
  it.each(refusals)(
    'knows %s written by the server in English or in the page’s language',
    (_, status, descriptor) => {
      for (const page of [english, spanish]) {
        for (const written of [english.formatMessage(descriptor), page.formatMessage(descriptor)]) {
          const refusal = new ApiError(status, 'Conflict', written, {});
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
});
