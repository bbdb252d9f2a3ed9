import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationId } from './application';
import { user } from './auth';
import { calendarDate, cents, ciphertext, createdAt, updatedAt } from './columns';
import { creditor } from './creditors';
import { offer } from './decision';
import type {
  ProposalAnswer,
  ProposalState,
  ProposalWithdrawalReason,
} from '#domain/enrollment/proposal-answers';

// The proposal sent to each creditor of a plan (docs/decisions/0109-proposals-prepared-at-quality-control.md).

// The states live in the domain, where the borrower's and staff's views of a proposal read them too.
export { PROPOSAL_STATES, type ProposalState } from '#domain/enrollment/proposal-answers';

/**
 * One per offer on the plan, made when quality control passes. The PDF itself is in the document store,
 * sealed, under `document_key` (also offer.proposal_s3_key); the row says what happened to it. The fields of
 * sending and answering are empty until those steps exist.
 */
export const proposal = pgTable(
  'proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .unique('proposal_offer_id_key')
      .references(() => offer.id, { onDelete: 'cascade' }),
    applicationId: applicationId(),
    /** The creditor whose programme the offer was made on; null for the default programme. */
    creditorId: text('creditor_id').references(() => creditor.id),
    state: text('state').$type<ProposalState>().notNull().default('prepared'),
    /** The sealed PDF's key in the document store. */
    documentKey: text('document_key').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** How it was sent (the creditor's channel at the time). */
    channel: text('channel'),
    /** Who marked it mailed (a staff member); null when the outbox or the day's batch file sent it. */
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** The day's batch file that carried it (channel 'batch'). */
    batchId: uuid('batch_id').references(() => proposalBatch.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The creditor's answer: 'accepted', 'countered' or 'declined'. */
    answer: text('answer').$type<ProposalAnswer>(),
    /** A counter-offer's monthly payment. */
    answerPayment: cents('answer_payment'),
    /** What the creditor said, as staff recorded it. */
    answerNote: text('answer_note'),
    /**
     * When a proposal waiting for the batch file or the post was withdrawn (state 'withdrawn'), and why: its
     * offer left the plan before it went out, so it must not be sent.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason').$type<ProposalWithdrawalReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proposal_application_id_idx').on(t.applicationId),
    index('proposal_creditor_id_state_idx').on(t.creditorId, t.state),
    // The proposals screen finds those waiting too long by state and age, among every proposal ever made.
    index('proposal_state_prepared_at_idx').on(t.state, t.preparedAt),
    check(
      'proposal_state_check',
      sql`${t.state} in ('prepared', 'sent', 'answered', 'noAnswer', 'withdrawn')`,
    ),
    // The proposals screen lists the recently withdrawn ones, newest first.
    index('proposal_withdrawn_at_idx')
      .on(t.withdrawnAt)
      .where(sql`${t.state} = 'withdrawn'`),
  ],
);

/**
 * The day's batch file of electronic proposals (docs/proposal-batch-layout.md): one per agency day, made once,
 * its CSV kept sealed (it names borrowers and their budgets) so the same day's file downloads again identically.
 */
export const proposalBatch = pgTable('proposal_batch', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The agency's calendar day the batch is for ('yyyy-MM-dd' in AGENCY_TIME_ZONE). */
  agencyDay: calendarDate('agency_day').notNull().unique('proposal_batch_agency_day_key'),
  /** How many proposals it carries (rows after the header). */
  proposalCount: integer('proposal_count').notNull(),
  /** The CSV, sealed with the field cipher. */
  content: ciphertext('content').notNull(),
  /** The staff member who produced it; null when the command did. */
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
