import { relations, sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { application } from './application';
import { applicationId, cents, createdAt, updatedAt } from './columns';
import { creditor } from './creditors';
import { offer } from './decision';
import type { ProposalAnswer, ProposalState } from '#domain/enrollment/proposal-answers';

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
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The creditor's answer: 'accepted', 'countered' or 'declined'. */
    answer: text('answer').$type<ProposalAnswer>(),
    /** A counter-offer's monthly payment. */
    answerPayment: cents('answer_payment'),
    /** What the creditor said, as staff recorded it. */
    answerNote: text('answer_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proposal_application_id_idx').on(t.applicationId),
    index('proposal_creditor_id_state_idx').on(t.creditorId, t.state),
    // The proposals screen finds those waiting too long by state and age, among every proposal ever made.
    index('proposal_state_prepared_at_idx').on(t.state, t.preparedAt),
    check('proposal_state_check', sql`${t.state} in ('prepared', 'sent', 'answered', 'noAnswer')`),
  ],
);

export const proposalRelations = relations(proposal, ({ one }) => ({
  application: one(application, { fields: [proposal.applicationId], references: [application.id] }),
  offer: one(offer, { fields: [proposal.offerId], references: [offer.id] }),
  creditor: one(creditor, { fields: [proposal.creditorId], references: [creditor.id] }),
}));
