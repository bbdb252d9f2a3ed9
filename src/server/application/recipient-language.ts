import { eq } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import type { Tx } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { languageOrDefault } from '#server/i18n';

/**
 * The language an application's emails and texts are written in: its borrower's stored choice, English when
 * there is none. The spouse has no choice of their own stored yet, so the household's (the borrower's) is
 * used for their emails too.
 */
export async function borrowerLanguage(db: Tx, applicationId: string): Promise<Language> {
  const [row] = await db
    .select({ preferredLanguage: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  return languageOrDefault(row?.preferredLanguage);
}

/** The same for the borrower who owns an account (the user id), English when they have no application. */
export async function ownerLanguage(db: Tx, userId: string): Promise<Language> {
  const [row] = await db
    .select({ preferredLanguage: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.owner, userId))
    .limit(1);
  return languageOrDefault(row?.preferredLanguage);
}
