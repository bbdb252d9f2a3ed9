import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaidFake, type PlaidFake } from '#tests/fakes/plaid-fake';
import { BANK_LINK_SANDBOX_IN_PRODUCTION, createBankLink } from './index';
import { SANDBOX_BANK_INSTITUTION_IDS } from './sandbox';

const sandboxSecret = 'index-test-secret';

describe('createBankLink', () => {
  let fake: PlaidFake;
  beforeAll(async () => {
    fake = await startPlaidFake();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])('returns the sandbox when NODE_ENV=%s and ALLOW_SANDBOX_PROVIDERS=%s', async (nodeEnv, allow) => {
    const { bankLink, sandbox } = createBankLink({ nodeEnv, allowSandboxProviders: allow, sandboxSecret });
    expect(sandbox).not.toBeNull();
    expect(bankLink).toBe(sandbox);
    expect(sandbox?.institutions().map((i) => i.id)).toContain(SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus);
    const { linkToken } = await bankLink.createLinkToken({ applicationId: 'app-index-1' });
    expect(linkToken).toMatch(/^link-sandbox-/);
  });

  it('refuses to start the sandbox in production unless sandbox providers are allowed', () => {
    expect(() =>
      createBankLink({ nodeEnv: 'production', allowSandboxProviders: false, sandboxSecret }),
    ).toThrow(BANK_LINK_SANDBOX_IN_PRODUCTION);
    expect(BANK_LINK_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });

  it('refuses a sandbox with no secret to sign its tokens', () => {
    expect(() =>
      createBankLink({ nodeEnv: 'development', allowSandboxProviders: false, sandboxSecret: '' }),
    ).toThrow('a secret');
  });

  it.each(['production', 'development'])(
    'uses Plaid when it is configured (NODE_ENV=%s), with no sandbox',
    async (nodeEnv) => {
      const { bankLink, sandbox } = createBankLink({
        nodeEnv,
        allowSandboxProviders: false,
        sandboxSecret: '',
        plaid: { clientId: fake.clientId, secret: fake.secret, env: 'sandbox', basePath: fake.basePath },
      });
      expect(sandbox).toBeNull();
      await bankLink.createLinkToken({ applicationId: 'app-index-plaid' });
      expect(fake.requests.at(-1)).toMatchObject({
        path: '/link/token/create',
        body: { user: { client_user_id: 'app-index-plaid' } },
      });
    },
  );
});
