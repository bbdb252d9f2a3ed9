import { z } from 'zod';
import { accountNumberField, routingNumberField } from '../validation/fields';
import { errorOf, issueError } from '../validation/issue-messages';
import { FIELD_MESSAGES, MESSAGE_REFS, SIGNING_REFS, requiredRef } from '../validation/messages';
import { LABELS, type MessageDescriptor } from '../i18n/validation-messages';
import { applicationStatusSchema } from '../flow/statuses';
import { ALERT_TYPES } from '../flow/staff-views';
import { customerAlertFiguresSchema } from '../monitoring/customer-alert-text';
import { planTermsViewSchema } from './plan-terms-view';
import { ELECTRONIC_RECORDS_STATES } from './electronic-records-consent';
import { PROPOSAL_ANSWERS, PROPOSAL_STATES } from './proposal-answers';

// What the enrollment screens send and read: the payment pages (/payments/...), the bank-link dialog, /submitted,
// the signing page and the customer portal's plan. The server validates and serializes with these schemas and
// the web app reads the inferred types, so both sides agree. Money is integer cents; rates are basis points.

const cents = z.number().int();

/**
 * A value the page sends on its own (a token from a link or a widget, the amount the page showed): no person
 * typed it, so whatever is wrong with it is refused as 'The request is invalid.', with its id.
 */
const notTyped = { error: issueError(MESSAGE_REFS.requestInvalid) };

// ------------------------------------------------------------------ payment account

/** Why a borrower chose 'Provide manually' instead of connecting a bank (application.reasonForNotConnectingBank). */
export const REASONS_FOR_NOT_CONNECTING_BANK = [
  'bankNotListed',
  'preferNotToShareCredentials',
  'connectionFailed',
  'other',
] as const;
export type ReasonForNotConnectingBank = (typeof REASONS_FOR_NOT_CONNECTING_BANK)[number];
export const REASON_FOR_NOT_CONNECTING_BANK_LABELS = {
  bankNotListed: 'My bank is not listed',
  preferNotToShareCredentials: 'I prefer not to share my online banking sign-in',
  connectionFailed: 'The connection did not work',
  other: 'Another reason',
} as const satisfies Record<ReasonForNotConnectingBank, string>;
export const REASON_FOR_NOT_CONNECTING_BANK_QUESTION = 'Why are you entering your account by hand?';

/** PUT /api/application/payments/manual-choice: 'Provide manually' on /payments/payment-account-options. */
export const provideManuallySchema = z.strictObject({
  reasonForNotConnectingBank: z.enum(REASONS_FOR_NOT_CONNECTING_BANK, {
    error: issueError(MESSAGE_REFS.manualAccountReasonRequired),
  }),
});

/** The income step's bank connection skipped (PUT /api/application/income/skip-bank-connection), with why. */
export const SKIP_BANK_CONNECTION_QUESTION = 'Why are you skipping this step?';
export const skipBankConnectionSchema = z.strictObject({
  reasonForNotConnectingBank: z.enum(REASONS_FOR_NOT_CONNECTING_BANK, {
    error: issueError(MESSAGE_REFS.skipBankReasonRequired),
  }),
});

/** PUT /api/application/payments/confirm-payment-account: the chosen connected checking account. */
export const confirmPaymentAccountSchema = z.strictObject({
  plaidAccountId: z
    .string({ error: errorOf(FIELD_MESSAGES.fixed('paymentAccountRequired')) })
    .uuid({ error: errorOf(FIELD_MESSAGES.fixed('paymentAccountRequired')) }),
});

/**
 * PUT /api/application/payments/payment-account: an account entered by hand (17 digits, ABA routing). The
 * account number is typed twice, as banks ask: a slipped digit would send the plan's first payment to a
 * stranger's account or bounce it, and nothing else on the page would catch it.
 */
export const providePaymentAccountSchema = z
  .strictObject({
    accountNumber: accountNumberField(),
    confirmAccountNumber: accountNumberField(LABELS.confirmAccountNumber),
    routingNumber: routingNumberField(),
  })
  .refine((v) => v.accountNumber === v.confirmAccountNumber, {
    error: issueError(MESSAGE_REFS.accountNumbersDoNotMatch),
    path: ['confirmAccountNumber'],
    // Compared as soon as both are typed, even while the routing number is still wrong.
    when: (payload) => {
      const v = payload.value as Partial<Record<'accountNumber' | 'confirmAccountNumber', unknown>> | null;
      return typeof v?.accountNumber === 'string' && typeof v.confirmAccountNumber === 'string';
    },
  });
export type ProvidePaymentAccountInput = z.input<typeof providePaymentAccountSchema>;

/** POST /api/application/bank-connections: the widget's public token after a successful connection. */
export const bankConnectionSchema = z.strictObject({
  publicToken: z.string(notTyped).min(1, notTyped).max(2000, notTyped),
});

/** POST /api/bank-link/items/:id/reconnection: the bank connected again, and the alerts that cleared. */
export const bankReconnectionViewSchema = z.object({
  institutionName: z.string(),
  clearedAlerts: z.number().int(),
});
export type BankReconnectionView = z.infer<typeof bankReconnectionViewSchema>;

/**
 * Whether the connected bank's transaction history has been read. A bank connected a moment ago has not sent
 * its history yet (the provider reads it in the background, from seconds to a minute or two): the income is
 * predicted only once the whole history is in ('ready'). 'timed-out': it did not arrive within
 * BANK_HISTORY_WAIT_MS of the connection, and the page keeps the borrower's stated income.
 */
export const bankHistoryStatusSchema = z.enum(['reading', 'ready', 'timed-out']);
export type BankHistoryStatus = z.infer<typeof bankHistoryStatusSchema>;
/** How long the income page waits for a connected bank's history before keeping the stated income. */
export const BANK_HISTORY_WAIT_MS = 2 * 60 * 1000;

/**
 * POST /api/application/income/bank-connections: the bank is connected. Its history is usually still being
 * read ('reading', no prediction yet); the page then asks GET /api/application/income/bank-history.
 */
export const incomeConnectionViewSchema = z.object({
  institutionName: z.string(),
  historyStatus: bankHistoryStatusSchema.extract(['reading', 'ready']),
  /** Cents a month (the last 90 days of income deposits divided by 3); null while the history is read. */
  predictedMonthlyIncome: cents.nullable(),
});
export type IncomeConnectionView = z.infer<typeof incomeConnectionViewSchema>;

/**
 * GET /api/application/income/bank-history: the newest bank connected at the income step, and whether its
 * history is read. 'ready': the income predicted from it; 'reading': not yet; 'timed-out': not within
 * BANK_HISTORY_WAIT_MS of the connection (the page keeps the stated income). predictedMonthlyIncome is null
 * unless 'ready'.
 */
export const bankHistoryViewSchema = z.object({
  institutionName: z.string(),
  historyStatus: bankHistoryStatusSchema,
  predictedMonthlyIncome: cents.nullable(),
});
export type BankHistoryView = z.infer<typeof bankHistoryViewSchema>;

/** POST /api/bank-link/link-token → the session the dialog (sandbox) or the provider's widget opens with. */
export const linkTokenViewSchema = z.object({
  linkToken: z.string(),
  expiration: z.string(),
  /** True when the built-in sandbox dialog is the widget (no vendor account). */
  sandbox: z.boolean(),
});
export type LinkTokenView = z.infer<typeof linkTokenViewSchema>;

/** GET /api/application/payments/accounts: the connected checking accounts, for /payments/confirm-payment-account. */
export const paymentAccountsViewSchema = z.object({
  accounts: z.array(
    z.object({
      id: z.string(),
      institutionName: z.string(),
      name: z.string(),
      mask: z.string().nullable(),
      /** Cents; null when the bank does not report it. */
      availableBalance: cents.nullable(),
      selectedForPayments: z.boolean(),
    }),
  ),
  /**
   * A bank connected after the draft day was chosen shows a usual payday the chosen day does not follow: the
   * page offers to draft the day after it instead. Null when there is nothing to offer.
   */
  draftDayProposal: z
    .object({
      payday: z.number().int(),
      suggestedDraftDay: z.number().int(),
      chosenDraftDay: z.number().int(),
    })
    .nullable(),
});
export type PaymentAccountsView = z.infer<typeof paymentAccountsViewSchema>;

/** PUT /api/application/payments/draft-day: the borrower moves the drafts to another day of the month. */
export const chooseDraftDaySchema = z.strictObject({
  draftDay: z
    .number({ error: issueError(MESSAGE_REFS.draftDayRequired) })
    .int({ error: issueError(MESSAGE_REFS.draftDayRequired) })
    .min(1, { error: issueError(MESSAGE_REFS.draftDayOutOfRange) })
    .max(28, { error: issueError(MESSAGE_REFS.draftDayOutOfRange) }),
});
export type ChooseDraftDayInput = z.infer<typeof chooseDraftDaySchema>;

// ------------------------------------------------------------------ sandbox bank-link dialog

export const sandboxInstitutionsViewSchema = z.object({
  institutions: z.array(
    // The hint in English, and the id of its message (a hint of ours), by which the dialog words it.
    z.object({ id: z.string(), name: z.string(), hint: z.string(), hintMessageId: z.string().optional() }),
  ),
});
export type SandboxInstitutionsView = z.infer<typeof sandboxInstitutionsViewSchema>;

// The sandbox bank's username and password are typed by a person; the rest is sent by the dialog on its own.
const typedSandboxField = (label: MessageDescriptor) => {
  const required = { error: issueError(requiredRef(label)) };
  return z
    .string(required)
    .min(1, required)
    .max(100, { error: errorOf(FIELD_MESSAGES.maxLength(label, 100)) });
};
export const sandboxSignInSchema = z.strictObject({
  linkToken: z.string(notTyped).min(1, notTyped).max(2000, notTyped),
  institutionId: z.string(notTyped).min(1, notTyped).max(100, notTyped),
  username: typedSandboxField(LABELS.username),
  password: typedSandboxField(LABELS.password),
});

export const sandboxAccountsViewSchema = z.object({
  accounts: z.array(
    z.object({
      accountId: z.string(),
      name: z.string(),
      mask: z.string().nullable(),
      subtype: z.string().nullable(),
    }),
  ),
});
export type SandboxAccountsView = z.infer<typeof sandboxAccountsViewSchema>;

export const sandboxCompleteSchema = z.strictObject({
  linkToken: z.string(notTyped).min(1, notTyped).max(2000, notTyped),
  institutionId: z.string(notTyped).min(1, notTyped).max(100, notTyped),
  /** The sandbox credential signed in with: it picks the persona whose transactions the bank holds. */
  username: z.string(notTyped).min(1, notTyped).max(100, notTyped),
  accountIds: z
    .array(z.string(notTyped).min(1, notTyped).max(100, notTyped), notTyped)
    .min(1, { error: issueError(MESSAGE_REFS.accountsRequired) })
    .max(20, notTyped),
});
export const sandboxPublicTokenViewSchema = z.object({ publicToken: z.string() });

// ------------------------------------------------------------------ /submitted and signing

export const submittedViewSchema = z.object({
  status: applicationStatusSchema,
  /** Every signer has signed the Letter of Authorization. */
  signed: z.boolean(),
  signers: z.array(z.object({ role: z.enum(['borrower', 'spouse']), name: z.string(), signed: z.boolean() })),
  /** The letter's envelope, for the borrower to open a new signing link for; null until it is sent. */
  envelopeId: z.string().nullable(),
  /**
   * The plan's terms as the letter states them (the same computation), with the creditors the plan pays and
   * those the borrower keeps paying directly; null until a letter has fixed the dates.
   */
  plan: z
    .object({
      terms: planTermsViewSchema,
      creditors: z.array(z.object({ creditorName: z.string(), payment: cents })),
      payDirectly: z.array(
        z.object({
          creditorName: z.string(),
          currentPayment: cents,
          why: z.enum(['leftOutByBorrower', 'declinedByCreditor']),
        }),
      ),
    })
    .nullable(),
});
export type SubmittedView = z.infer<typeof submittedViewSchema>;

/** GET /api/signing/session (token in the body of the POST that opens it, never in a logged URL). */
export const signingViewSchema = z.object({
  signerName: z.string(),
  role: z.enum(['borrower', 'spouse']),
  signed: z.boolean(),
  agencyName: z.string(),
  /** The server served this signer the letter's PDF: they showed they can open it. */
  documentOpened: z.boolean(),
  electronicRecords: z.enum(ELECTRONIC_RECORDS_STATES),
  /**
   * The agency has not approved its Spanish legal texts: a Spanish reader of the disclosures is told that the
   * English version governs (decision 0099).
   */
  englishGoverns: z.boolean().optional(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

const signingToken = z.string(notTyped).min(20, notTyped).max(200, notTyped);
export const signingTokenSchema = z.strictObject({ token: signingToken });
export const signLetterSchema = z.strictObject({
  token: signingToken,
  fullName: z
    .string({ error: issueError(SIGNING_REFS.fullNameRequired) })
    .trim()
    .min(1, { error: issueError(SIGNING_REFS.fullNameRequired) })
    .max(81, { error: issueError(SIGNING_REFS.fullNameInvalid) }),
  agreed: z.literal(true, { error: issueError(SIGNING_REFS.agreeRequired) }),
});

// ------------------------------------------------------------------ customer portal: My plan

/**
 * POST /api/customer-portal/plan/reauthorize: the borrower confirms the new, higher amount drawn each month. The
 * amount is the one the page showed (cents): if the terms changed since, the server refuses (409).
 */
export const reauthorizeSchema = z.strictObject({
  monthlyDraft: z
    .number({ error: issueError(MESSAGE_REFS.amountToConfirmMissing) })
    .int(notTyped)
    .min(1, { error: issueError(MESSAGE_REFS.amountToConfirmMissing) })
    .max(100_000_000, notTyped),
  agreed: z.literal(true, { error: errorOf(FIELD_MESSAGES.fixed('agreeToNewAmount')) }),
});
export type ReauthorizeInput = z.input<typeof reauthorizeSchema>;

/** Where each creditor stands on My plan: answers recorded by staff, or left out by the borrower. */
export const CREDITOR_ANSWER_STATUSES = ['proposed', 'accepted', 'declined', 'leftOut'] as const;

export const planViewSchema = z.object({
  status: applicationStatusSchema,
  /** The plan's terms now: the creditors still on it, the fee their number allows, the authorized dates. */
  terms: planTermsViewSchema,
  /** The next draft ('yyyy-MM-dd') from today; null before the first is set or after the last. */
  nextDraftDate: z.string().nullable(),
  /** The amount of the next draft: the authorized one until a change applies (draftAmountOn). */
  nextDraftAmount: cents,
  /**
   * Set when the terms now differ from what the borrower authorized (a creditor declined or countered): the
   * authorized amount, and the first draft the new amount applies to (at least 10 days after the change is
   * announced). A higher amount waits for the borrower's confirmation (needsConfirmation).
   */
  change: z
    .object({
      authorizedMonthlyDraft: cents,
      appliesFrom: z.string().nullable(),
      needsConfirmation: z.boolean(),
      /**
       * The creditors whose counter-offers raised the amount (the reason My plan gives for it); empty when no
       * creditor's answer did.
       */
      raisedBy: z.array(z.string()),
      /**
       * The plan the borrower authorized, in force until they confirm a higher amount: its number of drafts and
       * its last draft ('yyyy-MM-dd'); null when not on file. My plan's tiles show it while the new one waits.
       */
      authorizedTermInMonths: z.number().int().nullable(),
      authorizedLastDraftDate: z.string().nullable(),
    })
    .nullable(),
  /** The borrower's confirmation of the current terms in the portal, when their newest authorization is one. */
  reauthorization: z
    .object({
      /** ISO 8601. */
      confirmedAt: z.string(),
      monthlyDraft: cents,
      /** The first draft at the confirmed amount. */
      appliesFrom: z.string().nullable(),
    })
    .nullable(),
  /** The plan as handed to the agency (DmpEnrollment), once it is. */
  enrollment: z
    .object({
      /** What the agency draws each month: a higher amount awaiting confirmation is not drawn yet. */
      monthlyPaymentAmount: cents,
      /** The higher amount awaiting the borrower's confirmation; null when none is. */
      pendingMonthlyPaymentAmount: cents.nullable(),
      firstPaymentDate: z.string().nullable(),
      termInMonths: z.number().int(),
      /** 'yyyy-MM' of the last payment. */
      projectedDebtFreeDate: z.string().nullable(),
      dateSigned: z.string().nullable(),
    })
    .nullable(),
  /**
   * The agency's fees for the plan, on top of the payments to creditors: the one-off set-up fee and the monthly
   * fee, both capped by the borrower's state (the same figures as terms).
   */
  fees: z.object({ setupFee: cents, monthlyFee: cents }),
  creditors: z.array(
    z.object({
      id: z.string(),
      creditorName: z.string(),
      accountNumberLast4: z.string().nullable(),
      balance: cents,
      status: z.enum(CREDITOR_ANSWER_STATUSES),
      currentMonthlyPayment: cents,
      /** What the plan pays this creditor each month; 0 when it is not on the plan. */
      newMonthlyPayment: cents,
      /** What the borrower keeps paying this creditor directly (declined or left out); null when on the plan. */
      payDirectly: cents.nullable(),
      /** Basis points. */
      /** The plan's rate and term for this creditor; null when the plan does not pay it. */
      proposedApr: z.number().int().nullable(),
      term: z.number().int().nullable(),
      /**
       * After the hand-over, what the agency reports (plan-payments.ts, creditorProgress): paid through the plan
       * (the payments the creditor posted), sent and not yet posted, the balance the creditor last reported and
       * the months of payments left; null for a creditor the plan does not pay.
       */
      progress: z
        .object({
          paidSoFar: cents,
          onTheWay: cents,
          lastReported: z.object({ balance: cents, asOf: z.string() }).nullable(),
          monthsLeft: z.number().int().nullable(),
        })
        .nullable(),
      /**
       * The proposal sent to this creditor, once one was prepared: days as 'yyyy-MM-dd' in the agency's time
       * zone. `agreedPayment` is what the plan pays the creditor after it accepted or countered (the table's
       * figure); null otherwise.
       */
      proposal: z
        .object({
          state: z.enum(PROPOSAL_STATES),
          preparedOn: z.string(),
          sentOn: z.string().nullable(),
          answeredOn: z.string().nullable(),
          answer: z.enum(PROPOSAL_ANSWERS).nullable(),
          agreedPayment: cents.nullable(),
        })
        .nullable(),
    }),
  ),
  payoff: z.object({
    /** Remaining balance month by month, under the plan and under current minimum payments. */
    points: z.array(z.object({ month: z.number().int(), plan: cents, current: cents })),
    /**
     * What the creditors on the plan actually owed after each draft so far (reported balances less the payments
     * posted since: plan-payments.ts, actualBalances); empty until the agency has told us of any.
     */
    actual: z.array(z.object({ month: z.number().int(), actual: cents })),
    planMonths: z.number().int(),
    currentMonths: z.number().int(),
    interestSaved: cents,
    /** The plan's set-up and monthly fees, all told. */
    fees: cents,
    /** The interest saved less the plan's fees (negative when the fees are more). */
    netSaved: cents,
  }),
  paymentAccount: z
    .object({ institutionName: z.string().nullable(), mask: z.string().nullable() })
    .nullable(),
  /**
   * The borrower's copies of the higher amounts they confirmed (addenda to the letter), oldest first: each with
   * the agency's day it was confirmed ('yyyy-MM-dd') and the amount it authorizes.
   */
  addenda: z.array(z.object({ id: z.string(), confirmedOn: z.string(), monthlyDraft: cents })),
  /** signedOn: the agency's day the letter was signed ('yyyy-MM-dd'), the day the letter's own stamp shows. */
  letter: z.object({ signedOn: z.string().nullable(), available: z.boolean() }).nullable(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** GET /api/customer-portal/alerts: the customer's alerts that still hold, newest first. */
export const customerAlertsViewSchema = z.object({
  alerts: z.array(
    z.object({
      id: z.string(),
      type: z.enum(ALERT_TYPES),
      /** The date of what triggered it (ISO timestamp). */
      date: z.string(),
      hasBeenSeenByBorrower: z.boolean(),
      /** What triggered it, with its figures (customerAlertText words them); null when that record is gone. */
      figures: customerAlertFiguresSchema.nullable(),
      /** A disconnected bank the customer can connect again from the alert; null otherwise. */
      reconnect: z.object({ plaidItemId: z.string(), institutionName: z.string() }).nullable(),
    }),
  ),
  /** How many the customer has not marked seen (the count the portal's pages show). */
  unseen: z.number().int(),
});
export type CustomerAlertsView = z.infer<typeof customerAlertsViewSchema>;
export type CustomerAlert = CustomerAlertsView['alerts'][number];
