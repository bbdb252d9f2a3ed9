import { useQuery } from '@tanstack/react-query';
import type { Page } from '#domain/flow/pages';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { HardshipKey } from '#domain/validation/application';
import { api } from '../../app/api';

/** GET /api/application: the signed-in borrower's own application, as the flow's pages read it. */
export type ApplicationView = {
  id: string;
  status: ApplicationStatus;
  lastCompletedPage: Page | null;
  lastViewedPage: Page | null;
  hardships: Record<HardshipKey, boolean>;
};

export const APPLICATION_QUERY_KEY = ['application'] as const;

export function useApplication() {
  return useQuery({
    queryKey: APPLICATION_QUERY_KEY,
    queryFn: () => api<ApplicationView>('/api/application'),
  });
}
