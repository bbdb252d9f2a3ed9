import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useDocumentTitle } from '#web/components/layout/use-document-title';

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

export const LINK_CLASS =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700';

/** The space between a sentence and what follows it (not words, so nothing to translate). */
export const SPACE = ' ';
