import { borrowerRule, SessionGuard } from './session';
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
