import { CENTS_PER_DOLLAR, type Cents } from '../money/cents';
import type { ProposalView } from './proposal';

// The day's batch file of electronic proposals: a CSV of our own layout (docs/proposal-batch-layout.md), one row
// per proposal, each figure taken from the same ProposalView the proposal's PDF is drawn from, so the file and
// the PDF cannot disagree.

/** One proposal of the batch: its view (what the PDF states) and what only the file names. */
export interface ProposalBatchEntry {
  proposalId: string;
  offerId: string;
  /** The agency's creditor id ('chase'); empty for the default programme (such proposals are mailed). */
  creditorId: string;
  view: ProposalView;
}

/** Dollars and cents with a point and no separators, as a creditor's intake reads them: 123456 → '1234.56'. */
export const csvAmount = (c: Cents): string => {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(Math.round(c));
  return `${sign}${Math.floor(abs / CENTS_PER_DOLLAR)}.${String(abs % CENTS_PER_DOLLAR).padStart(2, '0')}`;
};

/** Basis points as a percentage with two decimals and no sign: 990 → '9.90'. */
export const csvPercent = (bp: number): string => (bp / 100).toFixed(2);

type Column = {
  name: string;
  /** Text may hold anything a person typed (a name); numbers and dates are ours and never need the guard. */
  kind: 'text' | 'number' | 'date';
  of: (e: ProposalBatchEntry, agencyId: string) => string;
};

/** The columns, in the file's order; docs/proposal-batch-layout.md describes each. */
export const PROPOSAL_BATCH_COLUMNS: readonly Column[] = [
  { name: 'record_type', kind: 'text', of: () => 'DMP_PROPOSAL' },
  { name: 'agency_id', kind: 'text', of: (_, agencyId) => agencyId },
  { name: 'agency_name', kind: 'text', of: (e) => e.view.agency.name },
  { name: 'creditor_id', kind: 'text', of: (e) => e.creditorId },
  { name: 'creditor_name', kind: 'text', of: (e) => e.view.creditorName },
  { name: 'proposal_id', kind: 'text', of: (e) => e.proposalId },
  { name: 'offer_reference', kind: 'text', of: (e) => e.offerId },
  { name: 'proposal_date', kind: 'date', of: (e) => e.view.date },
  { name: 'borrower_name', kind: 'text', of: (e) => e.view.borrower.fullName },
  { name: 'borrower_address', kind: 'text', of: (e) => e.view.borrower.addressLines.join(', ') },
  { name: 'account_last4', kind: 'text', of: (e) => e.view.accountLast4 ?? '' },
  { name: 'balance', kind: 'number', of: (e) => csvAmount(e.view.balance) },
  { name: 'proposed_payment', kind: 'number', of: (e) => csvAmount(e.view.payment) },
  { name: 'proposed_apr_pct', kind: 'number', of: (e) => csvPercent(e.view.proposedAprBp) },
  { name: 'term_months', kind: 'number', of: (e) => String(e.view.termInMonths) },
  { name: 'first_payment_date', kind: 'date', of: (e) => e.view.firstPaymentDate ?? '' },
  {
    name: 'fair_share_pct',
    kind: 'number',
    of: (e) => (e.view.fairShareBp ? csvPercent(e.view.fairShareBp) : ''),
  },
  { name: 'monthly_income', kind: 'number', of: (e) => csvAmount(e.view.budget.monthlyIncome) },
  { name: 'monthly_expenses', kind: 'number', of: (e) => csvAmount(e.view.budget.expensesTotal) },
  { name: 'other_debt_payments', kind: 'number', of: (e) => csvAmount(e.view.budget.otherDebtPayments) },
  { name: 'plan_payment', kind: 'number', of: (e) => csvAmount(e.view.budget.planPayment) },
  { name: 'left_each_month', kind: 'number', of: (e) => csvAmount(e.view.budget.leftEachMonth) },
];

/** Characters a spreadsheet reads as the start of a formula (and the tab and return some also accept). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as RFC 4180 writes it. Text a spreadsheet would run as a formula (=, +, -, @, tab or return first)
 * gets a leading apostrophe, so opening the file never runs what a borrower typed as their name. A cell with a
 * comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string, kind: Column['kind'] = 'text'): string {
  const guarded = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** RFC 4180 line ends. */
const CRLF = '\r\n';

/** The whole file: the header, then one line per proposal, each line ended by CRLF. */
export function proposalBatchCsv(entries: readonly ProposalBatchEntry[], agencyId: string): string {
  const header = PROPOSAL_BATCH_COLUMNS.map((c) => c.name).join(',');
  const lines = entries.map((e) =>
    PROPOSAL_BATCH_COLUMNS.map((c) => csvCell(c.of(e, agencyId), c.kind)).join(','),
  );
  return [header, ...lines].map((line) => line + CRLF).join('');
}

/** The file's name when downloaded: 'dmp-proposals-2026-11-27.csv'. */
export const proposalBatchFileName = (agencyDay: string): string => `dmp-proposals-${agencyDay}.csv`;
