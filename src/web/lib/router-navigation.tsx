import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLandingPagePath, languageOfPath } from '#domain/i18n/language';
import { inLanguage, NavigationProvider, type Navigation } from '#web/components/layout/navigation';
import { useLanguage } from './i18n';

/**
 * The router's location and navigation for the parts of the site that also run without the router (the
 * landing pages and the header: components/layout/navigation.tsx).
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // A landing page's address says its language (/es/lead), whatever the rest of the app is drawn in.
  const appLanguage = useLanguage().language;
  const language = isLandingPagePath(location.pathname)
    ? languageOfPath(location.pathname).language
    : appLanguage;
  const navigation = useMemo<Navigation>(
    () => ({
      location: {
        pathname: location.pathname,
        search: location.search,
        state: location.state as unknown,
        key: location.key,
      },
      navigate: (to, options) => navigate(inLanguage(to, language), options),
    }),
    [location.pathname, location.search, location.state, location.key, navigate, language],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
