import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  SandboxAccountsView,
  SandboxInstitutionsView,
  sandboxPublicTokenViewSchema,
} from '#domain/enrollment/views';
import { api } from '#web/lib/api';

// The built-in sandbox bank-link widget's server calls. The application's bank step, its payment pages and the
// customer portal's reconnection all open the same dialog, so these live outside any one feature.

export const SANDBOX_INSTITUTIONS_PATH = '/api/bank-link/sandbox/institutions';
export const SANDBOX_SIGN_IN_PATH = '/api/bank-link/sandbox/sign-in';
export const SANDBOX_PUBLIC_TOKEN_PATH = '/api/bank-link/sandbox/public-token';

export const bankLinkKeys = {
  sandboxInstitutions: () => ['bank-link', 'sandbox-institutions'] as const,
};

export const sandboxInstitutionsQuery = () =>
  queryOptions({
    queryKey: bankLinkKeys.sandboxInstitutions(),
    queryFn: () => api<SandboxInstitutionsView>(SANDBOX_INSTITUTIONS_PATH),
  });

/** The built-in sandbox widget: sign in to a test institution, answered with the accounts on offer. */
export const sandboxSignIn = (body: {
  linkToken: string;
  institutionId: string;
  username: string;
  password: string;
}) => api<SandboxAccountsView>(SANDBOX_SIGN_IN_PATH, { method: 'POST', body });

/** The built-in sandbox widget: the chosen accounts, answered with the public token to exchange. */
export const sandboxPublicToken = (body: {
  linkToken: string;
  institutionId: string;
  username: string;
  accountIds: string[];
}) => api<z.infer<typeof sandboxPublicTokenViewSchema>>(SANDBOX_PUBLIC_TOKEN_PATH, { method: 'POST', body });
