import type { AddressLookup } from './port';
import { createSandboxAddressLookup } from './sandbox';

export const ADDRESS_LOOKUP_SANDBOX_IN_PRODUCTION =
  'Address autocomplete: only the sandbox exists (no real address adapter is built yet), and sandbox providers are refused when NODE_ENV=production. Set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

/**
 * Picks the address-autocomplete adapter from configuration. There is no real adapter (an address-verification
 * service would go beside the sandbox), so this returns the sandbox, and refuses production unless sandboxes
 * are allowed: its streets are whatever was typed, placed in real towns, not verified addresses.
 */
export function createAddressLookup(config: {
  nodeEnv: string;
  allowSandboxProviders: boolean;
}): AddressLookup {
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(ADDRESS_LOOKUP_SANDBOX_IN_PRODUCTION);
  }
  return createSandboxAddressLookup();
}
