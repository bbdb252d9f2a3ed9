import type { ApplicationView } from '#domain/flow/application-view';
import { useQuery } from '@tanstack/react-query';
import { applicationQuery } from './api';

export function useApplication() {
  return useQuery(applicationQuery());
}

export type { ApplicationView };
