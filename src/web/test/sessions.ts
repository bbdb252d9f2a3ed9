import type { SessionAnswer, SessionUser } from '#web/lib/session';

// What GET /api/session answers for the people component tests render pages for.

const person: SessionUser = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Diaz',
  phoneNumber: null,
  mustChangePassword: false,
  isStaff: false,
  twoFactorEnabled: false,
  secondFactorVerified: false,
};

/** A borrower signed in, on the application flow. */
export const borrowerSession = (resume = '/hardships'): SessionAnswer => ({ user: person, resume });

/** The session answer of a borrower signed in, for an answerApi table. */
export const BORROWER_SESSION_REPLY = { status: 200, body: borrowerSession() } as const;

/** Dana Reyes, a counsellor signed in past the second factor (id 'staff-me'). */
export const staffSession = (): SessionAnswer => ({
  user: {
    id: 'staff-me',
    email: 'dana@agency.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    phoneNumber: null,
    mustChangePassword: false,
    isStaff: true,
    twoFactorEnabled: true,
    secondFactorVerified: true,
  },
  resume: '/summary',
});
