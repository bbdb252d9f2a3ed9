import { createTwilioClient, twilioFailure, type TwilioAccount } from '#providers/twilio/client';
import type { PhoneLookup } from './port';

/** NANP: '+1', a 3-digit area code and 3-digit exchange that start with 2-9, a 4-digit line number. */
const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/**
 * Phone checks through Twilio Lookup v2 (GET /v2/PhoneNumbers/{PhoneNumber}) with the official SDK: the basic
 * lookup (no paid data packages) says whether the number is a valid, dialable number. A number is valid here
 * when Twilio says `valid: true` and it is a US number; anything that is not '+1' and 10 digits is invalid
 * without a call. Twilio failing or unreachable rejects, so the caller retries on a later save.
 */
export function createTwilioPhoneLookup(options: TwilioAccount): PhoneLookup {
  const client = createTwilioClient(options);
  return {
    async verify(phoneE164) {
      if (typeof phoneE164 !== 'string' || !US_E164.test(phoneE164)) return { isValid: false };
      try {
        const result = await client.lookups.v2.phoneNumbers(phoneE164).fetch();
        return { isValid: result.valid === true && result.countryCode === 'US' };
      } catch (error) {
        // Lookup answers 404 for a number it cannot parse at all: an invalid number, not a failure.
        if ((error as { status?: unknown }).status === 404) return { isValid: false };
        throw twilioFailure('Phone lookup', error);
      }
    },
  };
}
