import { type Cents, sumCents } from '../money/cents';
import { isRealDate } from '../validation/format';
import { MONTH_NAMES } from '#domain/calendar';
import { PLAN_DISCLOSURES, REVOKE_NOTICE_BUSINESS_DAYS } from './plan-disclosures';
import type { PlanTerms } from './plan-terms';
import { CHANGED_DRAFT_NOTICE_DAYS } from '../underwriting/constants';

// The Letter of Authorization the borrower (and the spouse) sign to enroll: it lets the nonprofit agency
// contact each listed creditor and set up the debt management plan. This module only decides what the letter
// says; the server draws it as a PDF and the e-signature provider collects the signatures. Money is integer
// cents in, US dollars out.

export type LetterSignerRole = 'borrower' | 'spouse';

export type LetterCreditor = {
  creditorName: string;
  /** As on file; only the last digits ever reach the letter. */
  accountNumber: string | null;
  balance: Cents;
  newMonthlyPayment: Cents;
};

export type LetterOfAuthorizationInput = {
  /** The letter's date, yyyy-MM-dd. */
  date: string;
  agency: { name: string; phone: string };
  borrower: { fullName: string; addressLines: string[] };
  spouse: { fullName: string } | null;
  creditors: LetterCreditor[];
  /** The plan's terms (plan-terms.ts), dated: the letter authorizes exactly these drafts. */
  plan: Pick<
    PlanTerms,
    | 'monthlyDraft'
    | 'creditorsMonthlyPayment'
    | 'monthlyFee'
    | 'setupFee'
    | 'termInMonths'
    | 'draftDay'
    | 'lastDraftAmount'
  > & { firstDraftDate: string; lastDraftDate: string };
  paymentAccount: { institutionName: string | null; accountNumber: string };
};

export type CreditorRow = {
  creditorName: string;
  /** Masked: 'XXXX1234', or NO_ACCOUNT_NUMBER. */
  accountNumber: string;
  balance: string;
  newMonthlyPayment: string;
};

export type SignatureBlock = {
  role: LetterSignerRole;
  /** 'Borrower' or 'Spouse', printed under the line. */
  label: string;
  name: string;
};

export type LetterOfAuthorizationContent = {
  title: string;
  /** The date as written on the letter: 'March 15, 2026'. */
  date: string;
  /** The signers' names and the borrower's address, as the letter's sender block. */
  from: string[];
  /** The agency's name and phone number. */
  to: string[];
  /** Before the creditors table. */
  paragraphs: string[];
  creditors: {
    columns: CreditorRow;
    rows: CreditorRow[];
    total: CreditorRow;
  };
  /** After the creditors table: the plan, the payment account, the terms. */
  closingParagraphs: string[];
  /** The borrower's, then the spouse's when there is one. */
  signatureBlocks: SignatureBlock[];
  /** The table's totals in cents, for whoever needs the numbers rather than the text. */
  totals: { balance: Cents; newMonthlyPayment: Cents };
};

export const LETTER_OF_AUTHORIZATION_TITLE = 'Letter of Authorization';
/** What the account column says for a creditor whose account number is not on file. */
export const NO_ACCOUNT_NUMBER = 'Not on file';

const MASK = 'XXXX';
const SHOWN_DIGITS = 4;

/**
 * An account number as the letter shows it: a fixed 'XXXX' and the last 4 characters ('XXXX1234'). Spaces
 * and dashes are ignored. A short number shows at most half its characters, so a 4-digit number is never
 * printed whole; the fixed-length mask does not reveal how long the number is. Null when there is no number.
 */
export function maskAccountNumber(accountNumber: string | null | undefined): string | null {
  const compact = (accountNumber ?? '').replace(/[\s-]/g, '');
  if (compact === '') return null;
  const shown = Math.min(SHOWN_DIGITS, Math.floor(compact.length / 2));
  return `${MASK}${shown > 0 ? compact.slice(-shown) : ''}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as US dollars to the cent: 123456 → '$1,234.56', -500 → '-$5.00'. */
export function formatUsd(c: Cents): string {
  if (!Number.isSafeInteger(c)) throw new Error(`formatUsd: ${c} is not a whole number of cents`);
  return usd.format(c / 100);
}

/** 'yyyy-MM-dd' → 'March 15, 2026'. Throws on anything that is not a real date. */
export function formatLetterDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!isRealDate(year, month, day))
    throw new Error(`formatLetterDate: ${JSON.stringify(isoDate)} is not yyyy-MM-dd`);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

const tidy = (s: string): string => s.trim().replace(/\s+/g, ' ');

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/**
 * Why a letter cannot be signed and what replaces it: its first draft date came too close while it waited, so a
 * new letter with `firstDraftDate` (the same day of the month) was emailed.
 */
export const letterRenewedMessage = (firstDraftDate: string): string =>
  `The first draft date on this letter is now too close for us to set up the draft in time, so it can no longer be signed. We have emailed you a new letter, with the first draft on ${formatLetterDate(firstDraftDate)}. Please sign that one.`;

/** What happens to a draft due on a day banks do not settle debits (stated wherever the draft day is). */
export const DRAFT_ON_NON_BUSINESS_DAY =
  'A draft due on a weekend or a bank holiday is drawn on the next business day.';

/** The Letter of Authorization's content for these people, creditors and plan. */
export function letterOfAuthorizationContent(
  input: LetterOfAuthorizationInput,
): LetterOfAuthorizationContent {
  const agency = tidy(input.agency.name);
  const borrower = tidy(input.borrower.fullName);
  const spouse = input.spouse ? tidy(input.spouse.fullName) : null;
  if (borrower === '') throw new Error('letterOfAuthorizationContent: the borrower has no name');
  if (spouse === '') throw new Error('letterOfAuthorizationContent: the spouse has no name');
  if (input.creditors.length === 0) throw new Error('letterOfAuthorizationContent: no creditor to list');
  const { termInMonths } = input.plan;
  if (!Number.isSafeInteger(termInMonths) || termInMonths < 1) {
    throw new Error(`letterOfAuthorizationContent: a term of ${termInMonths} months`);
  }

  // One voice for the whole letter: a couple signs as "we".
  const joint = spouse !== null;
  const we = joint ? 'we' : 'I';
  const our = joint ? 'our' : 'my';
  const We = joint ? 'We' : 'I';
  const names = joint ? `${borrower} and ${spouse}` : borrower;

  const rows = input.creditors.map((c): CreditorRow => ({
    creditorName: tidy(c.creditorName),
    accountNumber: maskAccountNumber(c.accountNumber) ?? NO_ACCOUNT_NUMBER,
    balance: formatUsd(c.balance),
    newMonthlyPayment: formatUsd(c.newMonthlyPayment),
  }));
  const totals = {
    balance: sumCents(input.creditors.map((c) => c.balance)),
    newMonthlyPayment: sumCents(input.creditors.map((c) => c.newMonthlyPayment)),
  };

  const maskedPaymentAccount = maskAccountNumber(input.paymentAccount.accountNumber);
  if (maskedPaymentAccount === null)
    throw new Error('letterOfAuthorizationContent: no payment account number');
  const institution = input.paymentAccount.institutionName ? tidy(input.paymentAccount.institutionName) : '';
  const paymentAccount = `${our} checking account ${maskedPaymentAccount}${institution ? ` at ${institution}` : ''}`;
  const plan = input.plan;
  const draft = formatUsd(plan.monthlyDraft);
  const first = formatLetterDate(plan.firstDraftDate);
  const lastIsSmaller = plan.lastDraftAmount < plan.monthlyDraft;
  const phone = tidy(input.agency.phone);
  const signatureBlocks: SignatureBlock[] = [
    {
      role: 'borrower',
      label: 'Borrower',
      name: borrower,
    },
  ];
  if (spouse !== null) {
    signatureBlocks.push({
      role: 'spouse',
      label: 'Spouse',
      name: spouse,
    });
  }

  return {
    title: LETTER_OF_AUTHORIZATION_TITLE,
    date: formatLetterDate(input.date),
    from: [borrower, ...(spouse ? [spouse] : []), ...input.borrower.addressLines.map(tidy).filter(Boolean)],
    to: [agency, tidy(input.agency.phone)],
    paragraphs: [
      `${We}, ${names}, authorize ${agency}, a nonprofit credit counseling agency, to contact each creditor listed below on ${our} behalf, to ask for lower interest rates, waived fees and lower monthly payments, and to set up a debt management plan for these accounts.`,
      `${We} authorize each creditor listed below to discuss ${our} account with ${agency} and to share with it the account's balance, payment history and terms.`,
    ],
    creditors: {
      columns: {
        creditorName: 'Creditor',
        accountNumber: 'Account',
        balance: 'Balance',
        newMonthlyPayment: 'New monthly payment',
      },
      rows,
      total: {
        creditorName: `Total (${plural(rows.length, 'account', 'accounts')})`,
        accountNumber: '',
        balance: formatUsd(totals.balance),
        newMonthlyPayment: formatUsd(totals.newMonthlyPayment),
      },
    },
    closingParagraphs: [
      `${We} authorize ${agency} to draw ${draft} from ${paymentAccount} by electronic debit on the ${ordinal(plan.draftDay)} of each month, ${plural(termInMonths, 'draft', 'drafts')} in all, the first on ${first} and the last on ${formatLetterDate(plan.lastDraftDate)}${lastIsSmaller ? `, when only ${formatUsd(plan.lastDraftAmount)} is left to draw` : ''}. Of each draft, ${formatUsd(plan.creditorsMonthlyPayment)} goes to the creditors listed above and ${formatUsd(plan.monthlyFee)} is ${agency}'s monthly fee. ${DRAFT_ON_NON_BUSINESS_DAY}`,
      ...(plan.setupFee > 0
        ? [
            `${We} also authorize a one-time set-up fee of ${formatUsd(plan.setupFee)}, drawn with the first draft on ${first}, so the first draft is ${formatUsd(plan.monthlyDraft + plan.setupFee)}.`,
          ]
        : []),
      `When an account is paid off, its payment goes to the other creditors on the plan, so the plan may end sooner; the amount drawn stays the same. ${agency} will not draw more than ${draft} a month unless ${we} confirm new terms, and will tell ${joint ? 'us' : 'me'} of any change in the amount at least ${CHANGED_DRAFT_NOTICE_DAYS} days before the draft it affects.`,
      `${We} may revoke this authorization in writing or by calling ${agency} at ${phone}. To stop a draft, the notice must reach ${agency} at least ${REVOKE_NOTICE_BUSINESS_DAYS} business days before it. Revoking does not undo payments already made.`,
      `${We} understand that each creditor decides whether to accept the plan and its terms, and that ${we} keep paying a creditor directly until it accepts.`,
      `${We} have been told, before signing, that:`,
      ...PLAN_DISCLOSURES.map((d) => `\u2022 ${d.text}`),
      `By signing electronically, ${we} agree that ${our} electronic ${joint ? 'signatures have' : 'signature has'} the same effect as ${joint ? 'handwritten signatures' : 'a handwritten signature'}, that ${we} will receive a copy of this signed letter by email, and that ${agency} may send each creditor a copy of it.`,
    ],
    signatureBlocks,
    totals,
  };
}
