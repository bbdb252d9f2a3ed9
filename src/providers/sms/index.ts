import type { SmsSender } from './port';
import { createSandboxSms } from './sandbox';
import { createTwilioSms } from './twilio';

export const SMS_SANDBOX_IN_PRODUCTION =
  'SMS: the sandbox sends no text, and sandbox providers are refused when NODE_ENV=production. Set SMS_PROVIDER=twilio with the TWILIO_ variables, or ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

export type SmsConfig = {
  nodeEnv: string;
  allowSandboxProviders: boolean;
  smsProvider?: 'sandbox' | 'twilio';
  twilio?:
    | {
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        /** Tests only: a local fake of Twilio's API. */
        baseUrl?: string;
      }
    | undefined;
};

/**
 * Picks the SMS adapter from configuration: Twilio when SMS_PROVIDER=twilio (the configuration has checked
 * its account and sender), else the sandbox, which production refuses unless sandboxes are allowed: borrowers
 * would otherwise never receive a text while the outbox marks every one sent.
 */
export function createSms(config: SmsConfig): SmsSender {
  if (config.smsProvider === 'twilio') {
    const twilio = config.twilio;
    if (!twilio) throw new Error('SMS: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    return createTwilioSms({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      ...(twilio.baseUrl ? { baseUrl: twilio.baseUrl } : {}),
      sender: twilio.messagingServiceSid
        ? { messagingServiceSid: twilio.messagingServiceSid }
        : { from: twilio.from! },
    });
  }
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(SMS_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxSms();
}
