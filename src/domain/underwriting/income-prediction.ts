import { dayNumber, dayOfNumber } from '#domain/calendar';
import { sumCents, type Cents } from '../money/cents';
import { MONTHS_PER_YEAR } from '../money/amortization';
import {
  INCOME_CADENCE_DAYS,
  INCOME_WINDOW_DAYS,
  INCOME_WINDOW_MONTHS,
  MIN_RECURRING_DEPOSITS,
  MIN_RECURRING_MONTHS,
} from './constants';

/*
 * Monthly income predicted from the transactions of the borrower's connected bank accounts.
 *
 * Which deposits are income. The rules are applied in this order and the first one that fits decides:
 *   1. Only deposits count. The bank-link provider signs money coming in as negative, so a deposit is an
 *      amount below zero.
 *   2. Never income: money arriving on a credit card or loan account (it pays the card down, it is not pay),
 *      refunds, reversals and returned items (REFUND_WORDS), and card payments (CARD_PAYMENT_WORDS).
 *   3. Zelle, Venmo and Cash App (PEER_TO_PEER_WORDS) count only when recurring (rule 6), never by a word in
 *      their name: a regular payment from the same person is most likely pay (a cleaning job, child support),
 *      a one-off is most likely a friend settling up. They are judged before transfers because banks often
 *      label them 'ZELLE TRANSFER FROM ...'.
 *   4. Never income: transfers (TRANSFER_WORDS), even regular ones. It is the borrower's own money moving
 *      between accounts, and counting it would count the same pay twice.
 *   5. Income: a known income source (INCOME_SOURCE_WORDS): payroll, benefits, pensions and gig platforms,
 *      so irregular gig pay counts from its first payout.
 *   6. Income when recurring: deposits from the same payer seen at least twice in the whole history, on at
 *      least 2 calendar months or at a regular cadence (weekly, biweekly, semimonthly or monthly). The payer is
 *      the name with ids, dates and bank labels taken out (payerKey). Cash deposits at an ATM and mobile
 *      check deposits carry no income word, so they count only this way. A name with nothing left once
 *      cleaned ('DEPOSIT 0412') names no payer and is never recurring.
 * A word list entry matches whole words of the upper-cased name, punctuation read as spaces: 'SSA' matches
 * 'SSA TREAS 310' but not 'SSAB'.
 *
 * The figures: ninetyDayIncome is the income deposits dated in the 90 days ending today (today − 89 ...
 * today); monthlyIncome = round(ninetyDayIncome / 3); annualIncome = monthlyIncome × 12.
 */

/** Pay, benefits and gig platforms: a deposit naming one of these is income even when it is irregular. */
export const INCOME_SOURCE_WORDS: readonly string[] = [
  'PAYROLL',
  'SALARY',
  'PAYCHECK',
  'DIRECT DEP',
  'DIRECT DEPOSIT',
  'SSA',
  'SOCIAL SECURITY',
  'SOC SEC',
  'PENSION',
  'UBER',
  'LYFT',
  'DOORDASH',
  'INSTACART',
  'GRUBHUB',
  'UPWORK',
  'ETSY',
  'DEPT OF LABOR',
  'UI BENEFIT',
  'UI BENEFITS',
  'UNEMPLOYMENT',
];

/** Money given back, not earned. 'TAX REF' is how the IRS names a tax refund ('IRS TREAS 310 TAX REF'). */
export const REFUND_WORDS: readonly string[] = [
  'REFUND',
  'TAX REF',
  'REVERSAL',
  'REVERSED',
  'RETURN',
  'RETURNED',
  'CHARGEBACK',
];

/** A payment towards a card as it shows on the card's account. */
export const CARD_PAYMENT_WORDS: readonly string[] = [
  'THANK YOU',
  'CARD PAYMENT',
  'CARD PMT',
  'CREDIT CARD',
  'AUTOPAY',
];

/** Person-to-person payment apps: income only when the same sender pays regularly. */
export const PEER_TO_PEER_WORDS: readonly string[] = ['ZELLE', 'VENMO', 'CASH APP', 'CASHAPP'];

/** Moves between the borrower's own accounts. */
export const TRANSFER_WORDS: readonly string[] = ['TRANSFER', 'XFER', 'XFR', 'TFR'];

/**
 * Words taken out of a name to find the payer: bank and ACH labels, and month names (part of a date). Tokens
 * with a digit (ids, dates, amounts) are taken out too.
 */
export const PAYER_NAME_NOISE_WORDS: readonly string[] = [
  'PPD',
  'CCD',
  'WEB',
  'ID',
  'DES',
  'INDN',
  'CO',
  'ACH',
  'DEPOSIT',
  'CONF',
  'REF',
  'TRN',
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'SEPT',
  'OCT',
  'NOV',
  'DEC',
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

/** Credit and loan account subtypes (the provider's names): money arriving there is a payment, not pay. */
export const CREDIT_AND_LOAN_SUBTYPES: readonly string[] = [
  'credit card',
  'line of credit',
  'auto',
  'business',
  'commercial',
  'construction',
  'consumer',
  'home equity',
  'loan',
  'mortgage',
  'overdraft',
  'student',
];

export type IncomeTransaction = {
  id: string;
  /** Cents; negative = money coming in, positive = money going out (the bank-link provider's sign). */
  amount: Cents;
  /** 'yyyy-MM-dd'. */
  date: string;
  name: string;
  accountSubtype?: string | null;
};

export type IncomePrediction = {
  monthlyIncome: Cents;
  annualIncome: Cents;
  ninetyDayIncome: Cents;
  /** The income deposits of the 90-day window, oldest first. */
  incomeTransactionIds: string[];
};

/** The name's words, upper-cased, anything but letters and digits read as a space. */
const words = (name: string): string[] =>
  name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/** True when one of the phrases appears as whole words in the text (words joined by spaces, space-padded). */
const mentions = (text: string, phrases: readonly string[]): boolean =>
  phrases.some((phrase) => text.includes(` ${phrase} `));

/**
 * Who paid, from the transaction name: upper-cased, without tokens holding a digit (ids, dates), without bank
 * labels and month names. 'ACME CORP PAYROLL PPD ID 1234' → 'ACME CORP PAYROLL'. '' when nothing is left.
 */
export function payerKey(name: string): string {
  return words(name)
    .filter((word) => !/\d/.test(word) && !PAYER_NAME_NOISE_WORDS.includes(word))
    .join(' ');
}

type Deposit = { id: string; amount: Cents; date: string; day: number; payer: string };

type Kind = 'never' | 'income' | 'ifRecurring';

function kindOf(t: IncomeTransaction): Kind {
  const subtype = t.accountSubtype?.trim().toLowerCase();
  if (subtype !== undefined && CREDIT_AND_LOAN_SUBTYPES.includes(subtype)) return 'never';
  const text = ` ${words(t.name).join(' ')} `;
  if (mentions(text, REFUND_WORDS) || mentions(text, CARD_PAYMENT_WORDS)) return 'never';
  if (mentions(text, PEER_TO_PEER_WORDS)) return 'ifRecurring';
  if (mentions(text, TRANSFER_WORDS)) return 'never';
  if (mentions(text, INCOME_SOURCE_WORDS)) return 'income';
  return 'ifRecurring';
}

/** Every gap between the distinct pay days (sorted) falls within one cadence's range. */
function hasRegularCadence(days: readonly number[]): boolean {
  const gaps = days.slice(1).map((day, i) => day - days[i]!);
  return Object.values(INCOME_CADENCE_DAYS).some(([min, max]) =>
    gaps.every((gap) => gap >= min && gap <= max),
  );
}

function isRecurring(deposits: readonly Deposit[]): boolean {
  if (deposits.length < MIN_RECURRING_DEPOSITS) return false;
  const months = new Set(deposits.map((d) => d.date.slice(0, 7)));
  if (months.size >= MIN_RECURRING_MONTHS) return true;
  const days = [...new Set(deposits.map((d) => d.day))].sort((a, b) => a - b);
  return days.length >= MIN_RECURRING_DEPOSITS && hasRegularCadence(days);
}

/** The borrower's income from bank transactions (the rules above); today is 'yyyy-MM-dd'. */
export function predictIncome(transactions: readonly IncomeTransaction[], today: string): IncomePrediction {
  const todayNumber = dayNumber(today);
  const windowStart = dayOfNumber(todayNumber - (INCOME_WINDOW_DAYS - 1));

  const income: Deposit[] = [];
  const byPayer = new Map<string, Deposit[]>();
  for (const t of transactions) {
    if (t.amount >= 0) continue;
    const kind = kindOf(t);
    if (kind === 'never') continue;
    const deposit = {
      id: t.id,
      amount: -t.amount,
      date: t.date,
      day: dayNumber(t.date),
      payer: payerKey(t.name),
    };
    if (kind === 'income') income.push(deposit);
    else if (deposit.payer !== '') {
      const same = byPayer.get(deposit.payer);
      if (same) same.push(deposit);
      else byPayer.set(deposit.payer, [deposit]);
    }
  }
  for (const deposits of byPayer.values()) if (isRecurring(deposits)) income.push(...deposits);

  const inWindow = income
    .filter((d) => d.date >= windowStart && d.date <= today)
    .sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ninetyDayIncome = sumCents(inWindow.map((d) => d.amount));
  const monthlyIncome = Math.round(ninetyDayIncome / INCOME_WINDOW_MONTHS);
  return {
    monthlyIncome,
    annualIncome: monthlyIncome * MONTHS_PER_YEAR,
    ninetyDayIncome,
    incomeTransactionIds: inWindow.map((d) => d.id),
  };
}
