import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  letterOfAuthorizationContent,
  type LetterOfAuthorizationContent,
} from '#domain/enrollment/letter-of-authorization';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { SITE } from '#domain/site';
import type { Tx } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import type { FieldCipher } from '#server/security/field-encryption';

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

export type LetterSigner = { role: 'borrower' | 'spouse'; name: string; email: string };

/**
 * What the Letter of Authorization says for an application, read from its borrower, spouse, newest qualified
 * decision (offers not declined) and payment account; and who signs it. A spouse without an email of their own
 * receives their signing link at the borrower's address.
 */
export async function buildLetter(
  tx: Tx,
  cipher: FieldCipher,
  applicationId: string,
  today: string,
): Promise<{ content: LetterOfAuthorizationContent; signers: LetterSigner[] }> {
  const app = await tx.query.application.findFirst({
    where: eq(application.id, applicationId),
    with: {
      borrower: true,
      spouse: true,
      paymentAccount: { with: { plaidAccount: { with: { plaidItem: true } } } },
    },
  });
  const newest = await tx.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { with: { debt: true, collection: true } } },
  });
  if (!app?.borrower?.email || !app.paymentAccount || !newest?.isQualified)
    throw new AppError('PreconditionFailed');
  const b = app.borrower;
  const offers = newest.offers.filter((x) => x.status !== 'declined').sort((x, y) => y.balance - x.balance);
  const account = app.paymentAccount;
  const content = letterOfAuthorizationContent({
    date: today,
    agency: { name: SITE.agencyName, phone: SITE.phone.display },
    borrower: {
      fullName: fullName(b),
      addressLines: [
        b.addressLine1,
        b.addressLine2,
        [b.city, [b.state, b.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ].filter((line): line is string => Boolean(line)),
    },
    spouse: app.spouse ? { fullName: fullName(app.spouse) } : null,
    creditors: offers.map((x) => {
      const stored = x.debt?.accountNumber ?? x.collection?.accountNumber;
      return {
        creditorName:
          x.debt?.lenderFriendlyName ??
          x.collection?.subscriberFriendlyName ??
          lenderFriendlyName(x.debt?.lenderName ?? x.collection?.subscriberName ?? ''),
        accountNumber: stored ? cipher.decrypt(stored) : null,
        balance: x.balance,
        newMonthlyPayment: x.payment,
      };
    }),
    plan: {
      monthlyPayment: offers.reduce((sum, x) => sum + x.payment, 0),
      termInMonths: Math.max(0, ...offers.map((x) => x.term)),
    },
    paymentAccount: account.plaidAccount
      ? {
          institutionName: account.plaidAccount.plaidItem.institutionName,
          accountNumber: account.plaidAccount.mask ?? '',
        }
      : {
          institutionName: null,
          accountNumber: account.accountNumber ? cipher.decrypt(account.accountNumber) : '',
        },
  });
  const signers: LetterSigner[] = [{ role: 'borrower', name: fullName(b), email: b.email! }];
  if (app.spouse) {
    signers.push({ role: 'spouse', name: fullName(app.spouse), email: app.spouse.email ?? b.email! });
  }
  return { content, signers };
}
