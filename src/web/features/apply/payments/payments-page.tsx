import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { APP_ERROR_DEFAULT_MESSAGE } from '#domain/errors';
import { PAGE_ROUTES, type Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { MESSAGES } from '#domain/validation/messages';
import { api, ApiError } from '#web/app/api';
import { endLocalSession } from '#web/app/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { APPLICATION_QUERY_KEY, type ApplicationView } from '../application-query';
import { ApplyPageGate } from '../save-page';

// What the payment pages (/payments/...) share: who may see them, and how a step that is not a form PUT
// (Continue, a bank connection) is sent.

/** The payment pages are for an application whose offer was accepted and whose payment account is not set. */
export const PAYMENT_STATUS: ApplicationStatus = 'confirmPaymentAccount';

/** Where an application in any other status goes instead (a stale payment page means it moved on). */
export function elsewhere(application: ApplicationView): string {
  const resume = resumeRoute(application);
  return resume.startsWith('/payments/') ? PAGE_ROUTES.Submitted : resume;
}

/** Loads the application and renders the page only while the payment account is being chosen. */
export function PaymentsPageGate({
  page,
  title,
  children,
}: {
  page: Page;
  title: string;
  children: (application: ApplicationView) => ReactNode;
}) {
  return (
    <ApplyPageGate page={page} title={title} allowAnyStatus>
      {(application) =>
        application.status === PAYMENT_STATUS ? (
          children(application)
        ) : (
          <Navigate to={elsewhere(application)} replace />
        )
      }
    </ApplyPageGate>
  );
}

/**
 * Sends one step (`method` to `path`, with an optional body) and follows the server's `next`. Unlike
 * useSavePage, the page leaves first and the application is read again afterwards: these steps move the
 * status on, and the gate must not see the new status on the old page (it would redirect a second time).
 * `onError` may claim a failure (returns true) before the usual handling: sign-in expired → /sign-in, a
 * conflict → explained then where the application stands, anything else → the error modal.
 */
export function useFlowStep<TValues extends FieldValues = FieldValues, TContext = unknown, TOutput = TValues>(
  path: string,
  o: {
    method?: 'POST' | 'PUT';
    onError?: (error: unknown) => boolean;
    /** A 400's field errors land on this form's fields (in `fieldOrder`, the first focused). */
    form?: UseFormReturn<TValues, TContext, TOutput>;
    fieldOrder?: readonly Path<TValues>[];
  } = {},
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const [redirectAfterError, setRedirectAfterError] = useState<string>();
  const mutation = useMutation({
    mutationFn: (body: unknown) => api<{ next: string }>(path, { method: o.method ?? 'POST', body }),
  });

  /** Resolves true when sent (and navigated), false when it failed (and the failure is shown). */
  const run = async (body?: unknown): Promise<boolean> => {
    if (mutation.isPending) return false;
    try {
      const answer = await mutation.mutateAsync(body);
      await navigate(answer.next);
      void queryClient.invalidateQueries({ queryKey: APPLICATION_QUERY_KEY });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NotAuthenticated') {
        await endLocalSession(queryClient, navigate, APP_ERROR_DEFAULT_MESSAGE.NotAuthenticated);
      } else if (o.onError?.(error)) {
        // The page shows this one itself.
      } else if (error instanceof ApiError && error.status === 409) {
        setRedirectAfterError(error.redirect);
        failure.show(error.message);
      } else if (error instanceof ApiError && error.code === 'NetworkError') {
        failure.show(error.message);
      } else if (!o.form || !applyServerFieldErrors(o.form, error, o.fieldOrder ?? [])) {
        failure.show(MESSAGES.saveFailed);
      }
      return false;
    }
  };

  const errorModal = (
    <ErrorModal
      {...failure.props}
      onClose={() => {
        failure.props.onClose();
        if (redirectAfterError) void navigate(redirectAfterError, { replace: true });
      }}
    />
  );

  return { run, busy: mutation.isPending, errorModal, showError: failure.show };
}

export const HEADING_CLASS = 'text-2xl font-bold text-gray-900 sm:text-3xl';

export const SECONDARY_BUTTON_CLASS =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-3 ' +
  'text-base font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70';

export const PRIMARY_BUTTON_CLASS =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base ' +
  'font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70';

export const TEXT_LINK_CLASS =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
