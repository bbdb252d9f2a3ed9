import { describe, expect, it } from 'vitest';
import { ADDRESS_LOOKUP_SANDBOX_IN_PRODUCTION, createAddressLookup } from './index';

describe('createAddressLookup', () => {
  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])('returns the sandbox when NODE_ENV=%s and ALLOW_SANDBOX_PROVIDERS=%s', async (nodeEnv, allow) => {
    const lookup = createAddressLookup({ nodeEnv, allowSandboxProviders: allow });
    await expect(lookup.suggest('123 Main 62704')).resolves.toEqual([
      {
        label: '123 Main St, Springfield, IL 62704',
        addressLine1: '123 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62704',
      },
    ]);
  });

  it('refuses to start in production unless sandbox providers are allowed', () => {
    expect(() => createAddressLookup({ nodeEnv: 'production', allowSandboxProviders: false })).toThrow(
      ADDRESS_LOOKUP_SANDBOX_IN_PRODUCTION,
    );
    expect(ADDRESS_LOOKUP_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });
});
