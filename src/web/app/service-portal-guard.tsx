import { servicePortalRule, SessionGuard } from '#web/lib/session';

/** The service portal: not signed in → /sign-in; a borrower → their resume route. */
export function Component() {
  return <SessionGuard rule={servicePortalRule} />;
}
