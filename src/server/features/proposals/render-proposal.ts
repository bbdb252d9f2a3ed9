import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { formatAprBp, type ProposalView } from '#domain/enrollment/proposal';
import { createLayout } from '#server/pdf/layout';

// Draws a proposal to one creditor as a PDF through the one PDF layout the letter uses too
// (src/server/pdf/layout.ts): label and amount on one line so that a reader, or a creditor's intake system,
// finds each figure beside its name. English only: creditors are US companies.

export const PROPOSAL_TITLE = 'Debt Management Plan Proposal';

/** The proposal as PDF bytes. Pure: the same view gives the same text. */
export async function renderProposalPdf(view: ProposalView): Promise<Uint8Array> {
  // A fixed date keeps the file the same for the same proposal (a retried job stores identical bytes).
  const w = await createLayout({
    title: PROPOSAL_TITLE,
    subject: `${PROPOSAL_TITLE} to ${view.creditorName}, ${formatLetterDate(view.date)}`,
    author: view.agency.name,
    language: 'en-US',
    date: new Date(`${view.date}T12:00:00Z`),
  });
  w.title(PROPOSAL_TITLE, 16);
  w.text(formatLetterDate(view.date));
  w.gap();

  w.columns(
    { heading: 'From', lines: [view.agency.name, view.agency.phone, view.agency.email] },
    { heading: 'To', lines: [view.creditorName, 'Proposals department'] },
  );
  w.gap();

  const account = view.accountLast4
    ? `account ending in ${view.accountLast4}`
    : 'account number not reported';
  w.text(`Re: ${view.borrower.fullName}, ${account}`, { font: 'bold' });
  w.gap();
  w.paragraph(
    `${view.agency.name} is counseling the consumer named below, who has enrolled in a debt management plan. ` +
      'On their behalf we propose the terms below for this account and ask you to accept them. The consumer’s ' +
      'monthly budget, which the plan is built on, follows.',
  );

  w.heading('Consumer');
  w.text(view.borrower.fullName);
  for (const line of view.borrower.addressLines) w.text(line);
  w.gap();

  w.heading('Proposed terms');
  w.row('Account', view.accountLast4 ? `ending in ${view.accountLast4}` : 'not reported');
  w.row('Balance', formatUsd(view.balance));
  w.row('Proposed monthly payment', formatUsd(view.payment));
  w.row('Proposed APR', formatAprBp(view.proposedAprBp));
  w.row('Term', `${view.termInMonths} ${view.termInMonths === 1 ? 'month' : 'months'}`);
  w.row('First payment date', view.firstPaymentDate ? formatLetterDate(view.firstPaymentDate) : 'to be set');
  // What the creditor's programme returns to the agency; it changes nothing the consumer pays.
  if (view.fairShareBp > 0)
    w.row('Fair share contribution', `${formatAprBp(view.fairShareBp)} of each payment`);
  w.gap();

  const b = view.budget;
  w.heading('Monthly budget');
  w.row('Net monthly income', formatUsd(b.monthlyIncome));
  for (const g of b.groups) w.row(g.label, formatUsd(g.total), { indent: 12 });
  w.row('Total living expenses', formatUsd(b.expensesTotal), { rule: true });
  w.row('Payments on debts outside the plan', formatUsd(b.otherDebtPayments));
  w.row('Debt management plan payment', formatUsd(b.planPayment));
  w.row('Left each month', formatUsd(b.leftEachMonth), { rule: true, font: 'bold' });
  w.gap();
  w.paragraph(
    'The plan payment is paid to the agency each month and includes the agency’s monthly fee; the agency pays ' +
      'each creditor its proposed payment. Please send your answer (accepted, a counter-offer, or declined with ' +
      `the reason) to ${view.agency.name} at ${view.agency.email} or ${view.agency.phone}.`,
  );

  return w.save((page, pages) => `${PROPOSAL_TITLE}, page ${page} of ${pages}`);
}
