import type { MessageDescriptor } from 'react-intl';
import type { LeadFormAnswer } from '#domain/validation/lead-form-answer';

/**
 * The pages the build prerenders to HTML (scripts/prerender.ts draws them through src/web/prerender.tsx), each
 * with its page module. A visitor's browser takes such a page over with the landing app (landing-app.tsx), which
 * fetches the module as soon as the page has painted.
 */
export type LandingPageModule = {
  Component: () => React.ReactNode;
  /** The tab title, drawn in the page's language. */
  handle: { title: MessageDescriptor };
  /** What the page needs before it can be drawn whole (the lead page: its form's code). */
  preload?: () => Promise<unknown>;
  /** Sets how the build draws the page next: as the server answers its form sent without the script, or not. */
  prepareAnswer?: (answer: LeadFormAnswer | undefined) => Promise<void>;
};

export const PRERENDERED_PAGES: Record<string, () => Promise<LandingPageModule>> = {
  '/lead': () => import('./features/landing/lead-page'),
  '/debt-analysis': () => import('./features/landing/debt-analysis-page'),
  '/debt-relief': () => import('./features/landing/debt-relief-page'),
};
