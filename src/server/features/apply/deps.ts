import type { ApplicationView } from '#domain/flow/application-view';
import type { AddressLookup } from '#providers/address/port';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { PhoneLookup } from '#providers/phone-lookup/port';
import type { Config } from '#server/env';
import type { ReadCache } from '#server/plugins/read-cache';
import type { OpenReadUnit, OpenUnit } from '#server/unit-of-work';

/**
 * What the application flow's routes are given: the door to units of work, the configuration, the agency's
 * calendar, the kept copies of GET /api/application, and the three vendors the flow asks (the credit bureau,
 * the phone lookup, the address suggestions). Never the app's whole services, nor the database itself: every
 * read and write goes through a unit. app.ts wraps each vendor with outsideUnits, so a vendor called inside a
 * unit throws instead of holding the unit's transaction open while it answers.
 */
export type ApplyDeps = {
  openUnit: OpenUnit;
  /** The door to read-only units: a read that needs no transaction (no BEGIN and COMMIT around it). */
  openReadUnit: OpenReadUnit;
  config: Config;
  /** The agency's day ('yyyy-MM-dd') that an instant fell on. */
  dayOf: (at: Date) => string;
  applicationCache: ReadCache<ApplicationView>;
  creditBureau: CreditBureau;
  phoneLookup: PhoneLookup;
  addressLookup: AddressLookup;
};
