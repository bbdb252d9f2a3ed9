import type { FastifyBaseLogger } from 'fastify';
import type { BankLink } from '#providers/bank-link/port';
import type { SandboxBankLink } from '#providers/bank-link/sandbox';
import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * Sends an application's Letter of Authorization for signature (the signing feature's, which app.ts hands in:
 * features do not import each other). It asks the e-signature vendor, so it runs after the unit that saved
 * the payment account, never inside one.
 */
export type LetterSender = { send: (applicationId: string, log: FastifyBaseLogger) => Promise<unknown> };

/**
 * What the payment pages' routes and the bank link's webhook are given: the door to units of work, the
 * configuration, and the vendors they ask outside any unit (the bank link, its built-in sandbox, the letter's
 * sending), each wrapped by app.ts so that a call inside a unit throws (outsideUnits). Never the app's whole
 * services, nor the database itself (lint, the 'units-of-work' block of eslint.config.js).
 */
export type PaymentsDeps = {
  openUnit: OpenUnit;
  config: Config;
  bankLink: BankLink;
  /** The built-in bank-link dialog's backend; null with a real provider. */
  bankLinkSandbox: SandboxBankLink | null;
  letter: LetterSender;
};
