import type { PhoneLookup } from './port';
import { createSandboxPhoneLookup } from './sandbox';
import { createTwilioPhoneLookup } from './twilio';

export const PHONE_LOOKUP_SANDBOX_IN_PRODUCTION =
  'Phone lookup: the sandbox checks numbers by a made-up rule, and sandbox providers are refused when NODE_ENV=production. Set PHONE_LOOKUP_PROVIDER=twilio with the TWILIO_ variables, or ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

export type PhoneLookupConfig = {
  nodeEnv: string;
  allowSandboxProviders: boolean;
  phoneLookupProvider?: 'sandbox' | 'twilio';
  /** `baseUrl`: tests only, a local fake of Twilio's API. */
  twilio?: { accountSid: string; authToken: string; baseUrl?: string } | undefined;
};

/**
 * Picks the phone-lookup adapter from configuration: Twilio Lookup when PHONE_LOOKUP_PROVIDER=twilio, else
 * the sandbox, which production refuses unless sandboxes are allowed: a production deployment must not mark
 * every real number valid by a made-up rule without saying so.
 */
export function createPhoneLookup(config: PhoneLookupConfig): PhoneLookup {
  if (config.phoneLookupProvider === 'twilio') {
    if (!config.twilio)
      throw new Error(
        'Phone lookup: PHONE_LOOKUP_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
      );
    return createTwilioPhoneLookup(config.twilio);
  }
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxPhoneLookup();
}
