import type { PhoneLookup } from '#providers/phone-lookup/port';
import type { Config } from '#server/env';
import type { Auth } from '#server/plugins/auth';
import type { OpenReadUnit, OpenUnit } from '#server/unit-of-work';

/**
 * What the account routes are given: the door to units of work, the configuration, and the two vendors they
 * ask. better-auth is one of them: it runs its own queries on connections of its own, so it is called before
 * or after a unit, never inside one (on the embedded database its query would wait for the unit's transaction
 * to end: forever). app.ts wraps both with outsideUnits (auth-calls.ts, authOutsideUnits), so a call slipped
 * into a unit throws instead.
 */
export type AccountDeps = {
  openUnit: OpenUnit;
  /** The door to read-only units: a read that needs no transaction (no BEGIN and COMMIT around it). */
  openReadUnit: OpenReadUnit;
  config: Config;
  auth: Auth;
  phoneLookup: PhoneLookup;
};
