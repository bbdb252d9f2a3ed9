import { z } from 'zod';
import { issueError } from '../validation/issue-messages';
import { MESSAGE_REFS } from '../validation/messages';
import { OUTCOMES } from '../underwriting/outcomes';
import { HARDSHIP_KEYS } from '../validation/application';
import { EXPENSE_CATEGORIES } from '../validation/expenses';
import { EXPENSE_LINE_KEYS } from '../i18n/expense-labels';
import { ACCOUNT_TYPE_KEYS } from '../underwriting/account-type-messages';
import { LANGUAGES } from '../i18n/language';
import { pageSchema } from './pages';
import { applicationStatusSchema } from './statuses';

// What the application flow's pages read (the GET routes of /api/application). The server serializes with
// these schemas and the web app reads the inferred types, so both sides agree. Money is integer cents.

const cents = z.number().int();
const nullableString = z.string().nullable();
const nullableBoolean = z.boolean().nullable();

const personSchema = {
  firstName: nullableString,
  lastName: nullableString,
  email: nullableString,
  /** Form format '999-999-9999'. */
  phoneNumber: nullableString,
  addressLine1: nullableString,
  addressLine2: nullableString,
  city: nullableString,
  state: nullableString,
  zipCode: nullableString,
  /** Form format 'MM-dd-yyyy' (decrypted for the owner only). */
  dateOfBirth: nullableString,
  consentedToCreditPolicy: nullableBoolean,
};

const payoffProjectionSchema = z.object({
  /** Months until every debt is paid off; null when the payments never pay them off. */
  months: z.number().int().nullable(),
  totalInterest: cents.nullable(),
});

/** The do-it-yourself payoff plan (avalanche order) of a borrower who can pay their debts without a plan. */
export const payoffPlanViewSchema = z.object({
  debts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      balance: cents,
      /** Basis points (21.9% = 2190). */
      aprBp: z.number().int(),
      payment: cents,
      firstMonthInterest: cents,
      /** False when this payment alone would never pay the debt off. */
      paymentCoversInterest: z.boolean(),
      /** Month (1 = next month) the plan pays it off; null when it never does. */
      paidOffMonth: z.number().int().nullable(),
    }),
  ),
  monthlyPayment: cents,
  current: payoffProjectionSchema,
  extraPayment: cents,
  withExtra: payoffProjectionSchema,
  monthsSaved: z.number().int().nullable(),
  interestSaved: cents.nullable(),
  /** True when a rate was assumed because the credit report shows none (it never does for cards). */
  aprAssumed: z.boolean(),
});
export type PayoffPlanView = z.infer<typeof payoffPlanViewSchema>;

/** Why an application did not qualify (its reasons, grouped) and, when it can afford its debts, their plan. */
export const outcomeViewSchema = z.object({
  outcomes: z.array(z.enum(OUTCOMES)),
  payoffPlan: payoffPlanViewSchema.nullable(),
});
export type OutcomeView = z.infer<typeof outcomeViewSchema>;

/** GET /api/application: the borrower's own application, enough for every page's form. */
export const applicationViewSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  lastCompletedPage: pageSchema.nullable(),
  lastViewedPage: pageSchema.nullable(),
  hardships: z.record(z.enum(HARDSHIP_KEYS), z.boolean()),
  household: z.object({
    hasDependents: nullableBoolean,
    numberOfDependentsInHousehold: z.number().int().nullable(),
    isHomeowner: nullableBoolean,
    hasMortgageEscrow: nullableBoolean,
    monthlyRentOrMortgageAmount: cents.nullable(),
    isCarOwner: nullableBoolean,
    hasSpouse: nullableBoolean,
  }),
  borrower: z.object({ ...personSchema, notifyWhenStateIsEligible: nullableBoolean }),
  spouse: z
    .object({
      ...personSchema,
      hasSameAddressAsBorrower: nullableBoolean,
      /** The spouse's own language; null when they read the borrower's. */
      preferredLanguage: z.enum(LANGUAGES).nullable(),
    })
    .nullable(),
  /** True once a credit pull has finished, successfully or not. */
  hasPulledCredit: z.boolean(),
  selfReportedMonthlyCurrentIncome: cents.nullable(),
  estimatedShortfall: cents.nullable(),
  /** Self-reported monthly income + estimated shortfall − 100 dollars; null until estimated. */
  incomeThreshold: cents.nullable(),
  /** The monthly income predicted from a connected bank's deposits (the newest income snapshot); null without one. */
  verifiedMonthlyCurrentIncome: cents.nullable(),
  /** The institution of the newest connected bank, when one is connected. */
  connectedBankName: nullableString,
  /** Why the borrower chose not to connect a bank, when they said. */
  reasonForNotConnectingBank: nullableString,
  /** Set once the application is disqualified: what /offers/not-qualified explains. */
  outcome: outcomeViewSchema.nullable(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** GET /api/application/eligible-debts: every eligible debt and collection, balance descending. */
export const eligibleDebtsViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['debt', 'collection']),
      /** Friendly creditor name (for a collection, the agency, with the original creditor below). */
      creditorName: z.string(),
      originalCreditorName: nullableString,
      /**
       * The account type as the key of its message (ACCOUNT_TYPE_MESSAGES), which the page words in its
       * language: the bureau's code, 'UK' (other account) for a code we do not know; null without one.
       */
      accountType: z.enum(ACCOUNT_TYPE_KEYS).nullable(),
      /** The same in plain English words: 'Credit card', 'Collection agency'. */
      accountTypeName: nullableString,
      /** Last four digits only. */
      accountNumberLast4: nullableString,
      currentBalance: cents,
      /** 1% of balance + a month of interest at 21.9%, at least $25. */
      estimatedMonthlyPayment: cents,
      selectedForDebtReduction: z.boolean(),
      owner: z.enum(['borrower', 'spouse', 'joint']),
      /** Added by the borrower ('A debt is missing?'), not found on the credit report; a counsellor verifies it. */
      isSelfReported: z.boolean(),
    }),
  ),
});
export type EligibleDebtsView = z.infer<typeof eligibleDebtsViewSchema>;
export type EligibleItemView = EligibleDebtsView['items'][number];

/**
 * A line's label as the key of its message (EXPENSE_LINE_MESSAGES), which the page words in its language; null
 * for a line the domain does not name. `label` beside it is the domain's English.
 */
const expenseLineKey = z.enum(EXPENSE_LINE_KEYS).nullable();

const expenseLineViewSchema = z.object({
  category: z.enum(EXPENSE_CATEGORIES),
  subCategory: z.string(),
  labelKey: expenseLineKey,
  label: z.string(),
  /** The benchmark estimate. */
  estimatedValue: cents.nullable(),
  /** The value the borrower has now (the estimate until edited). */
  selfReportedValue: cents,
  /** The value of the line's last submit; a cancel reverts to it. */
  lastSubmittedValue: cents.nullable(),
});

/** GET /api/application/expenses: the lines that apply to this household, grouped, with totals. */
export const expensesViewSchema = z.object({
  isHomeowner: z.boolean(),
  groups: z.array(
    z.object({
      /** The group's key: its label's message is EXPENSE_GROUP_MESSAGES[category]; `label` is the English. */
      category: z.enum(EXPENSE_CATEGORIES),
      label: z.string(),
      lines: z.array(expenseLineViewSchema),
      total: cents,
    }),
  ),
  total: cents,
  /** The household's monthly income, for the running 'income − expenses' line. */
  monthlyIncome: cents,
  /** Source and year of the benchmark the estimates come from, shown under the list. */
  benchmarkSource: z.string(),
});
export type ExpensesView = z.infer<typeof expensesViewSchema>;
export type ExpenseLineView = z.infer<typeof expenseLineViewSchema>;

/** GET /api/application/budget: the newest decision's proposed budget. */
export const budgetViewSchema = z.object({
  agreedTo: z.boolean(),
  lines: z.array(
    z.object({
      category: z.enum(EXPENSE_CATEGORIES),
      groupLabel: z.string(),
      subCategory: z.string(),
      labelKey: expenseLineKey,
      label: z.string(),
      currentValue: cents,
      proposedValue: cents,
    }),
  ),
  currentExpensesTotal: cents,
  proposedExpensesTotal: cents,
  /** Sum of current values − sum of proposed values; the page shows it only when above zero. */
  targetedMonthlySavings: cents,
  monthlyIncome: cents,
  /** The plan's total monthly payment the budget makes room for (the agency's monthly fee included). */
  newMonthlyPayment: cents,
  /** The agency's monthly fee within newMonthlyPayment. */
  monthlyFee: cents,
  /** How much the cuts must lower the expenses by in all, in whole dollars (0 when the plan fits as it is). */
  requiredReduction: cents,
  /** Payments on debts the plan leaves out (a car loan, a mortgage): they come out of what is left too. */
  otherDebtPayments: cents,
  /** Every flexible line that can give something up: what is spent now, the floor, the proposed value. */
  flexibleLines: z.array(
    z.object({
      category: z.enum(EXPENSE_CATEGORIES),
      subCategory: z.string(),
      labelKey: expenseLineKey,
      label: z.string(),
      groupLabel: z.string(),
      currentValue: cents,
      floor: cents,
      proposedValue: cents,
    }),
  ),
  /** Plain-language reason for the adjustments. */
  explanation: z.string(),
});
export type BudgetView = z.infer<typeof budgetViewSchema>;

/** GET /api/application/offers: the newest qualified decision's offers, declined ones excluded. */
export const offersViewSchema = z.object({
  /** The day the figures are counted from ('yyyy-MM-dd'): the page recomputes the terms from it. */
  today: z.string(),
  /** The fee caps of the borrower's state, for the page to recompute the fee as offers are left out. */
  feeCap: z.object({
    setupFeeCap: cents.nullable(),
    monthlyFeeCap: cents.nullable(),
    monthlyFeeCapPerAccount: cents.nullable(),
  }),
  /** The day of the month the drafts are taken (1 to 28): the borrower's choice, else the suggestion, else null. */
  draftDay: z.number().int().nullable(),
  /** The day after the usual payday seen in a connected bank's deposits; null without a bank. */
  suggestedDraftDay: z.number().int().nullable(),
  /** The borrower has accepted these terms. */
  accepted: z.boolean(),
  /** Current minimum payment total − new payment total (the agency's monthly fee included). */
  estimatedTotalMonthlySavings: cents,
  totalCurrentMonthlyPayment: cents,
  /** What the creditors get each month on the plan. */
  creditorsMonthlyPayment: cents,
  /** The amount drawn each month: the creditors' payments plus the agency's monthly fee. */
  totalNewMonthlyPayment: cents,
  /** What the debts cost in all at the estimated current payments; 0 when they are never paid off. */
  currentRepaymentAmount: cents,
  /** What the plan costs in all: the balances, the plan's interest and its fees. */
  newRepaymentAmount: cents,
  /** The plan's number of monthly drafts (plan-terms.ts: freed payments go to the accounts still open). */
  termInMonths: z.number().int(),
  /** The first draft as estimated today ('yyyy-MM-dd'): at least 5 business days after signing. */
  firstDraftDate: z.string().nullable(),
  /** Months to pay everything at the current estimated payments; 0 when never. */
  currentPayoffMonths: z.number().int(),
  totalEstimatedPayoffSavings: cents,
  /** Interest until paid off at the current payments; null when a payment never covers its interest. */
  currentTotalInterest: cents.nullable(),
  /** Accounts whose current payment never pays them off (then currentTotalInterest is null). */
  accountsNeverPaidOff: z.number().int(),
  planTotalInterest: cents,
  /** The agency's fees, capped by the borrower's state: one-off, monthly (first month), and in all. */
  setupFee: cents,
  monthlyFee: cents,
  planTotalFees: cents,
  /** 'yyyy-MM' of the last payment, on the plan and at the current payments (null when never). */
  planDebtFreeMonth: z.string().nullable(),
  currentDebtFreeMonth: z.string().nullable(),
  offers: z.array(
    z.object({
      id: z.string(),
      creditorName: z.string(),
      /** The name the credit bureau reports for the account (optional detail). */
      bureauName: nullableString,
      accountNumberLast4: nullableString,
      currentBalance: cents,
      currentMonthlyPayment: cents,
      /** The credit report shows no scheduled payment for the account: currentMonthlyPayment is an estimate. */
      currentPaymentEstimated: z.boolean(),
      newMonthlyPayment: cents,
      term: z.number().int(),
      currentApr: z.number().int().nullable(),
      proposedApr: z.number().int().nullable(),
      /** The borrower left this offer out of the plan. */
      leftOut: z.boolean(),
      estimatedPayoffSavings: cents.nullable(),
    }),
  ),
  /** The plan's explanation for the offers as left out when sent (the page writes it again as they change). */
  explanation: z.string(),
  /**
   * The budget the page explains the plan the borrower chooses against (reviewBudgetFigures): the one she
   * agreed on /budget once she has, else the one the plan was decided on.
   */
  budget: z.object({
    monthlyIncome: cents,
    expenses: cents,
    ineligibleDebtPayment: cents,
    reducible: cents,
    /** The expenses are the budget she agreed (its cuts applied). */
    agreed: z.boolean().optional(),
    /** What the borrower pays the creditors that declined the plan (not among the offers sent). */
    declinedPayments: cents,
  }),
  /**
   * What the agreed budget leaves each month for the plan and the creditors paid directly (roomOf in
   * src/domain/enrollment/plan-fit.ts): the page checks the plan as chosen against it (reviewFit). Null
   * without a budget to check against.
   */
  budgetRoom: cents.nullable(),
});
export type OffersView = z.infer<typeof offersViewSchema>;
export type OfferRowView = OffersView['offers'][number];

/** POST /api/application/offers/accept: the offers kept, the draft day, and the explicit acceptance. */
const NOT_TYPED = { error: issueError(MESSAGE_REFS.requestInvalid) };
export const acceptOffersSchema = z.strictObject({
  /** Ids of the offers the borrower leaves out; at least one must stay in. */
  // The offers' ids and the disclosures' version are sent by the page on its own: whatever is wrong with them,
  // the request is invalid.
  leftOut: z.array(z.uuid(NOT_TYPED), NOT_TYPED).max(100, NOT_TYPED),
  draftDay: z
    .number({ error: issueError(MESSAGE_REFS.draftDayRequired) })
    .int({ error: issueError(MESSAGE_REFS.draftDayRequired) })
    .min(1, { error: issueError(MESSAGE_REFS.draftDayOutOfRange) })
    .max(28, { error: issueError(MESSAGE_REFS.draftDayOutOfRange) }),
  /** The version of the disclosures the page showed (src/domain/enrollment/plan-disclosures.ts). */
  disclosuresVersion: z.string(NOT_TYPED).max(40, NOT_TYPED),
  agreed: z.literal(true, { error: issueError(MESSAGE_REFS.planTermsAgreementRequired) }),
});
export type AcceptOffersInput = z.input<typeof acceptOffersSchema>;

/** GET /api/address-suggestions: US addresses for the autocomplete. */
export const addressSuggestionsViewSchema = z.object({
  suggestions: z.array(
    z.object({
      label: z.string(),
      addressLine1: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    }),
  ),
});
export type AddressSuggestionsView = z.infer<typeof addressSuggestionsViewSchema>;
