import { borrowerRule, SessionGuard } from './session';

/** The application flow: not signed in → /sign-in; staff → /summary. */
export function Component() {
  return <SessionGuard rule={borrowerRule} />;
}
