import { SITE } from '#domain/site';
import type { EmailMessage } from '#server/email/templates';

/**
 * The email that carries a proposal to a creditor who takes them by email. Creditors are US companies and
 * their proposal desks read English, so it has no other language. It names the account by its last four
 * digits only: the borrower's name, address and budget are in the attached PDF, not in the email's text.
 */
export function proposalEmail(o: {
  to: string;
  creditorName: string;
  accountLast4: string | null;
  pdf: Uint8Array;
  offerId: string;
}): EmailMessage {
  const account = o.accountLast4 ? `the account ending ${o.accountLast4}` : 'an account of yours';
  const subject = `Debt management plan proposal from ${SITE.agencyName}${o.accountLast4 ? ` (account ending ${o.accountLast4})` : ''}`;
  const paragraphs = [
    `${o.creditorName}: attached is a proposal from ${SITE.agencyName}, a nonprofit credit counseling agency, for a debt management plan on ${account}, with the borrower's budget.`,
    `Please send your answer (accepted, a counter-offer, or declined with the reason) to ${SITE.email} or call ${SITE.phone.display}, quoting the reference ${o.offerId}.`,
  ];
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return {
    to: o.to,
    kind: 'creditor-proposal',
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n'),
    links: [],
    attachments: [
      {
        filename: `proposal-${o.accountLast4 ?? 'account'}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(o.pdf).toString('base64'),
      },
    ],
  };
}
