import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the creditor relations routes are given: the door to units of work. Never the app's whole services nor
 * the database itself: every read and write goes through a unit (lint, the 'units-of-work' block of
 * eslint.config.js). The feature calls no vendor.
 */
export type CreditorRelationsDeps = { openUnit: OpenUnit };
