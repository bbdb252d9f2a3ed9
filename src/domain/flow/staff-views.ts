import { planTermsViewSchema } from '../enrollment/plan-terms-view';
import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';
import { HARDSHIP_KEYS } from '../validation/application';
import { EXPENSE_CATEGORIES } from '../validation/expenses';
import { pageSchema } from './pages';
import { applicationStatusSchema } from './statuses';

// What the service portal's screens read (GET /api/staff/*). The server serializes with these schemas and the
// web app reads the inferred types. Money is integer cents, rates basis points, timestamps ISO strings,
// calendar dates 'yyyy-MM-dd', phones '999-999-9999'. Account numbers appear as their last four digits only.

const cents = z.number().int();
const basisPoints = z.number().int();
const timestamp = z.string();
const nullableString = z.string().nullable();
const nullableBoolean = z.boolean().nullable();

/** A staff member as others see them; name is 'Name Unavailable' when none is known. */
export const staffMemberSchema = z.object({ id: z.string(), name: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const ALERT_TYPES = [
  'balanceBelowDMPPayment',
  'bankAccountDisconnected',
  'debtScore30DayDecrease',
  'insufficientFundsTransaction',
  'overdraftTransaction',
  'newCreditInquiry',
  'monthlyIncomeDecrease',
  'draftReturned',
  'creditorPaymentNotPosted',
  'creditorPaidOff',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** How the portal names each alert type. */
export const ALERT_TYPE_LABELS = {
  balanceBelowDMPPayment: 'Balance below DMP payment',
  bankAccountDisconnected: 'Bank account disconnected',
  debtScore30DayDecrease: 'Debt score 30-day decrease',
  insufficientFundsTransaction: 'Insufficient funds transaction',
  overdraftTransaction: 'Overdraft transaction',
  newCreditInquiry: 'New credit inquiry',
  monthlyIncomeDecrease: 'Monthly income decrease',
  draftReturned: 'Draft returned',
  creditorPaymentNotPosted: 'Creditor payment not posted',
  creditorPaidOff: 'Creditor paid off',
} as const satisfies Record<AlertType, string>;

export const alertViewSchema = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  /** The date of what triggered it (balance, debt score, transaction, inquiry, income snapshot); else its own. */
  date: timestamp,
  /** What triggered it in words ('Debt score 612 → 580'); on the borrower summary only, else null. */
  trigger: nullableString,
  /** When its condition ended (a disconnected bank connected again); null while it holds. */
  clearedAt: timestamp.nullable(),
  hasBeenSeenByBorrower: z.boolean(),
  hasBeenSeenByCustomerServiceRepresentative: z.boolean(),
});
export type AlertView = z.infer<typeof alertViewSchema>;

/** GET /api/staff/applications: the /summary list, fetched once per selected status, newest first. */
export const summaryListViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      status: applicationStatusSchema,
      createdAt: timestamp,
      assignedTo: staffMemberSchema.nullable(),
      borrower: z
        .object({
          id: z.string(),
          firstName: nullableString,
          lastName: nullableString,
          email: nullableString,
          phoneNumber: nullableString,
          /** Their preferred language, English when they never chose one. */
          preferredLanguage: z.enum(LANGUAGES),
        })
        .nullable(),
      alerts: z.array(alertViewSchema),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** Applications listed over every page: the sum of `counts`. */
  total: z.number().int(),
  /** How many each selected status lists (at most `limit`), in the order asked. */
  counts: z.array(z.object({ status: applicationStatusSchema, count: z.number().int() })),
  /** Rows per status at most. */
  limit: z.number().int(),
  /** Statuses with more applications in the window than the limit: narrow the dates to see the rest. */
  truncatedStatuses: z.array(applicationStatusSchema),
  /** The window applied, for the filter display. */
  window: z.object({ from: timestamp, to: timestamp }),
});
export type SummaryListView = z.infer<typeof summaryListViewSchema>;
export type SummaryListItem = SummaryListView['items'][number];

/** The customer-rep info panel of /borrower-queue. */
export const repInfoSchema = z.object({
  assignedCount: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: nullableString,
});

export const queueTileAlertsSchema = z.object({
  count: z.number().int(),
  /** Not yet opened by a representative. */
  unseen: z.number().int(),
  /** By ALERT_SEVERITY_ORDER (src/domain/monitoring/alert-severity.ts); null when there are none. */
  mostSevere: z.enum(ALERT_TYPES).nullable(),
});
export type QueueTileAlerts = z.infer<typeof queueTileAlertsSchema>;

/** GET /api/staff/queue: a page of borrower tiles. */
export const queueViewSchema = z.object({
  rep: repInfoSchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** More borrowers match than `total` (the count stops at QUEUE_COUNT_CAP). */
  totalIsCapped: z.boolean(),
  tiles: z.array(
    z.object({
      applicationId: z.string(),
      borrowerId: nullableString,
      name: z.string(),
      createdAt: timestamp,
      phoneNumber: nullableString,
      /** The borrower's preferred language, English when they never chose one (or there is no borrower). */
      preferredLanguage: z.enum(LANGUAGES),
      status: applicationStatusSchema,
      /** isMe marks the current user ('(You)'). */
      assignedTo: staffMemberSchema.extend({ isMe: z.boolean() }).nullable(),
      /** The application's alerts that still hold (not cleared): how many, how many unseen, the most severe. */
      alerts: queueTileAlertsSchema,
      /**
       * What the agreed budget leaves each month once the plan as it now stands is paid (the plan's draft and
       * the creditors left out or declined), as stored at the plan's last change; negative when the plan no
       * longer fits, null before a plan is accepted (planFitStateOf reads it).
       */
      planFitLeft: cents.nullable(),
    }),
  ),
});
export type QueueView = z.infer<typeof queueViewSchema>;
export type QueueTile = QueueView['tiles'][number];

/** GET /api/staff/users: members of the staff group. */
export const staffListViewSchema = z.object({
  users: z.array(staffMemberSchema.extend({ email: z.string() })),
});
export type StaffListView = z.infer<typeof staffListViewSchema>;

/**
 * GET /api/staff/email-failures: emails the queue gave up on (not delivered within EMAIL_GIVE_UP_HOURS), how
 * many in all and the newest first. The body is never included; `lastError` is the mail server's answer.
 */
export const emailFailuresViewSchema = z.object({
  failed: z.number().int(),
  items: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      kind: z.string(),
      attempts: z.number().int(),
      lastError: nullableString,
      createdAt: timestamp,
      failedAt: timestamp,
    }),
  ),
  limit: z.number().int(),
});
export type EmailFailuresView = z.infer<typeof emailFailuresViewSchema>;

const contactAttemptViewSchema = z.object({
  id: z.string(),
  createdAt: timestamp,
  method: nullableString,
  /** A key of CONTACT_OUTCOMES, or the free text of an attempt recorded before the outcome became a choice. */
  outcome: nullableString,
  notes: nullableString,
  didTheBorrowerReceiveAnOffer: nullableBoolean,
  contactedBy: staffMemberSchema,
  reasons: z.array(z.object({ key: z.string(), value: z.boolean() })),
});
export type ContactAttemptView = z.infer<typeof contactAttemptViewSchema>;

/** GET /api/staff/contact-summary: one page of contact attempts across borrowers, newest first. */
export const contactSummaryViewSchema = z.object({
  /** The page's attempts, `pageSize` at most. */
  items: z.array(contactAttemptViewSchema.extend({ applicationId: z.string(), borrowerName: z.string() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Pages over the attempts listed (`total`), at least 1. */
  pageCount: z.number().int(),
  /** Attempts listed over every page: those in the window, at most `limit`. */
  total: z.number().int(),
  /** More attempts are in the window than `limit`: only the newest `limit` are listed. */
  totalIsCapped: z.boolean(),
  /** Attempts listed at most. */
  limit: z.number().int(),
  window: z.object({ from: timestamp, to: timestamp }),
});
export type ContactSummaryView = z.infer<typeof contactSummaryViewSchema>;

/** POST /api/staff/applications/:id/claim and /unclaim. */
export const claimViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  assignedTo: staffMemberSchema.nullable(),
  assignedToAt: timestamp.nullable(),
  /** Applications now assigned to the caller. */
  assignedCount: z.number().int(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

/** POST /api/staff/alerts/:id/seen. */
export const alertSeenViewSchema = z.object({
  id: z.string(),
  hasBeenSeenByCustomerServiceRepresentative: z.boolean(),
});

// ---------------------------------------------------------------- the borrower summary

const addressShape = {
  addressLine1: nullableString,
  addressLine2: nullableString,
  city: nullableString,
  state: nullableString,
  zipCode: nullableString,
};

const expenseGroupViewSchema = z.object({
  category: z.enum(EXPENSE_CATEGORIES),
  label: z.string(),
  lines: z.array(
    z.object({
      subCategory: z.string(),
      label: z.string(),
      estimatedValue: cents.nullable(),
      selfReportedValue: cents.nullable(),
    }),
  ),
  total: cents,
});

/** One row of the debt table (all 15 columns), a debt or a collection. */
export const debtRowViewSchema = z.object({
  /** Debt ID. */
  id: z.string(),
  /** Source: the credit report's debts or its collections. */
  source: z.enum(['debt', 'collection']),
  isEligibleForDmp: z.boolean(),
  creditor: z.string(),
  /** Type, 'Name (code)'. */
  accountType: nullableString,
  currentBalance: cents,
  accountClosed: z.boolean(),
  /** Last four digits only. */
  accountNumberLast4: nullableString,
  dateOpened: nullableString,
  dateClosed: nullableString,
  ecoaDesignator: nullableString,
  highCredit: cents.nullable(),
  pastDue: cents.nullable(),
  scheduledMonthlyPayment: cents.nullable(),
  mostRecentPaymentDate: nullableString,
  selectedForDebtReduction: z.boolean(),
  /** Set once an accepted offer's creditor account exists. */
  creditorAccountId: nullableString,
  /** Added by the borrower ('A debt is missing?'), not on the credit report: a counsellor verifies it. */
  isSelfReported: z.boolean(),
});
export type DebtRowView = z.infer<typeof debtRowViewSchema>;

const reasonViewSchema = z.object({ reason: z.string(), description: z.string() });

/** Where the creditor table says the offer's creditor is paid (the modal's starting values). */
export const creditorRemittanceSchema = z.object({
  creditorId: z.string(),
  paysByCheck: z.boolean(),
  paysByAch: z.boolean(),
  addressLine1: nullableString,
  addressLine2: nullableString,
  city: nullableString,
  state: nullableString,
  zipCode: nullableString,
  achRoutingNumberLast4: nullableString,
  achAccountNumberLast4: nullableString,
});
export type CreditorRemittance = z.infer<typeof creditorRemittanceSchema>;

export const offerViewSchema = z.object({
  id: z.string(),
  /** For the offer-status call (optimistic concurrency). */
  version: z.number().int(),
  status: z.enum(['accepted', 'declined']).nullable(),
  /** The borrower left this offer out of the plan on /offers/review: no proposal, no creditor answer. */
  leftOutByBorrower: z.boolean(),
  /** A proposal was made for this offer: its PDF is at proposalPdfPath (staff, audited). */
  hasProposal: z.boolean(),
  creditor: z.string(),
  debtId: nullableString,
  collectionId: nullableString,
  balance: cents,
  payment: cents,
  paymentPercentage: basisPoints.nullable(),
  term: z.number().int(),
  currentApr: basisPoints.nullable(),
  proposedApr: basisPoints.nullable(),
  proposedMonthlyInterestPayment: cents.nullable(),
  proposedMonthlyPrincipalPayment: cents.nullable(),
  estimatedPayoffSavings: cents.nullable(),
  /** This offer's share of the agency's monthly fee (the shares add up to the plan's monthly fee). */
  fee: cents,
  /**
   * The creditor's counter-offer, when it accepted on its own terms: the monthly payment and plan APR it asked
   * for (null where it kept the offer's). The figures above stay the offer as made; the plan pays these.
   */
  counterPayment: cents.nullable(),
  counterApr: basisPoints.nullable(),
  /** The creditor table's remittance details; null for the default programme (no creditor on file). */
  remittance: creditorRemittanceSchema.nullish(),
  /** Why the creditor declined. */
  reasons: z.array(z.string()),
  statusChanges: z.array(
    z.object({
      status: z.string(),
      createdAt: timestamp,
      changedBy: staffMemberSchema.nullable(),
      /** When nobody signed in made the change but the silent-creditor default did: that, in words. */
      automatic: z.string().nullish(),
    }),
  ),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** Who signs the Letter of Authorization. */
export const LETTER_SIGNER_ROLES = ['borrower', 'spouse'] as const;

/**
 * How the borrower set up paying the plan: the payment account, why no bank was connected, the banks they did
 * connect and the Letter of Authorization. Account and routing numbers appear as their last four digits only;
 * signers' email addresses and the signed PDF stay on the server (the PDF has its own audited download).
 */
export const enrollmentViewSchema = z.object({
  paymentAccount: z
    .object({
      /** 'bank': an account of a connected bank; 'manual': numbers the borrower typed in. */
      source: z.enum(['bank', 'manual']),
      institutionName: nullableString,
      accountLast4: nullableString,
      /** Only for an account entered by hand: a connected bank's routing number is not kept. */
      routingLast4: nullableString,
    })
    .nullable(),
  /** A key of REASON_FOR_NOT_CONNECTING_BANK_LABELS; a plain string so a retired reason still reads. */
  reasonForNotConnectingBank: nullableString,
  /** Oldest first. */
  bankConnections: z.array(
    z.object({
      id: z.string(),
      institutionName: z.string(),
      /** False once the bank reported the link broken, expiring or revoked: no new balances or transactions. */
      isConnected: z.boolean(),
      connectedAt: timestamp,
      accounts: z.array(
        z.object({
          id: z.string(),
          name: nullableString,
          mask: nullableString,
          subtype: nullableString,
          /** The newest reading: available, else current, as the payment pages show it; null when none. */
          availableBalance: cents.nullable(),
          selectedForPayments: z.boolean(),
        }),
      ),
    }),
  ),
  letter: z
    .object({
      envelopeId: z.string(),
      /** When the letter was made and sent for signature. */
      generatedAt: timestamp.nullable(),
      /** Set once every signer has signed; the signed PDF can then be downloaded. */
      signedAt: timestamp.nullable(),
      /** SHA-256 (hex) of the signed PDF: which bytes were signed. */
      sha256: nullableString,
      /** The borrower first. */
      signers: z.array(
        z.object({ role: z.enum(LETTER_SIGNER_ROLES), name: z.string(), signedAt: timestamp.nullable() }),
      ),
    })
    .nullable(),
});
export type EnrollmentView = z.infer<typeof enrollmentViewSchema>;

/** GET /api/staff/applications/:id: everything the borrower summary shows. */
export const borrowerSummaryViewSchema = z.object({
  overview: z.object({
    id: z.string(),
    status: applicationStatusSchema,
    version: z.number().int(),
    createdAt: timestamp,
    lastCompletedPage: pageSchema.nullable(),
    lastViewedPage: pageSchema.nullable(),
    assignedTo: staffMemberSchema.nullable(),
    assignedToAt: timestamp.nullable(),
    hasPassedQualityControl: nullableBoolean,
  }),
  contact: z.object({
    borrowerId: nullableString,
    firstName: nullableString,
    lastName: nullableString,
    email: nullableString,
    phoneNumber: nullableString,
    isOptedOutOfSMS: z.boolean(),
    preferredLanguage: nullableString,
    partnerCrmId: nullableString,
  }),
  hardships: z.object({
    selected: z.record(z.enum(HARDSHIP_KEYS), z.boolean()),
    hasServedInMilitary: nullableBoolean,
    hasLargeMedicalOrDisabilityExpenses: nullableBoolean,
    hasRecentDeathInImmediateFamily: nullableBoolean,
    hasRecentJobLoss: nullableBoolean,
    hasRecentlyBeenFurloughed: nullableBoolean,
    hasReductionInIncome: nullableBoolean,
    kindOfRelief: nullableString,
  }),
  household: z.object({
    hasDependents: nullableBoolean,
    numberOfDependentsInHousehold: z.number().int().nullable(),
    isHomeowner: nullableBoolean,
    hasMortgageEscrow: nullableBoolean,
    monthlyRentOrMortgageAmount: cents.nullable(),
    isCarOwner: nullableBoolean,
    hasSpouse: nullableBoolean,
  }),
  /** The borrower's address and date of birth ('MM-dd-yyyy'; staff verify identity with it). */
  address: z.object({ ...addressShape, dateOfBirth: nullableString }),
  spouse: z
    .object({
      firstName: nullableString,
      lastName: nullableString,
      email: nullableString,
      phoneNumber: nullableString,
      dateOfBirth: nullableString,
      hasSameAddressAsBorrower: nullableBoolean,
      consentedToCreditPolicy: nullableBoolean,
      /** The spouse's own stored language; null: the same as the borrower's. */
      preferredLanguage: nullableString,
      ...addressShape,
    })
    .nullable(),
  contactHistory: z.array(contactAttemptViewSchema),
  financials: z.object({
    income: z.object({
      selfReported: cents.nullable(),
      /** 'Self reported income not reported by this borrower' when none. */
      selfReportedMessage: nullableString,
      verified: cents.nullable(),
      /** Newest first; the first one's monthlyIncome is the one used. */
      snapshots: z.array(
        z.object({
          id: z.string(),
          createdAt: timestamp,
          monthlyIncome: cents,
          annualIncome: cents,
          ninetyDayIncome: cents,
        }),
      ),
    }),
    expenses: z.object({
      groups: z.array(expenseGroupViewSchema),
      total: cents,
      /** 'Expenses are not available for this borrower.' when none. */
      message: nullableString,
    }),
    budget: z.object({
      budget: z
        .object({
          id: z.string(),
          createdAt: timestamp,
          agreedTo: z.boolean(),
          description: nullableString,
          lines: z.array(
            z.object({
              category: z.enum(EXPENSE_CATEGORIES),
              subCategory: z.string(),
              label: z.string(),
              currentValue: cents.nullable(),
              proposedValue: cents,
            }),
          ),
        })
        .nullable(),
      /** 'Recommended Budget is not available for this borrower.' when none. */
      message: nullableString,
    }),
  }),
  /** Balance descending (the table's default sort). */
  debts: z.array(debtRowViewSchema),
  decision: z.object({
    decision: z
      .object({
        id: z.string(),
        createdAt: timestamp,
        isQualified: z.boolean(),
        currentIncome: cents,
        currentExpenses: cents,
        eligibleDebtPayment: cents,
        ineligibleDebtPayment: cents,
        reducibleExpenseAmount: cents.nullable(),
        requiredExpenseReductionAmount: cents.nullable(),
        wasPresentedToBorrower: z.boolean(),
        wasAcceptedByBorrower: z.boolean(),
        explanation: nullableString,
        disqualificationReasons: z.array(reasonViewSchema),
        offers: z.array(offerViewSchema),
        /**
         * The plan's terms now (src/domain/enrollment/plan-terms.ts): the amount drawn each month with the
         * agency's fees, for the offers the borrower kept and no creditor declined: what the borrower sees.
         */
        terms: planTermsViewSchema,
        /**
         * The budget check re-run on the plan as it now stands (src/domain/enrollment/plan-fit.ts): what the
         * agreed budget leaves, the plan's draft and what the borrower keeps paying creditors not on it. Null
         * when the decision did not qualify.
         */
        budgetFit: z
          .object({
            room: cents,
            monthlyDraft: cents,
            payDirectly: cents,
            monthlyTotal: cents,
            left: cents,
            fits: z.boolean(),
            thin: z.boolean(),
          })
          .nullable(),
        /**
         * A plan over 60 months needs a staff approval before it is handed over: whether this one does now,
         * and the approval given, if any (for the term it was given for).
         */
        longPlan: z.object({
          needsApproval: z.boolean(),
          approval: z
            .object({
              termInMonths: z.number().int(),
              reason: z.string(),
              approvedAt: timestamp,
              approvedBy: staffMemberSchema.nullable(),
            })
            .nullable(),
        }),
      })
      .nullable(),
    /** 'There was no decision made for this borrower.' when none. */
    message: nullableString,
  }),
  disqualificationReasons: z.array(reasonViewSchema.extend({ createdAt: timestamp })),
  alerts: z.array(alertViewSchema),
  statusHistory: z.array(
    z.object({
      from: applicationStatusSchema.nullable(),
      to: applicationStatusSchema,
      createdAt: timestamp,
      changedBy: staffMemberSchema.nullable(),
      /** When nobody signed in made the change but the silent-creditor default did: that, in words. */
      automatic: z.string().nullish(),
    }),
  ),
  /**
   * Newest first: who did what to this application, told as sentences (auditSentences): the newest staff
   * actions, and among them the newest openings of this summary. The records' before and after stay on the
   * server: they hold the last digits of creditor account numbers, which the history has no need to show.
   */
  auditHistory: z.array(
    z.object({
      id: z.string(),
      createdAt: timestamp,
      action: z.string(),
      actor: staffMemberSchema.nullable(),
      sentences: z.array(z.string()),
    }),
  ),
  /** How many times this summary was opened, counted up to 1,001 (shown as '1000+' beyond 1,000). */
  openingCount: z.number().int().nonnegative(),
  /**
   * Whether the staff member reading may reopen a failed quality control now: a supervisor, on an application
   * disqualified by one. Read per opening (it depends on who reads), the route checks it again.
   */
  canReopenQualityControl: z.boolean(),
  dmpEnrollment: z
    .object({
      active: z.boolean(),
      monthlyPaymentAmount: cents,
      termInMonths: z.number().int(),
      firstPaymentDate: nullableString,
      dateSigned: nullableString,
    })
    .nullable(),
  enrollment: enrollmentViewSchema,
});
export type BorrowerSummaryView = z.infer<typeof borrowerSummaryViewSchema>;
/**
 * The borrower summary without its audit history and opening count: everything made of the application's own
 * rows, which a server may keep between openings (each opening adds to the history, so that is read fresh).
 */
export type BorrowerRecordView = Omit<
  BorrowerSummaryView,
  'auditHistory' | 'openingCount' | 'canReopenQualityControl'
>;
