import type { ApplicationView } from '#domain/flow/application-view';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/app/api';

export const APPLICATION_QUERY_KEY = ['application'] as const;

export function useApplication() {
  return useQuery({
    queryKey: APPLICATION_QUERY_KEY,
    queryFn: () => api<ApplicationView>('/api/application'),
  });
}

export type { ApplicationView };
