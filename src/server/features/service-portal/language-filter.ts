import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import { languageFilterIsOpen } from '#domain/service-portal/filters';
import { borrower } from '#server/db/schema/application';

/**
 * Whether the application `applicationId` (SQL) has a Spanish-speaking borrower: one probe of the small
 * partial index borrower_spanish_application_idx (migration 0032), which holds only the Spanish speakers'
 * application ids, so the probe never reads a borrower row. Kept as the index's exact predicate.
 */
export const hasSpanishBorrower = (applicationId: SQL) =>
  sql`exists (select 1 from ${borrower} where ${borrower.applicationId} = ${applicationId} and ${borrower.preferredLanguage} = 'es')`;

/**
 * The language filter as a condition on an application; undefined when it narrows nothing. Anyone not Spanish
 * counts as English (no choice stored, or no borrower yet), the same rule as languageMatches in the domain.
 */
export function languageCondition(
  ticked: readonly Language[] | undefined,
  applicationId: SQL,
): SQL | undefined {
  if (ticked === undefined || languageFilterIsOpen(ticked)) return undefined;
  const spanish = hasSpanishBorrower(applicationId);
  if (ticked.includes('es')) return spanish;
  if (ticked.includes('en')) return sql`not ${spanish}`;
  // Nothing ticked is refused before a query runs; this keeps the condition total.
  return sql`false`;
}
