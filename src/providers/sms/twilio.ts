import {
  createTwilioClient,
  TwilioApiError,
  twilioFailure,
  type TwilioAccount,
} from '#providers/twilio/client';
import { recipientOptedOut, type SmsMessage, type SmsSender } from './port';
import { MAX_SMS_BODY_LENGTH } from './sandbox';

/**
 * Twilio's "Attempt to send to unsubscribed recipient": the person replied STOP (or another opt-out word) to
 * this sender, and Twilio refuses every text to them until they reply START.
 */
const UNSUBSCRIBED_RECIPIENT = 21610;

/** NANP: '+1', a 3-digit area code and 3-digit exchange that start with 2-9, a 4-digit line number. */
const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

export type TwilioSmsOptions = TwilioAccount & {
  /** Exactly one: the sending number, or a Messaging Service that picks the number (and handles STOP). */
  sender: { from: string } | { messagingServiceSid: string };
};

/**
 * Texts through Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json) with the official
 * SDK. What Twilio would refuse anyway is refused here first, without a call; Twilio's own refusal (an
 * unknown number, a recipient who replied STOP: error 21610) rejects with its status and code only, so the
 * outbox's recorded error never holds the number. Error 21610 is marked as the recipient having opted out
 * (port.ts), so the outbox records the opt-out rather than retrying.
 */
export function createTwilioSms(options: TwilioSmsOptions): SmsSender {
  const client = createTwilioClient(options);
  return {
    async send(message: SmsMessage) {
      const to: unknown = message?.to;
      const body: unknown = message?.body;
      if (typeof to !== 'string' || !US_E164.test(to))
        throw new Error('SMS: the number is not a US number written +1 and 10 digits');
      if (typeof body !== 'string' || body.trim() === '') throw new Error('SMS: the message body is empty');
      if (body.length > MAX_SMS_BODY_LENGTH)
        throw new Error(`SMS: the message body is longer than ${MAX_SMS_BODY_LENGTH} characters`);
      try {
        const sent = await client.messages.create({ to, body, ...options.sender });
        return { id: sent.sid };
      } catch (error) {
        const failure = twilioFailure('SMS', error);
        if (failure instanceof TwilioApiError && failure.code === UNSUBSCRIBED_RECIPIENT)
          throw recipientOptedOut(failure);
        throw failure;
      }
    },
  };
}
