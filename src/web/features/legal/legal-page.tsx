import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { isLanguage } from '#domain/i18n/language';
import { LEGAL_DOCUMENTS } from '#domain/legal-documents';
import type { LegalDocumentView } from '#domain/legal';
import { api } from '#web/lib/api';
import { useLanguage } from '#web/lib/i18n';
import { useLegalDocumentTitle } from '#web/components/layout/legal-document-titles';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { Markdown, parseMarkdown } from './markdown';

/** `?lang=en` on a legal page: the text in that language whatever the page's (the Spanish notice links to it). */
const TEXT_LANGUAGE_PARAMETER = 'lang';

const LINK = 'font-medium text-brand-800 underline underline-offset-2';

/**
 * /privacy-policy, /terms-and-conditions and /credit-report-policy: the agency's text as a page of the product.
 * When the agency keeps the text on its own site, the server already redirects these paths there; a visitor
 * who arrives through the app's own navigation is sent on the same way. The text is in the page's language
 * (decision 0099); a Spanish text the agency has not approved says that the English version governs.
 */
export function Component() {
  const { pathname, search } = useLocation();
  const { language: pageLanguage } = useLanguage();
  const asked = new URLSearchParams(search).get(TEXT_LANGUAGE_PARAMETER);
  const language = isLanguage(asked) ? asked : pageLanguage;
  const path = pathname.replace(/\/+$/, '');
  const document = LEGAL_DOCUMENTS.find((d) => d.path === path) ?? LEGAL_DOCUMENTS[0];
  const title = useLegalDocumentTitle()(document);
  useDocumentTitle(title);
  const query = useQuery({
    queryKey: ['legal', document.key, language],
    // English without a language asked, as it has always been answered.
    queryFn: () =>
      api<LegalDocumentView>(
        language === 'en' ? `/api/legal/${document.key}` : `/api/legal/${document.key}?language=${language}`,
      ),
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
  // The language of the words shown, for assistive technology (English where no Spanish text exists).
  const textLanguage = view.language ?? language;
  const notice = <LanguageNotice view={view} asked={language} englishPath={`${document.path}?lang=en`} />;
  if (view.kind === 'url')
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
        {notice}
        <p className="mt-4 text-gray-700">
          <FormattedMessage
            id="legal.page.opening"
            defaultMessage="Opening <link>the {title} on our partner’s site</link>…"
            values={{
              title: view.title,
              link: (chunks: ReactNode) => (
                <a href={view.url} className={LINK}>
                  {chunks}
                </a>
              ),
            }}
          />
        </p>
      </div>
    );
  const hasTitle = blocks.some((block) => block.type === 'heading' && block.level === 1);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 break-words sm:px-6 sm:py-14">
      {!hasTitle && <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{view.title}</h1>}
      {notice}
      <div lang={textLanguage === pageLanguage ? undefined : textLanguage}>
        <Markdown blocks={blocks} />
      </div>
    </article>
  );
}

/**
 * Above a text not in the language asked for, or one that does not govern: a Spanish text the agency has not
 * approved is a courtesy translation (the English version governs, linked); a text the agency has only in
 * English is shown in English and says so.
 */
function LanguageNotice({
  view,
  asked,
  englishPath,
}: {
  view: LegalDocumentView;
  asked: string;
  englishPath: string;
}) {
  const box = 'mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-amber-950';
  if (view.englishGoverns)
    return (
      <p role="note" className={box}>
        <FormattedMessage
          id="legal.notice.englishGoverns"
          defaultMessage="This translation is provided for your convenience. The English version governs: if the two differ, the English version applies. <link>Read the English version</link>."
          values={{
            link: (chunks: ReactNode) => (
              <Link to={englishPath} className={LINK}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    );
  if (view.language !== undefined && view.language !== asked)
    return (
      <p role="note" className={box}>
        <FormattedMessage
          id="legal.notice.englishOnly"
          defaultMessage="This document is available in English only."
        />
      </p>
    );
  return null;
}
