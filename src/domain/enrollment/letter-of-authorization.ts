import { createIntl, defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { type Cents, sumCents } from '../money/cents';
import { isRealDate } from '../validation/format';
import { MONTH_NAMES, parseDay } from '#domain/calendar';
import type { Language } from '#domain/i18n/language';
import { PLAN_DISCLOSURE_MESSAGES, PLAN_DISCLOSURES, REVOKE_NOTICE_BUSINESS_DAYS } from './plan-disclosures';
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
  /**
   * The account drafted: a number typed by hand (shown masked, 'XXXX1234'), or a connected bank's `mask`, the
   * few last characters the bank gives instead of the number ('ending in 1485': it is not a number to mask).
   */
  paymentAccount: { institutionName: string | null } & ({ accountNumber: string } | { mask: string });
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
  /** The language the letter is written in (the signer's), and the version of its text in that language. */
  language: Language;
  textVersion: string;
  title: string;
  /** The date as written on the letter: 'March 15, 2026'. */
  date: string;
  /** The signers' names and the borrower's address, as the letter's sender block, under `fromHeading`. */
  fromHeading: string;
  from: string[];
  /** The agency's name and phone number, under `toHeading`. */
  toHeading: string;
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

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** What happens to a draft due on a day banks do not settle debits (stated wherever the draft day is). */
export const DRAFT_ON_NON_BUSINESS_DAY =
  'A draft due on a weekend or a bank holiday is drawn on the next business day.';

/**
 * The version of the letter's text in each language, recorded with the signed letter (decision 0100): which
 * words were signed. Change a sentence of LETTER_MESSAGES (or the plan's disclosures it repeats), in English
 * or in Spanish → change that language's version.
 */
// The Spanish text changed on 2026-11-27: its sender and recipient headings had been left in English. Both
// changed on 2026-11-29: a connected bank's account reads 'ending in 1485', no longer masked as a number. The
// Spanish again that day: the agency's fees are named as everywhere else ('tarifa mensual', 'tarifa de
// inscripción'), no longer 'comisión'.
export const LETTER_TEXT_VERSIONS: Record<Language, string> = { en: '2026-11-29', es: '2026-11-29.2.es' };

/**
 * The letter's sentences. A single signer writes as "I", a couple as "we" (`signers`: 'joint' or 'single'),
 * each sentence whole in both forms so that a translation can conjugate its verbs.
 */
export const LETTER_MESSAGES = defineMessages({
  title: { id: 'letter.title', defaultMessage: 'Letter of Authorization' },
  fromHeading: { id: 'letter.fromHeading', defaultMessage: 'From' },
  toHeading: { id: 'letter.toHeading', defaultMessage: 'To' },
  authorizeAgency: {
    id: 'letter.authorizeAgency',
    defaultMessage:
      '{signers, select, joint {We, {borrower} and {spouse}, authorize {agency}, a nonprofit credit counseling agency, to contact each creditor listed below on our behalf, to ask for lower interest rates, waived fees and lower monthly payments, and to set up a debt management plan for these accounts.} other {I, {borrower}, authorize {agency}, a nonprofit credit counseling agency, to contact each creditor listed below on my behalf, to ask for lower interest rates, waived fees and lower monthly payments, and to set up a debt management plan for these accounts.}}',
  },
  authorizeCreditors: {
    id: 'letter.authorizeCreditors',
    defaultMessage:
      "{signers, select, joint {We authorize each creditor listed below to discuss our account with {agency} and to share with it the account's balance, payment history and terms.} other {I authorize each creditor listed below to discuss my account with {agency} and to share with it the account's balance, payment history and terms.}}",
  },
  columnCreditor: { id: 'letter.column.creditor', defaultMessage: 'Creditor' },
  columnAccount: { id: 'letter.column.account', defaultMessage: 'Account' },
  columnBalance: { id: 'letter.column.balance', defaultMessage: 'Balance' },
  columnNewMonthlyPayment: { id: 'letter.column.newMonthlyPayment', defaultMessage: 'New monthly payment' },
  total: {
    id: 'letter.total',
    defaultMessage: 'Total ({count, plural, one {# account} other {# accounts}})',
  },
  noAccountNumber: { id: 'letter.noAccountNumber', defaultMessage: 'Not on file' },
  paymentAccount: {
    id: 'letter.paymentAccount',
    defaultMessage:
      '{signers, select, joint {our checking account {account}} other {my checking account {account}}}',
  },
  endingIn: { id: 'letter.endingIn', defaultMessage: 'ending in {mask}' },
  paymentAccountAt: {
    id: 'letter.paymentAccountAt',
    defaultMessage:
      '{signers, select, joint {our checking account {account} at {institution}} other {my checking account {account} at {institution}}}',
  },
  draws: {
    id: 'letter.draws',
    defaultMessage:
      "{signers, select, joint {We} other {I}} authorize {agency} to draw {draft} from {paymentAccount} by electronic debit on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month, {term, plural, one {# draft} other {# drafts}} in all, the first on {first} and the last on {last}{lastSmaller, select, yes {, when only {lastAmount} is left to draw} other {}}. Of each draft, {creditorsPayment} goes to the creditors listed above and {fee} is {agency}'s monthly fee. {nonBusinessDay}",
  },
  nonBusinessDay: {
    id: 'letter.nonBusinessDay',
    defaultMessage: 'A draft due on a weekend or a bank holiday is drawn on the next business day.',
  },
  setupFee: {
    id: 'letter.setupFee',
    defaultMessage:
      '{signers, select, joint {We} other {I}} also authorize a one-time set-up fee of {setupFee}, drawn with the first draft on {first}, so the first draft is {firstDraft}.',
  },
  payoff: {
    id: 'letter.payoff',
    defaultMessage:
      'When an account is paid off, its payment goes to the other creditors on the plan, so the plan may end sooner; the amount drawn stays the same. {agency} will not draw more than {draft} a month unless {signers, select, joint {we confirm new terms, and will tell us} other {I confirm new terms, and will tell me}} of any change in the amount at least {days} days before the draft it affects.',
  },
  revoke: {
    id: 'letter.revoke',
    defaultMessage:
      '{signers, select, joint {We} other {I}} may revoke this authorization in writing or by calling {agency} at {phone}. To stop a draft, the notice must reach {agency} at least {businessDays} business days before it. Revoking does not undo payments already made.',
  },
  understand: {
    id: 'letter.understand',
    defaultMessage:
      '{signers, select, joint {We understand that each creditor decides whether to accept the plan and its terms, and that we keep paying a creditor directly until it accepts.} other {I understand that each creditor decides whether to accept the plan and its terms, and that I keep paying a creditor directly until it accepts.}}',
  },
  toldBefore: {
    id: 'letter.toldBefore',
    defaultMessage: '{signers, select, joint {We have} other {I have}} been told, before signing, that:',
  },
  electronicSignature: {
    id: 'letter.electronicSignature',
    defaultMessage:
      'By signing electronically, {signers, select, joint {we agree that our electronic signatures have the same effect as handwritten signatures, that we will receive} other {I agree that my electronic signature has the same effect as a handwritten signature, that I will receive}} a copy of this signed letter by email, and that {agency} may send each creditor a copy of it.',
  },
  bilingualNote: {
    id: 'letter.bilingualNote',
    defaultMessage:
      'This letter is written in English and in Spanish, so that each of us reads it in our own language; the two versions say the same. Each of us signs once, below both versions. {englishGoverns, select, yes {If the two versions differ, the English version governs.} other {Both versions are equally binding.}}',
  },
  borrower: { id: 'letter.signature.borrower', defaultMessage: 'Borrower' },
  spouse: { id: 'letter.signature.spouse', defaultMessage: 'Spouse' },
  signatureDate: { id: 'letter.signature.date', defaultMessage: 'Date' },
  pageFooter: { id: 'letter.pageFooter', defaultMessage: '{title} - page {page} of {pages}' },
});

/** Writes the letter's messages in a language: the server's intlFor(language), or English by default. */
export type LetterIntl = {
  language: Language;
  formatMessage: (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;
};

let english: LetterIntl | undefined;
/** The English of the messages, written from their own text (made on first use: only the server writes letters). */
export function englishLetterIntl(): LetterIntl {
  if (!english) {
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
    english = { language: 'en', formatMessage: (d, v) => intl.formatMessage(d, v) };
  }
  return english;
}

const spanishDate = new Intl.DateTimeFormat('es-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'yyyy-MM-dd' as the letter writes it in a language: 'March 15, 2026', '15 de marzo de 2026'. */
export function formatLetterDateIn(isoDate: string, language: Language): string {
  const english = formatLetterDate(isoDate);
  if (language === 'en') return english;
  return spanishDate.format(parseDay(isoDate));
}

/**
 * The Letter of Authorization's content for these people, creditors and plan, in the language of `intl` (the
 * signer's; English by default).
 */
export function letterOfAuthorizationContent(
  input: LetterOfAuthorizationInput,
  intl: LetterIntl = englishLetterIntl(),
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
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const date = (iso: string) => formatLetterDateIn(iso, intl.language);

  // One voice for the whole letter: a couple signs as "we".
  const signers = spouse !== null ? 'joint' : 'single';
  const noAccountNumber = t(LETTER_MESSAGES.noAccountNumber);

  const rows = input.creditors.map((c): CreditorRow => ({
    creditorName: tidy(c.creditorName),
    accountNumber: maskAccountNumber(c.accountNumber) ?? noAccountNumber,
    balance: formatUsd(c.balance),
    newMonthlyPayment: formatUsd(c.newMonthlyPayment),
  }));
  const totals = {
    balance: sumCents(input.creditors.map((c) => c.balance)),
    newMonthlyPayment: sumCents(input.creditors.map((c) => c.newMonthlyPayment)),
  };

  const drafted = input.paymentAccount;
  const bankMask = 'mask' in drafted ? tidy(drafted.mask) : null;
  const maskedPaymentAccount =
    bankMask === null
      ? maskAccountNumber('accountNumber' in drafted ? drafted.accountNumber : null)
      : bankMask === ''
        ? null
        : t(LETTER_MESSAGES.endingIn, { mask: bankMask });
  if (maskedPaymentAccount === null)
    throw new Error('letterOfAuthorizationContent: no payment account number');
  const institution = input.paymentAccount.institutionName ? tidy(input.paymentAccount.institutionName) : '';
  const paymentAccount = institution
    ? t(LETTER_MESSAGES.paymentAccountAt, { signers, account: maskedPaymentAccount, institution })
    : t(LETTER_MESSAGES.paymentAccount, { signers, account: maskedPaymentAccount });
  const plan = input.plan;
  const draft = formatUsd(plan.monthlyDraft);
  const first = date(plan.firstDraftDate);
  const lastIsSmaller = plan.lastDraftAmount < plan.monthlyDraft;
  const phone = tidy(input.agency.phone);
  const signatureBlocks: SignatureBlock[] = [
    {
      role: 'borrower',
      label: t(LETTER_MESSAGES.borrower),
      name: borrower,
    },
  ];
  if (spouse !== null) {
    signatureBlocks.push({
      role: 'spouse',
      label: t(LETTER_MESSAGES.spouse),
      name: spouse,
    });
  }

  return {
    language: intl.language,
    textVersion: LETTER_TEXT_VERSIONS[intl.language],
    title: t(LETTER_MESSAGES.title),
    date: date(input.date),
    fromHeading: t(LETTER_MESSAGES.fromHeading),
    from: [borrower, ...(spouse ? [spouse] : []), ...input.borrower.addressLines.map(tidy).filter(Boolean)],
    toHeading: t(LETTER_MESSAGES.toHeading),
    to: [agency, tidy(input.agency.phone)],
    paragraphs: [
      t(LETTER_MESSAGES.authorizeAgency, { signers, borrower, spouse: spouse ?? '', agency }),
      t(LETTER_MESSAGES.authorizeCreditors, { signers, agency }),
    ],
    creditors: {
      columns: {
        creditorName: t(LETTER_MESSAGES.columnCreditor),
        accountNumber: t(LETTER_MESSAGES.columnAccount),
        balance: t(LETTER_MESSAGES.columnBalance),
        newMonthlyPayment: t(LETTER_MESSAGES.columnNewMonthlyPayment),
      },
      rows,
      total: {
        creditorName: t(LETTER_MESSAGES.total, { count: rows.length }),
        accountNumber: '',
        balance: formatUsd(totals.balance),
        newMonthlyPayment: formatUsd(totals.newMonthlyPayment),
      },
    },
    closingParagraphs: [
      t(LETTER_MESSAGES.draws, {
        signers,
        agency,
        draft,
        paymentAccount,
        day: plan.draftDay,
        term: termInMonths,
        first,
        last: date(plan.lastDraftDate),
        lastSmaller: lastIsSmaller ? 'yes' : 'no',
        lastAmount: formatUsd(plan.lastDraftAmount),
        creditorsPayment: formatUsd(plan.creditorsMonthlyPayment),
        fee: formatUsd(plan.monthlyFee),
        nonBusinessDay: t(LETTER_MESSAGES.nonBusinessDay),
      }),
      ...(plan.setupFee > 0
        ? [
            t(LETTER_MESSAGES.setupFee, {
              signers,
              setupFee: formatUsd(plan.setupFee),
              first,
              firstDraft: formatUsd(plan.monthlyDraft + plan.setupFee),
            }),
          ]
        : []),
      t(LETTER_MESSAGES.payoff, { signers, agency, draft, days: CHANGED_DRAFT_NOTICE_DAYS }),
      t(LETTER_MESSAGES.revoke, { signers, agency, phone, businessDays: REVOKE_NOTICE_BUSINESS_DAYS }),
      t(LETTER_MESSAGES.understand, { signers }),
      t(LETTER_MESSAGES.toldBefore, { signers }),
      ...PLAN_DISCLOSURES.map((d) => `\u2022 ${t(PLAN_DISCLOSURE_MESSAGES[d.key])}`),
      t(LETTER_MESSAGES.electronicSignature, { signers, agency }),
    ],
    signatureBlocks,
    totals,
  };
}
