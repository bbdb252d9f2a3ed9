import { describe, expect, it } from 'vitest';
import { budgetSchemaFor } from '../validation/application';
import { BUDGET_CUT_MESSAGES, checkBudgetCuts, flexibleLines, type FlexibleLine } from './budget-cuts';

// Restaurants: $400 now, floor $100; entertainment: $200, floor $100; clothing: $100, floor $50.
// The gap to cover: $325.
const LINES: FlexibleLine[] = [
  {
    category: 'food',
    subCategory: 'away',
    // No key: the rules name a line the domain does not name by the label it came with.
    labelKey: null,
    label: 'Restaurants',
    currentValue: 40_000,
    floor: 10_000,
  },
  {
    category: 'personal',
    subCategory: 'entertainment',
    labelKey: 'personal_entertainment',
    label: 'Entertainment',
    currentValue: 20_000,
    floor: 10_000,
  },
  {
    category: 'personal',
    subCategory: 'apparel',
    labelKey: 'personal_apparel',
    label: 'Clothing',
    currentValue: 10_000,
    floor: 5_000,
  },
];
const REQUIRED = 32_500;
const set = (restaurants: number, entertainment: number, clothing?: number) => [
  { category: 'food', subCategory: 'away', proposedValue: restaurants },
  { category: 'personal', subCategory: 'entertainment', proposedValue: entertainment },
  ...(clothing === undefined
    ? []
    : [{ category: 'personal', subCategory: 'apparel', proposedValue: clothing }]),
];

describe('checkBudgetCuts', () => {
  it.each([
    // restaurants, entertainment, clothing → savings, still to cover, problems
    ['the proposal: $250 + $75', set(15_000, 12_500), 32_500, 0, []],
    ['$50 moved from restaurants to clothing', set(20_000, 12_500, 5_000), 32_500, 0, []],
    ['more than needed is fine', set(10_000, 10_000, 5_000), 45_000, 0, []],
    [
      '$50 moved off restaurants, nowhere else',
      set(20_000, 12_500),
      27_500,
      5_000,
      [{ index: null, message: BUDGET_CUT_MESSAGES.notCovered(5_000, REQUIRED) }],
    ],
    [
      'nothing cut',
      [],
      0,
      REQUIRED,
      [{ index: null, message: BUDGET_CUT_MESSAGES.notCovered(REQUIRED, REQUIRED) }],
    ],
    [
      'restaurants below the floor',
      set(5_000, 20_000, 5_000),
      5_000,
      27_500,
      [{ index: 0, message: BUDGET_CUT_MESSAGES.belowFloor('Restaurants', 10_000) }],
    ],
    [
      'entertainment raised above what is spent now',
      set(10_000, 25_000, 5_000),
      35_000,
      0,
      [{ index: 1, message: BUDGET_CUT_MESSAGES.aboveCurrent('Entertainment', 20_000) }],
    ],
  ])('%s', (_, proposed, savings, stillToCover, problems) => {
    const checked = checkBudgetCuts(LINES, REQUIRED, proposed);
    // The reason each problem carries is held to its message in src/domain/validation/budget-problems.test.ts.
    const worded = checked.problems.map(({ index, message }) => ({ index, message }));
    expect({ ...checked, problems: worded }).toEqual({ savings, stillToCover, problems });
  });

  it('refuses a line that is not flexible, and a line listed twice', () => {
    const proposed = [
      { category: 'housing', subCategory: 'rent', proposedValue: 0 },
      ...set(10_000, 10_000, 5_000),
      { category: 'food', subCategory: 'away', proposedValue: 10_000 },
    ];
    expect(
      checkBudgetCuts(LINES, REQUIRED, proposed).problems.map(({ index, message }) => ({ index, message })),
    ).toEqual([
      { index: 0, message: BUDGET_CUT_MESSAGES.notAdjustable },
      { index: 4, message: BUDGET_CUT_MESSAGES.repeated },
    ]);
  });

  it('a gap of zero is covered by no cuts at all', () => {
    expect(checkBudgetCuts(LINES, 0, [])).toEqual({ savings: 0, stillToCover: 0, problems: [] });
  });
});

describe('flexibleLines', () => {
  it('keeps the flexible lines with room, with the floor the underwriting allows', () => {
    const lines = flexibleLines([
      // Restaurants: floor 50% of the $300 benchmark = $150.
      {
        category: 'food',
        subCategory: 'away',
        labelKey: 'food_away',
        label: 'Restaurants',
        value: 40_000,
        estimatedValue: 30_000,
      },
      // Already at its floor: nothing to give.
      {
        category: 'personal',
        subCategory: 'entertainment',
        labelKey: 'personal_entertainment',
        label: 'Fun',
        value: 5_000,
        estimatedValue: 10_000,
      },
      // Essential: never offered.
      {
        category: 'housing',
        subCategory: 'rent',
        labelKey: 'housing_rent',
        label: 'Rent',
        value: 150_000,
        estimatedValue: 150_000,
      },
      // Savings may go to zero.
      {
        category: 'savings',
        subCategory: 'savings',
        labelKey: 'savings_savings',
        label: 'Savings',
        value: 20_000,
        estimatedValue: null,
      },
    ]);
    expect(lines).toEqual([
      {
        category: 'food',
        subCategory: 'away',
        labelKey: 'food_away',
        label: 'Restaurants',
        currentValue: 40_000,
        floor: 15_000,
      },
      {
        category: 'savings',
        subCategory: 'savings',
        labelKey: 'savings_savings',
        label: 'Savings',
        currentValue: 20_000,
        floor: 0,
      },
    ]);
  });
});

describe('budgetSchemaFor: the same rules as a form schema', () => {
  const schema = budgetSchemaFor({ lines: LINES, required: REQUIRED });
  it('puts a floor problem on its line and a gap problem on the lines', () => {
    const result = schema.safeParse({ agreedTo: true, lines: set(5_000, 20_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.proposedValue', BUDGET_CUT_MESSAGES.belowFloor('Restaurants', 10_000)],
    ]);
    const short = schema.safeParse({ agreedTo: true, lines: set(40_000, 20_000) });
    expect(short.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines', BUDGET_CUT_MESSAGES.notCovered(REQUIRED, REQUIRED)],
    ]);
  });
  it('accepts a covering set, and the agreement alone (the proposal stands)', () => {
    expect(schema.safeParse({ agreedTo: true, lines: set(20_000, 12_500, 5_000) }).success).toBe(true);
    expect(schema.safeParse({ agreedTo: true }).success).toBe(true);
  });
  it('still refuses the shape: a huge amount, a fraction of a cent, an unknown category', () => {
    for (const line of [
      { category: 'food', subCategory: 'away', proposedValue: 1e15 },
      { category: 'food', subCategory: 'away', proposedValue: 10.5 },
      { category: 'yachts', subCategory: 'away', proposedValue: 100 },
    ]) {
      expect(schema.safeParse({ agreedTo: true, lines: [line] }).success).toBe(false);
    }
  });
});
