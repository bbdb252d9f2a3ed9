import { sql } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { Page } from '#domain/flow/pages';
import { HARDSHIP_KEYS } from '#domain/validation/application';
import { QUALITY_CONTROL_ITEMS } from '#domain/validation/staff';
import { user } from './auth';
import { cents, ciphertext, createdAt, updatedAt } from './columns';

// A borrower's application and what hangs directly on it: the borrower, the spouse, the hardships, the status history.

export const qualityControlItemEnum = pgEnum('quality_control_item', QUALITY_CONTROL_ITEMS);

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
    /** False while a credit pull runs, true once it finished, successfully or not. */
    hasPulledCredit: boolean('has_pulled_credit').notNull().default(false),
    /**
     * When the not-qualified email (why, and what to do next) was written to the outbox; set once, so a
     * decision made again never sends it twice.
     */
    outcomeEmailedAt: timestamp('outcome_emailed_at', { withTimezone: true }),
    agreedToActionPlan: boolean('agreed_to_action_plan'),
    agreedToTerms: boolean('agreed_to_terms'),
    hasPassedQualityControl: boolean('has_passed_quality_control'),
    /**
     * A staff approval of a plan longer than 60 months (the hand-over waits for it): the term it was given
     * for, who gave it, when and why. A later change that lengthens the plan needs a new approval.
     */
    longPlanApprovedTerm: integer('long_plan_approved_term'),
    longPlanApprovedBy: text('long_plan_approved_by').references(() => user.id, { onDelete: 'set null' }),
    longPlanApprovedAt: timestamp('long_plan_approved_at', { withTimezone: true }),
    longPlanApprovalReason: text('long_plan_approval_reason'),
    /**
     * The checklist items the counsellor checked at quality control (the others were left unchecked: a fail's
     * reasons); null before quality control.
     */
    qualityControlChecklist: qualityControlItemEnum('quality_control_checklist').array(),
    reasonForNotConnectingBank: text('reason_for_not_connecting_bank'),
    notifyWhenStateIsEligible: boolean('notify_when_state_is_eligible'),
    /** Can be negative: income exceeding expenses and plan payments. */
    estimatedShortfall: cents('estimated_shortfall'),
    /**
     * What the agreed budget leaves each month once the plan's draft and the creditors paid directly (left out
     * by the borrower, or declined) are paid, as the plan stood at its last change: written when the borrower
     * accepts the plan and after each creditor's answer (planFit, src/domain/enrollment/plan-fit.ts), so the
     * counsellors' queue flags a plan that no longer fits without working each plan out again. Negative when
     * it no longer fits; null before a plan is accepted.
     */
    planFitLeft: cents('plan_fit_left'),
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
    /**
     * When the borrower applied again after this application ended not qualified: it is kept for the record,
     * and the new one on the same account is the one the borrower's pages, portal and session read.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    // A borrower has one current application; those they applied again after are kept, superseded.
    uniqueIndex('application_owner_key')
      .on(t.owner)
      .where(sql`superseded_at is null`),
    index('application_owner_created_at_idx').on(t.owner, t.createdAt),
    // Service portal: list by status, newest first; and "assigned to me" by status.
    index('application_status_created_at_idx').on(t.status, t.createdAt),
    index('application_assigned_to_status_idx').on(t.assignedTo, t.status),
    // The queue: newest first over every status, a page at a time (ties broken by id), read backwards. It
    // also holds the status and the assignee (INCLUDE, migration 0021): a search walking the applications
    // newest first reads the index alone.
    index('application_created_at_id_idx').on(t.createdAt, t.id),
    // The queue's "plan no longer fits" filter: few plans fall short, so this index holds only theirs, newest
    // first as the queue reads them; the filter's page and count read it alone.
    index('application_plan_short_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.planFitLeft} < 0`),
    check('application_number_of_dependents_range', sql`${t.numberOfDependentsInHousehold} between 0 and 4`),
  ],
);

/**
 * The owning application's id, for the tables that hang on an application; rows go with it when it is
 * deleted. It sits beside the table it points at, so a table file that needs it imports this file, and this
 * file imports none of theirs.
 */
export function applicationId() {
  return uuid('application_id')
    .notNull()
    .references(() => application.id, { onDelete: 'cascade' });
}

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
  (t) => [
    index('borrower_owner_idx').on(t.owner),
    // The queue's search by a whole phone number: one index lookup instead of a trigram scan.
    index('borrower_phone_number_idx').on(t.phoneNumber),
    // A common term's search walks the applications newest first and tests each one's borrower: this index
    // holds what the test and the tile read (INCLUDE, migration 0021), so each step reads the index alone.
    index('borrower_application_search_idx').on(t.applicationId),
    // The service portal's language filter: Spanish speakers are a minority, so this index holds only theirs
    // (migration 0032). "Is this application's borrower Spanish-speaking?" is then one probe of a small index,
    // for Spanish ('is in it') and English ('is not') alike (decision 0098).
    index('borrower_spanish_application_idx')
      .on(t.applicationId)
      .where(sql`${t.preferredLanguage} = 'es'`),
  ],
);

export const spouse = pgTable(
  'spouse',
  {
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
    /**
     * The language the spouse reads ('en' or 'es'): their signing emails, texts and their version of the letter.
     * Null means the borrower's, followed when the borrower changes theirs.
     */
    preferredLanguage: text('preferred_language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('spouse_preferred_language_check', sql`${t.preferredLanguage} in ('en', 'es')`)],
);

/** How the spouse gave their own consent to the credit inquiry: at the applicant's screen, or from an emailed link. */
export type SpouseConsentMethod = 'atScreen' | 'emailedLink';

/**
 * The spouse's own consent to the soft credit inquiry of their file, with its evidence: the name they typed,
 * when, and the browser it came from (address and user agent). The spouse's credit is pulled only with one of
 * these whose typed name still matches the spouse's name on the application. One per spouse.
 */
export const spouseCreditConsent = pgTable(
  'spouse_credit_consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    spouseId: uuid('spouse_id')
      .notNull()
      .unique('spouse_credit_consent_spouse_id_key')
      .references(() => spouse.id, { onDelete: 'cascade' }),
    method: text('method').$type<SpouseConsentMethod>().notNull(),
    /** The full name the spouse typed as their signature. */
    typedName: text('typed_name').notNull(),
    /** The authorization's words as the spouse read them, in the language they read. */
    consentText: text('consent_text').notNull(),
    language: text('language').$type<Language>().notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** The client's address as the server reads it (behind the proxy, TRUST_PROXY), and its user agent. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The emailed link it came through, when it did. */
    linkId: uuid('link_id'),
    createdAt: createdAt(),
  },
  (t) => [check('spouse_credit_consent_method_check', sql`${t.method} in ('atScreen', 'emailedLink')`)],
);

/**
 * A link emailed to the spouse to give their consent from their own device. Only the SHA-256 of its token is
 * kept; it works once, until it expires, and only while it is the newest one sent (a new one replaces it).
 */
export const spouseConsentLink = pgTable(
  'spouse_consent_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    spouseId: uuid('spouse_id')
      .notNull()
      .references(() => spouse.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('spouse_consent_link_token_hash_key'),
    /** Where it was sent (the spouse's email on the application when it was sent). */
    sentTo: text('sent_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the spouse gave their consent through it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** When a newer link, or a consent given otherwise, made it void. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('spouse_consent_link_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

/** A hardship's key, a closed list of the domain stored as an enum (see expenseCategoryEnum in budget.ts). */
export const hardshipKeyEnum = pgEnum('hardship_key', HARDSHIP_KEYS);

/** One row per hardship key: saving a key again updates its value. */
export const hardship = pgTable(
  'hardship',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    key: hardshipKeyEnum('key').notNull(),
    value: boolean('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('hardship_application_id_key_key').on(t.applicationId, t.key)],
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
