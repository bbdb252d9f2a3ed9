import { z } from 'zod';
import { applicationStatusSchema } from '../flow/statuses';
import {
  addressField,
  creditorAccountNumberField,
  emailField,
  fieldHasMessage,
  memoField,
  routingNumberField,
  textField,
  whenParsed,
  yesNoField,
  zipField,
} from './fields';
import { invalidMessage, MESSAGES, requiredMessage, yesNoRequiredMessage } from './messages';
import { US_STATE_CODES, type UsStateCode } from './states';

// Staff actions of the service portal: contact attempts,
// the offer-status modal with its creditor form and rejection reasons, quality control and the hand-over.

// ------------------------------------------------------------------ contact attempts

export const CONTACT_METHODS = ['phone', 'textMessage'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS = {
  phone: 'Phone',
  textMessage: 'Text message',
} as const satisfies Record<ContactMethod, string>;

export const CONTACT_ATTEMPT_REASON_KEYS = [
  'validateProposedBudget',
  'verifyAnExpense',
  'verifyConsumerIdentity',
  'verifyIncome',
] as const;
export type ContactAttemptReasonKey = (typeof CONTACT_ATTEMPT_REASON_KEYS)[number];
/** The reasons checklist of a contact attempt, in display order. */
export const CONTACT_ATTEMPT_REASON_LABELS = {
  validateProposedBudget: 'Validate proposed budget',
  verifyAnExpense: 'Verify an expense',
  verifyConsumerIdentity: 'Verify consumer identity',
  verifyIncome: 'Verify income',
} as const satisfies Record<ContactAttemptReasonKey, string>;

export const CONTACT_ATTEMPT_LABELS = {
  method: 'Contact method',
  outcome: 'Outcome',
  notes: 'Notes',
  didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer?',
} as const;

/** What came of a contact attempt, in the order the form lists them. */
export const CONTACT_OUTCOMES = [
  'reached',
  'leftVoicemail',
  'noAnswer',
  'wrongNumber',
  'askedToCallBack',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABELS = {
  reached: 'Reached',
  leftVoicemail: 'Left voicemail',
  noAnswer: 'No answer',
  wrongNumber: 'Wrong number',
  askedToCallBack: 'Asked to call back',
} as const satisfies Record<ContactOutcome, string>;

export const isContactOutcome = (value: unknown): value is ContactOutcome =>
  typeof value === 'string' && (CONTACT_OUTCOMES as readonly string[]).includes(value);

/**
 * How an outcome reads on screen: a choice by its label; anything else (an outcome typed as free text before
 * the outcome became a choice) as it was stored.
 */
export function contactOutcomeLabel(outcome: string | null | undefined): string | null {
  if (outcome == null || outcome === '') return null;
  return isContactOutcome(outcome) ? CONTACT_OUTCOME_LABELS[outcome] : outcome;
}

/** The offer question is asked only of a borrower who was reached; any other outcome must leave it out. */
export const CONTACT_OFFER_ONLY_WHEN_REACHED =
  'Did the borrower receive an offer? is asked only when the borrower was reached';

/** The outcome and the offer answer each parsed: only then can the two be checked against each other. */
const outcomeAndAnswerParsed = whenParsed('outcome', 'didTheBorrowerReceiveAnOffer').when;

/**
 * POST /api/staff/applications/:id/contact-attempts. The outcome is one of CONTACT_OUTCOMES; notes are
 * optional free text. The offer question belongs to 'reached' only: required there, and refused (400) with
 * any other outcome rather than silently dropped, so a client that asks it at the wrong time is found out.
 * Its output is null whenever the borrower was not reached. Reasons not sent are not recorded.
 */
export const contactAttemptSchema = z
  .strictObject({
    method: z.enum(CONTACT_METHODS, {
      error: (iss) =>
        iss.input == null || iss.input === ''
          ? requiredMessage(CONTACT_ATTEMPT_LABELS.method)
          : invalidMessage(CONTACT_ATTEMPT_LABELS.method),
    }),
    outcome: z.enum(CONTACT_OUTCOMES, {
      error: (iss) =>
        iss.input == null || iss.input === ''
          ? requiredMessage(CONTACT_ATTEMPT_LABELS.outcome)
          : invalidMessage(CONTACT_ATTEMPT_LABELS.outcome),
    }),
    notes: textField(CONTACT_ATTEMPT_LABELS.notes, { multiLine: true, optional: true }),
    didTheBorrowerReceiveAnOffer: yesNoField(CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer)
      .nullable()
      .optional(),
    reasons: z
      .strictObject({
        validateProposedBudget: z.boolean().optional(),
        verifyAnExpense: z.boolean().optional(),
        verifyConsumerIdentity: z.boolean().optional(),
        verifyIncome: z.boolean().optional(),
      })
      .optional(),
  })
  // Checked even when another field failed, so every message shows at once; skipped when the outcome or the
  // answer is itself wrong (that field already says so).
  .refine((v) => v.outcome !== 'reached' || typeof v.didTheBorrowerReceiveAnOffer === 'boolean', {
    path: ['didTheBorrowerReceiveAnOffer'],
    error: yesNoRequiredMessage(CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer),
    when: outcomeAndAnswerParsed,
  })
  .refine((v) => v.outcome === 'reached' || v.didTheBorrowerReceiveAnOffer == null, {
    path: ['didTheBorrowerReceiveAnOffer'],
    error: CONTACT_OFFER_ONLY_WHEN_REACHED,
    when: outcomeAndAnswerParsed,
  })
  .transform((v) => ({
    ...v,
    didTheBorrowerReceiveAnOffer: v.outcome === 'reached' ? (v.didTheBorrowerReceiveAnOffer ?? null) : null,
  }));
export type ContactAttemptInput = z.input<typeof contactAttemptSchema>;
export type ContactAttempt = z.output<typeof contactAttemptSchema>;

/**
 * The outcome and its notes as the contact_attempt.outcome text column keeps them: the choice's key on the
 * first line, the notes (if any) from the second line on. One text column, so no schema change was needed,
 * and a row stays readable to anyone looking at the table.
 */
export function storedContactOutcome(outcome: ContactOutcome, notes: string | null | undefined): string {
  return notes ? `${outcome}\n${notes}` : outcome;
}

/**
 * Reads the stored outcome text back: a choice's key (first line) with its notes, or, for an outcome typed as
 * free text before it became a choice, that text as it is with no notes.
 */
export function readContactOutcome(stored: string | null): { outcome: string | null; notes: string | null } {
  if (stored == null) return { outcome: null, notes: null };
  const lineBreak = stored.indexOf('\n');
  const first = lineBreak < 0 ? stored : stored.slice(0, lineBreak);
  if (!isContactOutcome(first)) return { outcome: stored, notes: null };
  const notes = lineBreak < 0 ? '' : stored.slice(lineBreak + 1);
  return { outcome: first, notes: notes === '' ? null : notes };
}

export const contactAttemptReasonKeySchema = z.enum(CONTACT_ATTEMPT_REASON_KEYS);

/** PUT /api/staff/contact-attempts/:id/reasons/:key: sets the key, or appends it when absent. */
export const contactAttemptReasonSchema = z.strictObject({
  value: z.boolean({ error: invalidMessage('value') }),
});

// ------------------------------------------------------------------ the offer-status modal

export const OFFER_STATUS_QUESTION = 'Was the offer accepted or declined?';
export const OFFER_STATUSES = ['accepted', 'declined'] as const;
export type OfferAnswer = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS = {
  accepted: 'Accepted',
  declined: 'Declined',
} as const satisfies Record<OfferAnswer, string>;

/**
 * The modal's choices: the two answers, and a counter-offer (the creditor accepts on its own payment or APR),
 * which is stored as accepted with the creditor's figures.
 */
export const OFFER_ANSWER_CHOICES = ['accepted', 'declined', 'counterOffer'] as const;
export type OfferAnswerChoice = (typeof OFFER_ANSWER_CHOICES)[number];
export const OFFER_ANSWER_CHOICE_LABELS = {
  ...OFFER_STATUS_LABELS,
  counterOffer: 'Counter-offer',
} as const satisfies Record<OfferAnswerChoice, string>;

export const OFFER_DECLINE_QUESTION = 'What was the reason for rejection?';
export const OFFER_DECLINE_HINT = '(Select all that apply)';

export const OFFER_DECLINE_REASON_KEYS = [
  'unableToContactTheLender',
  'termTooLong',
  'reductionTooMuch',
  'other',
  'accountHadNotChargedOff',
  'unableToWorkWithTheProvider',
  'autoclosed',
] as const;
export type OfferDeclineReason = (typeof OFFER_DECLINE_REASON_KEYS)[number];
/** The seven reasons, in its order and words. */
export const OFFER_DECLINE_REASON_LABELS = {
  unableToContactTheLender: 'unable to contact the lender',
  termTooLong: 'term too long',
  reductionTooMuch: 'reduction too much',
  other: 'other',
  accountHadNotChargedOff: 'account had not charged off',
  unableToWorkWithTheProvider: 'unable to work with the provider',
  autoclosed: 'autoclosed',
} as const satisfies Record<OfferDeclineReason, string>;

/** Not in the spec (it has no text for a decline without a reason); ours. */
export const OFFER_DECLINE_REASON_REQUIRED = 'Please select at least one reason for rejection';

export const offerDeclineReasonSchema = z.enum(OFFER_DECLINE_REASON_KEYS, {
  error: invalidMessage('Reason'),
});

export const PAYMENT_METHOD_LABELS = { check: 'Check', ach: 'ACH' } as const;

export const CREDITOR_ACCOUNT_LABELS = {
  isAch: 'Payment method',
  email: 'Email for remittance information',
  accountNumber: 'Account Number',
  routingNumber: 'Routing Number',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  memo: 'Memo',
  achOnFile: 'Use the ACH numbers on file',
} as const;
const C = CREDITOR_ACCOUNT_LABELS;

/** ACH numbers typed while the ones on file are kept: which of the two the staff member meant is unclear. */
export const ACH_ON_FILE_OR_TYPED = 'Type new ACH numbers or use the ones on file, not both';
/** The server's answer when the creditor table holds no ACH numbers to keep (decided there, not here). */
export const ACH_NOT_ON_FILE =
  'This creditor has no ACH numbers on file. Type the account and routing numbers.';

const optionalState = z
  .enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: invalidMessage(C.state) })
  .nullable()
  .optional();

/**
 * The creditor form: Check or ACH; account and routing number only for ACH, where both
 * are required (the agency cannot pay by ACH without them) unless `achOnFile` says to use the creditor
 * table's numbers, which the browser never holds (the server copies them); the address required unless ACH.
 * Values of the other method are dropped, so a form that switched methods stores only what the chosen one
 * shows.
 */
export const creditorAccountSchema = z
  .strictObject({
    isAch: z.boolean({ error: requiredMessage(C.isAch) }),
    email: emailField(C.email, { optional: true }),
    accountNumber: creditorAccountNumberField(C.accountNumber, { optional: true }),
    routingNumber: routingNumberField(C.routingNumber, { optional: true }),
    addressLine1: addressField(C.addressLine1, { optional: true }),
    addressLine2: addressField(C.addressLine2, { optional: true }),
    city: addressField(C.city, { optional: true }),
    state: optionalState,
    zipCode: zipField(C.zipCode, { optional: true }),
    memo: memoField(C.memo, { optional: true }),
    achOnFile: z.boolean({ error: invalidMessage(C.achOnFile) }).optional(),
  })
  .superRefine(
    (v, ctx) => {
      const onFile = v.isAch && v.achOnFile === true;
      if (onFile && (v.accountNumber != null || v.routingNumber != null)) {
        ctx.addIssue({ code: 'custom', path: ['achOnFile'], message: ACH_ON_FILE_OR_TYPED });
      }
      const required = v.isAch
        ? onFile
          ? ([] as const)
          : (['accountNumber', 'routingNumber'] as const)
        : (['addressLine1', 'city', 'state', 'zipCode'] as const);
      for (const key of required) {
        if (v[key] == null && !fieldHasMessage(ctx, key))
          ctx.addIssue({ code: 'custom', path: [key], message: requiredMessage(C[key]) });
      }
    },
    whenParsed('isAch', 'achOnFile'),
  )
  .transform(({ achOnFile, ...v }) =>
    v.isAch
      ? { ...v, state: v.state ?? undefined, achOnFile: achOnFile === true ? (true as const) : undefined }
      : {
          ...v,
          state: v.state ?? undefined,
          accountNumber: undefined,
          routingNumber: undefined,
          achOnFile: undefined,
        },
  );
export type CreditorAccountInput = z.input<typeof creditorAccountSchema>;
export type CreditorAccount = z.output<typeof creditorAccountSchema>;

/** Versions are PostgreSQL integers: a larger number could never match and would fail in the database. */
const MAX_OFFER_VERSION = 2_147_483_647;

const offerVersion = z
  .number({ error: invalidMessage('version') })
  .int({ error: invalidMessage('version') })
  .min(0, { error: invalidMessage('version') })
  .max(MAX_OFFER_VERSION, { error: invalidMessage('version') });

// A counter-offer: the creditor accepts on its own terms. Its figures are checked against the offer's balance
// by the server (src/domain/enrollment/counter-offer.ts); here, only what needs no balance.
export const COUNTER_OFFER_LABELS = {
  counterPayment: 'Monthly payment',
  counterApr: 'Plan APR',
} as const;
/** 36%: the highest rate a plan may carry (the usual cap of consumer credit rates). */
export const MAX_COUNTER_APR_BP = 3600;
export const COUNTER_OFFER_NOTHING_COUNTERED = 'Enter the monthly payment, the plan APR or both';
export const COUNTER_PAYMENT_ABOVE_ZERO = 'Monthly payment must be more than $0';
export const COUNTER_APR_RANGE = 'Plan APR must be from 0% to 36%';

const counterPaymentField = z
  .number({ error: invalidMessage(COUNTER_OFFER_LABELS.counterPayment) })
  .int({ error: invalidMessage(COUNTER_OFFER_LABELS.counterPayment) })
  .min(1, { error: COUNTER_PAYMENT_ABOVE_ZERO })
  .max(2_147_483_647, { error: invalidMessage(COUNTER_OFFER_LABELS.counterPayment) })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const counterAprField = z
  .number({ error: invalidMessage(COUNTER_OFFER_LABELS.counterApr) })
  .int({ error: invalidMessage(COUNTER_OFFER_LABELS.counterApr) })
  .min(0, { error: COUNTER_APR_RANGE })
  .max(MAX_COUNTER_APR_BP, { error: COUNTER_APR_RANGE })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/**
 * POST /api/staff/offers/:id/status. `version` is the offer's version as read (optimistic concurrency: a
 * stale one gets 409). Accepted carries the creditor form; declined the ticked reasons, which replace the
 * offer's reasons; a counter-offer (stored as accepted, with its figures) the countered payment in cents
 * and/or plan APR in basis points, and the creditor form.
 */
export const offerStatusSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({
      version: offerVersion,
      status: z.literal('accepted'),
      creditorAccount: creditorAccountSchema,
    }),
    z.strictObject({
      version: offerVersion,
      status: z.literal('declined'),
      reasons: z
        .array(offerDeclineReasonSchema)
        .min(1, { error: OFFER_DECLINE_REASON_REQUIRED })
        .transform((reasons) => [...new Set(reasons)]),
    }),
    z
      .strictObject({
        version: offerVersion,
        status: z.literal('counterOffer'),
        counterPayment: counterPaymentField,
        counterApr: counterAprField,
        creditorAccount: creditorAccountSchema,
      })
      .refine((v) => v.counterPayment != null || v.counterApr != null, {
        path: ['counterPayment'],
        error: COUNTER_OFFER_NOTHING_COUNTERED,
      }),
  ],
  { error: yesNoRequiredMessage(OFFER_STATUS_QUESTION) },
);
export type OfferStatusInput = z.input<typeof offerStatusSchema>;
export type OfferStatusAnswer = z.output<typeof offerStatusSchema>;

/** POST /api/staff/offers/:id/reasons/toggle: added if absent, removed if present. */
export const toggleOfferReasonSchema = z.strictObject({ reason: offerDeclineReasonSchema });

// ------------------------------------------------------------------ quality control

export const QUALITY_CONTROL_REASON_KEYS = [
  'couldNotVerifyConsumerIdentity',
  'couldNotVerifyExpenses',
  'couldNotVerifyIncome',
  'proposedBudgetWasUnrealistic',
] as const;
export type QualityControlReason = (typeof QUALITY_CONTROL_REASON_KEYS)[number];
/** The product names the first and last messages; the middle two follow their pattern. */
export const QUALITY_CONTROL_REASON_LABELS = {
  couldNotVerifyConsumerIdentity: 'could not verify consumer identity',
  couldNotVerifyExpenses: 'could not verify expenses',
  couldNotVerifyIncome: 'could not verify income',
  proposedBudgetWasUnrealistic: 'proposed budget was unrealistic',
} as const satisfies Record<QualityControlReason, string>;

export const QUALITY_CONTROL_LABELS = { passed: 'Passed', failed: 'Failed' } as const;

/**
 * The quality-control checklist: what the counsellor confirms before a pass, one item per fail reason, in the
 * order the review goes (who the borrower is, then the money in, the money out, and whether the budget holds).
 */
export const QUALITY_CONTROL_ITEMS = ['consumerIdentity', 'income', 'expenses', 'proposedBudget'] as const;
export type QualityControlItem = (typeof QUALITY_CONTROL_ITEMS)[number];
export const QUALITY_CONTROL_ITEM_LABELS = {
  consumerIdentity: 'Consumer identity verified',
  income: 'Income verified',
  expenses: 'Expenses verified',
  proposedBudget: 'Proposed budget is realistic',
} as const satisfies Record<QualityControlItem, string>;
/** An item left unchecked is the fail reason it stands for. */
export const QUALITY_CONTROL_ITEM_FAIL_REASONS = {
  consumerIdentity: 'couldNotVerifyConsumerIdentity',
  income: 'couldNotVerifyIncome',
  expenses: 'couldNotVerifyExpenses',
  proposedBudget: 'proposedBudgetWasUnrealistic',
} as const satisfies Record<QualityControlItem, QualityControlReason>;

export const QUALITY_CONTROL_CHECKLIST_LEGEND = 'Checklist';
/** What a fail names: the items that could not be verified, each shown as its disqualification reason. */
export const QUALITY_CONTROL_FAILED_ITEMS_LEGEND = 'Disqualification reasons';
/** Ours: the spec has no checklist. */
export const QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM =
  'Quality control can pass only when every item of the checklist is checked';
/** The spec's own message for a fail with no reason chosen. */
export const QUALITY_CONTROL_FAIL_NEEDS_A_REASON = MESSAGES.qualityControlReason;
export const QUALITY_CONTROL_REASON_WAS_VERIFIED =
  'A disqualification reason cannot be an item checked as verified: uncheck it in the checklist or leave the reason out';
export const QUALITY_CONTROL_PASS_HAS_NO_REASONS = 'A pass has no disqualification reasons';

const checklistItem = z.boolean({ error: invalidMessage(QUALITY_CONTROL_CHECKLIST_LEGEND) });

/** The fail reasons of the items that failed, in the spec's order of the reasons. */
export function qualityControlFailReasons(
  failedItems: readonly QualityControlItem[],
): QualityControlReason[] {
  const failed = new Set<QualityControlReason>(
    failedItems.map((item) => QUALITY_CONTROL_ITEM_FAIL_REASONS[item]),
  );
  return QUALITY_CONTROL_REASON_KEYS.filter((reason) => failed.has(reason));
}

/** The items of the checklist left unchecked: the only ones a fail can name. */
export const uncheckedQualityControlItems = (checklist: Record<QualityControlItem, boolean>) =>
  QUALITY_CONTROL_ITEMS.filter((item) => !checklist[item]);

/**
 * POST /api/staff/applications/:id/quality-control: the checklist, every item answered (checked or not), pass
 * or fail, and for a fail the items that failed (`failedItems`). A pass needs every item checked. A fail names
 * at least one item, and only items left unchecked: nothing is inferred from an untouched checklist, so a
 * Failed chosen with nothing else done is refused rather than recorded with every reason.
 */
export const qualityControlSchema = z
  .strictObject({
    checklist: z.strictObject(
      {
        consumerIdentity: checklistItem,
        income: checklistItem,
        expenses: checklistItem,
        proposedBudget: checklistItem,
      },
      {
        error: (iss) =>
          iss.input == null
            ? requiredMessage(QUALITY_CONTROL_CHECKLIST_LEGEND)
            : invalidMessage(QUALITY_CONTROL_CHECKLIST_LEGEND),
      },
    ),
    passed: z.boolean({ error: MESSAGES.qualityControlChoice }).nullable().optional(),
    failedItems: z
      .array(z.enum(QUALITY_CONTROL_ITEMS), { error: invalidMessage(QUALITY_CONTROL_FAILED_ITEMS_LEGEND) })
      .max(QUALITY_CONTROL_ITEMS.length, { error: invalidMessage(QUALITY_CONTROL_FAILED_ITEMS_LEGEND) })
      .refine((items) => new Set(items).size === items.length, {
        error: invalidMessage(QUALITY_CONTROL_FAILED_ITEMS_LEGEND),
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.passed == null) {
      ctx.addIssue({ code: 'custom', path: ['passed'], message: MESSAGES.qualityControlChoice });
      return;
    }
    if (fieldHasMessage(ctx, 'checklist') || fieldHasMessage(ctx, 'failedItems')) return;
    const failed = v.failedItems ?? [];
    if (v.passed) {
      if (uncheckedQualityControlItems(v.checklist).length > 0) {
        ctx.addIssue({ code: 'custom', path: ['checklist'], message: QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM });
      }
      if (failed.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['failedItems'], message: QUALITY_CONTROL_PASS_HAS_NO_REASONS });
      }
    } else if (failed.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['failedItems'], message: QUALITY_CONTROL_FAIL_NEEDS_A_REASON });
    } else if (failed.some((item) => v.checklist[item])) {
      ctx.addIssue({ code: 'custom', path: ['failedItems'], message: QUALITY_CONTROL_REASON_WAS_VERIFIED });
    }
  }, whenParsed('passed'))
  // The output parses again as an input (the web app sends what its form parsed); a fail's reasons are
  // read from it with qualityControlFailReasons.
  .transform((v) => ({
    passed: v.passed === true,
    checklist: v.checklist,
    failedItems: v.passed ? [] : QUALITY_CONTROL_ITEMS.filter((item) => v.failedItems?.includes(item)),
  }));
export type QualityControlInput = z.input<typeof qualityControlSchema>;
export type QualityControl = z.output<typeof qualityControlSchema>;
/** The checked items, as the application keeps them (null before quality control). */
export const checkedQualityControlItems = (checklist: Record<QualityControlItem, boolean>) =>
  QUALITY_CONTROL_ITEMS.filter((item) => checklist[item]);

// ------------------------------------------------------------------ hand-over

export const PARTNER_CRM_ID_LABEL = 'Partner CRM ID';

/** POST /api/staff/applications/:id/mark-transferred: the agency's id for the customer. */
export const markTransferredSchema = z.strictObject({
  partnerCrmId: textField(PARTNER_CRM_ID_LABEL),
});
export type MarkTransferred = z.output<typeof markTransferredSchema>;

// ------------------------------------------------------------------ what the staff-action routes answer

/** Whether a text-message attempt's text went out: queued, or not sent (opted out of SMS, no phone). */
export const CONTACT_TEXT_OUTCOMES = ['queued', 'optedOut', 'noPhone'] as const;
export type ContactTextOutcome = (typeof CONTACT_TEXT_OUTCOMES)[number];

export const contactAttemptViewSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  contactedBy: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  method: z.string().nullable(),
  /** A key of CONTACT_OUTCOMES, or the free text of an attempt recorded before the outcome became a choice. */
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  didTheBorrowerReceiveAnOffer: z.boolean().nullable(),
  reasons: z.array(z.object({ key: z.enum(CONTACT_ATTEMPT_REASON_KEYS), value: z.boolean() })),
  /** Only on the answer to a new text-message attempt. */
  textMessage: z.enum(CONTACT_TEXT_OUTCOMES).optional(),
});
export type ContactAttemptView = z.infer<typeof contactAttemptViewSchema>;

/** A creditor account as staff see it: account and routing numbers by their last 4 digits only. */
export const creditorAccountViewSchema = z.object({
  id: z.string(),
  isAch: z.boolean(),
  email: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
  routingNumberLast4: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  memo: z.string().nullable(),
});
export type CreditorAccountView = z.infer<typeof creditorAccountViewSchema>;

export const offerAnswerViewSchema = z.object({
  offer: z.object({
    id: z.string(),
    status: z.enum(OFFER_STATUSES).nullable(),
    version: z.number().int(),
    reasons: z.array(z.string()),
    creditorAccount: creditorAccountViewSchema.nullable(),
    /** The creditor's counter-offer: null figures where it kept the offer's (both null without one). */
    counterPayment: z.number().int().nullable(),
    counterApr: z.number().int().nullable(),
  }),
  application: z.object({ id: z.string(), status: applicationStatusSchema }),
  /** What the answer set off: transfer (a plan is enrolled), disqualified (every offer declined), or nothing yet. */
  handOver: z.enum(['transfer', 'disqualified']).nullable(),
});
export type OfferAnswerView = z.infer<typeof offerAnswerViewSchema>;

export const offerReasonsViewSchema = z.object({ offerId: z.string(), reasons: z.array(z.string()) });
export type OfferReasonsView = z.infer<typeof offerReasonsViewSchema>;

// ------------------------------------------------------------------ a plan over 60 months

export const LONG_PLAN_REASON_LABEL = 'Reason for approval';
/** A reason is a few sentences: enough to say why, short enough for the audit trail. */
export const LONG_PLAN_REASON_MAX_LENGTH = 500;

/** POST /api/staff/applications/:id/approve-long-plan: why the plan may run over 60 months. */
export const approveLongPlanSchema = z.strictObject({
  reason: textField(LONG_PLAN_REASON_LABEL, { multiLine: true, max: LONG_PLAN_REASON_MAX_LENGTH }),
});
export type ApproveLongPlan = z.output<typeof approveLongPlanSchema>;

export const longPlanApprovalViewSchema = z.object({
  /** The plan's term the approval was given for. */
  termInMonths: z.number().int(),
  reason: z.string(),
  /** ISO 8601. */
  approvedAt: z.string(),
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type LongPlanApprovalView = z.infer<typeof longPlanApprovalViewSchema>;

export const approveLongPlanViewSchema = z.object({
  application: z.object({ id: z.string(), status: applicationStatusSchema }),
  approval: longPlanApprovalViewSchema,
  handOver: z.enum(['transfer', 'disqualified']).nullable(),
});
export type ApproveLongPlanView = z.infer<typeof approveLongPlanViewSchema>;

export const staffApplicationResultSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  hasPassedQualityControl: z.boolean().nullable(),
  partnerCrmId: z.string().nullable(),
});
export type StaffApplicationResult = z.infer<typeof staffApplicationResultSchema>;
