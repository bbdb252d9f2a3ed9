import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { Language } from '#domain/i18n/language';
import type { LeadInput } from '#domain/validation/account';
import { LABELS } from '#domain/i18n/validation-messages';
import { invalidRef, MESSAGE_REFS } from '#domain/validation/messages';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { account, user } from '#server/db/schema/auth';
import { borrower } from '#server/db/schema/application';
import { generateOtp, resetCodeWrites } from '#server/plugins/auth';
import { writeAsOne } from '#server/db/writes-as-one';
import type { Viewer } from '#server/plugins/viewer';
import { initialPasswordEmail } from '#server/email/templates';
import { sessionCookies } from './auth-calls';
import type { AccountDeps } from './deps';
import { insertLeadAccount, insertLeadApplication, type UtmInput } from './lead-application';
import { resetRequestWrite } from './password-reset-limit';
import { ownCurrentApplication } from '#server/application/own-application';

export type { UtmInput } from './lead-application';

/** The phone lookup is a vendor: asked outside any unit. */
async function assertPhoneIsValid(phoneLookup: AccountDeps['phoneLookup'], phoneE164: string) {
  const { isValid } = await phoneLookup.verify(phoneE164);
  if (!isValid) {
    const message = invalidRef(LABELS.phoneNumber);
    throw new AppError('ValidationError', message, { fieldErrors: { phoneNumber: message } });
  }
}

/**
 * First submit of /lead. An anonymous visitor gets an account (lower-cased email as username, no password
 * yet, must-change-password set), the initial password email, and an application (inProgress, utm fields,
 * Lead completed) with its borrower, all in one transaction: either the person has everything or nothing, so a
 * failure half way never leaves an account whose email is then taken. They are signed in once it committed
 * (better-auth's own call, after the unit). The phone lookup is asked between two units, never inside one.
 * A signed-in borrower re-submitting the page updates only what changed, and the phone is verified again when
 * it changed.
 */
export async function createLead(
  o: Pick<AccountDeps, 'openUnit' | 'openReadUnit' | 'config' | 'auth' | 'phoneLookup'> & {
    input: LeadInput;
    utm: UtmInput;
    viewer: Viewer | null;
    headers: Headers;
    /** The language the form was used in (languageOfRequest), stored as the borrower's preferredLanguage. */
    language: Language;
  },
): Promise<{ next: string; cookies: string[] }> {
  const { openUnit, input } = o;
  const email = normalizeEmail(input.email);
  const phoneNumber = phoneToE164(input.phoneNumber);
  const next = PAGE_ROUTES.Hardships;

  const { viewer } = o;
  if (viewer) {
    if (viewer.isStaff) throw new AppError('Forbidden');
    const own = await openUnit((unit) =>
      unit.tx.query.application.findFirst({
        where: ownCurrentApplication(viewer.userId),
        with: { borrower: true },
      }),
    );
    if (!own) {
      // An account left without its application: this submit of the form creates it.
      await assertPhoneIsValid(o.phoneLookup, phoneNumber);
      await openUnit((unit) =>
        insertLeadApplication(unit.tx, {
          userId: viewer.userId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: viewer.email,
          phoneNumber,
          utm: o.utm,
          preferredLanguage: o.language,
        }),
      );
      return { cookies: [], next };
    }
    if (!own.borrower) throw new AppError('NotFound');
    const current = own.borrower;
    if (current.phoneNumber !== phoneNumber) await assertPhoneIsValid(o.phoneLookup, phoneNumber);
    const changes: Partial<typeof borrower.$inferInsert> = {};
    if (current.firstName !== input.firstName) changes.firstName = input.firstName;
    if (current.lastName !== input.lastName) changes.lastName = input.lastName;
    if (current.phoneNumber !== phoneNumber) changes.phoneNumber = phoneNumber;
    if (Object.keys(changes).length > 0) {
      await openUnit((unit) =>
        unit.tx
          .update(borrower)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(borrower.id, current.id)),
      );
    }
    return { cookies: [], next };
  }

  // A read of one row, so no transaction around it: the unit that writes the account checks again (its
  // insert answers nothing for an email taken in between), so this early answer only spares the phone lookup.
  const existing = await o.openReadUnit((unit) =>
    unit.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } }),
  );
  if (existing) throw new AppError('UsernameExistsException', MESSAGE_REFS.usernameExists);
  await assertPhoneIsValid(o.phoneLookup, phoneNumber);

  // better-auth's sign-up commits the account on its own, before our application could join it. So the rows it
  // would write (the user, and its credential account) are written here, in our unit, as it writes them.
  // The credential account holds no password: nobody would ever type a generated one (the first password is
  // set from the emailed code), and hashing it was most of the lead's cost. Until then a sign-in is refused
  // after as much work as a password check, like any wrong password (decision 0168).
  const code = generateOtp();
  const createdUser = await openUnit(async (unit) => {
    const { tx } = unit;
    const created = await insertLeadAccount(tx, {
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber,
      utm: o.utm,
      preferredLanguage: o.language,
    });
    if (!created) throw new AppError('UsernameExistsException', MESSAGE_REFS.usernameExists);
    const { userId } = created;
    // The credential, the reset request and the code in one statement (writes-as-one.ts): four were sent.
    await writeAsOne(tx, [
      tx
        .insert(account)
        .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: null }),
      // The initial password email is a reset code, counted like any other request for one.
      resetRequestWrite(tx, email),
      ...resetCodeWrites(tx, email, code),
    ]);
    // Announced to the email queue by the unit once the account is committed.
    await unit.outbox.email(
      initialPasswordEmail({
        publicUrl: o.config.publicUrl,
        email,
        code,
        firstName: input.firstName,
        // The language just stored as the borrower's preferredLanguage.
        language: o.language,
      }),
    );
    return created.user;
  });

  // The session, once the account exists for good, opened as better-auth's sign-in opens one.
  const signedIn = await o.auth.api.signInNewLead({
    body: { user: createdUser },
    headers: o.headers,
    returnHeaders: true,
  });
  const cookies = sessionCookies(signedIn.headers);
  return { cookies, next };
}
