import type { PhoneLookup } from './port';

/** NANP: '+1', a 3-digit area code and 3-digit exchange that start with 2-9, a 4-digit line number. */
const US_E164 = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/** The sandbox's "disconnected" persona: well-formed numbers in this area code are reported invalid. */
export const SANDBOX_DISCONNECTED_AREA_CODE = '999';

/**
 * The built-in phone lookup, deterministic and offline (docs/providers.md, Phone lookup):
 * - valid: '+1' then 10 digits whose area code and exchange do not start with 0 or 1, which includes the
 *   fictional 555-0100..555-0199 range (for example +1 202-555-0143) used throughout the tests;
 * - invalid: everything else, and area code 999, so the invalid path can be exercised with a number that
 *   passes every format check.
 */
export function createSandboxPhoneLookup(): PhoneLookup {
  return {
    async verify(phoneE164) {
      // `typeof` first: the port promises never to reject on bad input, even from untyped callers.
      const match = typeof phoneE164 === 'string' ? US_E164.exec(phoneE164) : null;
      return { isValid: match !== null && match[1] !== SANDBOX_DISCONNECTED_AREA_CODE };
    },
  };
}
