import { createAddressLookup } from '#providers/address/index';
import { createCreditBureau } from '#providers/credit-bureau/index';
import { createPhoneLookup } from '#providers/phone-lookup/index';
import { createSms } from '#providers/sms/index';
import type { Db } from './db/client';
import { createEnrollmentProviders } from './enrollment-providers';
import type { Config } from './env';
import type { AppDeps } from './services';

export type Providers = Pick<
  AppDeps,
  | 'phoneLookup'
  | 'creditBureau'
  | 'addressLookup'
  | 'sms'
  | 'bankLink'
  | 'bankLinkSandbox'
  | 'eSignature'
  | 'eSignatureSandbox'
>;

/**
 * Every provider the server uses, picked from configuration. Throws the first refusal (a sandbox in production
 * without ALLOW_SANDBOX_PROVIDERS) as an Error whose message says what to set. Nothing here reads or writes the
 * database (the sandbox envelope store only keeps `db` for later), so the server calls it before migrating:
 * a refused start changes nothing.
 */
export function createProviders(config: Config, db: Db): Providers {
  return {
    phoneLookup: createPhoneLookup(config),
    creditBureau: createCreditBureau(config),
    addressLookup: createAddressLookup(config),
    sms: createSms(config),
    ...createEnrollmentProviders(config, db),
  };
}
