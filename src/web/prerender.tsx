import { StrictMode } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's renderer to HTML, not this project's server layer.
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { LANGUAGES, LOCALE, pathInLanguage, type Language } from '#domain/i18n/language';
import type { LeadFormAnswer } from '#domain/validation/lead-form-answer';
import { documentTitle } from './components/layout/use-document-title';
import { LandingApp } from './landing-app';
import { loadLanguage } from './lib/i18n';
import { PRERENDERED_PAGES } from './prerendered-pages';

/**
 * The build's prerendering (scripts/prerender.ts builds this file for Node and calls it): the landing pages
 * drawn to HTML by the same app and components the browser takes them over with (landing-app.tsx), so a first
 * visit paints before any JavaScript arrives and the browser then takes the markup over as it is (hydrates it).
 *
 * A prerendered page must draw the same for every visitor and at any time: nothing here may depend on the
 * session, the query string, the clock or the window.
 */

/** The pages the build prerenders: each landing page in each language (/lead, /es/lead). */
export const PRERENDERED_PATHS: { path: string; language: Language; address: string }[] = Object.keys(
  PRERENDERED_PAGES,
).flatMap((path) =>
  LANGUAGES.map((language) => ({ path, language, address: pathInLanguage(path, language) })),
);

export type RenderedPage = {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The tab title the page sets in the browser. */
  title: string;
};

const nowhere = () => {
  throw new Error('a prerendered page cannot navigate');
};

/**
 * Draws one landing page to HTML, as the browser's first render will. With `answer`, the page as the server
 * answers its form sent without the script (only for a page that has such a form).
 */
export async function renderPage(
  path: string,
  answer?: LeadFormAnswer,
  language: Language = 'en',
): Promise<RenderedPage> {
  const load = PRERENDERED_PAGES[path];
  if (load === undefined) throw new Error(`${path} is not a page to prerender`);
  // With the messages the browser takes the page over with (the landing pages' part), so a message missing
  // from that part shows here, in the build, not as a difference in a visitor's browser.
  const [page, loaded] = await Promise.all([load(), loadLanguage(language, { landingOnly: true })]);
  // Whatever the page would otherwise fetch as it is taken over (the lead form's code) is drawn too.
  await page.preload?.();
  if (answer !== undefined && page.prepareAnswer === undefined)
    throw new Error(`${path} has no form to answer`);
  await page.prepareAnswer?.(answer);
  const html = renderToString(
    <StrictMode>
      <LandingApp
        initial={{
          page,
          location: { pathname: pathInLanguage(path, language), search: '', state: null, key: 'default' },
        }}
        language={loaded}
        startApp={nowhere}
      />
    </StrictMode>,
  );
  // A part that could not be drawn here (it suspended or failed) would be left to the browser: not a page to
  // ship as drawn.
  if (html.includes('<!--$!-->')) throw new Error(`${path}: a part of the page was left to the browser`);
  // The tab title in the page's language, as the page sets it in the browser (use-document-title.ts).
  const intl = createIntl({ locale: LOCALE[language], defaultLocale: LOCALE.en, messages: loaded.catalog });
  return { html, title: documentTitle(intl.formatMessage(page.handle.title)) };
}
