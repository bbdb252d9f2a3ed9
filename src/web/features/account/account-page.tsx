import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/components/layout/use-document-title';

/** The frame of every account screen: a centred card with the page's heading. */
export function AccountPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        {intro !== undefined && <div className="mt-2 text-gray-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export const LINK_CLASS =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700';

/** The space between a sentence and the link that follows it (not words, so nothing to translate). */
export const SPACE = ' ';
