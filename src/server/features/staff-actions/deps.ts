import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the staff actions' routes are given: the door to units of work, the configuration (where emails link
 * to, the agency's posting window) and the agency's calendar for a stored instant (the day a letter was
 * signed, which a hand-over records). Never the app's whole services, nor the database itself: every read and
 * write goes through a unit, whose outbox announces the emails and partner events once it has committed.
 */
export type StaffActionsDeps = {
  openUnit: OpenUnit;
  config: Config;
  /** The agency's day ('yyyy-MM-dd') a stored instant fell on. */
  dayOf: (at: Date) => string;
};
