import { monthlyInterest } from '../money/amortization';
import { sumCents, type Cents } from '../money/cents';
import { payoffOf } from '../underwriting/payoff-comparison';
import {
  addBusinessDays,
  addMonths,
  addMonthsToMonth,
  dayInMonth,
  dayOfMonth,
  firstOfNextMonth,
  monthOf,
} from '#domain/calendar';
import { capPlanFees, type PlanFeeSettings, type StateFeeCap } from '../underwriting/plan-fees';
import {
  FIRST_DRAFT_MIN_BUSINESS_DAYS,
  LAST_DRAFT_DAY_OF_MONTH,
  PAYOFF_PROJECTION_MAX_MONTHS,
} from '../underwriting/constants';

// The plan's terms: the one place that says what the borrower pays, to whom and when (docs/decisions/0078).
// Every page, email, letter and record that shows the plan's money reads these terms, so the offer, the signed
// Letter of Authorization, My plan and the agency's record can never state different amounts.
//
// The amount drawn each month is level: the creditors' payments plus the agency's monthly fee, the same on
// every draft but the last (which is what is left). When an account is paid off, or a state's cap per account
// lowers the fee, the money freed goes to the accounts still open (the highest rate first), so the plan ends
// sooner instead of the draft changing under the borrower. The set-up fee, when there is one, is drawn once
// with the first monthly draft.

/** Where a creditor stands: the borrower kept the offer (its creditor not yet answered, or accepted). */
export type CreditorAnswer = 'pending' | 'accepted' | 'declined';

export type PlanOfferInput = {
  id: string;
  creditorName: string;
  balance: Cents;
  /** The monthly payment this creditor receives on the plan: its offer, or the counter-offer it made. */
  payment: Cents;
  /** Months, as the creditor's offer was worked out. */
  term: number;
  proposedAprBp: number;
  currentAprBp: number;
  /** What the borrower pays this creditor today (the estimated minimum payment): what they keep paying if it
   * is not on the plan. */
  currentPayment: Cents;
  /** The borrower chose to leave this creditor out of the plan. */
  leftOutByBorrower: boolean;
  creditorAnswer: CreditorAnswer;
};

export type PlanCreditorTerms = {
  id: string;
  creditorName: string;
  balance: Cents;
  payment: Cents;
  term: number;
  proposedAprBp: number;
  creditorAnswer: Exclude<CreditorAnswer, 'declined'>;
  /** What the borrower pays this creditor today, outside a plan: what the plan's payment compares with. */
  currentPayment: Cents;
};

/** A creditor the plan does not pay: the borrower keeps paying it directly, about `currentPayment` a month. */
export type PayDirectly = {
  id: string;
  creditorName: string;
  balance: Cents;
  currentPayment: Cents;
  why: 'leftOutByBorrower' | 'declinedByCreditor';
};

export type PlanTerms = {
  /** The creditors the plan pays, largest balance first. */
  creditors: PlanCreditorTerms[];
  /** The creditors the borrower pays directly, largest balance first. */
  payDirectly: PayDirectly[];
  /** What the creditors on the plan receive each month. */
  creditorsMonthlyPayment: Cents;
  /** The agency's monthly fee (capped by the state), included in the monthly draft. */
  monthlyFee: Cents;
  /** The amount drawn each month: the creditors' payments plus the monthly fee. */
  monthlyDraft: Cents;
  /** The one-off set-up fee, drawn with the first monthly draft. */
  setupFee: Cents;
  setupFeeDate: string | null;
  /** The day of the month drafts are drawn on (1 to 28): the newest day the borrower chose. */
  draftDay: number;
  /**
   * Each change of the draft day the borrower made after signing (Settings): the date of the first draft on
   * the new day, oldest first. Drafts of earlier months stay on the day before it (draftDateAt).
   */
  draftDayChanges: string[];
  /** Number of monthly drafts until every account on the plan is paid off. */
  termInMonths: number;
  firstDraftDate: string | null;
  lastDraftDate: string | null;
  /** The last draft, smaller than the others when less is left to pay. */
  lastDraftAmount: Cents;
  /** Everything drawn: every monthly draft and the set-up fee. */
  totalPaid: Cents;
  /** The set-up fee and every monthly fee. */
  totalFees: Cents;
  /** Interest paid to the creditors on the plan. */
  planInterest: Cents;
  /** What the creditors on the plan are still owed: today (index 0), then after each draft. */
  owedAfterDraft: Cents[];
  /** Interest the same accounts would cost at the current payments, minus planInterest; null when the current
   * payments never pay them off (the saving then has no honest figure). */
  interestSaved: Cents | null;
};

/**
 * The date of draft `k` (0 is the first). There is one draft a month, in the k-th month after the first
 * draft's month, on the day in effect that month: the first draft's day, or the day of the newest change of
 * day (the date of the first draft on that day) whose month has come. Keeping one draft to a month means a
 * change of day never adds or skips a draft, so the amounts and the number of drafts stay as authorized.
 * First '2027-01-20', changes ['2027-04-05']: k = 2 → '2027-03-20', k = 3 → '2027-04-05'.
 */
export function draftDateAt(
  schedule: { firstDraftDate: string; draftDayChanges?: readonly string[] },
  k: number,
): string {
  // Counted in months, not days: a legacy first draft on the 31st must not spill into the month after; in a
  // shorter month it is drawn on the month's last day.
  const month = addMonthsToMonth(monthOf(schedule.firstDraftDate), k);
  let day = dayOfMonth(schedule.firstDraftDate);
  for (const change of schedule.draftDayChanges ?? []) {
    if (monthOf(change) <= month) day = dayOfMonth(change);
  }
  return dayInMonth(month, day);
}

export const isDraftDay = (day: number): boolean =>
  Number.isInteger(day) && day >= 1 && day <= LAST_DRAFT_DAY_OF_MONTH;

/**
 * The first draft date: the first `draftDay` of a month that falls at least 5 business days after `from` (the
 * day the letter is signed, bank holidays not counted), so the agency can set the debit up and the borrower is
 * warned in time. Without a chosen day, the earliest such date itself, or the 1st of the next month when it
 * falls after the 28th. A draft date on a weekend or a holiday is drawn the next business day, as the letter says.
 * '2027-01-04' (Mon) → earliest '2027-01-11'; day 15 → '2027-01-15'; day 5 → '2027-02-05'.
 */
export function firstDraftDate(from: string, draftDay?: number | null): string {
  const earliest = addBusinessDays(from, FIRST_DRAFT_MIN_BUSINESS_DAYS);
  if (draftDay == null) {
    return dayOfMonth(earliest) <= LAST_DRAFT_DAY_OF_MONTH ? earliest : firstOfNextMonth(earliest);
  }
  if (!isDraftDay(draftDay))
    throw new RangeError(`A draft day is 1 to ${LAST_DRAFT_DAY_OF_MONTH}: ${draftDay}`);
  // A draft day is at most the 28th, which every month has.
  const sameMonth = `${monthOf(earliest)}-${String(draftDay).padStart(2, '0')}`;
  return sameMonth >= earliest ? sameMonth : addMonths(sameMonth, 1);
}

/**
 * Whether a letter dated for a first draft on `firstDraft` can no longer be signed on `today`: the draft would
 * come less than 5 business days after the signature, too soon to set the debit up. The letter must be made
 * again with a later first draft before anyone signs it.
 */
export const firstDraftTooSoon = (firstDraft: string, today: string): boolean =>
  firstDraft < addBusinessDays(today, FIRST_DRAFT_MIN_BUSINESS_DAYS);

type Account = { id: string; owed: Cents; aprBp: number; payment: Cents };

/** Month by month: each account's payment, then what is left of the budget to the highest rate first. */
function simulate(
  accounts: readonly PlanCreditorTerms[],
  monthlyDraft: Cents,
  feeFor: (open: number) => Cents,
) {
  const open: Account[] = accounts.map((a) => ({
    id: a.id,
    owed: Math.max(0, a.balance),
    aprBp: a.proposedAprBp,
    payment: Math.max(0, a.payment),
  }));
  // Freed money goes to the dearest account first; between equal rates, to the larger balance.
  const extraOrder = [...open].sort((x, y) => y.aprBp - x.aprBp || y.owed - x.owed);
  let months = 0;
  let interest = 0;
  const totals = [sumCents(open.map((a) => a.owed))];
  let fees = 0;
  let drafted = 0;
  let lastDraft = 0;
  while (open.some((a) => a.owed > 0)) {
    if (months >= PAYOFF_PROJECTION_MAX_MONTHS) {
      throw new RangeError('The plan does not pay its accounts off: a payment does not cover its interest');
    }
    const openCount = open.filter((a) => a.owed > 0).length;
    const fee = feeFor(openCount);
    let budget = Math.max(0, monthlyDraft - fee);
    const due = new Map<string, Cents>();
    for (const a of open) {
      if (a.owed <= 0) continue;
      const charged = monthlyInterest(a.owed, a.aprBp);
      interest += charged;
      a.owed += charged;
      due.set(a.id, a.owed);
    }
    let paid = 0;
    for (const a of open) {
      if (!due.has(a.id)) continue;
      const pay = Math.min(a.payment, a.owed, budget);
      a.owed -= pay;
      budget -= pay;
      paid += pay;
    }
    for (const a of extraOrder) {
      if (budget <= 0) break;
      if (a.owed <= 0) continue;
      const pay = Math.min(a.owed, budget);
      a.owed -= pay;
      budget -= pay;
      paid += pay;
    }
    if (paid === 0) {
      throw new RangeError('The plan does not pay its accounts off: a payment does not cover its interest');
    }
    months += 1;
    totals.push(sumCents(open.map((a) => a.owed)));
    fees += fee;
    lastDraft = fee + paid;
    drafted += lastDraft;
  }
  return { months, interest, fees, drafted, lastDraft, totals };
}

const byBalance = <T extends { balance: Cents }>(a: T, b: T): number => b.balance - a.balance;

/**
 * The plan's terms for these offers, the agency's fees as the state caps them, and the first draft date
 * (null before one is set: the amounts are known, the dates are not). An offer the borrower left out or its
 * creditor declined is not on the plan: the borrower keeps paying it directly.
 */
export function planTerms(i: {
  offers: readonly PlanOfferInput[];
  fees: PlanFeeSettings;
  cap: StateFeeCap;
  firstDraftDate: string | null;
  /** Changes of the draft day made after signing, oldest first (PlanTerms.draftDayChanges). */
  draftDayChanges?: readonly string[];
}): PlanTerms {
  const creditors: PlanCreditorTerms[] = [];
  const payDirectly: PayDirectly[] = [];
  for (const o of i.offers) {
    if (o.leftOutByBorrower || o.creditorAnswer === 'declined') {
      payDirectly.push({
        id: o.id,
        creditorName: o.creditorName,
        balance: o.balance,
        currentPayment: o.currentPayment,
        why: o.leftOutByBorrower ? 'leftOutByBorrower' : 'declinedByCreditor',
      });
    } else if (o.balance > 0) {
      creditors.push({
        id: o.id,
        creditorName: o.creditorName,
        balance: o.balance,
        payment: o.payment,
        term: o.term,
        proposedAprBp: o.proposedAprBp,
        creditorAnswer: o.creditorAnswer,
        currentPayment: o.currentPayment,
      });
    }
  }
  creditors.sort(byBalance);
  payDirectly.sort(byBalance);
  const draftDayChanges = i.firstDraftDate ? [...(i.draftDayChanges ?? [])].sort() : [];
  for (const day of [i.firstDraftDate, ...draftDayChanges]) {
    if (day && !isDraftDay(dayOfMonth(day))) {
      throw new RangeError(`A draft falls on the 1st to the ${LAST_DRAFT_DAY_OF_MONTH}th: ${day}`);
    }
  }
  const schedule = i.firstDraftDate ? { firstDraftDate: i.firstDraftDate, draftDayChanges } : null;
  const draftDay = schedule ? dayOfMonth(draftDayChanges.at(-1) ?? schedule.firstDraftDate) : 0;

  if (creditors.length === 0) {
    return {
      creditors,
      payDirectly,
      creditorsMonthlyPayment: 0,
      monthlyFee: 0,
      monthlyDraft: 0,
      setupFee: 0,
      setupFeeDate: null,
      draftDay,
      draftDayChanges: [],
      termInMonths: 0,
      firstDraftDate: null,
      lastDraftDate: null,
      lastDraftAmount: 0,
      totalPaid: 0,
      totalFees: 0,
      planInterest: 0,
      owedAfterDraft: [0],
      interestSaved: 0,
    };
  }

  const fees = capPlanFees(i.fees, i.cap, creditors.length);
  const creditorsMonthlyPayment = sumCents(creditors.map((c) => c.payment));
  const monthlyDraft = creditorsMonthlyPayment + fees.monthlyFee;
  const run = simulate(creditors, monthlyDraft, (open) => capPlanFees(i.fees, i.cap, open).monthlyFee);
  const onPlan = new Set(creditors.map((c) => c.id));
  const current = payoffOf(
    i.offers
      .filter((o) => onPlan.has(o.id))
      .map((o) => ({ balance: o.balance, aprBp: o.currentAprBp, payment: o.currentPayment })),
  );
  return {
    creditors,
    payDirectly,
    creditorsMonthlyPayment,
    monthlyFee: fees.monthlyFee,
    monthlyDraft,
    setupFee: fees.setupFee,
    setupFeeDate: fees.setupFee > 0 && schedule ? draftDateAt(schedule, 0) : null,
    draftDay,
    draftDayChanges,
    termInMonths: run.months,
    firstDraftDate: schedule ? draftDateAt(schedule, 0) : null,
    lastDraftDate: schedule ? draftDateAt(schedule, run.months - 1) : null,
    lastDraftAmount: run.lastDraft,
    totalPaid: run.drafted + fees.setupFee,
    totalFees: run.fees + fees.setupFee,
    planInterest: run.interest,
    owedAfterDraft: run.totals,
    interestSaved: current.paidOff ? current.interest - run.interest : null,
  };
}

/**
 * The first draft of the schedule on or after `day` ('yyyy-MM-dd'), or null when the plan has ended by then.
 * A changed amount applies from the first draft at least 10 days after it is announced: nextDraftOnOrAfter(
 * terms, announced + 10 days).
 */
export function nextDraftOnOrAfter(
  terms: Pick<PlanTerms, 'firstDraftDate' | 'termInMonths'> & { draftDayChanges?: readonly string[] },
  day: string,
): string | null {
  const { firstDraftDate: first } = terms;
  if (!first || terms.termInMonths < 1) return null;
  for (let k = 0; k < terms.termInMonths; k += 1) {
    const draft = draftDateAt({ firstDraftDate: first, draftDayChanges: terms.draftDayChanges }, k);
    if (draft >= day) return draft;
  }
  return null;
}
