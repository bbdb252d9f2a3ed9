import { useState } from 'react';
import { defineMessage, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { STAFF_HOME } from '#domain/flow/resume';
import { useSession, useSignOut } from '#web/lib/session';
import { useDocumentTitle } from './use-document-title';

const PRIMARY_LINK =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800';

const TITLE = defineMessage({ id: 'notFound.title', defaultMessage: 'Page not found' });

export function Component() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const answer = session.data;
  const user = answer?.user ? answer : undefined;

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <FormattedMessage id="notFound.eyebrow" defaultMessage="Error 404" />
      </p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900 sm:text-4xl">
        <FormattedMessage {...TITLE} />
      </h1>
      <p className="mt-4 text-gray-700">
        <FormattedMessage
          id="notFound.text"
          defaultMessage="The page you are looking for does not exist or has moved."
        />
      </p>
      {user ? (
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to={user.user.isStaff ? STAFF_HOME : user.resume} className={PRIMARY_LINK}>
            <FormattedMessage id="notFound.continue" defaultMessage="Continue where you left off" />
          </Link>
          <button
            type="button"
            onClick={() => void onSignOut()}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-6 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            <FormattedMessage id="notFound.signOut" defaultMessage="Sign Out" />
          </button>
        </div>
      ) : (
        <Link to="/" className={`mt-8 ${PRIMARY_LINK}`}>
          <FormattedMessage id="notFound.home" defaultMessage="Go to the home page" />
        </Link>
      )}
    </div>
  );
}
