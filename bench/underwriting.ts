import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import { performance } from 'node:perf_hooks';
import { decide, type DecisionInput } from '#domain/underwriting/decision';
import { estimateExpenses } from '#domain/underwriting/expense-estimates';

// Underwriting is pure and cheap — thousands of decisions a second on one core. Prints the
// decisions per second beside a baseline measured in the same run (JSON round-trip of the same input), because
// absolute times drift on shared machines.

const ROUNDS = 20_000;

function input(k: number): DecisionInput {
  const income = 350_000 + (k % 50) * 10_000;
  const { lines } = estimateExpenses({
    monthlyIncome: income,
    householdSize: 1 + (k % 4),
    isHomeowner: k % 2 === 0,
    hasMortgageEscrow: k % 3 === 0,
    isCarOwner: k % 5 !== 0,
    monthlyHousingCost: 120_000 + (k % 7) * 10_000,
    numberOfDependents: k % 3,
    tradelines: [],
  });
  return {
    monthlyIncome: income,
    expenses: lines.map((l) => ({ ...l, value: l.estimatedValue })),
    ineligibleDebtPayment: 0,
    hasHardship: k % 2 === 1,
    concessions: SHIPPED_CONCESSIONS,
    selectedItems: Array.from({ length: 3 + (k % 5) }, (_, i) => ({
      itemId: `item-${k}-${i}`,
      kind: 'debt' as const,
      creditorName: ['Capital One', 'Chase', 'Citi', 'Discover', 'Synchrony'][i % 5]!,
      balance: 150_000 + ((k * 7919 + i * 104_729) % 1_200_000),
    })),
  };
}

function measure(name: string, fn: (k: number) => unknown): number {
  for (let k = 0; k < 1_000; k += 1) fn(k); // warm-up
  const start = performance.now();
  let sink = 0;
  for (let k = 0; k < ROUNDS; k += 1) sink += fn(k) ? 1 : 0;
  const seconds = (performance.now() - start) / 1000;
  const perSecond = Math.round(ROUNDS / seconds);
  console.log(`${name.padEnd(42)} ${perSecond.toLocaleString('en-US').padStart(12)} /s  (${sink} results)`);
  return perSecond;
}

const inputs = Array.from({ length: 997 }, (_, k) => input(k));
console.log(`underwriting, ${ROUNDS.toLocaleString('en-US')} rounds, one core`);
const baseline = measure('baseline: JSON round-trip of the input', (k) =>
  JSON.parse(JSON.stringify(inputs[k % inputs.length])),
);
const decisions = measure('decide() (offers, budget, explanation)', (k) =>
  decide(inputs[k % inputs.length]!),
);
const estimates = measure('estimateExpenses()', (k) =>
  estimateExpenses({
    monthlyIncome: 400_000 + (k % 90) * 5_000,
    householdSize: 2,
    isHomeowner: true,
    hasMortgageEscrow: false,
    isCarOwner: true,
    monthlyHousingCost: 150_000,
    numberOfDependents: 1,
    tradelines: [],
  }),
);
console.log(
  `decide() is ${(decisions / baseline).toFixed(2)}× the baseline; estimateExpenses() ${(estimates / baseline).toFixed(2)}×`,
);
