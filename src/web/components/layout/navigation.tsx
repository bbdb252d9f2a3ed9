import { createContext, use, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { isLandingPagePath, languageOfPath, pathInLanguage, type Language } from '#domain/i18n/language';
import { useLanguage } from '#web/lib/i18n';

// Where the page is and how to go elsewhere, for the parts of the site a landing page draws (the header, the
// landing pages, the How it Works modal). A landing page arrives prerendered and is taken over by a small app
// of its own that does not carry the router (landing-app.tsx): the router is a third of the JavaScript a first
// visit would otherwise download. Everywhere else the router answers (site-layout.tsx provides it from
// react-router). This file must therefore never import react-router.

export type NavigationLocation = {
  pathname: string;
  search: string;
  /** What the page that navigated here handed over (the router's location state). */
  state: unknown;
  /** Changes at every navigation, even to the same address. */
  key: string;
};

export type NavigateTo = string | { pathname: string; search?: string };
export type NavigateOptions = { replace?: boolean; state?: unknown };

export type Navigation = {
  location: NavigationLocation;
  navigate: (to: NavigateTo, options?: NavigateOptions) => void | Promise<void>;
};

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  const navigation = use(NavigationContext);
  if (navigation === null) throw new Error('useNavigation: no NavigationProvider above this component');
  return navigation;
}

/** '/lead' or { pathname: '/lead', search: '?a=1' } → '/lead?a=1'. */
export const hrefOf = (to: NavigateTo): string =>
  typeof to === 'string' ? to : `${to.pathname}${to.search ?? ''}`;

/**
 * Where a link or a navigation goes from a page in `language`: a landing page has an address per language, so
 * '/lead' from a Spanish page is '/es/lead' (and the home page, '/', which shows the lead page, too). Other
 * addresses, and one that already names its language, stay as they are.
 */
export function inLanguage(to: NavigateTo, language: Language): NavigateTo {
  if (typeof to !== 'string') return { ...to, pathname: landingPathIn(to.pathname, language) };
  const end = to.search(/[?#]/);
  const [pathname, rest] = end === -1 ? [to, ''] : [to.slice(0, end), to.slice(end)];
  return `${landingPathIn(pathname, language)}${rest}`;
}

function landingPathIn(pathname: string, language: Language): string {
  if (languageOfPath(pathname).language !== 'en' || language === 'en') return pathname;
  if (pathname === '/') return pathInLanguage('/lead', language);
  return isLandingPagePath(pathname) ? pathInLanguage(pathname, language) : pathname;
}

/** A click the browser should handle itself: another button, a modifier (new tab or window), a download. */
const leftToTheBrowser = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self') ||
  event.currentTarget.hasAttribute('download');

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  state?: unknown;
  replace?: boolean;
};

/** A link inside the app: a real address (it works without a script, and opens in a new tab), followed in place. */
export function AppLink({ to, state, replace, onClick, ...props }: AppLinkProps) {
  const { navigate } = useNavigation();
  const href = hrefOf(inLanguage(to, useLanguage().language));
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (leftToTheBrowser(event)) return;
        event.preventDefault();
        void navigate(href, { state, replace });
      }}
    />
  );
}
