import { eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import { borrower } from '#server/db/schema/application';
import type { Unit } from '#server/unit-of-work';

/**
 * PUT /api/account/language: the borrower switched the page's language, so every later email, text and letter
 * is written in it. It changes the rows they own (their borrower), never the spouse's. Not audited, like the
 * other preference a borrower sets for themselves (texts on or off).
 */
export async function setPreferredLanguage(unit: Unit, userId: string, language: Language): Promise<void> {
  await unit.tx
    .update(borrower)
    .set({ preferredLanguage: language, updatedAt: sql`now()` })
    .where(eq(borrower.owner, userId));
}
