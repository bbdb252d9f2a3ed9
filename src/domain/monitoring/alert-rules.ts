import type { AlertType } from '#domain/flow/staff-views';
import { dayIn, daysBetween, monthsBetween } from '#domain/calendar';
import { draftDateAt } from '#domain/enrollment/plan-terms';

// The rules that watch an enrolled customer's finances. Each takes the records a monitor has just read and
// answers the alerts they call for, each naming the one record that triggered it (its date is that record's
// date). Pure: the monitors read and write, these only decide.

/** The kinds of record an alert can name as its trigger. */
export type AlertTriggerType =
  | 'plaidBalance'
  | 'plaidItem'
  | 'debtScore'
  | 'plaidTransaction'
  | 'inquiry'
  | 'incomeSnapshot'
  /** An event of the agency's DMP system (a returned draft, a payment sent, a balance reported). */
  | 'agencyEvent';

export type AlertCandidate = { type: AlertType; trigger: { id: string; type: AlertTriggerType } };

/**
 * One alert per type and trigger: the same condition seen again (the next run, a retried run) names the same
 * record and so the same key, which the monitor finds already raised.
 */
export const alertKey = (c: AlertCandidate) => `${c.type}:${c.trigger.type}:${c.trigger.id}`;

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- balance below the plan's payment

export type BalanceReading = {
  id: string;
  /** What can be spent; some banks report only the current balance. */
  available: number | null;
  current: number | null;
  createdAt: Date;
};

/**
 * The payment account's balance, read in the days before the plan's payment is drawn, is below that payment:
 * the draft would bounce. Read more than `windowDays` before the payment date, or after it, a low balance says
 * nothing yet (a paycheck is likely to arrive first). A balance equal to the payment covers it.
 */
export function balanceBelowDmpPayment(o: {
  balance: BalanceReading;
  monthlyPayment: number;
  /** The next date the plan's payment is drawn (YYYY-MM-DD). */
  nextPaymentDate: string;
  windowDays: number;
  /** The agency's time zone: the day the balance was read on is its day there. */
  timeZone: string;
}): AlertCandidate | null {
  const spendable = o.balance.available ?? o.balance.current;
  if (spendable === null) return null;
  const daysToPayment = daysBetween(dayIn(o.balance.createdAt, o.timeZone), o.nextPaymentDate);
  if (daysToPayment < 0 || daysToPayment > o.windowDays) return null;
  if (spendable >= o.monthlyPayment) return null;
  return { type: 'balanceBelowDMPPayment', trigger: { id: o.balance.id, type: 'plaidBalance' } };
}

/**
 * The next date a monthly payment falls on, on or after `today`: the plan's first payment date, then one draft
 * a month on the day in effect (the plan's schedule, with any change of day the borrower made: draftDateAt).
 */
export function nextPaymentDate(
  firstPaymentDate: string,
  today: string,
  draftDayChanges: readonly string[] = [],
): string {
  const schedule = { firstDraftDate: firstPaymentDate, draftDayChanges };
  // A plan recorded before draft days stopped at the 28th may say the 31st: draftDateAt gives the month's last
  // day then.
  for (let k = Math.max(0, monthsBetween(firstPaymentDate, today) - 1); ; k += 1) {
    const date = draftDateAt(schedule, k);
    if (date >= today) return date;
  }
}

// ---------------------------------------------------------------- the bank connection

/** The bank connection is no longer connected (the customer changed a password, the bank revoked access). */
export function bankAccountDisconnected(item: { id: string; isConnected: boolean }): AlertCandidate | null {
  return item.isConnected
    ? null
    : { type: 'bankAccountDisconnected', trigger: { id: item.id, type: 'plaidItem' } };
}

// ---------------------------------------------------------------- debt score

export type DebtScoreReading = { id: string; value: number; createdAt: Date };

/**
 * The newest debt score is lower than the score of 30 days before it: the newest score taken at least 30
 * days earlier (exactly 30 days counts). With no score that old (the first month) there is nothing to compare.
 */
export function debtScore30DayDecrease(scores: readonly DebtScoreReading[]): AlertCandidate | null {
  if (scores.length < 2) return null;
  const byTime = [...scores].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const newest = byTime[byTime.length - 1]!;
  const cutoff = newest.createdAt.getTime() - 30 * DAY_MS;
  const before = byTime.filter((s) => s.createdAt.getTime() <= cutoff).pop();
  if (!before || newest.value >= before.value) return null;
  return { type: 'debtScore30DayDecrease', trigger: { id: newest.id, type: 'debtScore' } };
}

// ---------------------------------------------------------------- bank fees

export type TransactionReading = {
  id: string;
  /** The provider's sign: positive is money leaving the account. */
  amount: number;
  name: string | null;
  /** The provider's category when it sends one (e.g. BANK_FEES_OVERDRAFT_FEES). */
  category?: string | null;
};

const OVERDRAFT = { name: /\boverdraft\b|\bod (?:item )?fee\b/i, category: /overdraft/i };
const INSUFFICIENT_FUNDS = {
  name: /\bnsf\b|insufficient funds|returned item|non[- ]?sufficient/i,
  category: /insufficient_?funds|nsf/i,
};

/** A name says it is a charge, not a transfer ('OVERDRAFT PROTECTION TRANSFER' moves the customer's own money). */
const FEE_WORD = /\b(?:fee|charge)\b/i;

/**
 * A fee the bank charged for an overdraft or for insufficient funds, recognised by the provider's category or,
 * failing that, by the words banks put in the fee's name. Only money leaving the account is a fee (a refund
 * of one is not).
 */
export function feeTransactions(transactions: readonly TransactionReading[]): AlertCandidate[] {
  const found: AlertCandidate[] = [];
  for (const t of transactions) {
    if (t.amount <= 0) continue;
    const is = (rule: { name: RegExp; category: RegExp }) =>
      (t.category ? rule.category.test(t.category) : false) ||
      (t.name ? rule.name.test(t.name) && FEE_WORD.test(t.name) : false);
    // A fee named both ways ('NSF/OVERDRAFT FEE') is an insufficient-funds fee: the payment was refused.
    const type: AlertType | null = is(INSUFFICIENT_FUNDS)
      ? 'insufficientFundsTransaction'
      : is(OVERDRAFT)
        ? 'overdraftTransaction'
        : null;
    if (type) found.push({ type, trigger: { id: t.id, type: 'plaidTransaction' } });
  }
  return found;
}

// ---------------------------------------------------------------- credit inquiries

/** Each inquiry dated after the previous credit pull: someone else looked at the customer's credit since. */
export function newCreditInquiries(o: {
  inquiries: readonly { id: string; date: string }[];
  /** The date of the pull before this one (YYYY-MM-DD); none on the first pull, which has no news. */
  lastPullDate: string | null;
}): AlertCandidate[] {
  if (o.lastPullDate === null) return [];
  return o.inquiries
    .filter((i) => i.date > o.lastPullDate!)
    .map((i) => ({ type: 'newCreditInquiry' as const, trigger: { id: i.id, type: 'inquiry' as const } }));
}

// ---------------------------------------------------------------- income

export type IncomeReading = { id: string; monthlyIncome: number; createdAt: Date };

/**
 * The newest income snapshot's monthly income is lower than the previous snapshot's by more than `share`
 * (0.1 = 10 %). A fall of exactly that share does not alert; the first snapshot has nothing to compare.
 */
export function monthlyIncomeDecrease(
  snapshots: readonly IncomeReading[],
  share: number,
): AlertCandidate | null {
  if (snapshots.length < 2) return null;
  const byTime = [...snapshots].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const newest = byTime[byTime.length - 1]!;
  const previous = byTime[byTime.length - 2]!;
  if (previous.monthlyIncome <= 0) return null;
  // Compared in whole cents without division: previous − newest > previous × share.
  const fall = previous.monthlyIncome - newest.monthlyIncome;
  if (fall <= 0 || fall * 10_000 <= previous.monthlyIncome * Math.round(share * 10_000)) return null;
  return { type: 'monthlyIncomeDecrease', trigger: { id: newest.id, type: 'incomeSnapshot' } };
}
