import { eq } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import type { Reader } from '#server/db/client';
import { borrower, spouse } from '#server/db/schema/application';
import { languageOrDefault } from '#server/i18n';

/**
 * The language an application's emails and texts to the borrower are written in: its borrower's stored
 * choice, English when there is none. The spouse's are signerLanguages' `spouse`.
 */
export async function borrowerLanguage(db: Reader, applicationId: string): Promise<Language> {
  const [row] = await db
    .select({ preferredLanguage: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  return languageOrDefault(row?.preferredLanguage);
}

/** The same for the borrower who owns an account (the user id), English when they have no application. */
export async function ownerLanguage(db: Reader, userId: string): Promise<Language> {
  const [row] = await db
    .select({ preferredLanguage: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.owner, userId))
    .limit(1);
  return languageOrDefault(row?.preferredLanguage);
}

export type SignerLanguages = Record<'borrower' | 'spouse', Language>;

/**
 * The language each person of an application reads: the borrower's stored choice (English when none), and the
 * spouse's own when they chose one, else the borrower's. Emails to the spouse, and their version of the
 * letter, are written in `spouse`.
 */
export async function signerLanguages(db: Reader, applicationId: string): Promise<SignerLanguages> {
  const [row] = await db
    .select({ borrower: borrower.preferredLanguage, spouse: spouse.preferredLanguage })
    .from(borrower)
    .leftJoin(spouse, eq(spouse.borrowerId, borrower.id))
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  const own = languageOrDefault(row?.borrower);
  return { borrower: own, spouse: row?.spouse ? languageOrDefault(row.spouse) : own };
}
