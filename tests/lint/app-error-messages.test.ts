import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainAppErrorMessages } from './app-error-messages';
import { sourceFiles } from './import-graph';

// A refusal a borrower or a visitor reads is thrown with its message's id (docs/decisions/0209-messages-travel-
// with-their-id.md): the error handler words it in the reader's language by that id, and no English text is read
// back into a message. An AppError given English text is worded in English, so only the staff's code may throw
// one: the service portal answers in English.

/** Code only staff reach, whose refusals stay in English. */
const STAFF_ONLY = [
  // The service portal's routes and what they run.
  'src/server/features/service-portal/',
  'src/server/features/staff-actions/',
  'src/server/features/creditor-relations/',
  'src/server/features/proposals/',
  // The counsellors' side of the calls: their calls, their hours, the agency's days off.
  'src/server/features/counselling/staff-calls.ts',
  'src/server/features/counselling/staff-call-routes.ts',
  'src/server/features/counselling/counsellor-availability.ts',
  'src/server/features/counselling/agency-days-off.ts',
  // Accounts only staff have: an authenticator app (borrowers have none) and a new staff member's account.
  'src/server/features/accounts/two-factor.ts',
  'src/server/features/accounts/create-staff.ts',
];

/**
 * English messages in shared code that no borrower reads in words of ours, each by its file and the exact
 * expression thrown, with the reason. Only what is listed here passes: another one in the same file is reported.
 */
const ENGLISH_ONLY_MESSAGES: Record<string, string[]> = {
  // A staff action refused for the application's status (assertStaffStatus; a borrower's is assertStatus).
  'src/server/application/application-state.ts': ['staffMessage'],
  // The bank sandbox's own faults (a developer's stand-in for the bank's screen); its refusal of a wrong
  // password, the one a borrower meets, goes by its id.
  'src/server/features/payments/routes.ts': ['error instanceof Error ? error.message : undefined'],
  // A staff member's steps before the service portal answers (the second factor, a temporary password).
  'src/server/plugins/viewer.ts': ['step.message', 'SECOND_FACTOR_REQUIRED'],
};

const FOLDERS = ['src/server', 'src/domain'];

const isStaffOnly = (file: string) =>
  STAFF_ONLY.some((entry) => file === entry || (entry.endsWith('/') && file.startsWith(entry)));

const allowed = (found: string) => {
  const [at = '', ...rest] = found.split(' ');
  const file = at.replace(/:\d+$/, '');
  return (ENGLISH_ONLY_MESSAGES[file] ?? []).includes(rest.join(' '));
};

describe('an AppError a borrower can be answered with', () => {
  it('gives its message and its field messages by their ids', () => {
    const found = sourceFiles(process.cwd(), FOLDERS)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !isStaffOnly(file))
      .flatMap((file) => plainAppErrorMessages(file, readFileSync(file, 'utf8')))
      .filter((found) => !allowed(found));
    expect(found).toEqual([]);
  });

  it('is reported when its message is English text, however it is written', () => {
    const code = `import { AppError } from '#domain/errors';
const TAKEN = 'An account with the given email already exists.';
const takenRef = messageRef(FIXED.usernameExists);
export function refuse(day: string, message: string, ref: MessageRef) {
  throw new AppError('Conflict', 'Incorrect password');
  throw new AppError('Conflict', \`Try again on \${day}.\`);
  throw new AppError('Conflict', TAKEN);
  throw new AppError('Conflict', message, { fieldErrors: { email: message } });
  throw new AppError('Conflict', ref ?? TAKEN);
  throw new AppError('Conflict', tooSoonMessage(day));
  throw new AppError('Conflict', ref, { fieldErrors: { email: ref } });
  throw new AppError('Conflict', takenRef);
  throw new AppError('Conflict', MESSAGE_REFS.usernameExists);
  throw new AppError('Conflict', reapplyTooSoonRef(day));
  throw new AppError('Conflict');
  throw new AppError('Conflict', undefined, { redirect: '/' });
}
`;
    expect(plainAppErrorMessages('a.ts', code)).toEqual([
      "a.ts:5 'Incorrect password'",
      'a.ts:6 `Try again on ${day}.`',
      'a.ts:7 TAKEN',
      'a.ts:8 message',
      'a.ts:8 email: message',
      'a.ts:9 ref ?? TAKEN',
      'a.ts:10 tooSoonMessage(day)',
    ]);
  });
});
