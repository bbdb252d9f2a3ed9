import { SIGNING_MESSAGES, formatEnglish } from '../i18n/validation-messages';
import {
  SIGNING_LINK_AFTER_COMPLETION_HOURS,
  SIGNING_LINK_LIFE_DAYS,
  SIGNING_LINK_RESENDS_PER_HOUR,
} from '../underwriting/constants';

export { SIGNING_LINK_AFTER_COMPLETION_HOURS, SIGNING_LINK_LIFE_DAYS, SIGNING_LINK_RESENDS_PER_HOUR };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a signing link stops working: SIGNING_LINK_LIFE_DAYS after it was issued, or, once the envelope is
 * completed (every signer signed), SIGNING_LINK_AFTER_COMPLETION_HOURS after that, whichever comes first.
 */
export function signingLinkExpiresAt(o: { issuedAt: Date; completedAt: Date | null }): Date {
  const life = o.issuedAt.getTime() + SIGNING_LINK_LIFE_DAYS * DAY_MS;
  if (!o.completedAt) return new Date(life);
  return new Date(Math.min(life, o.completedAt.getTime() + SIGNING_LINK_AFTER_COMPLETION_HOURS * HOUR_MS));
}

/** Whether a link issued at `issuedAt` has expired at `now` (an expired link opens nothing). */
export const signingLinkExpired = (o: { issuedAt: Date; completedAt: Date | null; now: Date }): boolean =>
  o.now.getTime() >= signingLinkExpiresAt(o).getTime();

/** What the signer reads about a link's life, on the signing page and in the server's answers. */
export const SIGNING_LINK_MESSAGES = {
  expiredTitle: 'Signing link expired',
  expired: 'This signing link has expired.',
  sendNew: 'Send me a new link',
  sendNewHint: `We will email a new link to the address we have for you. It works for ${SIGNING_LINK_LIFE_DAYS} days.`,
  sent: 'We sent you a new link. Please open it from the newest email we sent you.',
  // The server's refusals, sent by their id (SIGNING_MESSAGES); their English here for the tests that read it.
  alreadySigned: formatEnglish(SIGNING_MESSAGES.alreadySigned),
  tooMany: formatEnglish(SIGNING_MESSAGES.tooMany),
} as const;
