import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ownerLanguage } from '#server/application/recipient-language';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import { normalizeEmail } from '#domain/validation/format';
import { emailChange, user } from '#server/db/schema/auth';
import { borrower } from '#server/db/schema/application';
import { CODE_TTL_SECONDS, generateOtp, hashOtp } from '#server/plugins/auth';
import type { Viewer } from '#server/plugins/viewer';
import { verifyNewEmailEmail } from '#server/email/templates';
import type { Unit } from '#server/unit-of-work';
import type { AccountDeps } from './deps';
import { beginPasswordAttempt, clearPasswordFailures } from './sign-in-lockout';

/**
 * Waiting changes looked at for one new address. Normally one; several only when several people typed the
 * same address, and each costs a password check.
 */
const MAX_CANDIDATES = 3;

/**
 * Asks for a new email: nothing changes yet. A code goes to the new address and the username switches only
 * when that code is given with the password (verifyNewEmail). Otherwise anyone signed in could move an
 * account onto an address they do not hold (a typo, or someone else's), and whoever holds that mailbox could
 * then reset the password and take the account. A new request replaces a waiting one.
 */
export async function changeEmail(
  unit: Unit,
  o: { publicUrl: string; viewer: Viewer; email: string },
): Promise<{ message: string }> {
  const email = normalizeEmail(o.email);
  const { viewer } = o;
  if (email === viewer.email)
    throw new AppError('ValidationError', MESSAGE_REFS.newEmailSameAsCurrent, {
      fieldErrors: { email: MESSAGE_REFS.newEmailSameAsCurrent },
    });
  const taken = await unit.tx.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  if (taken) throw new AppError('Conflict', MESSAGE_REFS.emailTaken);
  await sendChangeCode(unit, o.publicUrl, viewer.userId, email);
  return { message: MESSAGES.verifyNewEmailSent };
}

/**
 * Stores a fresh code for the user's waiting change (replacing any) and emails it to the new address; the unit
 * announces the email once committed.
 */
async function sendChangeCode(unit: Unit, publicUrl: string, userId: string, newEmail: string) {
  const code = generateOtp();
  const waiting = {
    newEmail,
    codeHash: hashOtp(code),
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    createdAt: new Date(),
  };
  await unit.tx
    .insert(emailChange)
    .values({ userId, ...waiting })
    .onConflictDoUpdate({ target: emailChange.userId, set: waiting });
  await unit.outbox.email(
    verifyNewEmailEmail({
      publicUrl,
      email: newEmail,
      code,
      language: await ownerLanguage(unit.tx, userId),
    }),
  );
}

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Follows the link sent to a new address. The password of the account that asked is checked first, and
 * counts toward that account's lockout like a sign-in, so this page is no way around it; then the code. Both
 * right: the username (and the borrower's email) become the new address, marked verified, and every session
 * of the account ends. With the right password, a superseded or expired code sends a fresh link.
 *
 * better-auth checks the password and ends the sessions, outside any unit: each step on our rows (the waiting
 * changes read, each try counted, the switch) is a unit of its own between them.
 */
export async function verifyNewEmail(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & {
    publicUrl: string;
    email: string;
    code: string;
    password: string;
  },
): Promise<{ message: string }> {
  const email = normalizeEmail(o.email);
  const { openUnit } = o;
  const failed = () => new AppError('VerifyNewEmailFailed', MESSAGE_REFS.verifyNewEmailFailed);
  const ctx = await o.auth.$context;

  const waiting = await openUnit((unit) =>
    unit.tx
      .select({
        userId: emailChange.userId,
        codeHash: emailChange.codeHash,
        expiresAt: emailChange.expiresAt,
        username: user.email,
      })
      .from(emailChange)
      .innerJoin(user, eq(user.id, emailChange.userId))
      .where(eq(emailChange.newEmail, email))
      .orderBy(desc(emailChange.createdAt))
      .limit(MAX_CANDIDATES),
  );

  let asker: (typeof waiting)[number] | undefined;
  for (const candidate of waiting) {
    if (!(await openUnit((unit) => beginPasswordAttempt(unit.tx, candidate.username)))) {
      await ctx.password.hash(o.password);
      continue;
    }
    const found = await ctx.internalAdapter.findUserByEmail(candidate.username, { includeAccounts: true });
    const digest = found?.accounts.find((a) => a.providerId === 'credential')?.password;
    // An account with no password yet (a lead who has not set one) is refused after the same work.
    const matches = digest
      ? await ctx.password.verify({ hash: digest, password: o.password })
      : (await ctx.password.hash(o.password), false);
    if (matches) {
      await openUnit((unit) => clearPasswordFailures(unit.tx, candidate.username));
      asker = candidate;
      break;
    }
  }
  // No change waits for this address: as much work as a password check, and the same answer.
  if (waiting.length === 0) await ctx.password.hash(o.password);
  if (!asker) throw failed();

  const { userId, codeHash } = asker;
  const codeOk = asker.expiresAt > new Date() && sameHash(codeHash, hashOtp(o.code));
  if (!codeOk) {
    await openUnit((unit) => sendChangeCode(unit, o.publicUrl, userId, email));
    throw failed();
  }

  const switched = await openUnit(async ({ tx }) => {
    // The code is used up here: of two requests with it, only the one that deletes the row goes on.
    const used = await tx
      .delete(emailChange)
      .where(
        and(
          eq(emailChange.userId, userId),
          eq(emailChange.newEmail, email),
          eq(emailChange.codeHash, codeHash),
        ),
      )
      .returning({ userId: emailChange.userId });
    if (used.length === 0) return false;
    const now = new Date();
    await tx.update(user).set({ email, emailVerified: true, updatedAt: now }).where(eq(user.id, userId));
    await tx.update(borrower).set({ email, updatedAt: now }).where(eq(borrower.owner, userId));
    return true;
  }).catch(async (error: unknown) => {
    // Someone took the address in the meantime (the lead form, another change): the email stays as it was,
    // and the waiting change (rolled back with the unit) goes in a unit of its own.
    if (!isUniqueViolation(error)) throw error;
    await openUnit(({ tx }) => tx.delete(emailChange).where(eq(emailChange.userId, userId)));
    return false;
  });
  if (!switched) throw failed();
  await ctx.internalAdapter.deleteUserSessions(userId);
  return { message: MESSAGES.verifyNewEmailSuccess };
}

/** PostgreSQL's unique_violation, also when the driver or drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
