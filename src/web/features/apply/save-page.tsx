import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { shouldRecordView } from '#domain/flow/page-order';
import { PAGE_ROUTES, type Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import type { MessageRef } from '#domain/i18n/message';
import { apiErrorMessage } from '#web/lib/api-error-text';
import { useApiMutation } from '#web/lib/use-api-mutation';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { applyKeys, recordViewedPage, type NextAnswer } from './api';
import { ApplyPage } from './apply-page';
import { readAfterNow, useApplication, useBehindLastStep, type ApplicationView } from './application-query';

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

/**
 * Tells the server the borrower opened `page`, so a later sign-in resumes here (the last viewed page). Only when
 * it changes something: arriving on the page a save chose costs no call. Sent once per visit, without waiting
 * and without retrying: a failure leaves the resume on the page before, as it was.
 */
export function RecordView({ page, application }: { page: Page; application: ApplicationView }) {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  // Decided once, by the application as the page opened: after this page's own save the application read
  // again names the next page as the last viewed one, and the page being left must not claim it back (it
  // would write a second time, and a borrower signing in later could resume on the page they left).
  const [toRecord] = useState(() => (shouldRecordView(application, page) ? page : null));
  useEffect(() => {
    if (!toRecord || sent.current) return;
    sent.current = true;
    recordViewedPage(toRecord).then(
      () =>
        queryClient.setQueryData<ApplicationView>(applyKeys.application(), (cached) =>
          cached ? { ...cached, lastViewedPage: toRecord } : cached,
        ),
      () => undefined,
    );
  }, [toRecord, queryClient]);
  return null;
}

/** Loads the application, then renders the page with it. */
export function ApplyPageGate({ page, title, allowAnyStatus, children }: PageGateProps) {
  const application = useApplication();
  const behind = useBehindLastStep(application);
  if (application.isPending || behind) return <LoadingScreen />;
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
  return (
    <>
      <RecordView page={page} application={application.data} />
      {children(application.data)}
    </>
  );
}

/**
 * Sends a step of the flow (`send`, one of ./api's calls) and follows the server's `next`. By default the
 * application is read again first (every page's data hangs under its key: the next page must not read stale
 * answers). With `leaveFirst` the page leaves first and the application is read again afterwards: for steps
 * that move the status on, whose gate must not see the new status on the old page (it would redirect a
 * second time); the page arrived at waits for that read instead of acting on the status it held before.
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
    /**
     * The step started a new application (applying again after a refusal): everything read of the old one
     * is dropped before leaving, so the next page waits for the new one instead of acting on the old one (its
     * gate would send the borrower back to the refusal, and its form would show the old answers).
     */
    startsNewApplication?: boolean;
    onError?: (error: unknown) => boolean;
    failedMessage?: MessageRef;
    /**
     * Where Continue goes when nothing was changed on a page saved before (`completed`): there without a
     * call, since saving the same answers again would change nothing. Only for pages whose next page does not
     * depend on what the server works out; a page never saved is always sent, so the server still checks the
     * flow's order and records the page as completed. Whether something changed is the form's own `isDirty`;
     * a page that keeps its answers outside react-hook-form says it with `changed`.
     */
    unchanged?: { completed: boolean; next: string; changed?: boolean };
    /**
     * The page the save usually leads to, made ready beside the save instead of after it (the default way
     * only): `script` loads its code as the save is sent; `read`, given the server's answer, starts that
     * page's first read (while the application is read again) and returns the navigation state that hands
     * the read to it, or undefined when the answer goes elsewhere.
     */
    prepareNext?: { script: () => Promise<unknown>; read: (answer: NextAnswer) => unknown };
  } = {},
) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  // The page stays busy from the click until the next page is shown, not only while the request runs: after
  // the answer the application is read again and the next page's script may still load (seconds on a slow
  // phone), and a form showing Continue again meanwhile looks idle and invites a second save. Kept as the
  // location the save started on, so the busy state ends by itself once another location is shown (even when
  // the next page is this same component), and never flashes off in between. The ref refuses a second call
  // made before React has drawn the busy state.
  const [leavingFrom, setLeavingFrom] = useState<string>();
  const startedOn = useRef<string>(undefined);
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
        failure.show(apiErrorMessage(error));
      } else if (error instanceof ApiError && error.code === 'NetworkError') {
        failure.show(apiErrorMessage(error));
      } else {
        failure.show(o.failedMessage ?? MESSAGE_REFS.saveFailed);
      }
    },
  });

  // Read while rendering, so react-hook-form keeps it up to date.
  const isDirty = o.unchanged?.changed ?? o.form?.formState.isDirty ?? true;

  const busy = mutation.busy || leavingFrom === location.key;

  /** Resolves true when saved (and navigated), false when it failed (and the failure is shown). */
  const save = async (body: TBody): Promise<boolean> => {
    if (busy || startedOn.current === location.key) return false;
    startedOn.current = location.key;
    setLeavingFrom(location.key);
    const stayed = () => {
      startedOn.current = undefined;
      setLeavingFrom(undefined);
    };
    try {
      if (o.unchanged?.completed && !isDirty) {
        await navigate(o.unchanged.next);
        return true;
      }
      // A script that fails to load here is asked for again by the router, which shows its own failure.
      o.prepareNext?.script().catch(() => undefined);
      const answer = await mutation.run(body);
      if (!answer) {
        stayed();
        return false;
      }
      if (o.startsNewApplication) {
        queryClient.removeQueries({ queryKey: applyKeys.application() });
        await navigate(answer.next);
      } else if (o.leaveFirst) {
        // The next page's gate waits for the application read after this moment (useBehindLastStep).
        await navigate(answer.next, { state: readAfterNow() });
        // The page just left may not have unmounted yet: its reads are only marked stale, never asked again
        // here (after the status moved on the server refuses them with 409). The next page that shows one
        // reads it afresh; the application itself is read again now.
        void queryClient.invalidateQueries({ queryKey: applyKeys.application(), refetchType: 'none' });
        void queryClient.refetchQueries({ queryKey: applyKeys.application(), exact: true, type: 'active' });
      } else {
        // The next page's read is sent first, so it never waits for the application's: they run side by side.
        // (The invalidation marks it too while it runs, and its answer clears that.)
        const state = o.prepareNext?.read(answer);
        await queryClient.invalidateQueries({ queryKey: applyKeys.application() });
        await navigate(answer.next, state === undefined ? undefined : { state });
      }
      return true;
    } catch (error) {
      // Reading again or leaving failed unexpectedly: the form is usable again rather than busy for good.
      stayed();
      throw error;
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

  return { save, busy, errorModal, showError: failure.show };
}
