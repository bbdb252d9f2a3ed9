import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { PAGE_ROUTES, type Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGES } from '#domain/validation/messages';
import { api, ApiError } from '#web/app/api';
import { useApiMutation } from '#web/app/use-api-mutation';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import { APPLICATION_QUERY_KEY, useApplication, type ApplicationView } from './application-query';

// The two things every application-flow page does the same way: wait for the application (with a retry
// when it cannot be read, and a redirect when it has moved past the flow), and save its answers (the server
// answers where to go next; 400s land on the fields, 409s explain and then go where the application stands).

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
 * Reads one page's own data (GET `path`) under the application key, then renders the page with it; when the
 * server says the application stands elsewhere (a redirect), goes there.
 */
export function PageDataGate<T>(o: {
  page: Page;
  title: string;
  queryKey: readonly unknown[];
  path: string;
  children: (data: T) => ReactNode;
}) {
  const query = useQuery({ queryKey: o.queryKey, queryFn: () => api<T>(o.path) });
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
 * Sends a page's answers with PUT to `path` and follows the server's `next`. Field errors go on the
 * form's fields (in `fieldOrder`, the first focused); other failures open the error modal, which the page
 * renders with `errorModal`.
 */
export function useSavePage<TValues extends FieldValues, TContext, TOutput>(
  path: string,
  form?: UseFormReturn<TValues, TContext, TOutput>,
  fieldOrder: readonly Path<TValues>[] = [],
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const [redirectAfterError, setRedirectAfterError] = useState<string>();
  const mutation = useApiMutation({
    send: (body: unknown) => api<{ next: string }>(path, { method: 'PUT', body }),
    form,
    fieldOrder,
    onOtherFailure: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // The application moved on meanwhile: explain, then go where it stands.
        setRedirectAfterError(error.redirect);
        failure.show(error.message);
      } else if (error instanceof ApiError && error.code === 'NetworkError') {
        failure.show(error.message);
      } else {
        failure.show(MESSAGES.saveFailed);
      }
    },
  });

  /** Resolves true when saved (and navigated), false when it failed (and the failure is shown). */
  const save = async (body: unknown): Promise<boolean> => {
    const answer = await mutation.run(body);
    if (!answer) return false;
    // Every page's data hangs under the application key: the next page must not read stale answers.
    await queryClient.invalidateQueries({ queryKey: APPLICATION_QUERY_KEY });
    await navigate(answer.next);
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
