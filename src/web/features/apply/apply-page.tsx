import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Page } from '#domain/flow/pages';
import { useSession, useSignOut } from '#web/lib/session';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ProgressBar } from './progress-bar';

/**
 * The frame of every application-flow page: who is signed in with a way out (the flow can be left and
 * resumed at any page), the progress bar, and a card holding the page.
 */
export function ApplyPage({ page, title, children }: { page: Page; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const session = useSession();
  const signOut = useSignOut();
  const email = session.data?.user?.email;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <div className="mb-4 flex min-h-9 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-gray-700">
        {email ? (
          <>
            <span className="truncate">
              <FormattedMessage
                id="apply.frame.signedInAs"
                defaultMessage="Signed in as <strong>{email}</strong>"
                values={{
                  email,
                  strong: (chunks) => <strong className="font-medium text-gray-900">{chunks}</strong>,
                }}
              />
            </span>
            <button
              type="button"
              onClick={() => void signOut()}
              className="rounded-md px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <FormattedMessage id="apply.frame.signOut" defaultMessage="Sign Out" />
            </button>
          </>
        ) : null}
      </div>
      <ProgressBar page={page} />
      <div className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:mt-8 sm:p-8">
        {children}
      </div>
    </div>
  );
}
