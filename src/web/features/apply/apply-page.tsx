import type { ReactNode } from 'react';
import type { Page } from '#domain/flow/pages';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { ProgressBar } from './progress-bar';

/** The frame of every application-flow page: the progress bar above a card holding the page. */
export function ApplyPage({ page, title, children }: { page: Page; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <ProgressBar page={page} />
      <div className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:mt-8 sm:p-8">
        {children}
      </div>
    </div>
  );
}
