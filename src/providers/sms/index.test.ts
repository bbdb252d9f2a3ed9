import { describe, expect, it } from 'vitest';
import { startTwilioFake } from '#tests/fakes/twilio-fake';
import { createSms, SMS_SANDBOX_IN_PRODUCTION } from './index';

describe('createSms', () => {
  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])('returns the sandbox when NODE_ENV=%s and ALLOW_SANDBOX_PROVIDERS=%s', async (nodeEnv, allow) => {
    const sms = createSms({ nodeEnv, allowSandboxProviders: allow });
    // The sandbox's signature answer: area code 999 cannot be reached.
    await expect(sms.send({ to: '+19995550143', body: 'Hello' })).rejects.toThrow('sandbox area code 999');
    await expect(sms.send({ to: '+12025550143', body: 'Hello' })).resolves.toEqual({
      id: expect.any(String),
    });
  });

  it('refuses to start in production unless sandbox providers are allowed', () => {
    expect(() => createSms({ nodeEnv: 'production', allowSandboxProviders: false })).toThrow(
      SMS_SANDBOX_IN_PRODUCTION,
    );
    expect(SMS_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });

  it('returns Twilio when SMS_PROVIDER=twilio, in production too, with the configured sender', async () => {
    const fake = await startTwilioFake();
    try {
      const sms = createSms({
        nodeEnv: 'production',
        allowSandboxProviders: false,
        smsProvider: 'twilio',
        twilio: {
          accountSid: fake.accountSid,
          authToken: fake.authToken,
          from: undefined,
          messagingServiceSid: `MG${'0'.repeat(32)}`,
          baseUrl: fake.baseUrl,
        },
      });
      // Area code 999 is the sandbox's refusal; Twilio sends it.
      await expect(sms.send({ to: '+19995550143', body: 'Hello' })).resolves.toEqual({
        id: expect.stringMatching(/^SM/),
      });
      expect(fake.requests.at(-1)?.params).toMatchObject({ MessagingServiceSid: `MG${'0'.repeat(32)}` });
    } finally {
      await fake.close();
    }
  });
});
