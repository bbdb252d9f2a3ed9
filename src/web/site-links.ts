import { ROUTES } from '#domain/flow/routes';
import { SITE } from '#domain/site';

/**
 * The marketing links a deployment sets when it builds the app (like the company name and phone numbers in
 * src/domain/site.ts, they are drawn into the prerendered landing pages, so they are build-time settings):
 *   VITE_PROMO_VIDEO_URL  the promo video; without it the landing page offers no video;
 *   VITE_BBB_PROFILE_URL  the agency's business-bureau profile; without it the footer shows no seal (a seal
 *                         that links nowhere would claim an accreditation nobody can check).
 * Only https addresses are used; anything else counts as not set.
 */

const httpsOrUndefined = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
};

/** Read at each call (not once at import), so a test can set the variable. */
export const promoVideoUrl = () => httpsOrUndefined(import.meta.env.VITE_PROMO_VIDEO_URL);
export const bbbProfileUrl = () => httpsOrUndefined(import.meta.env.VITE_BBB_PROFILE_URL);

/**
 * Where "Talk to a counsellor" and "Schedule Your Call Now!" go. The product books the call itself
 * (/counselling-call); a deployment that keeps an outside scheduling page instead builds with
 * VITE_COUNSELLING_SCHEDULER=outside, and the links then open SITE.schedulingUrl in a new tab.
 */
export const schedulingLink = (): { href: string; outside: boolean } =>
  import.meta.env.VITE_COUNSELLING_SCHEDULER === 'outside'
    ? { href: SITE.schedulingUrl, outside: true }
    : { href: ROUTES.CounsellingCall, outside: false };
