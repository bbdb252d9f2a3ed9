import { z } from 'zod';
import type { AlertType } from '../flow/staff-views';
import { calendarDateOfIso, MONTH_NAMES, utcDayOf } from '../calendar';
import { formatDollars, roundToDollar, type Cents } from '../money/cents';
import { SCORE_MAX } from '../underwriting/scores';
import { returnCodeReason } from '../enrollment/agency-events';
import { formatEnglish } from '../i18n/validation-messages';

// What raised an alert, told to the borrower with its figures: the debt score and how far it fell, the balance
// beside the plan payment it may not cover, the fee and the day it was charged, the income before and after,
// the lender that checked their credit, the bank whose connection stopped. The server reads the records an
// alert names and hands their figures here; the page shows the sentence under the alert's title.

const cents = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The figures of what triggered a customer's alert; only what the sentence needs, no account numbers. */
export const customerAlertFiguresSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('debtScore'),
    score: z.number().int(),
    /** The score it is compared with (the newest at least 30 days older); null when there is none. */
    previous: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('balance'),
    /** What could be spent when the bank was read; null when the bank reported no balance. */
    balance: cents.nullable(),
    /** Whether the bank reported the available balance (else only the current one). */
    available: z.boolean(),
    /** When the balance was read (ISO timestamp). */
    readAt: z.string(),
    /** The plan's monthly draft, the figure My plan shows; null when the plan has none. */
    payment: cents.nullable(),
    /** The draft the balance was read before (yyyy-MM-dd); null when unknown. */
    paymentDate: isoDay.nullable(),
  }),
  z.object({
    kind: z.literal('fee'),
    /** The bank's name for the charge, as on the statement. */
    name: z.string().nullable(),
    amount: cents,
    date: isoDay,
  }),
  z.object({
    kind: z.literal('income'),
    monthlyIncome: cents,
    /** The monthly income of the snapshot before; null when there is none. */
    previous: cents.nullable(),
  }),
  z.object({ kind: z.literal('inquiry'), lender: z.string().nullable(), date: isoDay }),
  z.object({ kind: z.literal('bank'), institutionName: z.string() }),
  // The agency's alerts (agencyAlertFigures in src/domain/enrollment/agency-alerts.ts).
  z.object({
    kind: z.literal('draftReturned'),
    /** The draft's amount; null while no event of the agency's has said it. */
    amount: cents.nullable(),
    /** The day the draft was due, else the day it was returned. */
    date: isoDay.nullable(),
    /** The bank's return code (R01...): the page says what it means. */
    returnCode: z.string(),
  }),
  z.object({
    kind: z.literal('paymentNotPosted'),
    creditor: z.string(),
    amount: cents.nullable(),
    sentOn: isoDay,
    method: z.enum(['electronic', 'check']).nullable(),
    /** The trace number or the check's number: the proof the creditor can look up. */
    reference: z.string().nullable(),
    /** The last day it could post on time. */
    deadline: isoDay,
  }),
  z.object({ kind: z.literal('paidOff'), creditor: z.string(), asOf: isoDay }),
]);
export type CustomerAlertFigures = z.infer<typeof customerAlertFiguresSchema>;

/** What the debt score is, for a borrower: its range and what it measures, from the scoring function. */
export const DEBT_SCORE_MEANING =
  `The score, from 0 to ${SCORE_MAX.toLocaleString('en-US')}, shows how likely you are to complete your plan, ` +
  'judged from your credit report and from how much of your income is left for your debts after your ' +
  'expenses: the higher, the better.';

/** A calendar date (yyyy-MM-dd) or a timestamp as the day it fell on in UTC: 'November 12, 2026'. */
export function formatAlertDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!day) return '';
  // A timestamp is read as its UTC day: a transaction or an inquiry is stored as midnight UTC of its day.
  const at = value.length > 10 ? new Date(value) : null;
  if (at && Number.isNaN(at.getTime())) return '';
  const { year, month, day: date } = calendarDateOfIso(at ? utcDayOf(at) : day[0]);
  const name = MONTH_NAMES[month - 1];
  return name ? `${name} ${date}, ${year}` : '';
}

/**
 * Money as the bank's statement shows it, so the borrower recognises it: whole dollars as every page shows
 * money ('$35'), to the cent when there are cents ('$212.40').
 */
export function statementDollars(c: Cents): string {
  if (c % 100 === 0) return formatDollars(c);
  const text = (Math.abs(c) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${c < 0 ? '-' : ''}$${text}`;
}

const points = (n: number) => (n === 1 ? '1 point' : `${n.toLocaleString('en-US')} points`);

function debtScoreText(f: Extract<CustomerAlertFigures, { kind: 'debtScore' }>): string {
  const now = `Your debt score is ${f.score}`;
  if (f.previous === null) return `${now}. ${DEBT_SCORE_MEANING}`;
  const change = f.previous - f.score;
  const compared =
    change > 0
      ? `${points(change)} lower than 30 days ago (${f.previous})`
      : change < 0
        ? `${points(-change)} higher than 30 days ago (${f.previous})`
        : `the same as 30 days ago`;
  return `${now}, ${compared}. ${DEBT_SCORE_MEANING}`;
}

function balanceText(f: Extract<CustomerAlertFigures, { kind: 'balance' }>): string {
  const day = formatAlertDate(f.readAt);
  const read =
    f.balance === null
      ? `On ${day} your bank did not tell us the balance of your payment account.`
      : `On ${day} your payment account had ${statementDollars(f.balance)} ${f.available ? 'available' : 'in it'}.`;
  if (f.payment === null) return read;
  // The payment in whole dollars, as My plan shows it, unless rounding would make it look covered by the
  // balance it is more than ($257.40 against a balance of $257.20 reads '$257.40', not '$257').
  const payment =
    f.balance !== null && f.balance >= roundToDollar(f.payment)
      ? statementDollars(f.payment)
      : formatDollars(f.payment);
  const when = f.paymentDate ? ` on ${formatAlertDate(f.paymentDate)}` : ' soon';
  return `${read} Your plan payment of ${payment} is drawn${when}.`;
}

/** The fall in whole percent of what it was (a fall of 14.6 % reads '15%'). */
export const percentFall = (previous: Cents, now: Cents): number =>
  previous <= 0 ? 0 : Math.round(((previous - now) * 100) / previous);

function incomeText(f: Extract<CustomerAlertFigures, { kind: 'income' }>): string {
  if (f.previous === null || f.previous <= 0)
    return `The pay coming into your bank account is now about ${formatDollars(f.monthlyIncome)} a month.`;
  const fall = percentFall(f.previous, f.monthlyIncome);
  return (
    `The pay coming into your bank account went from about ${formatDollars(f.previous)} to ` +
    `${formatDollars(f.monthlyIncome)} a month, ${fall}% less.`
  );
}

/**
 * The sentence under a customer's alert that gives its figures, e.g. 'Your debt score is 612, 38 points lower
 * than 30 days ago (650). The score, from 0 to 1,000, shows …'. '' when the figures are gone (the record that
 * triggered the alert was removed) or do not fit the alert's type.
 */
export function customerAlertText(type: AlertType, f: CustomerAlertFigures | null): string {
  if (f === null) return '';
  switch (type) {
    case 'debtScore30DayDecrease':
      return f.kind === 'debtScore' ? debtScoreText(f) : '';
    case 'balanceBelowDMPPayment':
      return f.kind === 'balance' ? balanceText(f) : '';
    case 'overdraftTransaction':
    case 'insufficientFundsTransaction': {
      if (f.kind !== 'fee') return '';
      const what = type === 'overdraftTransaction' ? 'an overdraft fee' : 'an insufficient-funds fee';
      const charged = `On ${formatAlertDate(f.date)} your bank charged ${what} of ${statementDollars(f.amount)}.`;
      const name = f.name?.trim();
      return name ? `${charged} Your statement shows it as "${name}".` : charged;
    }
    case 'monthlyIncomeDecrease':
      return f.kind === 'income' ? incomeText(f) : '';
    case 'newCreditInquiry': {
      if (f.kind !== 'inquiry') return '';
      const who = f.lender?.trim() || 'A lender';
      return `${who} checked your credit on ${formatAlertDate(f.date)}.`;
    }
    case 'bankAccountDisconnected':
      return f.kind === 'bank' ? `Your connection to ${f.institutionName} stopped.` : '';
    case 'draftReturned': {
      if (f.kind !== 'draftReturned') return '';
      const amount =
        f.amount === null ? 'Your plan payment' : `Your plan payment of ${statementDollars(f.amount)}`;
      const when = f.date ? ` due on ${formatAlertDate(f.date)}` : '';
      const reason = returnCodeReason(f.returnCode);
      return `${amount}${when} was returned by your bank. ${formatEnglish(reason.message, reason.values)}`;
    }
    case 'creditorPaymentNotPosted': {
      if (f.kind !== 'paymentNotPosted') return '';
      const amount = f.amount === null ? 'A payment' : `A payment of ${statementDollars(f.amount)}`;
      const proof =
        f.reference === null
          ? ''
          : f.method === 'check'
            ? ` (check number ${f.reference})`
            : ` (trace number ${f.reference})`;
      return `${amount} sent to ${f.creditor} on ${formatAlertDate(f.sentOn)}${proof} was not posted by ${formatAlertDate(f.deadline)}.`;
    }
    case 'creditorPaidOff':
      return f.kind === 'paidOff'
        ? `${f.creditor} reported a balance of $0 on ${formatAlertDate(f.asOf)}.`
        : '';
  }
}
