import { describe, expect, it } from 'vitest';
import { createPhoneLookup, PHONE_LOOKUP_SANDBOX_IN_PRODUCTION } from './index';

describe('createPhoneLookup', () => {
  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])('returns the sandbox when NODE_ENV=%s and ALLOW_SANDBOX_PROVIDERS=%s', async (nodeEnv, allow) => {
    const lookup = createPhoneLookup({ nodeEnv, allowSandboxProviders: allow });
    // The sandbox's signature answer: a well-formed number in the disconnected area code is invalid.
    await expect(lookup.verify('+19995550143')).resolves.toEqual({ isValid: false });
    await expect(lookup.verify('+12025550143')).resolves.toEqual({ isValid: true });
  });

  it('refuses to start in production unless sandbox providers are allowed', () => {
    expect(() => createPhoneLookup({ nodeEnv: 'production', allowSandboxProviders: false })).toThrow(
      PHONE_LOOKUP_SANDBOX_IN_PRODUCTION,
    );
    expect(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION).toBe(
      'Phone lookup: only the sandbox exists (no real lookup adapter is built yet), and sandbox providers are refused when NODE_ENV=production. Set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.',
    );
  });
});
