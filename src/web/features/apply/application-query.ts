import type { ApplicationView } from '#domain/flow/application-view';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applicationQuery } from './api';

export function useApplication() {
  return useQuery(applicationQuery());
}

/**
 * The navigation state of a step that moved the status on and left its page before the application was read
 * again (useSavePage's `leaveFirst`): the moment the server's answer came.
 */
export type ReadAfterState = { applicationReadAfter: number };

export function readAfterNow(): ReadAfterState {
  return { applicationReadAfter: Date.now() };
}

/**
 * True while the page arrived at by such a step still holds the application as it was read before the step,
 * and reads it again meanwhile. A gate shows its loading state instead of acting on the old status: it would
 * send the borrower back to the page just left, and the fresh read forward again (a visible bounce).
 */
export function useBehindLastStep(application: UseQueryResult<ApplicationView>): boolean {
  const state = useLocation().state as Partial<ReadAfterState> | null;
  const after = typeof state?.applicationReadAfter === 'number' ? state.applicationReadAfter : undefined;
  // Strictly before: a clock that stands still (fake timers) never holds a page back.
  const behind = after !== undefined && application.isSuccess && application.dataUpdatedAt < after;
  const { isFetching, refetch } = application;
  useEffect(() => {
    if (behind && !isFetching) void refetch();
  }, [behind, isFetching, refetch]);
  return behind;
}

export type { ApplicationView };
