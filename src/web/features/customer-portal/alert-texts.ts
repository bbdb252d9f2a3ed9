import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { isIsoDay, parseDay } from '#domain/calendar';
import type { AlertType } from '#domain/flow/staff-views';
import {
  percentFall,
  statementDollars,
  type CustomerAlertFigures,
} from '#domain/monitoring/customer-alert-text';
import { returnCodeReason } from '#domain/enrollment/agency-events';
import { formatDollars, roundToDollar } from '#domain/money/cents';
import { SCORE_MAX } from '#domain/underwriting/scores';

// The sentence under an alert that gives its figures, in the page's language. Its English is word for word the
// domain's (customerAlertText in src/domain/monitoring/customer-alert-text.ts), which a test checks case by
// case; the figures (the fall in percent, the payment to the dollar or the cent) are the domain's own.

const M: Record<string, MessageDescriptor> = defineMessages({
  meaning: {
    id: 'portal.alerts.figures.scoreMeaning',
    defaultMessage:
      'The score, from 0 to {max, number}, shows how likely you are to complete your plan, judged from your credit report and from how much of your income is left for your debts after your expenses: the higher, the better.',
  },
  score: { id: 'portal.alerts.figures.score', defaultMessage: 'Your debt score is {score}. {meaning}' },
  scoreLower: {
    id: 'portal.alerts.figures.scoreLower',
    defaultMessage:
      'Your debt score is {score}, {points, plural, one {# point} other {# points}} lower than 30 days ago ({previous}). {meaning}',
  },
  scoreHigher: {
    id: 'portal.alerts.figures.scoreHigher',
    defaultMessage:
      'Your debt score is {score}, {points, plural, one {# point} other {# points}} higher than 30 days ago ({previous}). {meaning}',
  },
  scoreSame: {
    id: 'portal.alerts.figures.scoreSame',
    defaultMessage: 'Your debt score is {score}, the same as 30 days ago. {meaning}',
  },
  balanceUnknown: {
    id: 'portal.alerts.figures.balanceUnknown',
    defaultMessage: 'On {day} your bank did not tell us the balance of your payment account.',
  },
  balanceAvailable: {
    id: 'portal.alerts.figures.balanceAvailable',
    defaultMessage: 'On {day} your payment account had {balance} available.',
  },
  balanceInIt: {
    id: 'portal.alerts.figures.balanceInIt',
    defaultMessage: 'On {day} your payment account had {balance} in it.',
  },
  paymentOn: {
    id: 'portal.alerts.figures.paymentOn',
    defaultMessage: 'Your plan payment of {payment} is drawn on {date}.',
  },
  paymentSoon: {
    id: 'portal.alerts.figures.paymentSoon',
    defaultMessage: 'Your plan payment of {payment} is drawn soon.',
  },
  overdraftFee: {
    id: 'portal.alerts.figures.overdraftFee',
    defaultMessage: 'On {date} your bank charged an overdraft fee of {amount}.',
  },
  nsfFee: {
    id: 'portal.alerts.figures.nsfFee',
    defaultMessage: 'On {date} your bank charged an insufficient-funds fee of {amount}.',
  },
  statementName: {
    id: 'portal.alerts.figures.statementName',
    defaultMessage: 'Your statement shows it as "{name}".',
  },
  incomeNow: {
    id: 'portal.alerts.figures.incomeNow',
    defaultMessage: 'The pay coming into your bank account is now about {income} a month.',
  },
  incomeFell: {
    id: 'portal.alerts.figures.incomeFell',
    defaultMessage:
      'The pay coming into your bank account went from about {previous} to {income} a month, {fall}% less.',
  },
  inquiry: { id: 'portal.alerts.figures.inquiry', defaultMessage: '{lender} checked your credit on {date}.' },
  inquiryUnnamed: {
    id: 'portal.alerts.figures.inquiryUnnamed',
    defaultMessage: 'A lender checked your credit on {date}.',
  },
  bank: { id: 'portal.alerts.figures.bank', defaultMessage: 'Your connection to {institution} stopped.' },
  draftReturned: {
    id: 'portal.alerts.figures.draftReturned',
    defaultMessage: 'Your plan payment of {amount} due on {date} was returned by your bank. {reason}',
  },
  draftReturnedNoDate: {
    id: 'portal.alerts.figures.draftReturnedNoDate',
    defaultMessage: 'Your plan payment of {amount} was returned by your bank. {reason}',
  },
  draftReturnedNoAmount: {
    id: 'portal.alerts.figures.draftReturnedNoAmount',
    defaultMessage: 'Your plan payment due on {date} was returned by your bank. {reason}',
  },
  draftReturnedBare: {
    id: 'portal.alerts.figures.draftReturnedBare',
    defaultMessage: 'Your plan payment was returned by your bank. {reason}',
  },
  notPosted: {
    id: 'portal.alerts.figures.notPosted',
    defaultMessage:
      'A payment of {amount} sent to {creditor} on {sentOn}{proof, select, check { (check number {reference})} trace { (trace number {reference})} other {}} was not posted by {deadline}.',
  },
  notPostedNoAmount: {
    id: 'portal.alerts.figures.notPostedNoAmount',
    defaultMessage:
      'A payment sent to {creditor} on {sentOn}{proof, select, check { (check number {reference})} trace { (trace number {reference})} other {}} was not posted by {deadline}.',
  },
  paidOff: {
    id: 'portal.alerts.figures.paidOff',
    defaultMessage: '{creditor} reported a balance of $0 on {date}.',
  },
});

const message = (intl: IntlShape, key: string, values?: Record<string, string | number>): string =>
  intl.formatMessage(M[key] as MessageDescriptor, values);

/**
 * A calendar date (yyyy-MM-dd) or a timestamp as the day it fell on in UTC: 'November 12, 2026',
 * '12 de noviembre de 2026'. '' when unreadable. (A transaction or an inquiry is stored as midnight UTC.)
 */
export function alertDay(value: string, intl: Pick<IntlShape, 'formatDate'>): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!day) return '';
  const at = value.length > 10 ? new Date(value) : isIsoDay(value) ? parseDay(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) return '';
  return intl.formatDate(at, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function debtScore(intl: IntlShape, f: Extract<CustomerAlertFigures, { kind: 'debtScore' }>): string {
  // The score and the earlier one as the domain writes them (no thousands separator); the range's top with one.
  const values = {
    score: String(f.score),
    meaning: message(intl, 'meaning', { max: SCORE_MAX }),
  };
  if (f.previous === null) return message(intl, 'score', values);
  const change = f.previous - f.score;
  if (change === 0) return message(intl, 'scoreSame', values);
  return message(intl, change > 0 ? 'scoreLower' : 'scoreHigher', {
    ...values,
    points: Math.abs(change),
    previous: String(f.previous),
  });
}

function balance(intl: IntlShape, f: Extract<CustomerAlertFigures, { kind: 'balance' }>): string {
  const day = alertDay(f.readAt, intl);
  const read =
    f.balance === null
      ? message(intl, 'balanceUnknown', { day })
      : message(intl, f.available ? 'balanceAvailable' : 'balanceInIt', {
          day,
          balance: statementDollars(f.balance),
        });
  if (f.payment === null) return read;
  // As the domain does: to the cent when rounding would make the payment look covered by the balance.
  const payment =
    f.balance !== null && f.balance >= roundToDollar(f.payment)
      ? statementDollars(f.payment)
      : formatDollars(f.payment);
  const drawn = f.paymentDate
    ? message(intl, 'paymentOn', { payment, date: alertDay(f.paymentDate, intl) })
    : message(intl, 'paymentSoon', { payment });
  return `${read} ${drawn}`;
}

/** The sentence with an alert's figures, in the page's language; '' when the figures are gone or do not fit. */
export function alertFiguresText(intl: IntlShape, type: AlertType, f: CustomerAlertFigures | null): string {
  if (f === null) return '';
  switch (type) {
    case 'debtScore30DayDecrease':
      return f.kind === 'debtScore' ? debtScore(intl, f) : '';
    case 'balanceBelowDMPPayment':
      return f.kind === 'balance' ? balance(intl, f) : '';
    case 'overdraftTransaction':
    case 'insufficientFundsTransaction': {
      if (f.kind !== 'fee') return '';
      const charged = message(intl, type === 'overdraftTransaction' ? 'overdraftFee' : 'nsfFee', {
        date: alertDay(f.date, intl),
        amount: statementDollars(f.amount),
      });
      const name = f.name?.trim();
      return name ? `${charged} ${message(intl, 'statementName', { name })}` : charged;
    }
    case 'monthlyIncomeDecrease': {
      if (f.kind !== 'income') return '';
      const income = formatDollars(f.monthlyIncome);
      if (f.previous === null || f.previous <= 0) return message(intl, 'incomeNow', { income });
      return message(intl, 'incomeFell', {
        previous: formatDollars(f.previous),
        income,
        fall: percentFall(f.previous, f.monthlyIncome),
      });
    }
    case 'newCreditInquiry': {
      if (f.kind !== 'inquiry') return '';
      const date = alertDay(f.date, intl);
      const lender = f.lender?.trim();
      return lender ? message(intl, 'inquiry', { lender, date }) : message(intl, 'inquiryUnnamed', { date });
    }
    case 'bankAccountDisconnected':
      return f.kind === 'bank' ? message(intl, 'bank', { institution: f.institutionName }) : '';
    case 'draftReturned': {
      if (f.kind !== 'draftReturned') return '';
      const why = returnCodeReason(f.returnCode);
      const values = {
        reason: intl.formatMessage(why.message, why.values),
        ...(f.amount === null ? {} : { amount: statementDollars(f.amount) }),
        ...(f.date === null ? {} : { date: alertDay(f.date, intl) }),
      };
      const key =
        f.amount === null
          ? f.date === null
            ? 'draftReturnedBare'
            : 'draftReturnedNoAmount'
          : f.date === null
            ? 'draftReturnedNoDate'
            : 'draftReturned';
      return message(intl, key, values);
    }
    case 'creditorPaymentNotPosted': {
      if (f.kind !== 'paymentNotPosted') return '';
      const values = {
        creditor: f.creditor,
        sentOn: alertDay(f.sentOn, intl),
        deadline: alertDay(f.deadline, intl),
        proof: f.reference === null ? 'none' : f.method === 'check' ? 'check' : 'trace',
        reference: f.reference ?? '',
      };
      return f.amount === null
        ? message(intl, 'notPostedNoAmount', values)
        : message(intl, 'notPosted', { ...values, amount: statementDollars(f.amount) });
    }
    case 'creditorPaidOff':
      return f.kind === 'paidOff'
        ? message(intl, 'paidOff', { creditor: f.creditor, date: alertDay(f.asOf, intl) })
        : '';
  }
}
