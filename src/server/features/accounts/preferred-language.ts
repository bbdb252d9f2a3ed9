import { eq, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '#domain/i18n/language';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';

/**
 * The language a signed-in person chose for what we send them, or null when they have no borrower row (staff)
 * or never chose one. Only their own borrower row counts: a spouse's language is the spouse's own.
 */
export async function storedLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const [row] = await db
    .select({ preferredLanguage: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.owner, userId))
    .limit(1);
  return isLanguage(row?.preferredLanguage) ? row.preferredLanguage : null;
}

/**
 * PUT /api/account/language: the borrower switched the page's language, so every later email, text and letter
 * is written in it. It changes the rows they own (their borrower), never the spouse's. Not audited, like the
 * other preference a borrower sets for themselves (texts on or off).
 */
export async function setPreferredLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db
    .update(borrower)
    .set({ preferredLanguage: language, updatedAt: sql`now()` })
    .where(eq(borrower.owner, userId));
}
