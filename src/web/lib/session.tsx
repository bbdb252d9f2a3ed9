import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate, type NavigateFunction } from 'react-router';
import { z } from 'zod';
import type { Language } from '#domain/i18n/language';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { api } from './api';
import { EMAIL_UPDATED_KEY } from './email-updated';
import type { ShownMessage } from './message-text';

/**
 * Session state. The server session (cookie) is the truth: GET /api/session is cached in one query that the
 * guards read. A few non-sensitive bits are mirrored in sessionStorage under one key so that a reload in the
 * middle of an account flow (forgot password, set initial password) keeps its place.
 * Never passwords, codes or tokens.
 */

export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  mustChangePassword: boolean;
  isStaff: boolean;
  /** Staff: an authenticator app is enrolled. */
  twoFactorEnabled: boolean;
  /** Staff: this session passed the second factor; the service portal needs it. */
  secondFactorVerified: boolean;
  /** The language a borrower stored (their switch, or the lead form's language); null for staff. */
  preferredLanguage?: Language | null;
};

export type SessionAnswer = { user: null } | { user: SessionUser; resume: string };

export const SESSION_QUERY_KEY = ['session'] as const;

/** The one sessionStorage key of the app. */
export const SESSION_STORAGE_KEY = 'dmp.session';

const userInformationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
});

const sessionStateSchema = z.object({
  userId: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  /** Set when sign-in answered that the user must set an initial password; cleared on success or failure. */
  mustSetInitialPassword: z.boolean().optional(),
  /** The email given on /forgot-password, so /verification-code need not ask again. */
  forgotPasswordUsername: z.string().optional(),
  /** What /user-information collected, sent with the new password on /reset-password. */
  userInformation: userInformationSchema.optional(),
});

export type SessionState = z.infer<typeof sessionStateSchema>;
export type UserInformation = z.infer<typeof userInformationSchema>;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage can be unavailable (privacy modes); the flows still work within one page view.
    return undefined;
  }
}

export function readSessionState(): SessionState {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed = sessionStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Merges a patch into the stored state; a key set to undefined is removed. Returns the new state. */
export function updateSessionState(patch: Partial<SessionState>): SessionState {
  const next: Record<string, unknown> = { ...readSessionState(), ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  const state = sessionStateSchema.parse(next);
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Quota or privacy mode: the state lives for this page view only.
  }
  return state;
}

/** Spec: sign out clears all session storage, not only our key. */
export function clearSessionState(): void {
  try {
    storage()?.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Mirrors the non-sensitive part of the server's answer. */
function mirror(answer: SessionAnswer): void {
  if (answer.user) {
    updateSessionState({
      userId: answer.user.id,
      firstName: answer.user.firstName ?? undefined,
      lastName: answer.user.lastName ?? undefined,
    });
  } else {
    // Signed out: forget the user, keep the forgot-password username (that flow runs signed out).
    updateSessionState({
      userId: undefined,
      firstName: undefined,
      lastName: undefined,
      mustSetInitialPassword: undefined,
      userInformation: undefined,
    });
  }
}

async function fetchSession(): Promise<SessionAnswer> {
  const answer = await api<SessionAnswer>('/api/session');
  mirror(answer);
  return answer;
}

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });
}

/**
 * Re-reads the session after the server changed it (lead saved, sign-in, new password), so a guard on the
 * next page sees the new user instead of a cached { user: null }.
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
  } catch {
    // The guard asks again and shows its own failure.
    queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  }
}

/**
 * Forgets everything the browser holds about the user and goes to /sign-in, optionally with a message for
 * its banner. Navigation comes first: a guard still mounted would otherwise see the emptied cache and
 * redirect to /sign-in on its own, without the message.
 */
export async function endLocalSession(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  message?: ShownMessage,
): Promise<void> {
  clearSessionState();
  await navigate('/sign-in', { replace: true, state: message ? { message } : null });
  queryClient.clear();
}

/** Sign out: the server session is revoked when the call succeeds; local state is cleared either way. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api<void>('/api/auth/sign-out', { method: 'POST' });
    } catch {
      // Sign out clears all session storage even when the call fails.
    }
    await endLocalSession(queryClient, navigate);
  }, [queryClient, navigate]);
}

/** Where a guard sends this session instead of rendering its pages; undefined lets it through. */
export type GuardRule = (answer: SessionAnswer) => string | undefined;

/** The application flow: signed-in borrowers. */
export const borrowerRule: GuardRule = (answer) => {
  if (!answer.user) return '/sign-in';
  if (answer.user.isStaff) return '/summary';
  return undefined;
};

/** The customer portal: signed-in borrowers who have set their own password. */
export const customerPortalRule: GuardRule = (answer) => {
  if (!answer.user) return '/sign-in';
  if (answer.user.mustChangePassword) return '/please-check-your-email';
  if (answer.user.isStaff) return '/summary';
  return undefined;
};

/**
 * The service portal: staff who passed the second factor in this session and whose password is their own. A
 * borrower goes back to where their application stands; a staff member without the factor or with a
 * temporary password goes where the server says (the code page, a new password, or enrolment of an
 * authenticator app): the server refuses every staff call until then.
 */
export const servicePortalRule: GuardRule = (answer) => {
  if (!answer.user) return '/sign-in';
  if (!answer.user.isStaff) return answer.resume;
  if (!answer.user.secondFactorVerified || answer.user.mustChangePassword) return answer.resume;
  return undefined;
};

/**
 * When another tab of this browser completes an email change (email-updated.ts), asks the server whether this
 * tab's session is still there (the change ends the sessions of its own account only) and, if it is gone,
 * goes to /sign-in with 'Your email has been updated…'. The answer is read without touching the cached
 * session: an emptied cache would send the guard to /sign-in first, without the message.
 */
function useSignOutOnEmailUpdate(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== EMAIL_UPDATED_KEY || event.newValue === null) return;
      api<SessionAnswer>('/api/session')
        .then(async (answer) => {
          if (!answer.user) await endLocalSession(queryClient, navigate, MESSAGE_REFS.emailUpdated);
        })
        .catch(() => {
          // Unreachable server: the tab finds out on its next call, as it would have before.
        });
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  }, [queryClient, navigate]);
}

/** A layout route that renders its pages (or `children`) only for sessions the rule lets through. */
export function SessionGuard({ rule, children }: { rule: GuardRule; children?: ReactNode }) {
  useSignOutOnEmailUpdate();
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) {
    return (
      <LoadFailure
        error={session.error}
        onRetry={() => void session.refetch()}
        className="mx-auto min-h-[50vh] max-w-md justify-center px-4"
      />
    );
  }
  const redirectTo = rule(session.data);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}
