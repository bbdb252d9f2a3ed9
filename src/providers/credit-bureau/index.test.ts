import { describe, expect, it } from 'vitest';
import { SANDBOX_CONTRACT_APPLICANTS } from '#tests/contracts/credit-bureau.contract';
import { createCreditBureau, CREDIT_BUREAU_SANDBOX_IN_PRODUCTION } from './index';

describe('createCreditBureau', () => {
  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])('returns the sandbox when NODE_ENV=%s and ALLOW_SANDBOX_PROVIDERS=%s', async (nodeEnv, allow) => {
    const bureau = createCreditBureau({ nodeEnv, allowSandboxProviders: allow });
    // The sandbox's signature answer: the Nofile persona.
    await expect(
      bureau.pull({ ...SANDBOX_CONTRACT_APPLICANTS.withFile, lastName: 'Nofile' }),
    ).resolves.toEqual({
      wasSuccessful: false,
      error: 'no credit file found',
    });
  });

  it('refuses to start in production unless sandbox providers are allowed', () => {
    expect(() => createCreditBureau({ nodeEnv: 'production', allowSandboxProviders: false })).toThrow(
      CREDIT_BUREAU_SANDBOX_IN_PRODUCTION,
    );
    expect(CREDIT_BUREAU_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });
});
