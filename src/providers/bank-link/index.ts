import { createPlaidBankLink } from './plaid';
import type { BankLink } from './port';
import { createSandboxBankLink, type SandboxBankLink } from './sandbox';

export const BANK_LINK_SANDBOX_IN_PRODUCTION =
  'Bank link: no Plaid credentials are configured (PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV), so the sandbox would be used, and sandbox providers are refused when NODE_ENV=production. Configure Plaid, or set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

export type BankLinkConfig = {
  nodeEnv: string;
  allowSandboxProviders: boolean;
  /** Signs the sandbox's tokens; keep it stable, or links made before a restart stop working. */
  sandboxSecret: string;
  plaid?: { clientId: string; secret: string; env: 'sandbox' | 'production'; basePath?: string };
};

/**
 * Picks the bank-link adapter from configuration: Plaid when its credentials are given, else the sandbox,
 * which is refused in production unless sandboxes are allowed (made-up transactions must never decide a real
 * borrower's plan unannounced). `sandbox` is the sandbox again, for the in-app link dialog that stands in for
 * Plaid Link; null with Plaid, whose own widget is used.
 */
export function createBankLink(config: BankLinkConfig): {
  bankLink: BankLink;
  sandbox: SandboxBankLink | null;
} {
  if (config.plaid) return { bankLink: createPlaidBankLink(config.plaid), sandbox: null };
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(BANK_LINK_SANDBOX_IN_PRODUCTION);
  }
  const sandbox = createSandboxBankLink({ secret: config.sandboxSecret });
  return { bankLink: sandbox, sandbox };
}
