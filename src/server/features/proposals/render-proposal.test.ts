import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { proposalBudget, type ProposalView } from '#domain/enrollment/proposal';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { PROPOSAL_TITLE, renderProposalPdf } from './render-proposal';

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
      { category: 'transportation', value: 35_050 },
      { category: 'food', value: 61_200 },
      { category: 'food', value: 4_321 },
    ],
    otherDebtPayments: 27_500,
    planPayment: 13_997,
  }),
};

/** The page's text with runs of spaces made one, so a label and its value read 'Balance $5,123.45'. */
const textOf = async (v: ProposalView) =>
  pdfLayoutText(await renderProposalPdf(v))
    .join('\n')
    .replace(/[ \t]+/g, ' ');

describe('renderProposalPdf', () => {
  it('answers one US Letter page that pdf-lib loads, titled', async () => {
    const doc = await PDFDocument.load(await renderProposalPdf(view));
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(PROPOSAL_TITLE);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('states every figure beside its name, as pdftotext reads it', async () => {
    const text = await textOf(view);
    for (const line of [
      PROPOSAL_TITLE,
      'November 27, 2026',
      'Harbor Light Credit Counseling',
      '(800) 555-0199',
      'CAPITAL ONE BANK USA NA',
      'Re: Jane Q. Doe, account ending in 7890',
      'Jane Q. Doe',
      '123 Main St',
      'Springfield, IL 62704',
      'Account ending in 7890',
      'Balance $5,123.45',
      'Proposed monthly payment $102.47',
      'Proposed APR 8.00%',
      'Term 58 months',
      'First payment date December 5, 2026',
      'Net monthly income $4,567.89',
      'Housing $1,400.00',
      'Transportation $350.50',
      'Food $655.21',
      'Total living expenses $2,405.71',
      'Payments on debts outside the plan $275.00',
      'Debt management plan payment $139.97',
      // 4,567.89 − 2,405.71 − 275.00 − 139.97
      'Left each month $1,747.21',
      'page 1 of 1',
    ]) {
      expect(text).toContain(line);
    }
  });

  it("states the fair share the creditor's programme returns to the agency, only where it has one", async () => {
    expect(await textOf(view)).not.toContain('Fair share');
    const text = await textOf({ ...view, fairShareBp: 850 });
    expect(text).toContain('Fair share contribution 8.50% of each payment');
    // The consumer's figures stay as they were.
    expect(text).toContain('Proposed monthly payment $102.47');
  });

  it('says so when the account number or the first payment date is not known', async () => {
    const text = await textOf({ ...view, accountLast4: null, firstPaymentDate: null });
    expect(text).toContain('Account not reported');
    expect(text).toContain('First payment date to be set');
    expect(text).not.toContain('7890');
  });

  it('draws names its font cannot encode without failing, and the same view gives the same bytes', async () => {
    const odd = { ...view, borrower: { ...view.borrower, fullName: 'Łukasz Żółć 李' } };
    const text = await textOf(odd);
    expect(text).toContain('?ukasz Zó?c ?');
    const [a, b] = await Promise.all([renderProposalPdf(view), renderProposalPdf(view)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
