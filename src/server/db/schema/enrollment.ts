import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cents, ciphertext, calendarDate, createdAt, updatedAt } from './columns';
import type { Language } from '#domain/i18n/language';
import { application, applicationId, borrower } from './application';

// Enrollment: the plan, the letter of authorization and its signers, bank links (items, accounts, balances, transactions), income snapshots, the payment account.

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
  /** What the agency may draw each month: the terms' amount, or the authorized one while a higher amount waits. */
  monthlyPaymentAmount: cents('monthly_payment_amount').notNull(),
  /** A higher amount the terms now need, not drawn until the borrower confirms it in the portal; else null. */
  pendingMonthlyPaymentAmount: cents('pending_monthly_payment_amount'),
  termInMonths: integer('term_in_months').notNull(),
  /**
   * The borrower's changes of the draft day after signing, as the plan's terms read them: the date of the first
   * draft on each new day, oldest first (src/domain/enrollment/draft-day-change.ts). Empty while every draft
   * is on firstPaymentDate's day of the month.
   */
  draftDayChanges: text('draft_day_changes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What the borrower agreed to be drawn: the terms accepted on /offers/review with the chosen day of the month
 * ('acceptance': its first draft date is the estimate of that day), the terms the Letter of Authorization
 * states ('letter': the first draft date is fixed), each later confirmation of changed terms
 * ('reauthorization') and each change of the day of the month made in Settings ('draftDayChange', the
 * authorized amount unchanged). The newest letter or confirmation holds the largest monthly draft the agency may take
 * without asking again.
 */
export const planAuthorization = pgTable(
  'plan_authorization',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    kind: text('kind').$type<'acceptance' | 'letter' | 'reauthorization' | 'draftDayChange'>().notNull(),
    /** Day of the month drafts are drawn (1 to 28). */
    draftDay: integer('draft_day').notNull(),
    firstDraftDate: calendarDate('first_draft_date').notNull(),
    monthlyDraftAmount: cents('monthly_draft_amount').notNull(),
    setupFee: cents('setup_fee').notNull(),
    termInMonths: integer('term_in_months').notNull(),
    /**
     * A confirmation's first draft at the confirmed amount, or a change of day's first draft on the new day;
     * null for the acceptance and the letter.
     */
    appliesFrom: calendarDate('applies_from'),
    /** The changes of the draft day made so far, carried by every later authorization (dmpEnrollment's). */
    draftDayChanges: text('draft_day_changes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A confirmation's copy for the borrower: the addendum to the letter stating the new amount, how and when it
     * was confirmed (a PDF, sealed as the signed letter is); null for every other kind.
     */
    addendumDocument: ciphertext('addendum_document'),
    /** SHA-256 of the addendum's PDF (hex): whether one is on file, without reading it. */
    addendumSha256: text('addendum_sha256'),
    createdAt: createdAt(),
  },
  (t) => [index('plan_authorization_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Each time the borrower was told that a creditor's answer changed the plan they authorized (the email and My
 * plan): the amounts, the draft the new amount applies from, and the key of the resulting terms, so answering
 * another offer that leaves the terms as they are does not send the same news twice.
 */
export const planChangeNotice = pgTable(
  'plan_change_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    authorizedMonthlyDraftAmount: cents('authorized_monthly_draft_amount').notNull(),
    monthlyDraftAmount: cents('monthly_draft_amount').notNull(),
    appliesFrom: calendarDate('applies_from'),
    needsConfirmation: boolean('needs_confirmation').notNull(),
    termsKey: text('terms_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('plan_change_notice_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

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
  /**
   * The signed PDF, kept so the customer can download it without asking the provider again: sealed with
   * ENCRYPTION_KEY (src/server/application/signed-letter-store.ts); plain base64 if signed before that.
   */
  signedDocument: ciphertext('signed_document'),
  /**
   * The language the letter is written in (its signers'), and the version of the letter's text in that
   * language (LETTER_TEXT_VERSIONS): which words were signed. Null for letters made before they were kept.
   */
  letterLanguage: text('letter_language').$type<Language>(),
  letterTextVersion: text('letter_text_version'),
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
    /** When this signer agreed to receive records and sign electronically, and the disclosure's version. */
    electronicRecordsConsentAt: timestamp('electronic_records_consent_at', { withTimezone: true }),
    electronicRecordsConsentVersion: text('electronic_records_consent_version'),
    /** When this signer chose paper instead (before signing); a later consent clears it. */
    electronicRecordsWithdrawnAt: timestamp('electronic_records_withdrawn_at', { withTimezone: true }),
    /** When the signing page first served this signer the letter's PDF: they showed they can open it. */
    documentOpenedAt: timestamp('document_opened_at', { withTimezone: true }),
    /**
     * The language of the letter's version this signer reads and signs, and that version's text version
     * (LETTER_TEXT_VERSIONS). A spouse with another language than the borrower's signs a letter holding both
     * versions. Null for letters made before they were kept per signer.
     */
    letterLanguage: text('letter_language').$type<Language>(),
    letterTextVersion: text('letter_text_version'),
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
    /**
     * When a public token was exchanged against this link token: a link token is good for one connection
     * (null: not used yet). Claimed before the exchange and released if the exchange fails.
     */
    usedAt: timestamp('used_at', { withTimezone: true }),
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
    /**
     * The webhook URL the provider was last told for this item (at its link or by an update); null: none, or
     * not known (an item linked before it was recorded). The daily refresh updates an item whose URL differs.
     */
    webhookUrl: text('webhook_url'),
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
  // An account entered by hand has no bank connection: the index holds only the connected ones.
  (t) => [
    index('payment_account_plaid_account_id_idx')
      .on(t.plaidAccountId)
      .where(sql`${t.plaidAccountId} is not null`),
  ],
);
