import { borrowerRule, SessionGuard } from '#web/lib/session';
import { SessionRecording } from './session-recording';

/** The application flow: not signed in → /sign-in; staff → /summary. */
export function Component() {
  return (
    <>
      <SessionRecording />
      <SessionGuard rule={borrowerRule} />
    </>
  );
}
