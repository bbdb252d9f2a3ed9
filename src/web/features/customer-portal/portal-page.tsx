import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApiError } from '#web/lib/api';

/** The frame of a customer portal page. */
export function PortalPage({ title, children }: { title: string | MessageDescriptor; children: ReactNode }) {
  const intl = useIntl();
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
        {typeof title === 'string' ? title : intl.formatMessage(title)}
      </h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * A portal page drawn from one read: the loading screen while it is read; where the server says the borrower
 * belongs elsewhere (their application is not in the portal yet), that page; a failed read, said with a way to
 * try again; then the page's content from what was read.
 */
export function PortalQueryPage<T>({
  title,
  query,
  children,
}: {
  title: string | MessageDescriptor;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingScreen />;
  if (query.data === undefined) {
    const error = query.error;
    if (error instanceof ApiError && error.redirect) return <Navigate to={error.redirect} replace />;
    return (
      <PortalPage title={title}>
        <LoadFailure error={error} onRetry={() => void query.refetch()} />
      </PortalPage>
    );
  }
  return <PortalPage title={title}>{children(query.data)}</PortalPage>;
}

export const LINK_CLASS =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700';

/** The space between a sentence and what follows it (not words, so nothing to translate). */
export const SPACE = ' ';
