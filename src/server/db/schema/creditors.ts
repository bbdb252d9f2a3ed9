import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';
import { basisPoints, cents, ciphertext, createdAt, updatedAt } from './columns';

// The creditors the agency works with and the concessions each grants on a plan, maintained by the agency
// (docs/decisions/0104-creditor-concessions-in-the-database.md). A new database starts with the programmes of
// src/data/creditor-concessions.json (src/server/db/reference-data.ts).

/** A creditor: how it is named, and the words bureaus report it under. */
export const creditor = pgTable('creditor', {
  /** A stable, readable key ('american-express'); 'default' is every creditor no other one matches. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Upper-case words matched, whole, against the creditor name the bureau reports ('AMEX'). */
  matchNames: text('match_names').array().notNull(),
  // How the agency pays the creditor and sends it proposals (docs/decisions/0107-creditor-details.md). All
  // empty until creditor relations staff fill them in: the shipped creditors come with terms, not addresses.
  /** Where checks are mailed (the remittance address). */
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  /** The creditor takes payment by check, mailed to the remittance address. */
  paysByCheck: boolean('pays_by_check').notNull().default(false),
  /** The creditor takes payment by ACH, to the account below. */
  paysByAch: boolean('pays_by_ach').notNull().default(false),
  achRoutingNumber: ciphertext('ach_routing_number'),
  achAccountNumber: ciphertext('ach_account_number'),
  /** How the creditor takes proposals: 'email' (to proposal_email), 'batch' (electronic) or 'mail'. */
  proposalChannel: text('proposal_channel'),
  proposalEmail: text('proposal_email'),
  /** Days the creditor usually takes to answer a proposal. */
  responseDays: integer('response_days'),
  /** Concessions granted only after this many on-time payments; null when granted from the start. */
  concessionsAfterPayments: integer('concessions_after_payments'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every change of a creditor's details: who, when, why, and the details before and after, with the ACH
 * numbers reduced to their last four digits (the sealed values never leave the creditor row).
 */
export const creditorDetailsChange = pgTable(
  'creditor_details_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditorId: text('creditor_id')
      .notNull()
      .references(() => creditor.id),
    changedBy: text('changed_by')
      .notNull()
      .references(() => user.id),
    reason: text('reason').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('creditor_details_change_creditor_idx').on(t.creditorId, t.createdAt)],
);

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
    /** No offer to this creditor runs longer: a longer payoff gets a higher payment. */
    maxTermMonths: integer('max_term_months').notNull().default(60),
    /** The share of each payment the creditor gives back to the agency (fair share), in basis points. */
    fairShareBp: basisPoints('fair_share_bp').notNull().default(0),
    /** The answer assumed when the creditor has not answered a proposal after silent_after_days. */
    silentDefault: text('silent_default', { enum: ['accepted', 'declined'] })
      .notNull()
      .default('accepted'),
    silentAfterDays: integer('silent_after_days').notNull().default(30),
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
    check(
      'concession_programme_plan_check',
      sql`${t.maxTermMonths} > 0 and ${t.fairShareBp} >= 0 and ${t.silentAfterDays} > 0 and ${t.silentDefault} in ('accepted', 'declined')`,
    ),
  ],
);
