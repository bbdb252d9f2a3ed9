import { StrictMode, useEffect, useMemo, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  NavigationProvider,
  hrefOf,
  inLanguage,
  type Navigation,
  type NavigationLocation,
} from './components/layout/navigation';
import { SiteShell } from './components/layout/site-shell';
import { languageOfPath } from '#domain/i18n/language';
import { LanguageProvider, loadLanguage, rememberLanguage, type LoadedLanguage } from './lib/i18n';
import { PRERENDERED_PAGES, type LandingPageModule } from './prerendered-pages';

/**
 * The app that takes over a prerendered landing page: the site's frame and the page, without the router (and
 * without react-query): a first visit downloads React and the page, nothing else. Going from one landing page to
 * another stays here; going anywhere else starts the whole app (boot.tsx), which fetches the next page's
 * modules while this page stays on the screen, then replaces it. The build draws the same tree (prerender.tsx),
 * so the browser's first render matches the HTML exactly.
 */

type Shown = { page: LandingPageModule; location: NavigationLocation };

/** The history entry's state in the router's own shape, so the router reads it when it takes over. */
type HistoryState = { usr: unknown; key: string; idx: number };

const randomKey = () => Math.random().toString(36).slice(2, 10);

const historyState = (): Partial<HistoryState> =>
  typeof window.history.state === 'object' && window.history.state !== null
    ? (window.history.state as Partial<HistoryState>)
    : {};

export function currentLocation(): NavigationLocation {
  const state = historyState();
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: state.usr ?? null,
    key: state.key ?? 'default',
  };
}

/** The landing page for a path in either language (/lead, /es/lead), or undefined when the path is not one. */
export const landingPageFor = (pathname: string) => PRERENDERED_PAGES[languageOfPath(pathname).path];

type LandingAppProps = {
  initial: Shown;
  /** The page's language (its address says which) with the landing pages' messages. */
  language: LoadedLanguage;
  /** Hands the visitor to the whole app at the address now in the history. */
  startApp: () => Promise<void>;
  /** Told once React has taken the page over (its handlers now answer). */
  onTakenOver?: () => void;
};

export function LandingApp({ initial, language, startApp, onTakenOver }: LandingAppProps) {
  const [shown, setShown] = useState(initial);

  useEffect(() => onTakenOver?.(), [onTakenOver]);

  useEffect(() => {
    // Back and forward: another landing page is shown here, any other page by the whole app.
    const onPopState = () => {
      const location = currentLocation();
      const load = landingPageFor(location.pathname);
      if (load === undefined) return void startApp();
      void load().then(
        (page) => setShown({ page, location }),
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [startApp]);

  const navigation = useMemo<Navigation>(
    () => ({
      location: shown.location,
      navigate: async (to, options = {}) => {
        // A landing page in the page's language (the How it Works modal's Get Started goes to /lead).
        const href = hrefOf(inLanguage(to, language.language));
        const url = new URL(href, window.location.href);
        const idx = (historyState().idx ?? 0) + (options.replace ? 0 : 1);
        const state: HistoryState = { usr: options.state ?? null, key: randomKey(), idx };
        const load = landingPageFor(url.pathname);
        // A landing page in the other language is that language's own prerendered page: load it whole.
        if (load !== undefined && languageOfPath(url.pathname).language !== language.language)
          return window.location.assign(href);
        const write = () =>
          options.replace
            ? window.history.replaceState(state, '', href)
            : window.history.pushState(state, '', href);
        if (load === undefined) {
          write();
          return startApp();
        }
        const page = await load();
        write();
        setShown({ page, location: currentLocation() });
        // At once: the page being left may still be drawn, and its smooth scrolling would slide the new page.
        if (url.pathname !== shown.location.pathname)
          window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      },
    }),
    [shown, startApp, language.language],
  );

  const { Component } = shown.page;
  return (
    <LanguageProvider initial={language}>
      <NavigationProvider value={navigation}>
        <SiteShell>
          <Component />
        </SiteShell>
      </NavigationProvider>
    </LanguageProvider>
  );
}

/**
 * Takes over the prerendered landing page in `container`. Resolves once React is hydrating it, with
 * `takenOver`, which resolves once the page's first effects have run (a click given back to a link then
 * reaches the page's handler); rejects when the page's module cannot be downloaded (the caller then starts the
 * whole app).
 */
export async function startLanding(container: HTMLElement): Promise<{ takenOver: Promise<void> }> {
  const load = landingPageFor(window.location.pathname);
  if (load === undefined) throw new Error('not a landing page');
  const { language: pageLanguage } = languageOfPath(window.location.pathname);
  // The landing pages' messages only: a first tap waits for a quarter of the messages, not all of them. The
  // landing app draws nothing else (going to another kind of page starts the whole app, which fetches the rest
  // beside that page's modules); swapping messages here would redraw the lead form still waiting for its code.
  const [page, language] = await Promise.all([load(), loadLanguage(pageLanguage, { landingOnly: true })]);
  // Whoever opens a landing page in a language (a campaign's link) keeps it on the pages that follow.
  rememberLanguage(pageLanguage);
  // The root is read only when the visitor leaves, long after it is set below.
  const holder: { root?: Root } = {};
  let starting: Promise<void> | undefined;
  const startApp = () => {
    starting ??= import('./boot').then(({ start }) =>
      start(container, { loadFirst: true, replacing: () => holder.root?.unmount() }),
    );
    return starting;
  };
  let tell: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (tell = resolve));
  holder.root = hydrateRoot(
    container,
    <StrictMode>
      <LandingApp
        initial={{ page, location: currentLocation() }}
        language={language}
        startApp={startApp}
        onTakenOver={tell}
      />
    </StrictMode>,
  );
  return { takenOver };
}
