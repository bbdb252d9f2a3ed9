import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, basisPoints, createdAt, updatedAt } from './columns';
import { applicationId } from './application';
import { debt, collection } from './credit';

// Underwriting decisions, their reasons, the offers per creditor and the creditors' answers.

/** The spec shows only these two; null means the creditor has not answered yet. */
export type OfferStatus = 'accepted' | 'declined';

/** An underwriting decision; the newest by createdAt is the one that counts. */
export const decision = pgTable(
  'decision',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    currentExpenses: cents('current_expenses').notNull(),
    currentIncome: cents('current_income').notNull(),
    eligibleDebtPayment: cents('eligible_debt_payment').notNull(),
    ineligibleDebtPayment: cents('ineligible_debt_payment').notNull(),
    isQualified: boolean('is_qualified').notNull(),
    reducibleExpenseAmount: cents('reducible_expense_amount'),
    requiredExpenseReductionAmount: cents('required_expense_reduction_amount'),
    wasAcceptedByBorrower: boolean('was_accepted_by_borrower').notNull().default(false),
    wasPresentedToBorrower: boolean('was_presented_to_borrower').notNull().default(false),
    /** When the borrower accepted the plan's terms, and the version of the disclosures they read. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptanceDisclosureVersion: text('acceptance_disclosure_version'),
    /** Plain-language explanation of why the decision came out this way. */
    explanation: text('explanation'),
    /**
     * A digest of the inputs the decision was made on (run-decision.ts, decisionInputsKey): a save of
     * /expenses with the same inputs keeps this decision instead of making an identical one. Null for
     * decisions made before it was recorded, which are made again.
     */
    inputsKey: text('inputs_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('decision_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Why an application was disqualified. decisionId is set when a decision gave the reason
 * (notEnoughEligibleDebt, cashflowTooHigh, insufficientIncome...); it is null for reasons the flow or
 * staff recorded (not licensed, credit pull failed, quality control failed...). Every row belongs to the
 * application, so the application's list holds all of them.
 */
export const disqualificationReason = pgTable(
  'disqualification_reason',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    decisionId: uuid('decision_id').references(() => decision.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('disqualification_reason_application_id_idx').on(t.applicationId),
    index('disqualification_reason_decision_id_idx').on(t.decisionId),
  ],
);

/** A creditor offer of a decision, for exactly one debt or one collection. */
export const offer = pgTable(
  'offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => decision.id, { onDelete: 'cascade' }),
    debtId: uuid('debt_id').references(() => debt.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => collection.id, { onDelete: 'cascade' }),
    /** The creditor's answer, recorded by staff. */
    status: text('status').$type<OfferStatus>(),
    /** The borrower left this offer out of the plan (they keep paying the creditor directly). */
    declinedByBorrower: boolean('declined_by_borrower').notNull().default(false),
    type: text('type'),
    fee: cents('fee'),
    payment: cents('payment').notNull(),
    paymentPercentage: basisPoints('payment_percentage'),
    /** Months. */
    term: integer('term').notNull(),
    balance: cents('balance').notNull(),
    currentApr: basisPoints('current_apr'),
    proposedApr: basisPoints('proposed_apr'),
    currentMinimumMonthlyPrincipalPaymentPercent: basisPoints(
      'current_minimum_monthly_principal_payment_percent',
    ),
    proposedMonthlyInterestPayment: cents('proposed_monthly_interest_payment'),
    proposedMonthlyPrincipalPayment: cents('proposed_monthly_principal_payment'),
    estimatedPayoffSavings: cents('estimated_payoff_savings'),
    /**
     * The creditor's counter-offer, recorded by staff with its acceptance (status 'accepted'): the monthly
     * payment and plan APR it asked for instead of ours, null where it kept the offer's. The offer's own
     * figures above stay as they were made; the plan's terms read these (src/server/application/plan-terms.ts).
     */
    counterPayment: cents('counter_payment'),
    counterApr: basisPoints('counter_apr'),
    /** The concession programme version the terms came from (concession_programme.id, "chase@1"). */
    lenderConcessionId: text('lender_concession_id'),
    proposalS3Key: text('proposal_s3_key'),
    /** Staff record creditors' answers concurrently: optimistic concurrency as on application. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offer_application_id_idx').on(t.applicationId),
    index('offer_decision_id_idx').on(t.decisionId),
    // An offer is for a debt or a collection (the check below): each index holds only the offers that name one.
    index('offer_debt_id_idx')
      .on(t.debtId)
      .where(sql`${t.debtId} is not null`),
    index('offer_collection_id_idx')
      .on(t.collectionId)
      .where(sql`${t.collectionId} is not null`),
    check('offer_one_target', sql`num_nonnulls(${t.debtId}, ${t.collectionId}) = 1`),
  ],
);

/** Why a creditor declined an offer; a reason toggles, so each appears at most once per offer. */
export const offerDisqualificationReason = pgTable(
  'offer_disqualification_reason',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('offer_disqualification_reason_offer_id_reason_key').on(t.offerId, t.reason)],
);

export const offerStatusChange = pgTable(
  'offer_status_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    status: text('status').$type<OfferStatus>().notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('offer_status_change_offer_id_created_at_idx').on(t.offerId, t.createdAt)],
);
