/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The year of the build (vite.config.ts defines it); absent under the component tests. */
  readonly BUILD_YEAR?: string;
  /** Build-time: the promo video's address; the landing page shows no video link without it. */
  readonly VITE_PROMO_VIDEO_URL?: string;
  /** Build-time: the agency's business-bureau profile; the footer shows no seal without it. */
  readonly VITE_BBB_PROFILE_URL?: string;
  /** Build-time: 'outside' sends the scheduling links to SITE.schedulingUrl instead of the product's booking. */
  readonly VITE_COUNSELLING_SCHEDULER?: string;
}
