import type { FastifyServerOptions } from 'fastify';
import type { AddressLookup } from '#providers/address/port';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { PhoneLookup } from '#providers/phone-lookup/port';
import type { SmsSender } from '#providers/sms/port';
import type { Database } from './db/client';
import type { Config } from './env';
import type { Auth } from './plugins/auth';
import type { FieldCipher } from './security/field-encryption';

// What buildApp is given (AppDeps) and what every feature receives (Services). In a file of its own so the
// features and app.ts do not import each other.

export type AppDeps = {
  config: Config;
  database: Database;
  phoneLookup: PhoneLookup;
  creditBureau: CreditBureau;
  addressLookup: AddressLookup;
  sms: SmsSender;
  /** Called after a transaction that wrote outbox emails commits; the job queue delivers them. */
  onEmailQueued?: (id: string) => void;
  /** Called after a transaction that wrote a text message to the SMS outbox commits. */
  onSmsQueued?: (id: string) => void;
  /** Called after a transaction that moved an application to transfer commits, with the application id. */
  onWebhookQueued?: (id: string) => void;
  logger?: FastifyServerOptions['logger'];
};

/** Services the features use, built once per app. */
export type Services = AppDeps & { auth: Auth; cipher: FieldCipher };
