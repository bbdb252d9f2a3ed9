import { eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';

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
