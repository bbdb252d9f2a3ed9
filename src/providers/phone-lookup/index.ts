import type { PhoneLookup } from './port';
import { createSandboxPhoneLookup } from './sandbox';

export const PHONE_LOOKUP_SANDBOX_IN_PRODUCTION =
  'Phone lookup: only the sandbox exists (no real lookup adapter is built yet), and sandbox providers are refused when NODE_ENV=production. Set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

/**
 * Picks the phone-lookup adapter from configuration. There is no real adapter (a Twilio Lookup one would go
 * beside the sandbox), so this returns the sandbox, and refuses production unless sandboxes are allowed:
 * a production deployment must not mark every real number valid by a made-up rule without saying so.
 */
export function createPhoneLookup(config: { nodeEnv: string; allowSandboxProviders: boolean }): PhoneLookup {
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxPhoneLookup();
}
