import { MESSAGES } from '#domain/validation/messages';
import { useSession, type SessionUser } from '#web/lib/session';

/** The signed-in staff member as the portal shows them. */
export type StaffMe = { id: string; name: string; email: string };

/** First and last name, or 'Name Unavailable' like the server's staff names. */
export function staffNameOf(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return (
    [user.firstName, user.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || MESSAGES.nameUnavailable
  );
}

/**
 * The signed-in staff member, from the session query the portal's guard already read. Empty strings until
 * that answer is there, so a comparison with an assignee's id simply fails instead of throwing.
 */
export function useStaffMe(): StaffMe {
  const user = useSession().data?.user;
  if (!user) return { id: '', name: '', email: '' };
  return { id: user.id, name: staffNameOf(user), email: user.email };
}
