import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
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
});
