import { check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';
import { basisPoints, cents, createdAt, updatedAt } from './columns';

// The creditors the agency works with and the concessions each grants on a plan, maintained by the agency
// (docs/decisions/0104-creditor-concessions-in-the-database.md). A new database starts with the programmes of
// data/creditor-concessions.json (src/server/db/reference-data.ts).

/** A creditor: how it is named, and the words bureaus report it under. */
export const creditor = pgTable('creditor', {
  /** A stable, readable key ('american-express'); 'default' is every creditor no other one matches. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Upper-case words matched, whole, against the creditor name the bureau reports ('AMEX'). */
  matchNames: text('match_names').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One version of a creditor's concession programme. Versions are only ever added: an offer names the version
 * it was made on (offer.lender_concession_id = this id), so editing a programme never changes an offer already
 * made. The version in force is the highest whose effective_from has come.
 */
export const concessionProgramme = pgTable(
  'concession_programme',
  {
    /** `<creditor id>@<version>` ('american-express@2'). */
    id: text('id').primaryKey(),
    creditorId: text('creditor_id')
      .notNull()
      .references(() => creditor.id),
    version: integer('version').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    proposedAprBp: basisPoints('proposed_apr_bp').notNull(),
    /** Monthly payment as a share of the balance, without and with a hardship. */
    paymentBp: basisPoints('payment_bp').notNull(),
    hardshipPaymentBp: basisPoints('hardship_payment_bp').notNull(),
    minimumPayment: cents('minimum_payment').notNull(),
    /** Where the terms come from (the shipped programme's source, or the agency's agreement). */
    source: text('source'),
    /** Why this version replaced the one before (null for the first). */
    reason: text('reason'),
    /** The staff member who made the version (null for the shipped one). */
    createdBy: text('created_by').references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('concession_programme_version_key').on(t.creditorId, t.version),
    check(
      'concession_programme_terms_check',
      sql`${t.proposedAprBp} >= 0 and ${t.paymentBp} > 0 and ${t.hardshipPaymentBp} > 0 and ${t.minimumPayment} >= 0`,
    ),
  ],
);
