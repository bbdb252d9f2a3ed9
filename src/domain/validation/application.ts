import { z } from 'zod';
import {
  addressField,
  currencyField,
  dateOfBirthField,
  emailField,
  fieldHasMessage,
  housingCostField,
  monthlyIncomeField,
  nameField,
  phoneField,
  searchTextField,
  textField,
  toPlainText,
  whenParsed,
  yesNoField,
  zipField,
} from './fields';
import { LANGUAGES } from '../i18n/language';
import { GUARDED_PAGES } from '../flow/page-order';
import { LIMITS } from './limits';
import { LABELS, TEMPLATES, FIXED, type MessageDescriptor } from '../i18n/validation-messages';
import { EXPENSE_LINE_MESSAGES } from '../i18n/expense-labels';
import { messageRef, type MessageRef, type MessageValue } from '../i18n/message';
import { formatDollars } from '../money/cents';
import { customIssueOf, errorOf, issueError, issueParams, refineOf, wrongTypeError } from './issue-messages';
import { FIELD_MESSAGES as M, invalidRef, MESSAGE_REFS, requiredRef } from './messages';
import { US_STATE_CODES, type UsStateCode } from './states';
import { EXPENSE_CATEGORIES } from './expenses';
import { checkBudgetCuts, type BudgetCutProblem, type FlexibleLine } from '../underwriting/budget-cuts';
import { REDUCIBLE_LINES } from '../underwriting/expense-estimates';
import { spouseAtScreenFields } from './spouse-consent';

// Application-flow forms.

/**
 * A value the page sends on its own (a checkbox's true or false, a list of ids, a line's category): a person
 * cannot type it wrong, so a value of the wrong type is a request no form sends, refused as such with its id.
 */
const notFromTheForm = () => ({ error: errorOf(M.fixed('requestInvalid')) });

export const HARDSHIP_KEYS = [
  'hasHousingIssues',
  'hasIncreasedMedicalExpenses',
  'hasReductionInIncome',
  'isUnemployed',
  'other',
] as const;
export type HardshipKey = (typeof HARDSHIP_KEYS)[number];

/** Checkbox labels of /hardships, in display order. */
export const HARDSHIP_LABELS = {
  hasHousingIssues: 'Housing issues (repairs, foreclosure or eviction)',
  hasIncreasedMedicalExpenses: 'Increased medical expenses',
  hasReductionInIncome: 'Reduction in income',
  isUnemployed: 'Unemployment',
  other: 'Other',
} as const satisfies Record<HardshipKey, string>;

export const HARDSHIPS_QUESTION = 'Are you currently facing any of the following situations?';

/**
 * Each hardship ticked or not (missing means not ticked). 'Please select at least one option.' sits on the
 * first checkbox, so a form focuses it and shows the message under the group.
 */
export const hardshipsSchema = z
  .strictObject({
    hasHousingIssues: z.boolean(notFromTheForm()).default(false),
    hasIncreasedMedicalExpenses: z.boolean(notFromTheForm()).default(false),
    hasReductionInIncome: z.boolean(notFromTheForm()).default(false),
    isUnemployed: z.boolean(notFromTheForm()).default(false),
    other: z.boolean(notFromTheForm()).default(false),
  })
  .refine((v) => HARDSHIP_KEYS.some((key) => v[key]), {
    ...refineOf(M.fixed('hardshipRequired')),
    path: [HARDSHIP_KEYS[0]],
  });
export type HardshipsInput = z.input<typeof hardshipsSchema>;
export type Hardships = z.output<typeof hardshipsSchema>;

/** Campaign fields stored on the application, with the query parameter each comes from. */
export const UTM_FIELDS = [
  { field: 'utmCampaign', param: 'utm_campaign' },
  { field: 'utmContent', param: 'utm_content' },
  { field: 'utmMedium', param: 'utm_medium' },
  { field: 'utmSource', param: 'utm_source' },
  { field: 'utmTerm', param: 'utm_term' },
] as const;
export type UtmField = (typeof UTM_FIELDS)[number]['field'];

export const utmSchema = z.strictObject({
  utmCampaign: textField(LABELS.utmCampaign, { optional: true }),
  utmContent: textField(LABELS.utmContent, { optional: true }),
  utmMedium: textField(LABELS.utmMedium, { optional: true }),
  utmSource: textField(LABELS.utmSource, { optional: true }),
  utmTerm: textField(LABELS.utmTerm, { optional: true }),
});
export type UtmInput = z.infer<typeof utmSchema>;

/**
 * Reads the utm_* query parameters as utmSchema takes them: characters the text fields refuse are dropped and
 * values cut to the stored length, because a campaign link, whatever it holds, must never block the lead form.
 */
export function utmFromSearchParams(params: URLSearchParams): UtmInput {
  const result: UtmInput = {};
  for (const { field, param } of UTM_FIELDS) {
    const value = toPlainText(params.get(param) ?? '', LIMITS.text);
    if (value) result[field] = value;
  }
  return result;
}

// ------------------------------------------------------------------ /household

export const HOUSEHOLD_QUESTIONS = {
  hasDependents: 'Do you have any dependents?',
  isHomeowner: 'Do you own your home?',
  hasMortgageEscrow:
    'Are your homeowners insurance and property taxes included in your mortgage payment (escrow)?',
  isCarOwner: 'Do you own a car?',
  hasSpouse: 'Are you applying with a spouse?',
  hasSameAddressAsBorrower: 'Does your spouse live at the same address as above?',
} as const;

/** Spec: the dependents count select offers One, Two, Three, Four+ (stored 1 to 4; 0 when No). */
export const DEPENDENTS_OPTIONS = [
  { value: 1, label: 'One' },
  { value: 2, label: 'Two' },
  { value: 3, label: 'Three' },
  { value: 4, label: 'Four+' },
] as const;

export const HOUSEHOLD_LABELS = {
  numberOfDependentsInHousehold: 'Number of dependents',
  monthlyRentOrMortgageAmount: 'Estimated monthly housing cost',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  phoneNumber: 'Phone number',
  addressLine1: 'Street address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  dateOfBirth: 'Date of birth',
  preferredLanguage: 'Your spouse’s language',
} as const;

// The household's labels as messages (the same English as HOUSEHOLD_LABELS), so each field message carries its
// id and a Spanish page words it in Spanish.
/** The household's labels as messages: the schema's field messages name them, the page words them by id. */
export const HOUSEHOLD_LABEL_MESSAGES = {
  numberOfDependentsInHousehold: LABELS.numberOfDependents,
  monthlyRentOrMortgageAmount: LABELS.housingCost,
  firstName: LABELS.firstName,
  lastName: LABELS.lastName,
  email: LABELS.email,
  phoneNumber: LABELS.phoneNumber,
  addressLine1: LABELS.addressLine1,
  addressLine2: LABELS.addressLine2,
  city: LABELS.city,
  state: LABELS.state,
  zipCode: LABELS.zipCode,
  dateOfBirth: LABELS.dateOfBirth,
  preferredLanguage: LABELS.spouseLanguage,
} satisfies Record<keyof typeof HOUSEHOLD_LABELS, MessageDescriptor>;
/** The household's yes/no questions as messages, the same way. */
export const HOUSEHOLD_QUESTION_MESSAGES = {
  hasDependents: LABELS.hasDependents,
  isHomeowner: LABELS.isHomeowner,
  hasMortgageEscrow: LABELS.hasMortgageEscrow,
  isCarOwner: LABELS.isCarOwner,
  hasSpouse: LABELS.hasSpouse,
  hasSameAddressAsBorrower: LABELS.hasSameAddressAsBorrower,
} satisfies Record<keyof typeof HOUSEHOLD_QUESTIONS, MessageDescriptor>;
const L = HOUSEHOLD_LABEL_MESSAGES;
const Q = HOUSEHOLD_QUESTION_MESSAGES;

const stateField = <O extends { optional?: boolean }>(opts?: O) => {
  const base = z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], {
    error: issueError((iss) =>
      iss.input == null || iss.input === '' ? requiredRef(L.state) : invalidRef(L.state),
    ),
  });
  return (opts?.optional ? base.nullable().optional() : base) as O extends { optional: true }
    ? z.ZodOptional<z.ZodNullable<typeof base>>
    : typeof base;
};

/** GET /api/address-suggestions: what the borrower typed in the street address so far. */
export const addressSuggestionsQuerySchema = z.object({
  query: searchTextField(L.addressLine1, LIMITS.text).default(''),
});

/** The borrower's own details on /household; the email is the username and is changed only in settings. */
export const householdBorrowerSchema = z.strictObject(
  {
    firstName: nameField(L.firstName),
    lastName: nameField(L.lastName),
    phoneNumber: phoneField(L.phoneNumber),
    addressLine1: addressField(L.addressLine1),
    addressLine2: addressField(L.addressLine2, { optional: true }),
    city: addressField(L.city),
    state: stateField(),
    zipCode: zipField(L.zipCode),
    dateOfBirth: dateOfBirthField(L.dateOfBirth),
  },
  // The form always sends the borrower's details as an object; anything else is not a person's answer.
  { error: wrongTypeError(MESSAGE_REFS.requestInvalid) },
);
export type HouseholdBorrower = z.output<typeof householdBorrowerSchema>;

/** The spouse's details; the address is required unless it is the borrower's ('same as above'). */
export const householdSpouseSchema = z
  .strictObject(
    {
      firstName: nameField(L.firstName),
      lastName: nameField(L.lastName),
      email: emailField(L.email, { optional: true }),
      phoneNumber: phoneField(L.phoneNumber, { optional: true }),
      dateOfBirth: dateOfBirthField(L.dateOfBirth),
      hasSameAddressAsBorrower: yesNoField(Q.hasSameAddressAsBorrower),
      addressLine1: addressField(L.addressLine1, { optional: true }),
      addressLine2: addressField(L.addressLine2, { optional: true }),
      city: addressField(L.city, { optional: true }),
      state: stateField({ optional: true }),
      zipCode: zipField(L.zipCode, { optional: true }),
      // The language the spouse's emails, texts and letter are written in; null is the borrower's.
      preferredLanguage: z
        .enum(LANGUAGES, { error: errorOf(M.invalid(L.preferredLanguage)) })
        .nullable()
        .optional(),
    },
    { error: wrongTypeError(MESSAGE_REFS.requestInvalid) },
  )
  .superRefine((v, ctx) => {
    if (v.hasSameAddressAsBorrower !== false) return;
    for (const key of ['addressLine1', 'city', 'state', 'zipCode'] as const) {
      if (v[key] == null && !fieldHasMessage(ctx, key))
        ctx.addIssue({ code: 'custom', path: [key], ...customIssueOf(M.required(L[key])) });
    }
  }, whenParsed('hasSameAddressAsBorrower'));
export type HouseholdSpouse = z.output<typeof householdSpouseSchema>;

/**
 * /household. The spec's household rules are applied by the schema, so the form and the API store the
 * same thing: No to dependents makes the count 0; Yes with no count makes it 0; not a homeowner forces the
 * escrow answer to false; a homeowner must answer the escrow question; a spouse's details are required
 * when applying with a spouse and dropped when not.
 */
export const householdSchema = z
  .strictObject({
    hasDependents: yesNoField(Q.hasDependents),
    numberOfDependentsInHousehold: z
      .number({ error: errorOf(M.invalid(L.numberOfDependentsInHousehold)) })
      .int({ error: errorOf(M.invalid(L.numberOfDependentsInHousehold)) })
      .min(0, { error: errorOf(M.invalid(L.numberOfDependentsInHousehold)) })
      .max(4, { error: errorOf(M.invalid(L.numberOfDependentsInHousehold)) })
      .nullable()
      .optional(),
    isHomeowner: yesNoField(Q.isHomeowner),
    hasMortgageEscrow: z
      .boolean({ error: errorOf(M.invalid(LABELS.escrow)) })
      .nullable()
      .optional(),
    monthlyRentOrMortgageAmount: housingCostField(L.monthlyRentOrMortgageAmount),
    isCarOwner: yesNoField(Q.isCarOwner),
    borrower: householdBorrowerSchema,
    hasSpouse: yesNoField(Q.hasSpouse),
    spouse: householdSpouseSchema.nullable().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.isHomeowner && v.hasMortgageEscrow == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['hasMortgageEscrow'],
          ...customIssueOf(M.questionRequired(Q.hasMortgageEscrow)),
        });
      }
    },
    whenParsed('isHomeowner', 'hasMortgageEscrow'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.hasSpouse && v.spouse == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['spouse', 'firstName'],
          ...customIssueOf(M.required(L.firstName)),
        });
      }
    },
    whenParsed('hasSpouse', 'spouse'),
  )
  .transform((v) => ({
    ...v,
    numberOfDependentsInHousehold: v.hasDependents ? (v.numberOfDependentsInHousehold ?? 0) : 0,
    hasMortgageEscrow: v.isHomeowner ? (v.hasMortgageEscrow ?? false) : false,
    spouse: v.hasSpouse ? (v.spouse ?? null) : null,
  }));
export type HouseholdInput = z.input<typeof householdSchema>;
export type Household = z.output<typeof householdSchema>;

// ------------------------------------------------------------------ /credit

export const CREDIT_CONSENT_LABELS = {
  borrower:
    'I authorize Clearpath Debt Relief to obtain my credit report (a soft inquiry that does not affect my credit score) to verify my debts.',
  spouse:
    'My spouse authorizes Clearpath Debt Relief to obtain their credit report (a soft inquiry that does not affect their credit score).',
} as const;

const consent = z
  .boolean({ error: errorOf(M.fixed('creditConsentRequired')) })
  .refine((v) => v, refineOf(M.fixed('creditConsentRequired')));

/** Consent for the borrower; the server also requires the spouse's when the application has a spouse. */
export const creditConsentSchema = z.strictObject({
  consentedToCreditPolicy: consent,
  // The spouse's own tick and typed name when the spouse is at the screen (spouse-consent.ts).
  ...spouseAtScreenFields,
});
export type CreditConsent = z.output<typeof creditConsentSchema>;

// ------------------------------------------------------------------ /eligible-debts (item 6)

/** The ids (debt or collection) the borrower keeps selected for debt reduction; every other eligible item is unselected. */
export const eligibleDebtsSchema = z.strictObject({
  selectedIds: z.array(z.uuid(notFromTheForm()), notFromTheForm()).max(1000, notFromTheForm()),
});
export type EligibleDebtsInput = z.output<typeof eligibleDebtsSchema>;

/** 'A debt is missing?' on /eligible-debts: an unsecured debt the credit report did not show. */
export const MISSING_DEBT_LABELS = {
  creditorName: 'Creditor name',
  currentBalance: 'Balance',
  monthlyPayment: 'Monthly payment',
} as const;

/** Most whole-dollar digits of a missing debt's balance ($9,999,999) and monthly payment ($999,999). */
export const MISSING_DEBT_DIGITS = { currentBalance: 7, monthlyPayment: 6 } as const;

export const missingDebtSchema = z.strictObject({
  creditorName: textField(LABELS.creditorName, { max: 60 }),
  currentBalance: currencyField(LABELS.balance, {
    maxLength: MISSING_DEBT_DIGITS.currentBalance,
  }),
  // A debt in collection may have no agreed payment: $0 is allowed.
  monthlyPayment: currencyField(LABELS.monthlyPayment, {
    maxLength: MISSING_DEBT_DIGITS.monthlyPayment,
    allowZero: true,
  }),
});
export type MissingDebtInput = z.output<typeof missingDebtSchema>;

// ------------------------------------------------------------------ /income (items 7 and 8)

export const INCOME_LABEL = 'Total monthly household income after taxes';
export const INCOME_SOURCES_TOOLTIP =
  'Include every source of income in your household after taxes: wages and salary, self-employment, Social Security, pension or retirement, disability, unemployment, child support or alimony received, and any other regular income.';

export const provideIncomeSchema = z.strictObject({
  selfReportedMonthlyCurrentIncome: monthlyIncomeField(LABELS.income),
});
export type ProvideIncome = z.output<typeof provideIncomeSchema>;

/** PUT /api/application/viewed-page: a page of the application's first part the borrower has opened. */
export const viewedPageSchema = z.strictObject({ page: z.enum(GUARDED_PAGES, notFromTheForm()) });
export type ViewedPage = z.output<typeof viewedPageSchema>;

export const CONFIRM_INCOME_QUESTION = 'Is this your correct total monthly household income after taxes?';
export const confirmIncomeSchema = z.strictObject({
  isIncomeCorrect: yesNoField(LABELS.isIncomeCorrect),
});
export type ConfirmIncome = z.output<typeof confirmIncomeSchema>;

// ------------------------------------------------------------------ /budget (item 10)

export const BUDGET_AGREEMENT_LABEL = 'I agree to adjust my total expenses as proposed above.';
/** A flexible line's new value on /budget, in whole dollars as the borrower types them (cents). */
export const budgetLineSchema = z.strictObject({
  category: z.enum(EXPENSE_CATEGORIES, notFromTheForm()),
  subCategory: z.string(notFromTheForm()).min(1, notFromTheForm()).max(40, notFromTheForm()),
  proposedValue: currencyField(LABELS.newAmount, { maxLength: LIMITS.expenseEdit, allowZero: true }),
});

/**
 * PUT /api/application/budget: the agreement, and the cuts as the borrower moved them (left out: the proposal
 * stands). The shape only; budgetSchemaFor adds the rules that need the application's lines and gap.
 */
export const budgetSchema = z.strictObject({
  agreedTo: z
    .boolean({ error: errorOf(M.fixed('budgetAgreementRequired')) })
    .refine((v) => v, refineOf(M.fixed('budgetAgreementRequired'))),
  lines: z.array(budgetLineSchema, notFromTheForm()).max(REDUCIBLE_LINES.length, notFromTheForm()).optional(),
  /** Sent after the warning that the budget leaves less than the monthly cushion: agree to it as it is. */
  acceptThinBudget: z.boolean(notFromTheForm()).optional(),
});
export type BudgetInput = z.output<typeof budgetSchema>;

/** Where a budget problem shows: on its line's amount, or on the whole set of lines. */
export const budgetProblemPath = (index: number | null): (string | number)[] =>
  index === null ? ['lines'] : ['lines', index, 'proposedValue'];

/**
 * The budget schema with the application's flexible lines and the gap the cuts must cover: the same rules on
 * the page (as the borrower types) and on the server (before the save).
 */
export function budgetSchemaFor(context: { lines: readonly FlexibleLine[]; required: number }) {
  return budgetSchema.superRefine((value, ctx) => {
    if (!value.lines) return;
    for (const problem of checkBudgetCuts(context.lines, context.required, value.lines).problems) {
      ctx.addIssue({
        code: 'custom',
        path: budgetProblemPath(problem.index),
        ...issueParams(budgetProblemRef(problem)),
      });
    }
  });
}

/** A flexible line's label as its message, by its key; the label as it came for a line the domain does not name. */
const lineLabel = (line: FlexibleLine): MessageValue =>
  line.labelKey ? messageRef(EXPENSE_LINE_MESSAGES[line.labelKey]) : line.label;

/** A budget problem as its message and values, worded in English exactly as the problem's own `message`. */
export function budgetProblemRef(problem: BudgetCutProblem): MessageRef {
  const reason = problem.reason;
  switch (reason.kind) {
    case 'notAdjustable':
      return messageRef(FIXED.budgetNotAdjustable);
    case 'repeated':
      return messageRef(FIXED.budgetRepeated);
    case 'belowFloor':
      return messageRef(TEMPLATES.budgetBelowFloor, {
        label: lineLabel(reason.line),
        amount: formatDollars(reason.amount),
      });
    case 'aboveCurrent':
      return messageRef(TEMPLATES.budgetAboveCurrent, {
        label: lineLabel(reason.line),
        amount: formatDollars(reason.amount),
      });
    case 'notCovered':
      return messageRef(TEMPLATES.budgetNotCovered, {
        stillToCover: formatDollars(reason.stillToCover),
        required: formatDollars(reason.required),
      });
  }
}

// ------------------------------------------------------------------ /notify-when-eligible (item 5)

export const NOTIFY_QUESTION =
  'Would you like us to notify you when our service becomes available in your state?';
export const notifyWhenEligibleSchema = z.strictObject({
  notifyWhenStateIsEligible: yesNoField(LABELS.notifyWhenEligible),
});
export type NotifyWhenEligible = z.output<typeof notifyWhenEligibleSchema>;
