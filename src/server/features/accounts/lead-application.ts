import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import { user } from '#server/db/schema/auth';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Transaction } from '#server/unit-of-work';
import { writeAsOne } from '#server/db/writes-as-one';

export type UtmInput = Partial<
  Record<'utmCampaign' | 'utmContent' | 'utmMedium' | 'utmSource' | 'utmTerm', string>
>;

/**
 * The application the lead form starts (inProgress, Lead completed, next page Hardships), its borrower and the
 * first status change, in the caller's transaction. A borrower owns exactly one application: when the owner
 * already has one nothing is written and undefined is answered.
 */
export async function insertLeadApplication(
  tx: Transaction,
  o: {
    userId: string;
    firstName: string | null;
    lastName: string | null;
    email: string;
    phoneNumber: string | null;
    utm?: UtmInput;
    /** The language the visitor used the lead form in; later emails, texts and letters follow it. */
    preferredLanguage?: Language;
  },
): Promise<string | undefined> {
  const [app] = await tx
    .insert(application)
    .values({
      owner: o.userId,
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
      // The lead form cannot be sent without agreeing to the terms.
      agreedToTerms: true,
      ...o.utm,
    })
    // The one current application an account may have (a superseded one does not count).
    .onConflictDoNothing({ target: application.owner, where: sql`superseded_at is null` })
    .returning({ id: application.id });
  if (!app) return undefined;
  // The borrower and the status change in one statement (writes-as-one.ts): both only name the application.
  await writeAsOne(tx, [
    tx.insert(borrower).values({
      owner: o.userId,
      applicationId: app.id,
      firstName: o.firstName,
      lastName: o.lastName,
      email: o.email,
      phoneNumber: o.phoneNumber,
      preferredLanguage: o.preferredLanguage ?? null,
    }),
    tx
      .insert(applicationStatusChange)
      .values({ applicationId: app.id, from: null, to: 'inProgress', changedBy: o.userId }),
  ]);
  return app.id;
}

/**
 * The lead's account (a user who must still set a password) and its application, in the caller's transaction:
 * the rows the lead form writes for a new email. Answers undefined when the email is taken, by an account made
 * before or at the same instant (two submits of one email: the second finds the address taken, as if it had
 * checked later). The lead form adds the credential and the first email; the seed uses it as it is.
 */
export async function insertLeadAccount(
  tx: Transaction,
  o: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    utm?: UtmInput;
    preferredLanguage?: Language;
  },
): Promise<{ userId: string; applicationId: string; user: typeof user.$inferSelect } | undefined> {
  const userId = randomUUID();
  const [created] = await tx
    .insert(user)
    .values({
      id: userId,
      email: o.email,
      name: `${o.firstName} ${o.lastName}`,
      emailVerified: false,
      firstName: o.firstName,
      lastName: o.lastName,
      phoneNumber: o.phoneNumber,
      mustChangePassword: true,
    })
    .onConflictDoNothing({ target: user.email })
    .returning();
  if (!created) return undefined;
  const applicationId = await insertLeadApplication(tx, { userId, ...o });
  return { userId, applicationId: applicationId!, user: created };
}

/**
 * Gives a borrower account its application when it has none, in the caller's unit. Accounts are created with
 * their application in one transaction, but an account left without one (by a crash before that was so) would
 * otherwise be stuck: its email is taken, so the lead form refuses it, and nothing else creates an application.
 * The lead form had been sent, so the names, phone and email on the account are the ones it carried.
 */
export async function ensureOwnApplication(tx: Transaction, userId: string): Promise<void> {
  const own = await tx.query.application.findFirst({
    where: ownCurrentApplication(userId),
    columns: { id: true },
  });
  if (own) return;
  const [account] = await tx
    .select({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return;
  await insertLeadApplication(tx, { userId, ...account });
}
