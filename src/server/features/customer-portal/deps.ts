import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the customer portal's routes are given: the door to units of work, the configuration (the public
 * address and the agency's time zone its emails state) and the agency's day of a stored instant. Never the
 * app's whole services, nor the database itself: every read and write goes through a unit (lint, the
 * 'units-of-work' block of eslint.config.js). The portal calls no vendor: the signed letter and the copies of
 * the confirmations are kept sealed in the database and opened with the unit's cipher.
 */
export type CustomerPortalDeps = {
  openUnit: OpenUnit;
  config: Config;
  /** The agency's day ('yyyy-MM-dd') a stored instant fell on: the day a letter was signed, say. */
  dayOf: (at: Date) => string;
};
