import benchmarks from '#data/expense-benchmarks.json' with { type: 'json' };
import { roundToDollar, shareOf, sumCents, type Cents } from '../money/cents';
import { EXPENSE_GROUPS, type ExpenseCategory, type LineAudience } from '../validation/expenses';
import type { BureauTradeline } from './credit-report';
import { isEligibleTradeline } from './eligibility';

// Estimated household expenses: benchmarks by income bracket from src/data/expense-benchmarks.json
// (BLS Consumer Expenditure Survey 2024 and IRS health care standards), adjusted for household size, homeowner
// or renter, car ownership and dependents; debt lines from the credit reports. docs/decisions/0011.

type EstimateTradeline = Pick<
  BureauTradeline,
  'accountType' | 'portfolioType' | 'scheduledMonthlyPayment' | 'currentBalance' | 'dateClosed' | 'lenderName'
>;

export type ExpenseEstimateInput = {
  monthlyIncome: Cents;
  /** People in the household: the borrower, a spouse, dependents. */
  householdSize: number;
  isHomeowner: boolean;
  hasMortgageEscrow: boolean;
  isCarOwner: boolean;
  monthlyHousingCost: Cents;
  numberOfDependents: number;
  /** Every debt of the borrower's and the spouse's reports (a joint account once). */
  tradelines: readonly EstimateTradeline[];
};

export type ExpenseEstimate = { category: ExpenseCategory; subCategory: string; estimatedValue: Cents };

export type ExpenseEstimates = {
  lines: ExpenseEstimate[];
  /** The benchmark's income bracket, as the source names it. */
  incomeRange: string;
  year: number;
  source: string;
};

/** The line under the estimates on the expenses page: where the numbers come from, with the year. */
export const EXPENSE_BENCHMARK_SOURCE = `Estimates based on the US Bureau of Labor Statistics Consumer Expenditure Survey ${benchmarks.year} and the IRS out-of-pocket health care standard, adjusted for your household.`;

type Bracket = (typeof benchmarks.brackets)[number];
type BenchmarkItem = keyof Bracket['values'];

/** Mortgage account types: their payment is the homeowner's entered housing cost (the mortgage line). */
const MORTGAGE_TYPES: readonly string[] = ['CV', 'FR', 'VM', 'FL', 'RM', 'RE', 'MB'];
/** Auto loans and leases: the car payment line. */
const CAR_TYPES: readonly string[] = ['AU', 'AL'];
const STUDENT_LOAN_TYPES: readonly string[] = ['ST'];
/** Account types shown as Other debts lines, by subCategory (TransUnion loan type codes). */
const OTHER_DEBT_TYPES: Readonly<Record<string, string>> = {
  HE: 'heloc',
  HX: 'heloc',
  IS: 'installmentSales',
  LE: 'lease',
  NT: 'note',
  RD: 'recreationalMerchandise',
  RA: 'rentalAgreement',
  SE: 'secured',
  SH: 'secured',
  SO: 'secured',
  SI: 'secured',
  LS: 'secured',
  PS: 'secured',
  GS: 'secured',
  SC: 'securedCreditCard',
  CU: 'telecommunication',
  UC: 'utilityCompany',
};

const code = (t: Pick<BureauTradeline, 'accountType'>): string => t.accountType.trim().toUpperCase();

/** Open, with a balance: a debt that is still being paid. */
const isOpenWithBalance = (t: Pick<BureauTradeline, 'currentBalance' | 'dateClosed'>): boolean =>
  t.dateClosed === null && t.currentBalance > 0;

function scheduledPayments(tradelines: readonly EstimateTradeline[], types: readonly string[]): Cents {
  return sumCents(
    tradelines
      .filter((t) => isOpenWithBalance(t) && types.includes(code(t)))
      .map((t) => t.scheduledMonthlyPayment),
  );
}

/** The benchmark bracket for an annual income (monthly × 12); below the first bracket uses the first. */
export function benchmarkBracket(monthlyIncome: Cents): Bracket {
  const annual = monthlyIncome * 12;
  const found = benchmarks.brackets.find(
    (b) => annual >= b.minAnnualIncome && (b.maxAnnualIncome === null || annual < b.maxAnnualIncome),
  );
  return found ?? benchmarks.brackets[0]!;
}

/**
 * Household size adjustment: lines that grow with the number of people are scaled by the square root of
 * (household size / the bracket's average people per unit), the common square-root equivalence scale.
 */
export function householdSizeFactor(householdSize: number, bracket: Pick<Bracket, 'averagePeople'>): number {
  return Math.sqrt(Math.max(1, householdSize) / bracket.averagePeople);
}

/** One value per (category, subCategory); the applicable lines are chosen by audience in estimateExpenses. */
function benchmarkValues(i: ExpenseEstimateInput, bracket: Bracket): Map<string, Cents> {
  const v = bracket.values;
  const scale = householdSizeFactor(i.householdSize, bracket);
  const item = (name: BenchmarkItem): Cents => v[name];
  const scaled = (name: BenchmarkItem): Cents => Math.round(v[name] * scale);
  const car = (name: BenchmarkItem): Cents => (i.isCarOwner ? v[name] : 0);
  const escrowed = (name: BenchmarkItem): Cents => (i.hasMortgageEscrow ? 0 : v[name]);
  const people = Math.max(1, i.householdSize);
  const outOfPocket = benchmarks.outOfPocketHealthCarePerPerson * people;
  const drugs = shareOf(outOfPocket, benchmarks.outOfPocketDrugsShareBp);

  const values: Record<string, Cents> = {
    'housing.mortgage': i.monthlyHousingCost,
    'housing.hoa': item('homeownerHoa'),
    'housing.insurance.homeowner': escrowed('homeownerInsurance'),
    'housing.taxes': escrowed('homeownerPropertyTaxes'),
    'housing.maintenanceImprovements': item('homeownerMaintenance'),
    'housing.rent': i.monthlyHousingCost,
    'housing.insurance.renter': item('rentersInsurance'),
    'transportation.carPayment': scheduledPayments(i.tradelines, CAR_TYPES),
    'transportation.gas': car('carOwnerGasoline'),
    'transportation.insurance': car('carOwnerInsurance'),
    'transportation.maintenanceRepairs': car('carOwnerMaintenance'),
    'transportation.publicTransportation': item(
      i.isCarOwner ? 'publicTransportationCarOwner' : 'publicTransportationNoCar',
    ),
    'utilities.cableInternetLandline': item('cableInternetLandline'),
    'utilities.electricity': scaled('electricity'),
    'utilities.gas': scaled('utilityGas'),
    'utilities.water': scaled('water'),
    'utilities.wireless': scaled('wireless'),
    'food.home': scaled('foodAtHome'),
    'food.away': scaled('foodAway'),
    'healthcare.drugs': drugs,
    'healthcare.healthInsurance': scaled('healthInsurance'),
    'healthcare.lifeInsurance': item('lifeInsurance'),
    'healthcare.medicalServices': outOfPocket - drugs,
    'personal.entertainment': scaled('entertainment'),
    'personal.apparel': scaled('apparel'),
    'personal.personalCare': scaled('personalCare'),
    'studentLoans.studentLoans': scheduledPayments(i.tradelines, STUDENT_LOAN_TYPES),
    'savings.savings': 0,
    'savings.donations': item('donations'),
    'miscellaneous.childcare': item('childcarePerChild') * Math.max(0, i.numberOfDependents),
    'miscellaneous.education': item('education'),
    'miscellaneous.pets': item('pets'),
    'miscellaneous.childSupport': 0,
    'miscellaneous.alimony': 0,
    'miscellaneous.other': scaled('other'),
  };
  for (const [type, subCategory] of Object.entries(OTHER_DEBT_TYPES)) {
    const key = `otherDebts.${subCategory}`;
    if (i.tradelines.some((t) => isOpenWithBalance(t) && code(t) === type)) {
      values[key] = (values[key] ?? 0) + scheduledPayments(i.tradelines, [type]);
    }
  }
  return new Map(Object.entries(values));
}

/**
 * One estimate per expense line that applies to the household, in the order of the expenses page: homeowner
 * or renter housing lines, and Other debts lines only for the debt types present in the reports. Every value
 * is whole dollars.
 */
export function estimateExpenses(i: ExpenseEstimateInput): ExpenseEstimates {
  const bracket = benchmarkBracket(i.monthlyIncome);
  const values = benchmarkValues(i, bracket);
  const audience: LineAudience = i.isHomeowner ? 'homeowner' : 'renter';
  const lines: ExpenseEstimate[] = [];
  for (const group of EXPENSE_GROUPS) {
    for (const line of group.lines) {
      if (line.audience !== 'everyone' && line.audience !== audience) continue;
      const key = `${group.category}.${line.subCategory}`;
      const value = values.get(key) ?? values.get(`${key}.${audience}`);
      // Lines without a value are Other debts types absent from the reports.
      if (value === undefined) continue;
      lines.push({
        category: group.category,
        subCategory: line.subCategory,
        estimatedValue: roundToDollar(value),
      });
    }
  }
  return { lines, incomeRange: bracket.incomeRange, year: benchmarks.year, source: benchmarks.source };
}

/**
 * Scheduled payments of open, non-eligible tradelines with a balance that no expense line already counts:
 * mortgages are the homeowner's housing line, auto loans the car payment, student loans and Other debts types
 * their own lines (docs/decisions/0013). What remains: second mortgages, personal finance and other accounts.
 */
export function ineligibleDebtPayments(
  tradelines: readonly Pick<
    EstimateTradeline,
    'accountType' | 'scheduledMonthlyPayment' | 'currentBalance' | 'dateClosed'
  >[],
  o: { isHomeowner: boolean } = { isHomeowner: true },
): Cents {
  const counted = new Set<string>([
    ...CAR_TYPES,
    ...STUDENT_LOAN_TYPES,
    ...Object.keys(OTHER_DEBT_TYPES),
    ...(o.isHomeowner ? MORTGAGE_TYPES : []),
  ]);
  return sumCents(
    tradelines
      .filter((t) => isOpenWithBalance(t) && !isEligibleTradeline(t) && !counted.has(code(t)))
      .map((t) => t.scheduledMonthlyPayment),
  );
}

/**
 * Discretionary lines a proposed budget may cut, in the order cuts are explained, each with its floor as a
 * share of the line's benchmark estimate (docs/decisions/0013). Every other line is essential: not cut.
 */
export const REDUCIBLE_LINES: readonly {
  category: ExpenseCategory;
  subCategory: string;
  floorShareBp: number;
}[] = [
  { category: 'savings', subCategory: 'savings', floorShareBp: 0 },
  { category: 'savings', subCategory: 'donations', floorShareBp: 0 },
  { category: 'food', subCategory: 'away', floorShareBp: 5000 },
  { category: 'personal', subCategory: 'entertainment', floorShareBp: 5000 },
  { category: 'utilities', subCategory: 'cableInternetLandline', floorShareBp: 5000 },
  { category: 'personal', subCategory: 'apparel', floorShareBp: 5000 },
  { category: 'personal', subCategory: 'personalCare', floorShareBp: 7500 },
  { category: 'miscellaneous', subCategory: 'pets', floorShareBp: 7500 },
  { category: 'miscellaneous', subCategory: 'other', floorShareBp: 5000 },
];

export type BudgetLine = {
  category: ExpenseCategory;
  subCategory: string;
  /** The borrower's value. */
  value: Cents;
  /** The benchmark estimate; null when the line has none. */
  estimatedValue: Cents | null;
};

export function isReducibleLine(l: Pick<BudgetLine, 'category' | 'subCategory'>): boolean {
  return REDUCIBLE_LINES.some((r) => r.category === l.category && r.subCategory === l.subCategory);
}

/**
 * The lowest value a proposed budget may set a line to: essential lines keep their value; a discretionary line
 * may go down to its share of the benchmark (of the borrower's value when there is no benchmark), in whole
 * dollars, never above the borrower's own value.
 */
export function reducibleFloor(l: BudgetLine): Cents {
  const rule = REDUCIBLE_LINES.find((r) => r.category === l.category && r.subCategory === l.subCategory);
  if (rule === undefined || l.value <= 0) return l.value;
  const floor = roundToDollar(shareOf(l.estimatedValue ?? l.value, rule.floorShareBp));
  return Math.min(l.value, floor);
}
