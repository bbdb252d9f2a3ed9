/** One text message to a US mobile number. */
export type SmsMessage = {
  /** As stored: '+1' followed by 10 digits (E.164, US only). */
  to: string;
  body: string;
};

/**
 * SMS: text messages to borrowers (staff contact borrowers by phone or text message, and an
 * 'obtainedOffer' event triggers the text-message outreach). Texts go through the SMS outbox and a job that
 * retries, so a failure here is never lost.
 *
 * Every adapter (the sandbox, a real SMS service) passes tests/contracts/sms.contract.ts.
 */
export interface SmsSender {
  /**
   * Sends one message and answers the provider's message id. Rejects when the number is not '+1' and 10
   * digits, the body is empty or too long, or the service cannot be reached or refuses the message; the
   * caller records the error and retries later.
   */
  send(message: SmsMessage): Promise<{ id: string }>;
}
