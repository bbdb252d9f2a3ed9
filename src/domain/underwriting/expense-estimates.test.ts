import { describe, expect, it } from 'vitest';
import { EXPENSE_GROUPS, type ExpenseCategory } from '../validation/expenses';
import type { BureauTradeline } from './credit-report';
import {
  EXPENSE_BENCHMARK_SOURCE,
  estimateExpenses,
  type ExpenseEstimateInput,
  householdSizeFactor,
  ineligibleDebtPayments,
  isReducibleLine,
  reducibleFloor,
} from './expense-estimates';

type Tradeline = ExpenseEstimateInput['tradelines'][number];

const tradeline = (
  accountType: string,
  scheduledMonthlyPayment: number,
  more: Partial<BureauTradeline> = {},
) =>
  ({
    accountType,
    portfolioType: 'installment',
    scheduledMonthlyPayment,
    currentBalance: 100000,
    dateClosed: null,
    lenderName: 'LENDER',
    ...more,
  }) satisfies Tradeline;

/** 5,000 dollars a month is 60,000 a year: the BLS bracket '$50,000 to $69,999' (2.3 people per unit). */
const renter: ExpenseEstimateInput = {
  monthlyIncome: 500000,
  householdSize: 2,
  isHomeowner: false,
  hasMortgageEscrow: false,
  isCarOwner: true,
  monthlyHousingCost: 150000,
  numberOfDependents: 0,
  tradelines: [],
};

const valuesOf = (i: ExpenseEstimateInput): Record<string, number> =>
  Object.fromEntries(
    estimateExpenses(i).lines.map((l) => [`${l.category}.${l.subCategory}`, l.estimatedValue]),
  );

describe('estimateExpenses', () => {
  it('estimates a renter with a car, household of 2, $5,000 a month', () => {
    const result = estimateExpenses(renter);
    expect(result.incomeRange).toBe('$50,000 to $69,999');
    expect(result.year).toBe(2024);
    expect(result.source).toContain('Consumer Expenditure Survey 2024');
    expect(valuesOf(renter)).toMatchObject({
      // The entered housing cost.
      'housing.rent': 150000,
      // 15% of the homeowners insurance (35% × 2,481 / 0.59 homeowners) = 220.76 a year → 18.40 → 18.
      'housing.insurance': 1800,
      // No auto loan on the report.
      'transportation.carPayment': 0,
      // 2,370 a year / 12 = 197.50 → 198 (1.7 vehicles per unit: no per-owner uplift).
      'transportation.gas': 19800,
      // 25% of 654 / 12 = 13.63 → 14.
      'transportation.publicTransportation': 1400,
      // 5,599 / 12 = 466.58 × √(2 / 2.3) = 435.09 → 435.
      'food.home': 43500,
      // IRS 83 a person × 2 = 166: 30% drugs = 49.80 → 50; services 116.20 → 116.
      'healthcare.drugs': 5000,
      'healthcare.medicalServices': 11600,
      'studentLoans.studentLoans': 0,
      'savings.savings': 0,
      'miscellaneous.childcare': 0,
      'miscellaneous.childSupport': 0,
      'miscellaneous.alimony': 0,
    });
    const keys = result.lines.map((l) => `${l.category}.${l.subCategory}`);
    expect(keys).not.toContain('housing.mortgage');
    expect(keys).not.toContain('housing.taxes');
    expect(keys.filter((k) => k.startsWith('otherDebts.'))).toEqual([]);
  });

  it('names its source and year for the expenses page', () => {
    expect(EXPENSE_BENCHMARK_SOURCE).toBe(
      'Estimates based on the US Bureau of Labor Statistics Consumer Expenditure Survey 2024 and the IRS ' +
        'out-of-pocket health care standard, adjusted for your household.',
    );
  });

  it('gives whole dollars, in the order of the expenses page', () => {
    const lines = estimateExpenses(renter).lines;
    for (const l of lines) expect(l.estimatedValue % 100).toBe(0);
    const order = EXPENSE_GROUPS.map((g) => g.category);
    const categories = lines.map((l) => order.indexOf(l.category));
    expect(categories).toEqual([...categories].sort((a, b) => a - b));
  });

  it.each([
    // [escrow, taxes, insurance]
    // Not escrowed: taxes 45% × (6,296 − 2,481) / 0.59 = 2,909.75 a year → 242.48 → 242;
    // insurance 35% × 2,481 / 0.59 = 1,471.78 → 122.65 → 123.
    [false, 24200, 12300],
    // Escrowed: both are in the mortgage payment.
    [true, 0, 0],
  ])('estimates a homeowner (escrow %s): taxes %s, insurance %s', (hasMortgageEscrow, taxes, insurance) => {
    const values = valuesOf({ ...renter, isHomeowner: true, hasMortgageEscrow, monthlyHousingCost: 180000 });
    expect(values).toMatchObject({
      'housing.mortgage': 180000,
      'housing.taxes': taxes,
      'housing.insurance': insurance,
      // 15% × 2,481 / 0.59 = 630.76 → 52.56 → 53; 50% → 2,102.54 → 175.21 → 175.
      'housing.hoa': 5300,
      'housing.maintenanceImprovements': 17500,
    });
    expect(values).not.toHaveProperty('housing.rent');
  });

  it('rounds the entered housing cost to whole dollars', () => {
    expect(valuesOf({ ...renter, monthlyHousingCost: 123456 })['housing.rent']).toBe(123500);
  });

  it('gives no car costs to a household without a car, and all of public transportation (654 / 12 → 55)', () => {
    expect(valuesOf({ ...renter, isCarOwner: false })).toMatchObject({
      'transportation.carPayment': 0,
      'transportation.gas': 0,
      'transportation.insurance': 0,
      'transportation.maintenanceRepairs': 0,
      'transportation.publicTransportation': 5500,
    });
  });

  it('takes debt lines from the reports: car, student loans, and Other debts only for types present', () => {
    const values = valuesOf({
      ...renter,
      tradelines: [
        tradeline('AU', 35000),
        tradeline('ST', 20000),
        tradeline('ST', 5000),
        tradeline('CU', 6000, { portfolioType: 'open' }),
        // Closed: not a debt being paid, so no Secured credit card line.
        tradeline('SC', 2500, { dateClosed: '2024-06-30' }),
        // Paid off: no Note line.
        tradeline('NT', 4000, { currentBalance: 0 }),
        // Eligible for the plan: never an expense line.
        tradeline('CC', 9000, { portfolioType: 'revolving' }),
      ],
    });
    expect(values).toMatchObject({
      'transportation.carPayment': 35000,
      'studentLoans.studentLoans': 25000,
      'otherDebts.telecommunication': 6000,
    });
    expect(Object.keys(values).filter((k) => k.startsWith('otherDebts.'))).toEqual([
      'otherDebts.telecommunication',
    ]);
  });

  it('estimates childcare per dependent: 40% × 1,431 / 0.5 children = 95.40 a month each → 2 × → 191', () => {
    expect(valuesOf({ ...renter, householdSize: 4, numberOfDependents: 2 })['miscellaneous.childcare']).toBe(
      19100,
    );
  });

  it.each([
    // 466.58 × √(1 / 2.3) = 307.66 → 308; × √(4 / 2.3) = 615.31 → 615.
    [1, 30800],
    [2, 43500],
    [4, 61500],
  ])('scales groceries by household size %s: %s', (householdSize, groceries) => {
    expect(valuesOf({ ...renter, householdSize })['food.home']).toBe(groceries);
  });

  it('uses the square-root scale', () => {
    expect(householdSizeFactor(4, { averagePeople: 1 })).toBe(2);
    expect(householdSizeFactor(0, { averagePeople: 1 })).toBe(1);
  });

  it.each([
    [0, 'Less than $15,000'],
    [124999, 'Less than $15,000'],
    [125000, '$15,000 to $29,999'],
    [833333, '$70,000 to $99,999'],
    [833334, '$100,000 to $149,999'],
    [2000000, '$200,000 and more'],
  ])('monthly income %s is in the bracket %s (annual = monthly × 12)', (monthlyIncome, range) => {
    expect(estimateExpenses({ ...renter, monthlyIncome }).incomeRange).toBe(range);
  });
});

describe('ineligibleDebtPayments', () => {
  const tradelines = [
    tradeline('CC', 9000, { portfolioType: 'revolving' }),
    tradeline('US', 15000),
    tradeline('CV', 150000, { portfolioType: 'mortgage' }),
    tradeline('SM', 30000, { portfolioType: 'mortgage' }),
    tradeline('FE', 5000),
    tradeline('AU', 35000),
    tradeline('ST', 20000),
    tradeline('CU', 6000),
    tradeline('SM', 7000, { dateClosed: '2023-01-01' }),
    tradeline('MD', 4000, { currentBalance: 0 }),
  ];

  it('counts open, non-eligible debts with a balance that no expense line counts: SM 300 + FE 50', () => {
    expect(ineligibleDebtPayments(tradelines)).toBe(35000);
  });

  it("counts a renter's mortgage too (no mortgage line): + CV 1,500", () => {
    expect(ineligibleDebtPayments(tradelines, { isHomeowner: false })).toBe(185000);
  });

  it('is zero without debts', () => {
    expect(ineligibleDebtPayments([])).toBe(0);
  });
});

describe('reducibleFloor', () => {
  it.each<[ExpenseCategory, string, number, number | null, number]>([
    // Restaurants: down to 50% of the benchmark, 221 × 50% = 110.50 → 111.
    ['food', 'away', 30000, 22100, 11100],
    // Already below the floor: stays.
    ['personal', 'entertainment', 5000, 10800, 5000],
    // Savings and donations can go to zero.
    ['savings', 'savings', 20000, 0, 0],
    ['savings', 'donations', 7400, 7400, 0],
    // No benchmark: a share of the borrower's own value (pets 75% of 40 = 30).
    ['miscellaneous', 'pets', 4000, null, 3000],
    // Essential lines are not cut.
    ['food', 'home', 50000, 43500, 50000],
    ['housing', 'rent', 150000, 150000, 150000],
    ['healthcare', 'drugs', 5000, 5000, 5000],
    ['food', 'away', 0, 22100, 0],
  ])('%s.%s value %s, benchmark %s → floor %s', (category, subCategory, value, estimatedValue, floor) => {
    expect(reducibleFloor({ category, subCategory, value, estimatedValue })).toBe(floor);
  });

  it.each([
    ['food', 'away', true],
    ['personal', 'apparel', true],
    ['utilities', 'cableInternetLandline', true],
    ['miscellaneous', 'other', true],
    ['utilities', 'electricity', false],
    ['miscellaneous', 'childSupport', false],
  ] as const)('%s.%s is reducible: %s', (category, subCategory, expected) => {
    expect(isReducibleLine({ category, subCategory })).toBe(expected);
  });
});
