import { StrictMode } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's renderer to HTML, not this project's server layer.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { documentTitle } from './components/layout/use-document-title';
import { PRERENDERED_PAGES } from './prerendered-pages';

/**
 * The build's prerendering (scripts/prerender.ts builds this file for Node and calls it): the landing pages
 * drawn to HTML from the same route table and components the browser runs, so a first visit paints before any
 * JavaScript arrives and the browser then takes the markup over (boot.tsx hydrates it).
 *
 * A prerendered page must draw the same for every visitor and at any time: nothing here may depend on the
 * session, the query string, the clock or the window.
 */

/** The paths the build prerenders. */
export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES);

export type RenderedPage = {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The tab title the page sets in the browser. */
  title: string;
};

const titleOf = (handle: unknown): string | undefined =>
  typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
    ? handle.title
    : undefined;

/** Draws one page of the route table to HTML, as the browser's first render will. */
export async function renderPage(path: string): Promise<RenderedPage> {
  // The router's own server rendering: it matches the path, loads the lazy route modules and runs loaders.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response)
    throw new Error(`${path} answers ${context.status}: not a page to prerender`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data script: the landing routes load nothing, and the page's rules refuse inline scripts.
  // A synchronous render is enough: the handler has already loaded the route modules, and nothing on these
  // pages waits for data.
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  // A part that could not be drawn here (it suspended or failed) would be left to the browser: not a page to
  // ship as drawn.
  if (html.includes('<!--$!-->')) throw new Error(`${path}: a part of the page was left to the browser`);
  const title = context.matches.map((match) => titleOf(match.route.handle)).findLast(Boolean);
  return { html, title: documentTitle(title) };
}
