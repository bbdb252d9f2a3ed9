import { createDocuSignESignature, type DocuSignConfig } from './docusign';
import type { ESignature } from './port';
import { createSandboxESignature, type SandboxESignature, type SandboxEnvelopeStore } from './sandbox';

export const E_SIGNATURE_SANDBOX_IN_PRODUCTION =
  'E-signature: no DocuSign account is configured (DOCUSIGN_* variables), and sandbox providers are refused when NODE_ENV=production. Configure DocuSign, or set ALLOW_SANDBOX_PROVIDERS=true to run the sandbox in production anyway.';

/** The environment variables of the DocuSign adapter, each to its DocuSignConfig field. */
export const DOCUSIGN_ENV = {
  DOCUSIGN_INTEGRATION_KEY: 'integrationKey',
  DOCUSIGN_USER_ID: 'userId',
  DOCUSIGN_ACCOUNT_ID: 'accountId',
  DOCUSIGN_PRIVATE_KEY: 'privateKey',
  DOCUSIGN_BASE_PATH: 'basePath',
  DOCUSIGN_OAUTH_BASE_PATH: 'oauthBasePath',
  DOCUSIGN_CONNECT_HMAC_KEY: 'connectHmacKey',
} as const satisfies Record<string, keyof DocuSignConfig>;

/**
 * The DocuSign configuration from the environment: undefined when no DOCUSIGN_* variable is set (the sandbox
 * is used), and an error naming what is missing when only some are, so a half-configured deployment never
 * falls back to the sandbox silently.
 */
export function docuSignConfigFromEnv(env: Record<string, string | undefined>): DocuSignConfig | undefined {
  const names = Object.keys(DOCUSIGN_ENV) as (keyof typeof DOCUSIGN_ENV)[];
  const present = names.filter((name) => (env[name] ?? '').trim() !== '');
  if (present.length === 0) return undefined;
  const missing = names.filter((name) => !present.includes(name));
  if (missing.length > 0)
    throw new Error(`E-signature: DocuSign is partly configured; set ${missing.join(', ')}`);
  const get = (name: keyof typeof DOCUSIGN_ENV) => (env[name] ?? '').trim();
  return {
    integrationKey: get('DOCUSIGN_INTEGRATION_KEY'),
    userId: get('DOCUSIGN_USER_ID'),
    accountId: get('DOCUSIGN_ACCOUNT_ID'),
    privateKey: get('DOCUSIGN_PRIVATE_KEY'),
    basePath: get('DOCUSIGN_BASE_PATH'),
    oauthBasePath: get('DOCUSIGN_OAUTH_BASE_PATH'),
    connectHmacKey: get('DOCUSIGN_CONNECT_HMAC_KEY'),
  };
}

/**
 * Picks the e-signature adapter from configuration: DocuSign when configured, else the sandbox, which is
 * refused in production unless sandboxes are allowed (a letter "signed" in the sandbox binds no one).
 * `sandbox` is the sandbox itself when it is the adapter, for the signing page's routes; null otherwise.
 */
export function createESignature(config: {
  nodeEnv: string;
  allowSandboxProviders: boolean;
  sandbox: { secret: string; signingPageUrl: string; store?: SandboxEnvelopeStore; timeZone?: string };
  docusign?: DocuSignConfig;
}): { eSignature: ESignature; sandbox: SandboxESignature | null } {
  if (config.docusign) return { eSignature: createDocuSignESignature(config.docusign), sandbox: null };
  if (config.nodeEnv === 'production' && !config.allowSandboxProviders) {
    throw new Error(E_SIGNATURE_SANDBOX_IN_PRODUCTION);
  }
  const sandbox = createSandboxESignature(config.sandbox);
  return { eSignature: sandbox, sandbox };
}
