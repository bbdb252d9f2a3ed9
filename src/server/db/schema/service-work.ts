import { boolean, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AlertTriggerType } from '#domain/monitoring/alert-rules';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';
import { applicationId } from './application';

// The counsellors' work on an application: contact attempts and their reasons, alerts.

export type AlertType =
  | 'balanceBelowDMPPayment'
  | 'bankAccountDisconnected'
  | 'debtScore30DayDecrease'
  | 'insufficientFundsTransaction'
  | 'overdraftTransaction'
  | 'newCreditInquiry'
  | 'monthlyIncomeDecrease'
  | 'draftReturned'
  | 'creditorPaymentNotPosted'
  | 'creditorPaidOff';

/** What raised an alert; its date is read from the record named here. */
export type AlertTrigger = { id: string; type: AlertTriggerType };

export type ContactAttemptReasonKey =
  'validateProposedBudget' | 'verifyAnExpense' | 'verifyConsumerIdentity' | 'verifyIncome';

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
    /**
     * When the condition ended (a disconnected bank connected again): a cleared alert leaves the customer's
     * list and shows as cleared in the service portal. Null while it still holds.
     */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alert_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
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
    // The contact summary narrowed to one staff member, newest first (and the check when a user is deleted).
    index('contact_attempt_contacted_by_created_at_idx').on(t.contactedBy, t.createdAt),
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
