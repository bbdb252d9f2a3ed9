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
