import { describe, expect, it } from 'vitest';
import { createESignature, docuSignConfigFromEnv, E_SIGNATURE_SANDBOX_IN_PRODUCTION } from './index';

const sandbox = { secret: 'sandbox-secret', signingPageUrl: 'https://app.example.org/enrollment/sign' };

const docusignEnv = {
  DOCUSIGN_INTEGRATION_KEY: ' 8f3c1c4e-0000-4000-8000-000000000001 ',
  DOCUSIGN_USER_ID: '8f3c1c4e-0000-4000-8000-000000000002',
  DOCUSIGN_ACCOUNT_ID: '8f3c1c4e-0000-4000-8000-000000000003',
  DOCUSIGN_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\\nMIIE...\\n-----END RSA PRIVATE KEY-----',
  DOCUSIGN_BASE_PATH: 'https://demo.docusign.net/restapi',
  DOCUSIGN_OAUTH_BASE_PATH: 'account-d.docusign.com',
  DOCUSIGN_CONNECT_HMAC_KEY: 'connect-key',
};

describe('createESignature', () => {
  it.each([
    ['development', false],
    ['test', false],
    ['development', true],
    ['production', true],
  ])(
    'returns the sandbox when NODE_ENV=%s, ALLOW_SANDBOX_PROVIDERS=%s and DocuSign is not configured',
    (nodeEnv, allow) => {
      const picked = createESignature({ nodeEnv, allowSandboxProviders: allow, sandbox });
      expect(picked.sandbox).not.toBeNull();
      expect(picked.eSignature).toBe(picked.sandbox);
      expect(picked.eSignature.deliversEmail).toBe(false);
    },
  );

  it('refuses the sandbox in production unless sandbox providers are allowed', () => {
    expect(() => createESignature({ nodeEnv: 'production', allowSandboxProviders: false, sandbox })).toThrow(
      E_SIGNATURE_SANDBOX_IN_PRODUCTION,
    );
    expect(E_SIGNATURE_SANDBOX_IN_PRODUCTION).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });

  it.each(['production', 'development'])(
    'returns DocuSign when it is configured (NODE_ENV=%s), and no sandbox',
    (nodeEnv) => {
      const docusign = docuSignConfigFromEnv(docusignEnv);
      const picked = createESignature({ nodeEnv, allowSandboxProviders: false, sandbox, docusign });
      expect(picked.sandbox).toBeNull();
      expect(picked.eSignature.deliversEmail).toBe(true);
    },
  );
});

describe('docuSignConfigFromEnv', () => {
  it('reads every DOCUSIGN_* variable, trimmed', () => {
    expect(docuSignConfigFromEnv(docusignEnv)).toEqual({
      integrationKey: '8f3c1c4e-0000-4000-8000-000000000001',
      userId: '8f3c1c4e-0000-4000-8000-000000000002',
      accountId: '8f3c1c4e-0000-4000-8000-000000000003',
      privateKey: docusignEnv.DOCUSIGN_PRIVATE_KEY,
      basePath: 'https://demo.docusign.net/restapi',
      oauthBasePath: 'account-d.docusign.com',
      connectHmacKey: 'connect-key',
    });
  });

  it('answers undefined when none is set (the sandbox is used)', () => {
    expect(docuSignConfigFromEnv({})).toBeUndefined();
    expect(docuSignConfigFromEnv({ DOCUSIGN_ACCOUNT_ID: '  ' })).toBeUndefined();
  });

  it('refuses a partial configuration, naming what is missing', () => {
    const { DOCUSIGN_PRIVATE_KEY: _key, DOCUSIGN_CONNECT_HMAC_KEY: _hmac, ...partial } = docusignEnv;
    expect(() => docuSignConfigFromEnv(partial)).toThrow(
      'E-signature: DocuSign is partly configured; set DOCUSIGN_PRIVATE_KEY, DOCUSIGN_CONNECT_HMAC_KEY',
    );
  });
});
