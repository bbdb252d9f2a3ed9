import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { LEGAL_DOCUMENTS } from '#domain/legal-documents';
import type { LegalDocumentView } from '#domain/legal';
import { api } from '#web/lib/api';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { Markdown, parseMarkdown } from './markdown';

/**
 * /privacy-policy, /terms-and-conditions and /credit-report-policy: the agency's text as a page of the product.
 * When the agency keeps the text on its own site, the server already redirects these paths there; a visitor
 * who arrives through the app's own navigation is sent on the same way.
 */
export function Component() {
  const { pathname } = useLocation();
  const document = LEGAL_DOCUMENTS.find((d) => d.path === pathname.replace(/\/+$/, '')) ?? LEGAL_DOCUMENTS[0];
  useDocumentTitle(document.title);
  const query = useQuery({
    queryKey: ['legal', document.key],
    queryFn: () => api<LegalDocumentView>(`/api/legal/${document.key}`),
    staleTime: 5 * 60_000,
  });
  const view = query.data;
  useEffect(() => {
    if (view?.kind === 'url') window.location.replace(view.url);
  }, [view]);
  const blocks = useMemo(() => (view?.kind === 'text' ? parseMarkdown(view.markdown) : []), [view]);

  if (query.isError)
    return <LoadFailure error={query.error} onRetry={() => void query.refetch()} className="px-4 py-16" />;
  if (!view) return <LoadingScreen />;
  if (view.kind === 'url')
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-gray-900">{view.title}</h1>
        <p className="mt-4 text-gray-700">
          Opening{' '}
          <a href={view.url} className="font-medium text-brand-800 underline underline-offset-2">
            the {view.title} on our partner’s site
          </a>
          …
        </p>
      </div>
    );
  const hasTitle = blocks.some((block) => block.type === 'heading' && block.level === 1);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 break-words sm:px-6 sm:py-14">
      {!hasTitle && <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{view.title}</h1>}
      <Markdown blocks={blocks} />
    </article>
  );
}
