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
   * caller records the error and retries later. A refusal because the person opted out at the provider
   * (they replied STOP there) is marked so `isRecipientOptedOut` tells it apart: no retry can deliver it.
   */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/**
 * Marks `error` as the provider's refusal to text a person who opted out at the provider (Twilio's error 21610,
 * after they replied STOP or another opt-out word): the caller records the opt-out instead of retrying.
 */
export function recipientOptedOut<E extends Error>(error: E): E & { recipientOptedOut: true } {
  return Object.assign(error, { recipientOptedOut: true as const });
}

/** True when `error` is a send refused because the recipient opted out at the provider. */
export const isRecipientOptedOut = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { recipientOptedOut?: unknown }).recipientOptedOut === true;
