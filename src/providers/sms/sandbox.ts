import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from './port';

/** NANP: '+1', a 3-digit area code and 3-digit exchange that start with 2-9, a 4-digit line number. */
const US_E164 = /^\+1([2-9]\d{2})[2-9]\d{2}\d{4}$/;

/** The "disconnected" persona, as in the phone-lookup sandbox: texts to this area code are refused. */
export const SANDBOX_SMS_UNDELIVERABLE_AREA_CODE = '999';
/** What SMS services accept in one message (10 segments of 160 characters). */
export const MAX_SMS_BODY_LENGTH = 1_600;
/** The sandbox keeps the newest texts only, so a long-running dev server does not grow without bound. */
export const SANDBOX_SMS_KEPT = 500;

export type SentSms = { id: string; to: string; body: string; sentAt: Date };

export type SandboxSms = SmsSender & {
  /** Texts sent so far, oldest first, newest last (at most SANDBOX_SMS_KEPT). */
  sent(): readonly SentSms[];
};

/**
 * The built-in SMS service (docs/providers.md, SMS): nothing leaves the machine; each accepted text is kept in
 * memory for the dev tools and tests to read. It refuses what a real service would refuse (a malformed
 * number, an empty or oversized body) and, to exercise the retry path, any number in area code 999.
 */
export function createSandboxSms(options: { now?: () => Date } = {}): SandboxSms {
  const now = options.now ?? (() => new Date());
  const outbox: SentSms[] = [];
  return {
    async send(message: SmsMessage) {
      const to: unknown = message?.to;
      const body: unknown = message?.body;
      const match = typeof to === 'string' ? US_E164.exec(to) : null;
      if (!match) throw new Error(`SMS: ${JSON.stringify(to)} is not a US number written +1 and 10 digits`);
      if (typeof body !== 'string' || body.trim() === '') throw new Error('SMS: the message body is empty');
      if (body.length > MAX_SMS_BODY_LENGTH) {
        throw new Error(`SMS: the message body is longer than ${MAX_SMS_BODY_LENGTH} characters`);
      }
      if (match[1] === SANDBOX_SMS_UNDELIVERABLE_AREA_CODE) {
        throw new Error(
          `SMS: ${to} could not be reached (sandbox area code ${SANDBOX_SMS_UNDELIVERABLE_AREA_CODE})`,
        );
      }
      // Shaped like a real provider's message id ('SM' and 32 hex digits), unique across restarts.
      const id = `SM${randomUUID().replaceAll('-', '')}`;
      outbox.push({ id, to: match[0], body, sentAt: now() });
      if (outbox.length > SANDBOX_SMS_KEPT) outbox.splice(0, outbox.length - SANDBOX_SMS_KEPT);
      return { id };
    },
    sent: () => outbox.map((sms) => ({ ...sms, sentAt: new Date(sms.sentAt) })),
  };
}
