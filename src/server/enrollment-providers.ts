import { createHmac } from 'node:crypto';
import { createFieldCipher } from './security/field-encryption';
import { createBankLink } from '#providers/bank-link/index';
import { createESignature } from '#providers/e-signature/index';
import type { Db } from './db/client';
import type { Config } from './env';
import { databaseEnvelopeStore } from './features/signing/envelope-store';
import type { AppDeps } from './services';

/** A stable secret per sandbox, derived from AUTH_SECRET so tokens made before a restart still verify. */
export const derivedSecret = (config: Config, purpose: string) =>
  createHmac('sha256', config.authSecret).update(purpose).digest('hex');

/**
 * The bank-link and e-signature providers, picked from configuration (the real ones when their credentials
 * are set, else the built-in sandboxes). One function for the server, the seed, the tests and the benchmarks.
 */
export function createEnrollmentProviders(
  config: Config,
  db: Db,
): Pick<AppDeps, 'bankLink' | 'bankLinkSandbox' | 'eSignature' | 'eSignatureSandbox'> {
  const bank = createBankLink({
    nodeEnv: config.nodeEnv,
    allowSandboxProviders: config.allowSandboxProviders,
    sandboxSecret: derivedSecret(config, 'bank-link-sandbox'),
    plaid: config.plaid,
  });
  const signature = createESignature({
    nodeEnv: config.nodeEnv,
    allowSandboxProviders: config.allowSandboxProviders,
    sandbox: {
      secret: derivedSecret(config, 'e-signature-sandbox'),
      signingPageUrl: `${config.publicUrl}/sign-letter`,
      store: databaseEnvelopeStore(db, createFieldCipher(config.encryptionKey, config.encryptionKeysOld)),
      timeZone: config.agencyTimeZone,
    },
    docusign: config.docusign,
  });
  return {
    bankLink: bank.bankLink,
    bankLinkSandbox: bank.sandbox,
    eSignature: signature.eSignature,
    eSignatureSandbox: signature.sandbox,
  };
}
