import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, basisPoints, ciphertext, calendarDate, createdAt, updatedAt } from './columns';
import { applicationId, borrower, spouse } from './application';

// The soft credit pull: reports, inquiries, risk scores, the debts and collections found, their creditors, debt scores.

/** One report per person per pull: borrowerId or spouseId says whose. */
export const creditReport = pgTable(
  'credit_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    borrowerId: uuid('borrower_id').references(() => borrower.id, { onDelete: 'set null' }),
    spouseId: uuid('spouse_id').references(() => spouse.id, { onDelete: 'set null' }),
    vantageScore: integer('vantage_score'),
    /** Storage key of the bureau's raw file. */
    s3Key: text('s3_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_report_application_id_created_at_idx').on(t.applicationId, t.createdAt),
    index('credit_report_borrower_id_idx').on(t.borrowerId),
    // Most reports are the borrower's: the index holds only the spouse's.
    index('credit_report_spouse_id_idx')
      .on(t.spouseId)
      .where(sql`${t.spouseId} is not null`),
  ],
);

/** Hard inquiries listed on a credit report; their dates date newCreditInquiry alerts. */
export const inquiry = pgTable(
  'inquiry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditReportId: uuid('credit_report_id')
      .notNull()
      .references(() => creditReport.id, { onDelete: 'cascade' }),
    date: calendarDate('date').notNull(),
    subscriberName: text('subscriber_name'),
    industryCode: text('industry_code'),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_credit_report_id_date_idx').on(t.creditReportId, t.date)],
);

/** The risk score of one person's credit report (the borrower's or the spouse's, by the report). */
export const riskScore = pgTable(
  'risk_score',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditReportId: uuid('credit_report_id')
      .notNull()
      .references(() => creditReport.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    /** Version of the scoring function that produced the value. */
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('risk_score_credit_report_id_idx').on(t.creditReportId)],
);

/** A tradeline of a credit report. */
export const debt = pgTable(
  'debt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    creditReportId: uuid('credit_report_id')
      .notNull()
      .references(() => creditReport.id, { onDelete: 'cascade' }),
    accountNumber: ciphertext('account_number'),
    /** Bureau code: AU, CC, CH, CV, FE, FX, LC, SM, ST, US or another. */
    accountType: text('account_type'),
    accountRating: text('account_rating'),
    currentBalance: cents('current_balance').notNull().default(0),
    dateOpened: calendarDate('date_opened'),
    dateClosed: calendarDate('date_closed'),
    ecoaDesignator: text('ecoa_designator'),
    highCredit: cents('high_credit'),
    creditLimit: cents('credit_limit'),
    isEligibleForDmp: boolean('is_eligible_for_dmp').notNull().default(false),
    late30DaysTotal: integer('late_30_days_total'),
    late60DaysTotal: integer('late_60_days_total'),
    late90DaysTotal: integer('late_90_days_total'),
    lenderName: text('lender_name'),
    lenderFriendlyName: text('lender_friendly_name'),
    monthsReviewedCount: integer('months_reviewed_count'),
    /** Date of the most recent payment. */
    mostRecentPayment: calendarDate('most_recent_payment'),
    pastDue: cents('past_due'),
    /** installment, lineOfCredit, mortgage, open or revolving. */
    portfolioType: text('portfolio_type'),
    scheduledMonthlyPayment: cents('scheduled_monthly_payment'),
    selectedForDebtReduction: boolean('selected_for_debt_reduction').notNull().default(false),
    ownedByBorrower: boolean('owned_by_borrower'),
    ownedBySpouse: boolean('owned_by_spouse'),
    /**
     * True for a debt the borrower added on /eligible-debts because the credit report missed it: it is in
     * the plan like the others, and a counsellor verifies it with the borrower's statements. Such a debt
     * hangs on the borrower's report (the report it should have been on) but is not part of the bureau's file.
     */
    isSelfReported: boolean('is_self_reported').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('debt_application_id_idx').on(t.applicationId),
    index('debt_credit_report_id_idx').on(t.creditReportId),
  ],
);

/** A collection account of a credit report. */
export const collection = pgTable(
  'collection',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    creditReportId: uuid('credit_report_id')
      .notNull()
      .references(() => creditReport.id, { onDelete: 'cascade' }),
    accountNumber: ciphertext('account_number'),
    accountType: text('account_type'),
    accountRating: text('account_rating'),
    currentBalance: cents('current_balance').notNull().default(0),
    originalBalance: cents('original_balance'),
    dateOpened: calendarDate('date_opened'),
    dateClosed: calendarDate('date_closed'),
    ecoaDesignator: text('ecoa_designator'),
    isEligibleForDmp: boolean('is_eligible_for_dmp').notNull().default(false),
    subscriberName: text('subscriber_name'),
    subscriberFriendlyName: text('subscriber_friendly_name'),
    originalLenderName: text('original_lender_name'),
    monthsReviewedCount: integer('months_reviewed_count'),
    mostRecentPayment: calendarDate('most_recent_payment'),
    pastDue: cents('past_due'),
    portfolioType: text('portfolio_type'),
    scheduledMonthlyPayment: cents('scheduled_monthly_payment'),
    selectedForDebtReduction: boolean('selected_for_debt_reduction').notNull().default(false),
    ownedByBorrower: boolean('owned_by_borrower'),
    ownedBySpouse: boolean('owned_by_spouse'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collection_application_id_idx').on(t.applicationId),
    index('collection_credit_report_id_idx').on(t.creditReportId),
  ],
);

/** Where the agency pays a creditor who accepted an offer; linked to exactly one debt or one collection. */
export const creditorAccount = pgTable(
  'creditor_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    debtId: uuid('debt_id')
      .unique('creditor_account_debt_id_key')
      .references(() => debt.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id')
      .unique('creditor_account_collection_id_key')
      .references(() => collection.id, { onDelete: 'cascade' }),
    accountNumber: ciphertext('account_number'),
    routingNumber: ciphertext('routing_number'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    email: text('email'),
    isAch: boolean('is_ach').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('creditor_account_application_id_idx').on(t.applicationId),
    check('creditor_account_one_target', sql`num_nonnulls(${t.debtId}, ${t.collectionId}) = 1`),
  ],
);

export const debtScore = pgTable(
  'debt_score',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => borrower.id, { onDelete: 'cascade' }),
    borrowerRiskScoreId: uuid('borrower_risk_score_id')
      .notNull()
      .references(() => riskScore.id, { onDelete: 'cascade' }),
    spouseRiskScoreId: uuid('spouse_risk_score_id').references(() => riskScore.id, { onDelete: 'set null' }),
    owner: text('owner')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    value: integer('value').notNull(),
    discount: basisPoints('discount'),
    monthlyExpense: cents('monthly_expense'),
    monthlyIncome: cents('monthly_income'),
    monthlyUnsecuredDebt: cents('monthly_unsecured_debt'),
    riskScore: integer('risk_score'),
    /** Version of the scoring function that produced the value. */
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('debt_score_application_id_created_at_idx').on(t.applicationId, t.createdAt),
    index('debt_score_borrower_id_idx').on(t.borrowerId),
  ],
);
