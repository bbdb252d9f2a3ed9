/**
 * Phone lookup: is this a real, reachable phone number? The original product called
 * `POST /twilio/verify-phone { phoneNumber } → { isValid }` after a borrower's phone
 * changed, and shows the number as invalid when the answer is false.
 *
 * Every adapter (the sandbox, a real lookup service) passes tests/contracts/phone-lookup.contract.ts.
 */
export interface PhoneLookup {
  /**
   * Checks one number, given as stored: '+1' followed by 10 digits (E.164, US only).
   * Anything else, including a malformed or non-US number, answers `{ isValid: false }`: bad input never
   * rejects the promise. A failure to reach the service does reject, so the caller can retry later
   * (phone verification failures are logged and retried on a later save).
   */
  verify(phoneE164: string): Promise<{ isValid: boolean }>;
}
