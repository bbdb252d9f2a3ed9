import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from '#web/components/layout/navigation';

/**
 * The router's location and navigation for the parts of the site that also run without the router (the
 * landing pages and the header: components/layout/navigation.tsx).
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({
      location: {
        pathname: location.pathname,
        search: location.search,
        state: location.state as unknown,
        key: location.key,
      },
      navigate: (to, options) => navigate(to, options),
    }),
    [location.pathname, location.search, location.state, location.key, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
