import { describe, expect, it } from 'vitest';
import { startTwilioFake } from '#tests/fakes/twilio-fake';
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
    expect(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION).toContain('PHONE_LOOKUP_PROVIDER=twilio');
    expect(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });

  it('returns Twilio Lookup when PHONE_LOOKUP_PROVIDER=twilio, in production too', async () => {
    const fake = await startTwilioFake();
    try {
      const lookup = createPhoneLookup({
        nodeEnv: 'production',
        allowSandboxProviders: false,
        phoneLookupProvider: 'twilio',
        twilio: { accountSid: fake.accountSid, authToken: fake.authToken, baseUrl: fake.baseUrl },
      });
      await expect(lookup.verify('+12025550143')).resolves.toEqual({ isValid: true });
      expect(fake.requests.map((r) => r.path)).toEqual(['/v2/PhoneNumbers/+12025550143']);
      expect(() =>
        createPhoneLookup({
          nodeEnv: 'production',
          allowSandboxProviders: false,
          phoneLookupProvider: 'twilio',
        }),
      ).toThrow('needs TWILIO_ACCOUNT_SID');
    } finally {
      await fake.close();
    }
  });
});
