import { z } from 'zod';
import { isExpenseLineKey, type ExpenseLineKey } from '../i18n/expense-labels';
import { LABELS } from '../i18n/validation-messages';
import { currencyField } from './fields';
import { dollarDigits } from './format';
import { customIssueOf, errorOf, type FieldLabel } from './issue-messages';
import { LIMITS } from './limits';
import { FIELD_MESSAGES as M } from './messages';

// The expense lines of /expenses, in display order, with
// the labels the borrower sees. The server estimates every line; the page shows the lines that apply.

export const EXPENSE_CATEGORIES = [
  'housing',
  'transportation',
  'utilities',
  'food',
  'healthcare',
  'personal',
  'studentLoans',
  'otherDebts',
  'savings',
  'miscellaneous',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Which household a line applies to: housing lines differ for homeowners and renters. */
export type LineAudience = 'homeowner' | 'renter' | 'everyone';

export type ExpenseLineDefinition = {
  subCategory: string;
  label: string;
  audience: LineAudience;
  /**
   * The line's name among the labels' messages (`${category}_${key}` in EXPENSE_LINE_MESSAGES): its
   * subCategory, except where one subCategory names two lines (housing's insurance, the homeowner's or the
   * renter's).
   */
  key: string;
};

export type ExpenseGroupDefinition = {
  category: ExpenseCategory;
  label: string;
  lines: readonly ExpenseLineDefinition[];
};

const line = (
  subCategory: string,
  label: string,
  audience: LineAudience = 'everyone',
  key: string = subCategory,
) => ({ subCategory, label, audience, key });

export const EXPENSE_GROUPS = [
  {
    category: 'housing',
    label: 'Housing',
    lines: [
      line('mortgage', 'Mortgage', 'homeowner'),
      line('hoa', 'HOA fees', 'homeowner'),
      line('insurance', 'Homeowners insurance', 'homeowner', 'homeownersInsurance'),
      line('taxes', 'Property taxes', 'homeowner'),
      line('maintenanceImprovements', 'Maintenance and improvements', 'homeowner'),
      line('rent', 'Rent', 'renter'),
      line('insurance', 'Renters insurance', 'renter', 'rentersInsurance'),
    ],
  },
  {
    category: 'transportation',
    label: 'Transportation',
    lines: [
      line('carPayment', 'Car payment'),
      line('gas', 'Gas and tolls'),
      line('insurance', 'Car insurance'),
      line('maintenanceRepairs', 'Car maintenance and repairs'),
      line('publicTransportation', 'Bus/train/taxi'),
    ],
  },
  {
    category: 'utilities',
    label: 'Utilities',
    lines: [
      line('cableInternetLandline', 'Cable/internet/landline'),
      line('electricity', 'Electricity'),
      line('gas', 'Gas'),
      line('water', 'Water'),
      line('wireless', 'Wireless phone'),
    ],
  },
  {
    category: 'food',
    label: 'Food',
    lines: [line('home', 'Groceries'), line('away', 'Restaurants including delivery')],
  },
  {
    category: 'healthcare',
    label: 'Medical',
    lines: [
      line('drugs', 'Prescription drugs'),
      line('healthInsurance', 'Health insurance'),
      line('lifeInsurance', 'Life insurance'),
      line('medicalServices', 'Services and appointments'),
    ],
  },
  {
    category: 'personal',
    label: 'Personal',
    lines: [
      line('entertainment', 'Entertainment'),
      line('apparel', 'Clothing'),
      line('personalCare', 'Personal care'),
    ],
  },
  {
    category: 'studentLoans',
    label: 'Student loan payments',
    lines: [line('studentLoans', 'Minimum payment')],
  },
  {
    category: 'otherDebts',
    label: 'Other debts',
    // Shown only for the debt types present in the credit report.
    lines: [
      line('heloc', 'Home equity line of credit'),
      line('installmentSales', 'Installment sales'),
      line('lease', 'Lease'),
      line('note', 'Note'),
      line('recreationalMerchandise', 'Recreational merchandise'),
      line('rentalAgreement', 'Rental agreement'),
      line('secured', 'Secured loan'),
      line('securedCreditCard', 'Secured credit card'),
      line('telecommunication', 'Telecommunication'),
      line('utilityCompany', 'Utility company'),
    ],
  },
  {
    category: 'savings',
    label: 'Savings and Donations',
    lines: [line('savings', 'Savings'), line('donations', 'Donations')],
  },
  {
    category: 'miscellaneous',
    label: 'Miscellaneous',
    lines: [
      line('childcare', 'Childcare'),
      line('education', 'Education'),
      line('pets', 'Petcare'),
      line('childSupport', 'Child support'),
      line('alimony', 'Alimony'),
      line('other', 'Other'),
    ],
  },
] as const satisfies readonly ExpenseGroupDefinition[];

/**
 * Every line's subCategory, once each ('insurance' and 'gas' name lines of two groups). The database stores
 * category and subCategory as enums of these lists: four bytes instead of a word, in 25 million rows at a
 * million applications (docs/decisions/0072-closed-lists-stored-as-enums.md).
 */
export const EXPENSE_SUB_CATEGORIES = [
  ...new Set(EXPENSE_GROUPS.flatMap((g) => g.lines.map((l) => l.subCategory))),
] as [string, ...string[]];

/**
 * Where a line stands in its group for a homeowner or a renter ('insurance' under housing is both, at two
 * places), or -1 for a line the group does not have.
 */
function lineIndex(category: ExpenseCategory, subCategory: string, isHomeowner: boolean): number {
  const lines: readonly ExpenseLineDefinition[] =
    EXPENSE_GROUPS.find((g) => g.category === category)?.lines ?? [];
  const audience: LineAudience = isHomeowner ? 'homeowner' : 'renter';
  const own = lines.findIndex(
    (l) => l.subCategory === subCategory && (l.audience === audience || l.audience === 'everyone'),
  );
  return own >= 0 ? own : lines.findIndex((l) => l.subCategory === subCategory);
}

/** Where the expenses page shows a line: its group's place, then its place in the group. */
export function expenseLineOrder(
  category: ExpenseCategory,
  subCategory: string,
  isHomeowner: boolean,
): number {
  const group = EXPENSE_GROUPS.findIndex((g) => g.category === category);
  return group * 100 + Math.max(0, lineIndex(category, subCategory, isHomeowner));
}

/** The label of a line for a homeowner or a renter ('insurance' under housing differs). */
export function expenseLineLabel(
  category: ExpenseCategory,
  subCategory: string,
  isHomeowner: boolean,
): string {
  const lines: readonly ExpenseLineDefinition[] =
    EXPENSE_GROUPS.find((g) => g.category === category)?.lines ?? [];
  return lines[lineIndex(category, subCategory, isHomeowner)]?.label ?? subCategory;
}

/**
 * The key of a line's label message for a homeowner or a renter, which the answers carry so a page words the
 * label in its language; null for a line the domain does not have (its label is then its subCategory).
 */
export function expenseLineKey(
  category: ExpenseCategory,
  subCategory: string,
  isHomeowner: boolean,
): ExpenseLineKey | null {
  const lines: readonly ExpenseLineDefinition[] =
    EXPENSE_GROUPS.find((g) => g.category === category)?.lines ?? [];
  const definition = lines[lineIndex(category, subCategory, isHomeowner)];
  const key = definition && `${category}_${definition.key}`;
  return key && isExpenseLineKey(key) ? key : null;
}

export const expenseGroupLabel = (category: ExpenseCategory): string =>
  EXPENSE_GROUPS.find((g) => g.category === category)?.label ?? category;

/**
 * The lines that hold the household's housing cost as entered on the household page (the renter's rent, the
 * homeowner's mortgage). That figure may have 6 dollar digits, so these lines take the housing cost's limit
 * rather than the 5 digits of the other expense lines: a $123,456 rent could otherwise never be saved or
 * edited here (docs/decisions/0144).
 */
const HOUSING_COST_LINES: ReadonlySet<string> = new Set(['housing.mortgage', 'housing.rent']);

/** Most whole-dollar digits a line of /expenses takes: the housing cost's limit for rent and mortgage, else 5. */
export const expenseLineLimit = (category: string, subCategory: string): number =>
  HOUSING_COST_LINES.has(`${category}.${subCategory}`) ? LIMITS.housingCost : LIMITS.expenseEdit;

/** One edited line: an expense edit input takes at most 5 dollar digits (or the line's own limit), and zero. */
export const expenseLineValueField = (label: FieldLabel, maxLength: number = LIMITS.expenseEdit) =>
  currencyField(label, { maxLength, allowZero: true });

const AMOUNT_LABEL = LABELS.amount;

/**
 * The page sends every shown line with its category and name as it got them: a value of the wrong type there is
 * a request no form sends, refused as such with its id.
 */
const notFromTheForm = () => ({ error: errorOf(M.fixed('requestInvalid')) });

/** PUT /api/application/expenses: every shown line with the borrower's value (Save and Continue). */
export const saveExpensesSchema = z.strictObject({
  lines: z
    .array(
      z
        .strictObject({
          category: z.enum(EXPENSE_CATEGORIES, notFromTheForm()),
          subCategory: z.string(notFromTheForm()).min(1, notFromTheForm()).max(40, notFromTheForm()),
          // The widest line limit here; each line's own limit is checked below, once its category is known.
          selfReportedValue: expenseLineValueField(AMOUNT_LABEL, LIMITS.housingCost),
        })
        .check((ctx) => {
          const { category, subCategory, selfReportedValue } = ctx.value;
          const limit = expenseLineLimit(category, subCategory);
          if (dollarDigits(selfReportedValue) <= limit) return;
          ctx.issues.push({
            code: 'custom',
            ...customIssueOf(M.maxLength(AMOUNT_LABEL, limit)),
            input: selfReportedValue,
            path: ['selfReportedValue'],
          });
        }),
      notFromTheForm(),
    )
    .min(1, notFromTheForm())
    .max(100, notFromTheForm()),
  /** Sent after the warning that these expenses leave no room for the plan: end the application anyway. */
  confirmDisqualification: z.boolean(notFromTheForm()).optional(),
  /** Sent after the warning that the plan would leave less than the monthly cushion: go on as it is. */
  acceptThinBudget: z.boolean(notFromTheForm()).optional(),
});
export type SaveExpenses = z.output<typeof saveExpensesSchema>;
