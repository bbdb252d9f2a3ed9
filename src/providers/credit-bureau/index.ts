import type { CreditBureau } from './port';
import { createSandboxCreditBureau } from './sandbox';

export const CREDIT_BUREAU_SANDBOX_IN_PRODUCTION =
  'Credit bureau: only the sandbox exists (no real bureau adapter is built yet), and sandbox providers are refused when NODE_ENV=production. Set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

/**
 * Picks the credit-bureau adapter from configuration. No real adapter is built (bureaus sell access under
 * contract, with no public SDK to build against), so this returns the sandbox, and refuses production unless
 * sandboxes are allowed: made-up credit files must never decide a real borrower's plan unannounced.
 */
export function createCreditBureau(config: {
  nodeEnv: string;
  allowSandboxProviders: boolean;
}): CreditBureau {
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(CREDIT_BUREAU_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxCreditBureau();
}
