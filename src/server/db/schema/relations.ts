import { relations } from 'drizzle-orm';
import { account, session, twoFactor, user } from './auth';
import { application, applicationStatusChange, borrower, hardship, spouse } from './application';
import { collection, creditReport, creditorAccount, debt, debtScore, inquiry, riskScore } from './credit';
import { budget, budgetExpense, expense, expenseBenchmark } from './budget';
import {
  decision,
  disqualificationReason,
  offer,
  offerDisqualificationReason,
  offerStatusChange,
} from './decision';
import { alert, contactAttempt, contactAttemptReason } from './service-work';
import {
  dmpEnrollment,
  docusign,
  docusignSigner,
  incomeSnapshot,
  paymentAccount,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
  planAuthorization,
  planChangeNotice,
} from './enrollment';
import { creditor } from './creditors';
import { proposal } from './proposal';

// How the tables relate, for Drizzle's relational queries (`db.query.x.findFirst({ with })`). The relations
// point both ways (an application has many debts, a debt has one application), so they sit here, above every
// table file, and not beside their tables: a table file imports only the tables its foreign keys point at, and
// the schema's files import one another one way only. Foreign keys themselves stay with their columns.

// ---------------------------------------------------------------- sign-in (better-auth)

// better-auth reads a session with its user (and a user with their accounts) in one query each: its
// database joins follow these relations (advanced.database.joins in plugins/auth.ts).
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
export const twoFactorRelations = relations(twoFactor, ({ one }) => ({
  user: one(user, { fields: [twoFactor.userId], references: [user.id] }),
}));
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
  twoFactors: many(twoFactor),
}));

// ---------------------------------------------------------------- the application, the borrower and the spouse

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
  longPlanApprovedByUser: one(user, {
    fields: [application.longPlanApprovedBy],
    references: [user.id],
    relationName: 'applicationLongPlanApprover',
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
  planAuthorizations: many(planAuthorization),
  planChangeNotices: many(planChangeNotice),
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

export const applicationStatusChangeRelations = relations(applicationStatusChange, ({ one }) => ({
  application: one(application, {
    fields: [applicationStatusChange.applicationId],
    references: [application.id],
  }),
  changedByUser: one(user, { fields: [applicationStatusChange.changedBy], references: [user.id] }),
}));

// ---------------------------------------------------------------- credit reports

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

// ---------------------------------------------------------------- budget

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

// ---------------------------------------------------------------- decision and offers

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

export const offerStatusChangeRelations = relations(offerStatusChange, ({ one }) => ({
  offer: one(offer, { fields: [offerStatusChange.offerId], references: [offer.id] }),
  changedByUser: one(user, { fields: [offerStatusChange.changedBy], references: [user.id] }),
}));

// ---------------------------------------------------------------- service work

export const alertRelations = relations(alert, ({ one }) => ({
  application: one(application, { fields: [alert.applicationId], references: [application.id] }),
}));

export const contactAttemptRelations = relations(contactAttempt, ({ one, many }) => ({
  application: one(application, { fields: [contactAttempt.applicationId], references: [application.id] }),
  reasons: many(contactAttemptReason),
  contactedByUser: one(user, { fields: [contactAttempt.contactedBy], references: [user.id] }),
}));

export const contactAttemptReasonRelations = relations(contactAttemptReason, ({ one }) => ({
  contactAttempt: one(contactAttempt, {
    fields: [contactAttemptReason.contactAttemptId],
    references: [contactAttempt.id],
  }),
}));

// ---------------------------------------------------------------- enrollment

export const dmpEnrollmentRelations = relations(dmpEnrollment, ({ one }) => ({
  application: one(application, { fields: [dmpEnrollment.applicationId], references: [application.id] }),
}));

export const planAuthorizationRelations = relations(planAuthorization, ({ one }) => ({
  application: one(application, { fields: [planAuthorization.applicationId], references: [application.id] }),
}));

export const planChangeNoticeRelations = relations(planChangeNotice, ({ one }) => ({
  application: one(application, { fields: [planChangeNotice.applicationId], references: [application.id] }),
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

// ---------------------------------------------------------------- proposals

export const proposalRelations = relations(proposal, ({ one }) => ({
  application: one(application, { fields: [proposal.applicationId], references: [application.id] }),
  offer: one(offer, { fields: [proposal.offerId], references: [offer.id] }),
  creditor: one(creditor, { fields: [proposal.creditorId], references: [creditor.id] }),
}));
