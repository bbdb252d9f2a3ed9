import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. A module of its own so that the landing pages, which need no query, leave
 * react-query out of their JavaScript: the routes that read the server get it from the query layout
 * (query-layout.tsx), and the lead form imports it only when it sends.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
