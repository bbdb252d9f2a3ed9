import { MONTH_NAMES } from '../calendar';

// What raised an alert, told in words for the counsellor: the transaction with its date and amount, the score
// or income before and after, the inquiry's lender, the balance read, the bank whose connection stopped. The
// server reads the records an alert names and hands their facts here.

/** The facts of the record that triggered an alert (and, for a fall, what it fell from). */
export type TriggerFacts =
  | { type: 'plaidTransaction'; name: string | null; date: string; amount: number }
  | { type: 'debtScore'; value: number; previous: number | null }
  | { type: 'incomeSnapshot'; monthlyIncome: number; previous: number | null }
  | { type: 'inquiry'; subscriberName: string | null; date: string }
  | {
      type: 'plaidBalance';
      available: number | null;
      current: number | null;
      at: Date;
      accountName: string | null;
    }
  | { type: 'plaidItem'; institutionName: string }
  | {
      type: 'agencyEvent';
      /** The agency's event (its type and figures); ids and amounts, nothing personal. */
      event: { id: string; type: string; data: Record<string, unknown> };
    };

const exactDollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents to the cent, as a bank statement shows them: '$35.00', '$1,234.56'; negatives '-$5.00'. */
export function formatExactDollars(cents: number): string {
  const text = `$${exactDollars.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${text}` : text;
}

/** A calendar date (YYYY-MM-DD) as '12 Nov 2026'. */
export function formatShortDate(isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1]!.slice(0, 3)} ${y}`;
}

/** One sentence naming what triggered the alert, e.g. 'Transaction OVERDRAFT FEE on 12 Nov 2026, $35.00'. */
export function describeTrigger(f: TriggerFacts): string {
  switch (f.type) {
    case 'plaidTransaction':
      return `Transaction ${f.name?.trim() || '(no name)'} on ${formatShortDate(f.date)}, ${formatExactDollars(f.amount)}`;
    case 'debtScore':
      return f.previous === null ? `Debt score ${f.value}` : `Debt score ${f.previous} → ${f.value}`;
    case 'incomeSnapshot':
      return f.previous === null
        ? `Monthly income ${formatExactDollars(f.monthlyIncome)}`
        : `Monthly income ${formatExactDollars(f.previous)} → ${formatExactDollars(f.monthlyIncome)}`;
    case 'inquiry':
      return `Inquiry by ${f.subscriberName?.trim() || 'an unnamed lender'} on ${formatShortDate(f.date)}`;
    case 'plaidBalance': {
      const spendable = f.available ?? f.current;
      const kind = f.available === null ? 'Current' : 'Available';
      const account = f.accountName ? ` in ${f.accountName}` : '';
      return spendable === null
        ? `No balance reported${account} on ${formatShortDate(f.at.toISOString())}`
        : `${kind} balance ${formatExactDollars(spendable)}${account} on ${formatShortDate(f.at.toISOString())}`;
    }
    case 'plaidItem':
      return `The connection to ${f.institutionName} stopped`;
    case 'agencyEvent': {
      const d = f.event.data;
      const amount = typeof d.amount === 'number' ? `, ${formatExactDollars(d.amount)}` : '';
      switch (f.event.type) {
        case 'draft.returned':
          return `Draft ${String(d.draftId)} returned (${String(d.returnCode)}) on ${formatShortDate(String(d.returnedOn))}${amount}`;
        case 'disbursement.sent':
          return `Payment ${String(d.disbursementId)} sent on ${formatShortDate(String(d.sentOn))}${amount}`;
        case 'creditor.balance_reported':
          return `Balance ${formatExactDollars(Number(d.balance))} reported on ${formatShortDate(String(d.asOf))}`;
        default:
          return `Agency event ${f.event.type}`;
      }
    }
  }
}
