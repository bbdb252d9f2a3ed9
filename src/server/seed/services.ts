import { createDocumentStore } from '#providers/document-store/index';
import { createDatabaseDocumentStore } from '#server/application/database-documents';
import { sealedDocuments } from '#server/application/sealed-documents';
import { agencyCalendar } from '#domain/calendar';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau, SANDBOX_CREDIT_PERSONAS } from '#providers/credit-bureau/sandbox';
import type { CreditBureau } from '#providers/credit-bureau/port';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { createSandboxSms } from '#providers/sms/sandbox';
import { ReadCache } from '#server/plugins/read-cache';
import type { Services } from '#server/services';
import type { Database } from '#server/db/client';
import type { Config } from '#server/env';
import { createAuth } from '#server/plugins/auth';
import { createFieldCipher } from '#server/security/field-encryption';
import { createEnrollmentProviders, derivedSecret } from '#server/enrollment-providers';
import { createSandboxBankLink } from '#providers/bank-link/sandbox';

export type CreditPersona = keyof typeof SANDBOX_CREDIT_PERSONAS;

/** Who the bureau should answer with a persona's file: first name, last name and ISO date of birth. */
export const personaKey = (firstName: string, lastName: string, isoDateOfBirth: string) =>
  `${firstName}|${lastName}|${isoDateOfBirth}`.toLowerCase();

/**
 * The sandbox bureau, answering the people the seed names with a sandbox persona's file (no file, bureau
 * unreachable), so a credit failure needs no made-up surname.
 */
export function createSeedCreditBureau(personas: ReadonlyMap<string, CreditPersona>): CreditBureau {
  const sandbox = createSandboxCreditBureau();
  return {
    pull(applicant, o) {
      const persona = personas.get(
        personaKey(applicant.firstName, applicant.lastName, applicant.dateOfBirth),
      );
      return sandbox.pull(
        persona ? { ...applicant, lastName: SANDBOX_CREDIT_PERSONAS[persona] } : applicant,
        o,
      );
    },
  };
}

/** The services the use cases need, built as buildApp builds them, with the sandbox providers. */
export function createSeedServices(o: {
  config: Config;
  database: Database;
  personas: ReadonlyMap<string, CreditPersona>;
  /**
   * The bank-link sandbox's clock: the seed connects each bank at the moment it plans for it, so the access
   * token is issued then and the persona's events (a fee, a lost connection) fall in the seeded history.
   */
  bankClock?: () => Date;
  /** The bank-link sandbox's link-session nonces: the seed's own, so its banks are the same every run. */
  bankNonce?: () => string;
}): Services {
  // Always the sandbox (a configured Plaid is never called for made-up people), under the server's secret so
  // the server and the monitors read the seeded connections.
  const bank = createSandboxBankLink({
    secret: derivedSecret(o.config, 'bank-link-sandbox'),
    now: o.bankClock,
    nonce: o.bankNonce,
  });
  // The use cases date what they write by the agency's real calendar, as the server does.
  const calendar = agencyCalendar(o.config.agencyTimeZone);
  const cipher = createFieldCipher(o.config.encryptionKey, o.config.encryptionKeysOld);
  return {
    config: o.config,
    database: o.database,
    today: calendar.today,
    dayOf: calendar.dayOf,
    phoneLookup: createSandboxPhoneLookup(),
    creditBureau: createSeedCreditBureau(o.personas),
    addressLookup: createSandboxAddressLookup(),
    sms: createSandboxSms(),
    ...createEnrollmentProviders(o.config, o.database.db),
    bankLink: bank,
    bankLinkSandbox: bank,
    // Seeded borrowers never sign up or sign in: nothing is ever emailed.
    auth: createAuth({ config: o.config, db: o.database.db, sendOtp: async () => {} }),
    cipher,
    documents: sealedDocuments(
      createDocumentStore(o.config, { database: createDatabaseDocumentStore(o.database.db) }),
      cipher,
    ),
    // Never switched on: the seed reads nothing twice.
    applicationCache: new ReadCache({ maxEntries: 0, ttlMs: 0 }),
    summaryCache: new ReadCache({ maxEntries: 0, ttlMs: 0 }),
  };
}
