import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { PAGE_ROUTES, type Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { useApiMutation } from '#web/lib/use-api-mutation';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { applyKeys, type NextAnswer } from './api';
import { ApplyPage } from './apply-page';
import { useApplication, type ApplicationView } from './application-query';

// The two things every application-flow page does the same way: wait for the application (with a retry
// when it cannot be read, and a redirect when it has moved past the flow), and save its answers (the server
// answers where to go next; 400s land on the fields, 409s explain and then go where the application stands).

/** The words every flow page's form shares: its button and the overlay while it saves. */
export const SAVE_MESSAGES = defineMessages({
  continue: { id: 'apply.save.continue', defaultMessage: 'Continue' },
  saving: { id: 'apply.save.saving', defaultMessage: 'Saving...' },
});

type PageGateProps = {
  page: Page;
  title: string;
  /** Pages reachable after the application left inProgress (the outcome pages) set this. */
  allowAnyStatus?: boolean;
  children: (application: ApplicationView) => ReactNode;
};

/** A flow page whose data cannot be read: the page's frame around the shared load failure. */
function PageLoadFailure(o: { page: Page; title: string; error: unknown; onRetry: () => void }) {
  return (
    <ApplyPage page={o.page} title={o.title}>
      <LoadFailure error={o.error} onRetry={o.onRetry} />
    </ApplyPage>
  );
}

/**
 * Reads one page's own data (`query`, one of ./api's reads under the application key), then renders the page
 * with it; when the server says the application stands elsewhere (a redirect), goes there.
 */
export function PageDataGate<T, TKey extends QueryKey>(o: {
  page: Page;
  title: string;
  query: UseQueryOptions<T, Error, T, TKey>;
  children: (data: T) => ReactNode;
}) {
  const query = useQuery(o.query);
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.redirect) {
      return <Navigate to={query.error.redirect} replace />;
    }
    return (
      <PageLoadFailure
        page={o.page}
        title={o.title}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{o.children(query.data)}</>;
}

/** Loads the application, then renders the page with it. */
export function ApplyPageGate({ page, title, allowAnyStatus, children }: PageGateProps) {
  const application = useApplication();
  if (application.isPending) return <LoadingScreen />;
  if (application.isError) {
    return (
      <PageLoadFailure
        page={page}
        title={title}
        error={application.error}
        onRetry={() => void application.refetch()}
      />
    );
  }
  // Past inProgress the answers are fixed: go where the application stands.
  const resume = resumeRoute(application.data);
  if (!allowAnyStatus && application.data.status !== 'inProgress' && resume !== PAGE_ROUTES[page]) {
    return <Navigate to={resume} replace />;
  }
  return <>{children(application.data)}</>;
}

/**
 * Sends a step of the flow (`send`, one of ./api's calls) and follows the server's `next`. By default the
 * application is read again first (every page's data hangs under its key: the next page must not read stale
 * answers). With `leaveFirst` the page leaves first and the application is read again afterwards: for steps
 * that move the status on, whose gate must not see the new status on the old page (it would redirect a
 * second time).
 *
 * A lost session goes to /sign-in; a 400's field messages land on the form's fields (in `fieldOrder`, the
 * first focused). `onError` may claim any other failure (returns true) and show it itself; otherwise a
 * conflict (409) is explained and then the page goes where the application stands, and anything else opens
 * the error modal (with `failedMessage`), which the page renders with `errorModal`.
 */
export function useSavePage<
  TBody = void,
  TValues extends FieldValues = FieldValues,
  TContext = unknown,
  TOutput = TValues,
>(
  send: (body: TBody) => Promise<NextAnswer>,
  o: {
    form?: UseFormReturn<TValues, TContext, TOutput>;
    fieldOrder?: readonly Path<TValues>[];
    leaveFirst?: boolean;
    onError?: (error: unknown) => boolean;
    failedMessage?: string;
  } = {},
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const [redirectAfterError, setRedirectAfterError] = useState<string>();
  const mutation = useApiMutation({
    send,
    form: o.form,
    fieldOrder: o.fieldOrder,
    onOtherFailure: (error) => {
      if (o.onError?.(error)) {
        // The page shows this one itself.
      } else if (error instanceof ApiError && error.status === 409) {
        // The application moved on meanwhile: explain, then go where it stands.
        setRedirectAfterError(error.redirect);
        failure.show(error.message);
      } else if (error instanceof ApiError && error.code === 'NetworkError') {
        failure.show(error.message);
      } else {
        failure.show(o.failedMessage ?? MESSAGES.saveFailed);
      }
    },
  });

  /** Resolves true when saved (and navigated), false when it failed (and the failure is shown). */
  const save = async (body: TBody): Promise<boolean> => {
    if (mutation.busy) return false;
    const answer = await mutation.run(body);
    if (!answer) return false;
    if (o.leaveFirst) {
      await navigate(answer.next);
      // The page just left may not have unmounted yet: its reads are only marked stale, never asked again
      // here (after the status moved on the server refuses them with 409). The next page that shows one
      // reads it afresh; the application itself is read again now.
      void queryClient.invalidateQueries({ queryKey: applyKeys.application(), refetchType: 'none' });
      void queryClient.refetchQueries({ queryKey: applyKeys.application(), exact: true, type: 'active' });
    } else {
      await queryClient.invalidateQueries({ queryKey: applyKeys.application() });
      await navigate(answer.next);
    }
    return true;
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

  return { save, busy: mutation.busy, errorModal, showError: failure.show };
}
