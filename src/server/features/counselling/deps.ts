import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the counselling feature's routes are given: the door to units of work and the configuration. Never the
 * app's whole services, nor the database itself: every read and write goes through a unit (lint, the
 * 'units-of-work' blocks of eslint.config.js). A vendor port (the outside scheduler) is made from the
 * configuration here and wrapped so it refuses to be called inside a unit (outsideUnits).
 */
export type CounsellingDeps = { openUnit: OpenUnit; config: Config };
