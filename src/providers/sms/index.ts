import type { SmsSender } from './port';
import { createSandboxSms } from './sandbox';

export const SMS_SANDBOX_IN_PRODUCTION =
  'SMS: only the sandbox exists (no real SMS adapter is built yet), and sandbox providers are refused when NODE_ENV=production. Set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

/**
 * Picks the SMS adapter from configuration. There is no real adapter (a Twilio Messaging one would go beside
 * the sandbox), so this returns the sandbox, and refuses production unless sandboxes are allowed: borrowers
 * would otherwise never receive a text while the outbox marks every one sent.
 */
export function createSms(config: { nodeEnv: string; allowSandboxProviders: boolean }): SmsSender {
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(SMS_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxSms();
}
