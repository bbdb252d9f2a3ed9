import { describe, expect, it } from 'vitest';
import { proposalBudget, type ProposalView } from './proposal';
import {
  csvAmount,
  csvCell,
  csvPercent,
  PROPOSAL_BATCH_COLUMNS,
  proposalBatchCsv,
  proposalBatchFileName,
} from './proposal-batch';

const view: ProposalView = {
  date: '2026-11-27',
  agency: { name: 'Harbor Light Credit Counseling', phone: '(800) 555-0199', email: 'support@example.org' },
  creditorName: 'CAPITAL ONE BANK USA NA',
  borrower: { fullName: 'Jane Q. Doe', addressLines: ['123 Main St', 'Springfield, IL 62704'] },
  accountLast4: '7890',
  balance: 512_345,
  payment: 10_247,
  proposedAprBp: 800,
  termInMonths: 58,
  firstPaymentDate: '2026-12-05',
  fairShareBp: 0,
  budget: proposalBudget({
    monthlyIncome: 456_789,
    expenses: [
      { category: 'housing', value: 140_000 },
      { category: 'food', value: 61_200 },
    ],
    otherDebtPayments: 27_500,
    planPayment: 13_997,
  }),
};
const entry = { proposalId: 'p-1', offerId: 'o-1', creditorId: 'capital-one', view };

describe('csvCell (RFC 4180, with the formula guard)', () => {
  it.each([
    ['plain', 'Jane Doe', 'Jane Doe'],
    ['empty', '', ''],
    ['a comma is quoted', 'Doe, Jane', '"Doe, Jane"'],
    ['a quote is doubled inside quotes', 'Jane "JJ" Doe', '"Jane ""JJ"" Doe"'],
    ['a line feed is quoted', 'line 1\nline 2', '"line 1\nline 2"'],
    ['a CRLF is quoted', 'a\r\nb', '"a\r\nb"'],
    ['= starts a formula: apostrophe', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+ starts a formula', '+1+1', "'+1+1"],
    ['- starts a formula', '-2+3', "'-2+3"],
    ['@ starts a formula', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first', '\tx', "'\tx"],
    ['a formula sign later is left alone', 'Mary-Ann = Jo', 'Mary-Ann = Jo'],
  ])('%s', (_, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves our own numbers alone: a negative amount stays a number', () => {
    expect(csvCell('-12.50', 'number')).toBe('-12.50');
  });
});

describe('amounts and percentages', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_456, '1234.56'],
    [-1_250, '-12.50'],
  ])('%i cents → %s', (c, text) => expect(csvAmount(c)).toBe(text));
  it.each([
    [800, '8.00'],
    [990, '9.90'],
    [0, '0.00'],
  ])('%i bp → %s', (bp, text) => expect(csvPercent(bp)).toBe(text));
});

describe('proposalBatchCsv', () => {
  it('writes the header and one CRLF-ended line per proposal, each figure from the view', () => {
    const csv = proposalBatchCsv([entry], 'HLCC-0001');
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, line, rest] = csv.split('\r\n');
    expect(rest).toBe('');
    expect(header).toBe(PROPOSAL_BATCH_COLUMNS.map((c) => c.name).join(','));
    const cells = Object.fromEntries(PROPOSAL_BATCH_COLUMNS.map((c, i) => [c.name, line!.split(',')[i]]));
    // The address holds commas, so it is read separately below; the columns before it line up.
    expect(cells).toMatchObject({
      record_type: 'DMP_PROPOSAL',
      agency_id: 'HLCC-0001',
      agency_name: 'Harbor Light Credit Counseling',
      creditor_id: 'capital-one',
      creditor_name: 'CAPITAL ONE BANK USA NA',
      proposal_id: 'p-1',
      offer_reference: 'o-1',
      proposal_date: '2026-11-27',
      borrower_name: 'Jane Q. Doe',
    });
    expect(line).toContain('"123 Main St, Springfield, IL 62704"');
    // After the quoted address: last four, balance, payment, APR, term, first payment, fair share (none),
    // income, expenses (1400 + 612), other debts, plan payment, left (4567.89 − 2012 − 275 − 139.97).
    expect(line!.split('"').at(-1)).toBe(
      ',7890,5123.45,102.47,8.00,58,2026-12-05,,4567.89,2012.00,275.00,139.97,2140.92',
    );
  });

  it('shows a fair share where the programme has one, and guards what a borrower typed', () => {
    const csv = proposalBatchCsv(
      [
        {
          ...entry,
          view: { ...view, fairShareBp: 850, borrower: { fullName: '=cmd|calc', addressLines: [] } },
        },
      ],
      'HLCC-0001',
    );
    expect(csv).toContain(",'=cmd|calc,");
    expect(csv).toContain(',2026-12-05,8.50,');
  });

  it('is the header alone on a day without proposals', () => {
    expect(proposalBatchCsv([], 'HLCC-0001').split('\r\n')).toHaveLength(2);
  });

  it('names the file by the agency day', () => {
    expect(proposalBatchFileName('2026-11-27')).toBe('dmp-proposals-2026-11-27.csv');
  });
});
