/**
 * 'Your email has been updated. Please sign in with your new credentials.' where a person lands on /sign-in
 * after their email changed. The change ends every session of the account on the server, which cannot tell
 * the browser why a session it no longer knows is gone. The page that completes the change (the link's
 * /verify-new-email) therefore leaves a note in this browser's localStorage, which every tab of the site
 * shares: a tab still showing the account then goes to /sign-in with the message at once (SessionGuard), and
 * /sign-in shows it for a while to whoever arrives there signed out (docs/decisions/0145). On another device the
 * asking tab just finds itself signed out, as before. The note holds a time only, nothing personal.
 */

export const EMAIL_UPDATED_KEY = 'dmp.emailUpdated';

/** How long /sign-in keeps saying the email changed: enough to go back to the tab that asked and sign in. */
export const EMAIL_UPDATED_NOTICE_MS = 30 * 60 * 1000;

function local(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be unavailable (privacy modes): /sign-in then shows no message, as before.
    return undefined;
  }
}

/** Called once the change is done: every tab of this browser hears of it. */
export function noteEmailUpdated(now = Date.now()): void {
  try {
    local()?.setItem(EMAIL_UPDATED_KEY, String(now));
  } catch {
    // Quota or privacy mode: nothing to tell the other tabs.
  }
}

/** True while a change made in this browser is recent enough to explain a sign-out. */
export function emailRecentlyUpdated(now = Date.now()): boolean {
  const at = Number(local()?.getItem(EMAIL_UPDATED_KEY) ?? Number.NaN);
  return Number.isFinite(at) && at <= now && now - at < EMAIL_UPDATED_NOTICE_MS;
}

/** Forgets the note: the person has signed in again. */
export function forgetEmailUpdated(): void {
  try {
    local()?.removeItem(EMAIL_UPDATED_KEY);
  } catch {
    // Nothing stored.
  }
}
