/**
 * Session recording on the borrower's pages (a replay service that shows how people move through the
 * application, to find where they get stuck). A recorder is started once per page load, after the borrower
 * is known, and is told one thing about the person: the borrower record's id, a random UUID. Never a name,
 * an email, a phone number or what they type (decision 0052).
 */
export interface SessionRecorder {
  start(o: { borrowerId: string }): void;
}
