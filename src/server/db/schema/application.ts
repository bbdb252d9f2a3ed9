import { relations, sql } from 'drizzle-orm';
import type { BuildQueryResult, DBQueryConfig, ExtractTablesWithRelations } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { Page } from '#domain/flow/pages';
import type { HardshipKey } from '#domain/validation/application';
import type { ExpenseCategory } from '#domain/validation/expenses';
import { user } from './auth';
import type * as schema from './index';

/*
 * The entities of spec doc 1 section 3. Conventions, for every table below:
 * - Money is integer cents (never floats; `pg` and PGlite agree on integers).
 * - Rates and percentages (APRs, payment percentages, discounts) are integer basis points: 1% = 100, 21.9% = 2190.
 * - Dates of birth, account numbers and routing numbers hold ciphertext: the app encrypts them (AES-256-GCM)
 *   before writing, so those columns are text and never queried by value.
 * - Calendar dates (date opened, transaction date...) are `date` columns read as 'yyyy-MM-dd' strings.
 */

const cents = (name: string) => integer(name);
const basisPoints = (name: string) => integer(name);
const ciphertext = (name: string) => text(name);
const calendarDate = (name: string) => date(name, { mode: 'string' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const applicationId = () =>
  uuid('application_id')
    .notNull()
    .references(() => application.id, { onDelete: 'cascade' });

// Closed lists the domain does not define (yet); the columns are typed with them.
export type AlertType =
  | 'balanceBelowDMPPayment'
  | 'bankAccountDisconnected'
  | 'debtScore30DayDecrease'
  | 'insufficientFundsTransaction'
  | 'overdraftTransaction'
  | 'newCreditInquiry'
  | 'monthlyIncomeDecrease';
/** What raised an alert; its date is read from the record named here. */
export type AlertTrigger = {
  id: string;
  type: 'plaidBalance' | 'plaidItem' | 'debtScore' | 'plaidTransaction' | 'inquiry' | 'incomeSnapshot';
};
export type ContactAttemptReasonKey =
  'validateProposedBudget' | 'verifyAnExpense' | 'verifyConsumerIdentity' | 'verifyIncome';
/** The spec shows only these two; null means the creditor has not answered yet. */
export type OfferStatus = 'accepted' | 'declined';
export type { ExpenseCategory };

/**
 * A borrower's application. Boolean answers are nullable: null means not answered yet.
 * `version` is bumped on every write so two staff members editing at once get a conflict, not a lost update.
 */
export const application = pgTable(
  'application',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<ApplicationStatus>().notNull().default('inProgress'),
    // Deleting a user never silently deletes a financial record: the application goes first, deliberately.
    owner: text('owner')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    assignedTo: text('assigned_to').references(() => user.id, { onDelete: 'set null' }),
    assignedToAt: timestamp('assigned_to_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
    lastCompletedPage: text('last_completed_page').$type<Page>(),
    lastViewedPage: text('last_viewed_page').$type<Page>(),
    hasSpouse: boolean('has_spouse'),
    isCarOwner: boolean('is_car_owner'),
    isHomeowner: boolean('is_homeowner'),
    hasMortgageEscrow: boolean('has_mortgage_escrow'),
    hasServedInMilitary: boolean('has_served_in_military'),
    hasLargeMedicalOrDisabilityExpenses: boolean('has_large_medical_or_disability_expenses'),
    hasRecentDeathInImmediateFamily: boolean('has_recent_death_in_immediate_family'),
    hasRecentJobLoss: boolean('has_recent_job_loss'),
    hasRecentlyBeenFurloughed: boolean('has_recently_been_furloughed'),
    hasReductionInIncome: boolean('has_reduction_in_income'),
    kindOfRelief: text('kind_of_relief'),
    monthlyRentOrMortgageAmount: cents('monthly_rent_or_mortgage_amount'),
    numberOfDependentsInHousehold: integer('number_of_dependents_in_household'),
    hasDependents: boolean('has_dependents'),
    selfReportedMonthlyCurrentIncome: cents('self_reported_monthly_current_income'),
    verifiedMonthlyCurrentIncome: cents('verified_monthly_current_income'),
    hasProvidedMonthlyIncome: boolean('has_provided_monthly_income'),
    /** False while a credit pull runs, true once it finished, successfully or not (spec doc 1 section 4.2 item 4). */
    hasPulledCredit: boolean('has_pulled_credit').notNull().default(false),
    agreedToActionPlan: boolean('agreed_to_action_plan'),
    agreedToTerms: boolean('agreed_to_terms'),
    hasPassedQualityControl: boolean('has_passed_quality_control'),
    reasonForNotConnectingBank: text('reason_for_not_connecting_bank'),
    notifyWhenStateIsEligible: boolean('notify_when_state_is_eligible'),
    /** Can be negative: income exceeding expenses and plan payments. */
    estimatedShortfall: cents('estimated_shortfall'),
    hasSubmittedReviewPage: boolean('has_submitted_review_page'),
    hasSubmittedBudgetPage: boolean('has_submitted_budget_page'),
    hasSubmittedPrimaryApplicationPage: boolean('has_submitted_primary_application_page'),
    totalBackTaxesAmount: cents('total_back_taxes_amount'),
    totalDebtToFriendsAndFamilyAmount: cents('total_debt_to_friends_and_family_amount'),
    totalMedicalDebtAmount: cents('total_medical_debt_amount'),
    totalOtherDebtAmount: cents('total_other_debt_amount'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmMedium: text('utm_medium'),
    utmSource: text('utm_source'),
    utmTerm: text('utm_term'),
  },
  (t) => [
    // A borrower owns exactly one application.
    uniqueIndex('application_owner_key').on(t.owner),
    // Service portal: list by status, newest first; and "assigned to me" by status.
    index('application_status_created_at_idx').on(t.status, t.createdAt),
    index('application_assigned_to_status_idx').on(t.assignedTo, t.status),
    check('application_number_of_dependents_range', sql`${t.numberOfDependentsInHousehold} between 0 and 4`),
  ],
);

export const borrower = pgTable(
  'borrower',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .unique('borrower_application_id_key')
      .references(() => application.id, { onDelete: 'cascade' }),
    owner: text('owner')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    /** Stored as +1 then ten digits. */
    phoneNumber: text('phone_number'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    dateOfBirth: ciphertext('date_of_birth'),
    consentedToCreditPolicy: boolean('consented_to_credit_policy'),
    isOptedOutOfSMS: boolean('is_opted_out_of_sms').notNull().default(false),
    notifyWhenStateIsEligible: boolean('notify_when_state_is_eligible'),
    /** The agency's id for the customer once the plan is handed over. */
    partnerCrmId: text('partner_crm_id'),
    preferredLanguage: text('preferred_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('borrower_owner_idx').on(t.owner)],
);

export const spouse = pgTable('spouse', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id')
    .notNull()
    .unique('spouse_application_id_key')
    .references(() => application.id, { onDelete: 'cascade' }),
  borrowerId: uuid('borrower_id')
    .notNull()
    .unique('spouse_borrower_id_key')
    .references(() => borrower.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  hasSameAddressAsBorrower: boolean('has_same_address_as_borrower'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  dateOfBirth: ciphertext('date_of_birth'),
  consentedToCreditPolicy: boolean('consented_to_credit_policy'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per hardship key: saving a key again updates its value. */
export const hardship = pgTable(
  'hardship',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    key: text('key').$type<HardshipKey>().notNull(),
    value: boolean('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('hardship_application_id_key_key').on(t.applicationId, t.key)],
);

export const alert = pgTable(
  'alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    type: text('type').$type<AlertType>().notNull(),
    hasBeenSeenByBorrower: boolean('has_been_seen_by_borrower').notNull().default(false),
    hasBeenSeenByCustomerServiceRepresentative: boolean('has_been_seen_by_customer_service_representative')
      .notNull()
      .default(false),
    triggeredBy: jsonb('triggered_by').$type<AlertTrigger[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alert_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

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
    index('credit_report_spouse_id_idx').on(t.spouseId),
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

/** A statistical expense benchmark (spend by category and income range), loaded from the shipped data. */
export const expenseBenchmark = pgTable(
  'expense_benchmark',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').$type<ExpenseCategory>().notNull(),
    /** Null when the benchmark covers the whole category. */
    subCategory: text('sub_category'),
    /** Label of the income bracket, as the source names it. */
    incomeRange: text('income_range').notNull(),
    year: integer('year').notNull(),
    /** Monthly amount. */
    value: cents('value').notNull(),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('expense_benchmark_line_key')
      .on(t.category, t.subCategory, t.incomeRange, t.year)
      .nullsNotDistinct(),
  ],
);

/** One row per expense line (category, subCategory) of an application. */
export const expense = pgTable(
  'expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    owner: text('owner')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    category: text('category').$type<ExpenseCategory>().notNull(),
    subCategory: text('sub_category').notNull(),
    estimatedValue: cents('estimated_value'),
    selfReportedValue: cents('self_reported_value'),
    lastSubmittedValue: cents('last_submitted_value'),
    expenseBenchmarkId: uuid('expense_benchmark_id').references(() => expenseBenchmark.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('expense_application_id_line_key').on(t.applicationId, t.category, t.subCategory),
    index('expense_expense_benchmark_id_idx').on(t.expenseBenchmarkId),
  ],
);

/** A proposed budget; its lines propose new values for some expenses. */
export const budget = pgTable(
  'budget',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => borrower.id, { onDelete: 'cascade' }),
    agreedTo: boolean('agreed_to').notNull().default(false),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('budget_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

export const budgetExpense = pgTable(
  'budget_expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budget.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expense.id, { onDelete: 'cascade' }),
    proposedValue: cents('proposed_value').notNull(),
    budgetCategory: text('budget_category').$type<ExpenseCategory>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('budget_expense_budget_id_expense_id_key').on(t.budgetId, t.expenseId),
    index('budget_expense_expense_id_idx').on(t.expenseId),
  ],
);

export const contactAttempt = pgTable(
  'contact_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    contactedBy: text('contacted_by')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** How the borrower was contacted (phone or text message). */
    method: text('method'),
    outcome: text('outcome'),
    didTheBorrowerReceiveAnOffer: boolean('did_the_borrower_receive_an_offer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_attempt_application_id_created_at_idx').on(t.applicationId, t.createdAt),
    // The contact summary lists attempts across borrowers by date.
    index('contact_attempt_created_at_idx').on(t.createdAt),
  ],
);

/** One row per reason key: updating a key sets its value. */
export const contactAttemptReason = pgTable(
  'contact_attempt_reason',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactAttemptId: uuid('contact_attempt_id')
      .notNull()
      .references(() => contactAttempt.id, { onDelete: 'cascade' }),
    key: text('key').$type<ContactAttemptReasonKey>().notNull(),
    value: boolean('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('contact_attempt_reason_contact_attempt_id_key_key').on(t.contactAttemptId, t.key)],
);

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
    /** Plain-language explanation of why the decision came out this way. */
    explanation: text('explanation'),
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
    status: text('status').$type<OfferStatus>(),
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
    /** Row of the creditor concessions table the terms came from. */
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
    index('offer_debt_id_idx').on(t.debtId),
    index('offer_collection_id_idx').on(t.collectionId),
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

/*
 * Status history lives in two tables, one per kind of record, so each keeps NOT NULL foreign keys:
 * application_status_change (from → to) and offer_status_change (the new status).
 * changedBy is null when the system made the change (a decision, a webhook).
 */
export const applicationStatusChange = pgTable(
  'application_status_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    /** Null for the first status of a new application. */
    from: text('from_status').$type<ApplicationStatus>(),
    to: text('to_status').$type<ApplicationStatus>().notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('application_status_change_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
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

/** The plan handed to the agency once creditors answered. */
export const dmpEnrollment = pgTable('dmp_enrollment', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id')
    .notNull()
    .unique('dmp_enrollment_application_id_key')
    .references(() => application.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  dateSigned: calendarDate('date_signed'),
  firstPaymentDate: calendarDate('first_payment_date'),
  monthlyPaymentAmount: cents('monthly_payment_amount').notNull(),
  termInMonths: integer('term_in_months').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The e-signature envelope of the Letter of Authorization. */
export const docusign = pgTable('docusign', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id')
    .notNull()
    .unique('docusign_application_id_key')
    .references(() => application.id, { onDelete: 'cascade' }),
  envelopeId: text('envelope_id').notNull().unique('docusign_envelope_id_key'),
  templateId: text('template_id'),
  documentGeneratedAt: timestamp('document_generated_at', { withTimezone: true }),
  /** Set once every signer has signed. */
  documentSignedAt: timestamp('document_signed_at', { withTimezone: true }),
  /** SHA-256 (hex) of the signed PDF as the provider returned it: proves which bytes were signed. */
  signedDocumentSha256: text('signed_document_sha256'),
  /** The signed PDF, base64, kept so the customer can download it without asking the provider again. */
  signedDocument: text('signed_document'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One signer of the Letter of Authorization: the borrower, and the spouse when there is one. */
export const docusignSigner = pgTable(
  'docusign_signer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    docusignId: uuid('docusign_id')
      .notNull()
      .references(() => docusign.id, { onDelete: 'cascade' }),
    role: text('role').$type<'borrower' | 'spouse'>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('docusign_signer_docusign_id_role_key').on(t.docusignId, t.role)],
);

/**
 * A bank-link session issued to an application. The public token the widget hands back must come out of one
 * of these, so a token issued for one application cannot be exchanged by another.
 */
export const bankLinkToken = pgTable(
  'bank_link_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    linkToken: text('link_token').notNull().unique('bank_link_token_link_token_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bank_link_token_application_id_idx').on(t.applicationId)],
);

/** An income prediction from bank transactions; the newest one's monthlyIncome is used. */
export const incomeSnapshot = pgTable(
  'income_snapshot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => borrower.id, { onDelete: 'cascade' }),
    monthlyIncome: cents('monthly_income').notNull(),
    annualIncome: cents('annual_income').notNull(),
    ninetyDayIncome: cents('ninety_day_income').notNull(),
    /** Ids of the plaid_transaction rows counted as income. */
    incomeTransactionIds: jsonb('income_transaction_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('income_snapshot_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

/** A bank connection. */
export const plaidItem = pgTable(
  'plaid_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    /** The bank-link provider's item id (webhooks name it). */
    providerItemId: text('provider_item_id').unique('plaid_item_provider_item_id_key'),
    /** The provider's access token is a credential: ciphertext like account numbers. */
    accessToken: ciphertext('access_token'),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    isConnected: boolean('is_connected').notNull().default(true),
    isFinishedHistoricalUpdate: boolean('is_finished_historical_update').notNull().default(false),
    /** Where the next transactions sync resumes (the provider's cursor). */
    transactionsCursor: text('transactions_cursor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plaid_item_application_id_idx').on(t.applicationId)],
);

export const plaidAccount = pgTable(
  'plaid_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plaidItemId: uuid('plaid_item_id')
      .notNull()
      .references(() => plaidItem.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id'),
    mask: text('mask'),
    name: text('name'),
    officialName: text('official_name'),
    /** checking, savings, credit card... A connection must include a checking account. */
    subType: text('sub_type'),
    selectedForPayments: boolean('selected_for_payments').notNull().default(false),
    verificationStatus: text('verification_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plaid_account_plaid_item_id_idx').on(t.plaidItemId),
    unique('plaid_account_item_provider_account_key').on(t.plaidItemId, t.providerAccountId),
  ],
);

/** A balance reading of a bank account; createdAt is when it was read. */
export const plaidBalance = pgTable(
  'plaid_balance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plaidAccountId: uuid('plaid_account_id')
      .notNull()
      .references(() => plaidAccount.id, { onDelete: 'cascade' }),
    available: cents('available'),
    current: cents('current'),
    createdAt: createdAt(),
  },
  (t) => [index('plaid_balance_plaid_account_id_created_at_idx').on(t.plaidAccountId, t.createdAt)],
);

export const plaidTransaction = pgTable(
  'plaid_transaction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plaidAccountId: uuid('plaid_account_id')
      .notNull()
      .references(() => plaidAccount.id, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').unique(
      'plaid_transaction_provider_transaction_id_key',
    ),
    /** Provider's sign convention: negative is money coming in (deposits). */
    amount: cents('amount').notNull(),
    date: calendarDate('date').notNull(),
    name: text('name'),
    isVerifiedAsIncome: boolean('is_verified_as_income').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('plaid_transaction_plaid_account_id_date_idx').on(t.plaidAccountId, t.date)],
);

/** The account the plan's monthly payment is drawn from: a linked bank account or one entered by hand. */
export const paymentAccount = pgTable(
  'payment_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .unique('payment_account_application_id_key')
      .references(() => application.id, { onDelete: 'cascade' }),
    plaidAccountId: uuid('plaid_account_id').references(() => plaidAccount.id, { onDelete: 'set null' }),
    accountNumber: ciphertext('account_number'),
    routingNumber: ciphertext('routing_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_account_plaid_account_id_idx').on(t.plaidAccountId)],
);

// ---------------------------------------------------------------- relations

export const applicationRelations = relations(application, ({ one, many }) => ({
  ownerUser: one(user, {
    fields: [application.owner],
    references: [user.id],
    relationName: 'applicationOwner',
  }),
  assignedToUser: one(user, {
    fields: [application.assignedTo],
    references: [user.id],
    relationName: 'applicationAssignee',
  }),
  borrower: one(borrower),
  spouse: one(spouse),
  alerts: many(alert),
  budgets: many(budget),
  contactAttempts: many(contactAttempt),
  creditReports: many(creditReport),
  debts: many(debt),
  collections: many(collection),
  creditorAccounts: many(creditorAccount),
  debtScores: many(debtScore),
  decisions: many(decision),
  offers: many(offer),
  disqualificationReasons: many(disqualificationReason),
  dmpEnrollment: one(dmpEnrollment),
  docusign: one(docusign),
  expenses: many(expense),
  hardships: many(hardship),
  incomeSnapshots: many(incomeSnapshot),
  paymentAccount: one(paymentAccount),
  plaidItems: many(plaidItem),
  statusChanges: many(applicationStatusChange),
}));

export const borrowerRelations = relations(borrower, ({ one, many }) => ({
  application: one(application, { fields: [borrower.applicationId], references: [application.id] }),
  spouse: one(spouse),
  creditReports: many(creditReport),
  debtScores: many(debtScore),
  budgets: many(budget),
  incomeSnapshots: many(incomeSnapshot),
}));

export const spouseRelations = relations(spouse, ({ one, many }) => ({
  application: one(application, { fields: [spouse.applicationId], references: [application.id] }),
  borrower: one(borrower, { fields: [spouse.borrowerId], references: [borrower.id] }),
  creditReports: many(creditReport),
}));

export const hardshipRelations = relations(hardship, ({ one }) => ({
  application: one(application, { fields: [hardship.applicationId], references: [application.id] }),
}));

export const alertRelations = relations(alert, ({ one }) => ({
  application: one(application, { fields: [alert.applicationId], references: [application.id] }),
}));

export const creditReportRelations = relations(creditReport, ({ one, many }) => ({
  application: one(application, { fields: [creditReport.applicationId], references: [application.id] }),
  borrower: one(borrower, { fields: [creditReport.borrowerId], references: [borrower.id] }),
  spouse: one(spouse, { fields: [creditReport.spouseId], references: [spouse.id] }),
  inquiries: many(inquiry),
  riskScores: many(riskScore),
  debts: many(debt),
  collections: many(collection),
}));

export const inquiryRelations = relations(inquiry, ({ one }) => ({
  creditReport: one(creditReport, { fields: [inquiry.creditReportId], references: [creditReport.id] }),
}));

export const riskScoreRelations = relations(riskScore, ({ one }) => ({
  creditReport: one(creditReport, { fields: [riskScore.creditReportId], references: [creditReport.id] }),
}));

export const debtRelations = relations(debt, ({ one, many }) => ({
  application: one(application, { fields: [debt.applicationId], references: [application.id] }),
  creditReport: one(creditReport, { fields: [debt.creditReportId], references: [creditReport.id] }),
  creditorAccount: one(creditorAccount),
  offers: many(offer),
}));

export const collectionRelations = relations(collection, ({ one, many }) => ({
  application: one(application, { fields: [collection.applicationId], references: [application.id] }),
  creditReport: one(creditReport, { fields: [collection.creditReportId], references: [creditReport.id] }),
  creditorAccount: one(creditorAccount),
  offers: many(offer),
}));

export const creditorAccountRelations = relations(creditorAccount, ({ one }) => ({
  application: one(application, { fields: [creditorAccount.applicationId], references: [application.id] }),
  debt: one(debt, { fields: [creditorAccount.debtId], references: [debt.id] }),
  collection: one(collection, { fields: [creditorAccount.collectionId], references: [collection.id] }),
}));

export const debtScoreRelations = relations(debtScore, ({ one }) => ({
  application: one(application, { fields: [debtScore.applicationId], references: [application.id] }),
  borrower: one(borrower, { fields: [debtScore.borrowerId], references: [borrower.id] }),
  borrowerRiskScore: one(riskScore, {
    fields: [debtScore.borrowerRiskScoreId],
    references: [riskScore.id],
    relationName: 'debtScoreBorrowerRiskScore',
  }),
  spouseRiskScore: one(riskScore, {
    fields: [debtScore.spouseRiskScoreId],
    references: [riskScore.id],
    relationName: 'debtScoreSpouseRiskScore',
  }),
}));

export const expenseBenchmarkRelations = relations(expenseBenchmark, ({ many }) => ({
  expenses: many(expense),
}));

export const expenseRelations = relations(expense, ({ one, many }) => ({
  application: one(application, { fields: [expense.applicationId], references: [application.id] }),
  benchmark: one(expenseBenchmark, {
    fields: [expense.expenseBenchmarkId],
    references: [expenseBenchmark.id],
  }),
  budgetExpenses: many(budgetExpense),
}));

export const budgetRelations = relations(budget, ({ one, many }) => ({
  application: one(application, { fields: [budget.applicationId], references: [application.id] }),
  borrower: one(borrower, { fields: [budget.borrowerId], references: [borrower.id] }),
  budgetExpenses: many(budgetExpense),
}));

export const budgetExpenseRelations = relations(budgetExpense, ({ one }) => ({
  budget: one(budget, { fields: [budgetExpense.budgetId], references: [budget.id] }),
  expense: one(expense, { fields: [budgetExpense.expenseId], references: [expense.id] }),
}));

export const contactAttemptRelations = relations(contactAttempt, ({ one, many }) => ({
  application: one(application, { fields: [contactAttempt.applicationId], references: [application.id] }),
  reasons: many(contactAttemptReason),
}));

export const contactAttemptReasonRelations = relations(contactAttemptReason, ({ one }) => ({
  contactAttempt: one(contactAttempt, {
    fields: [contactAttemptReason.contactAttemptId],
    references: [contactAttempt.id],
  }),
}));

export const decisionRelations = relations(decision, ({ one, many }) => ({
  application: one(application, { fields: [decision.applicationId], references: [application.id] }),
  disqualificationReasons: many(disqualificationReason),
  offers: many(offer),
}));

export const disqualificationReasonRelations = relations(disqualificationReason, ({ one }) => ({
  application: one(application, {
    fields: [disqualificationReason.applicationId],
    references: [application.id],
  }),
  decision: one(decision, { fields: [disqualificationReason.decisionId], references: [decision.id] }),
}));

export const offerRelations = relations(offer, ({ one, many }) => ({
  application: one(application, { fields: [offer.applicationId], references: [application.id] }),
  decision: one(decision, { fields: [offer.decisionId], references: [decision.id] }),
  debt: one(debt, { fields: [offer.debtId], references: [debt.id] }),
  collection: one(collection, { fields: [offer.collectionId], references: [collection.id] }),
  disqualificationReasons: many(offerDisqualificationReason),
  statusChanges: many(offerStatusChange),
}));

export const offerDisqualificationReasonRelations = relations(offerDisqualificationReason, ({ one }) => ({
  offer: one(offer, { fields: [offerDisqualificationReason.offerId], references: [offer.id] }),
}));

export const applicationStatusChangeRelations = relations(applicationStatusChange, ({ one }) => ({
  application: one(application, {
    fields: [applicationStatusChange.applicationId],
    references: [application.id],
  }),
}));

export const offerStatusChangeRelations = relations(offerStatusChange, ({ one }) => ({
  offer: one(offer, { fields: [offerStatusChange.offerId], references: [offer.id] }),
}));

export const dmpEnrollmentRelations = relations(dmpEnrollment, ({ one }) => ({
  application: one(application, { fields: [dmpEnrollment.applicationId], references: [application.id] }),
}));

export const docusignRelations = relations(docusign, ({ one, many }) => ({
  application: one(application, { fields: [docusign.applicationId], references: [application.id] }),
  signers: many(docusignSigner),
}));

export const docusignSignerRelations = relations(docusignSigner, ({ one }) => ({
  docusign: one(docusign, { fields: [docusignSigner.docusignId], references: [docusign.id] }),
}));

export const incomeSnapshotRelations = relations(incomeSnapshot, ({ one }) => ({
  application: one(application, { fields: [incomeSnapshot.applicationId], references: [application.id] }),
  borrower: one(borrower, { fields: [incomeSnapshot.borrowerId], references: [borrower.id] }),
}));

export const plaidItemRelations = relations(plaidItem, ({ one, many }) => ({
  application: one(application, { fields: [plaidItem.applicationId], references: [application.id] }),
  accounts: many(plaidAccount),
}));

export const plaidAccountRelations = relations(plaidAccount, ({ one, many }) => ({
  plaidItem: one(plaidItem, { fields: [plaidAccount.plaidItemId], references: [plaidItem.id] }),
  balances: many(plaidBalance),
  transactions: many(plaidTransaction),
  paymentAccounts: many(paymentAccount),
}));

export const plaidBalanceRelations = relations(plaidBalance, ({ one }) => ({
  plaidAccount: one(plaidAccount, { fields: [plaidBalance.plaidAccountId], references: [plaidAccount.id] }),
}));

export const plaidTransactionRelations = relations(plaidTransaction, ({ one }) => ({
  plaidAccount: one(plaidAccount, {
    fields: [plaidTransaction.plaidAccountId],
    references: [plaidAccount.id],
  }),
}));

export const paymentAccountRelations = relations(paymentAccount, ({ one }) => ({
  application: one(application, { fields: [paymentAccount.applicationId], references: [application.id] }),
  plaidAccount: one(plaidAccount, { fields: [paymentAccount.plaidAccountId], references: [plaidAccount.id] }),
}));

// ---------------------------------------------------------------- the whole application, in one query

// Omit this module's own value so the type does not refer to itself.
type RelationalSchema = ExtractTablesWithRelations<Omit<typeof schema, 'applicationWithEverything'>>;
type ApplicationQueryWith = NonNullable<
  DBQueryConfig<'many', true, RelationalSchema, RelationalSchema['application']>['with']
>;

/**
 * Every relation of an application, nested (spec doc 2 section 7, 'get application by id'), for
 * `db.query.application.findFirst({ where, with: applicationWithEverything })`: one SQL statement.
 * Lists come in the order the screens show them; bank balances cover the last 6 months.
 */
export const applicationWithEverything = {
  borrower: true,
  spouse: true,
  alerts: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  budgets: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { budgetExpenses: true },
  },
  contactAttempts: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { reasons: true },
  },
  creditReports: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { inquiries: true, riskScores: true },
  },
  debts: {
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: true },
  },
  collections: {
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: true },
  },
  debtScores: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  decisions: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: {
      disqualificationReasons: true,
      offers: {
        orderBy: (t, { desc }) => [desc(t.balance)],
        with: {
          disqualificationReasons: true,
          statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
        },
      },
    },
  },
  disqualificationReasons: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
  dmpEnrollment: true,
  // The signed PDF itself is read only where it is downloaded.
  docusign: { columns: { signedDocument: false }, with: { signers: true } },
  expenses: {
    orderBy: (t, { asc }) => [asc(t.category), asc(t.subCategory)],
    with: { benchmark: true, budgetExpenses: true },
  },
  hardships: true,
  incomeSnapshots: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  paymentAccount: true,
  plaidItems: {
    orderBy: (t, { asc }) => [asc(t.createdAt)],
    with: {
      accounts: {
        with: {
          balances: {
            where: (t, { gte }) => gte(t.createdAt, sql`now() - interval '6 months'`),
            orderBy: (t, { desc }) => [desc(t.createdAt)],
          },
          transactions: { orderBy: (t, { desc }) => [desc(t.date)] },
        },
      },
    },
  },
  statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
} satisfies ApplicationQueryWith;

/** What `findFirst({ with: applicationWithEverything })` returns. */
export type ApplicationWithEverything = BuildQueryResult<
  RelationalSchema,
  RelationalSchema['application'],
  { with: typeof applicationWithEverything }
>;
