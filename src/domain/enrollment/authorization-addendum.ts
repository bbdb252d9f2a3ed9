import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { Cents } from '../money/cents';
import { LOCALE, type Language } from '#domain/i18n/language';
import {
  type CreditorRow,
  englishLetterIntl,
  formatLetterDateIn,
  formatUsd,
  LETTER_MESSAGES,
  type LetterCreditor,
  type LetterIntl,
  type LetterOfAuthorizationContent,
  maskAccountNumber,
} from './letter-of-authorization';
import type { PlanChange } from './plan-change';
import type { PlanTerms } from './plan-terms';
import { REVOKE_NOTICE_BUSINESS_DAYS } from './plan-disclosures';

// When a creditor's answer raises the amount drawn each month above what the borrower's signed Letter of
// Authorization allows, the borrower confirms the new amount on My plan. Federal rules on preauthorized
// debits (Regulation E) want the borrower to get a copy of that new authorization: this module decides what
// the copy (an addendum to the letter) says. The server draws it as a PDF, stores it and emails it; the email,
// the PDF and My plan all take their figures from authorizationAddendumFigures, so they cannot disagree.

/** The figures the new authorization states, all from the plan's terms and the change being confirmed. */
export type AuthorizationAddendumFigures = {
  /** What the borrower had authorized until now (the letter, or their previous confirmation). */
  previousMonthlyDraft: Cents;
  /** What they now authorize to be drawn each month. */
  monthlyDraft: Cents;
  /** The first draft at the new amount ('yyyy-MM-dd'); null when the plan has no dates yet. */
  appliesFrom: string | null;
  termInMonths: number;
  /** The day of the month drafts are drawn on. */
  draftDay: number;
  lastDraftDate: string | null;
  creditorsMonthlyPayment: Cents;
  monthlyFee: Cents;
};

export function authorizationAddendumFigures(
  terms: Pick<
    PlanTerms,
    'monthlyDraft' | 'termInMonths' | 'draftDay' | 'lastDraftDate' | 'creditorsMonthlyPayment' | 'monthlyFee'
  >,
  change: Pick<PlanChange, 'authorizedMonthlyDraft' | 'appliesFrom'>,
): AuthorizationAddendumFigures {
  return {
    previousMonthlyDraft: change.authorizedMonthlyDraft,
    monthlyDraft: terms.monthlyDraft,
    appliesFrom: change.appliesFrom,
    termInMonths: terms.termInMonths,
    draftDay: terms.draftDay,
    lastDraftDate: terms.lastDraftDate,
    creditorsMonthlyPayment: terms.creditorsMonthlyPayment,
    monthlyFee: terms.monthlyFee,
  };
}

/**
 * The moment of a confirmation as the addendum and its email write it, on the agency's clock with its zone
 * named: 'March 15, 2027 at 3:04 PM EDT', '15 de marzo de 2027, 3:04 p.m. EDT'.
 */
export function formatConfirmedAt(at: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

export const ADDENDUM_MESSAGES = defineMessages({
  title: { id: 'addendum.title', defaultMessage: 'Addendum to the Letter of Authorization' },
  amends: {
    id: 'addendum.amends',
    defaultMessage:
      'This addendum amends the Letter of Authorization {hasSigned, select, yes {signed on {signedOn}} other {on file}}. It changes only the amount drawn each month; the rest of the letter stays as signed.',
  },
  raisedBy: {
    id: 'addendum.raisedBy',
    defaultMessage:
      'Why: {count, plural, one {{names}’s counter-offer raised} other {the counter-offers of {names} raised}} the amount the plan needs each month.',
  },
  amounts: {
    id: 'addendum.amounts',
    defaultMessage:
      'Monthly draft authorized until now: {was}. New monthly draft: {now}{hasFrom, select, yes {, from the draft on {from}; the drafts before it stay at {was}} other {}}.',
  },
  plan: {
    id: 'addendum.plan',
    defaultMessage:
      'The plan: {term, plural, one {# monthly draft} other {# monthly drafts}} in all, on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month{hasLast, select, yes {, the last on {last}} other {}}. Of each draft, {creditorsPayment} goes to the creditors listed below and {fee} is {agency}’s monthly fee.',
  },
  authorize: {
    id: 'addendum.authorize',
    defaultMessage:
      'I, {borrower}, authorize {agency} to draw {now} each month by electronic debit from the payment account named in the Letter of Authorization, on the terms above.',
  },
  confirmed: {
    id: 'addendum.confirmed',
    defaultMessage:
      'How this authorization was given: confirmed electronically by {borrower} in {agency}’s customer portal, on {confirmedAt}, by ticking the box that states the new amount and choosing “Confirm the new amount”.',
  },
});

export type AuthorizationAddendumInput = {
  borrowerName: string;
  agency: { name: string; phone: string };
  /** The day the letter was signed ('yyyy-MM-dd'), when known. */
  letterSignedOn: string | null;
  /** The day of the confirmation on the agency's calendar ('yyyy-MM-dd'): the addendum's date. */
  confirmedOn: string;
  /** The moment of the confirmation, written out (formatConfirmedAt). */
  confirmedAt: string;
  figures: AuthorizationAddendumFigures;
  /** The creditors whose counter-offers raised the amount (raisedByCounterOffers); may be empty. */
  raisedBy: readonly string[];
  /** The creditors on the plan with what it now pays each. */
  creditors: readonly LetterCreditor[];
};

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * The addendum's text, in the language of `intl` (the borrower's), as the letter's drawing takes it: a title,
 * the parties, the paragraphs, the creditors on the plan with their new payments, and the confirmation. It is
 * not signed again: the borrower's electronic confirmation in the portal is the authorization.
 */
export function authorizationAddendumContent(
  input: AuthorizationAddendumInput,
  intl: LetterIntl = englishLetterIntl(),
): LetterOfAuthorizationContent {
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const date = (iso: string) => formatLetterDateIn(iso, intl.language);
  const f = input.figures;
  const agency = input.agency.name.trim();
  const borrower = input.borrowerName.trim().replace(/\s+/g, ' ');
  const was = formatUsd(f.previousMonthlyDraft);
  const now = formatUsd(f.monthlyDraft);
  const rows = input.creditors.map((c): CreditorRow => ({
    creditorName: c.creditorName.trim(),
    accountNumber: maskAccountNumber(c.accountNumber) ?? t(LETTER_MESSAGES.noAccountNumber),
    balance: formatUsd(c.balance),
    newMonthlyPayment: formatUsd(c.newMonthlyPayment),
  }));
  const totals = {
    balance: sum(input.creditors.map((c) => c.balance)),
    newMonthlyPayment: sum(input.creditors.map((c) => c.newMonthlyPayment)),
  };
  const names = intl.language === 'en' ? englishList(input.raisedBy) : spanishList(input.raisedBy);
  return {
    language: intl.language,
    textVersion: ADDENDUM_TEXT_VERSIONS[intl.language],
    title: t(ADDENDUM_MESSAGES.title),
    date: date(input.confirmedOn),
    fromHeading: t(LETTER_MESSAGES.fromHeading),
    from: [borrower],
    toHeading: t(LETTER_MESSAGES.toHeading),
    to: [agency, input.agency.phone],
    paragraphs: [
      t(ADDENDUM_MESSAGES.amends, {
        hasSigned: input.letterSignedOn ? 'yes' : 'no',
        signedOn: input.letterSignedOn ? date(input.letterSignedOn) : '',
      }),
      ...(input.raisedBy.length > 0
        ? [t(ADDENDUM_MESSAGES.raisedBy, { count: input.raisedBy.length, names })]
        : []),
      t(ADDENDUM_MESSAGES.amounts, {
        was,
        now,
        hasFrom: f.appliesFrom ? 'yes' : 'no',
        from: f.appliesFrom ? date(f.appliesFrom) : '',
      }),
      t(ADDENDUM_MESSAGES.plan, {
        term: f.termInMonths,
        day: f.draftDay,
        hasLast: f.lastDraftDate ? 'yes' : 'no',
        last: f.lastDraftDate ? date(f.lastDraftDate) : '',
        creditorsPayment: formatUsd(f.creditorsMonthlyPayment),
        fee: formatUsd(f.monthlyFee),
        agency,
      }),
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
      t(ADDENDUM_MESSAGES.authorize, { borrower, agency, now }),
      t(LETTER_MESSAGES.revoke, {
        signers: 'single',
        agency,
        phone: input.agency.phone,
        businessDays: REVOKE_NOTICE_BUSINESS_DAYS,
      }),
      t(ADDENDUM_MESSAGES.confirmed, { borrower, agency, confirmedAt: input.confirmedAt }),
    ],
    // Not signed: the confirmation in the portal is the borrower's authorization (the paragraph above).
    signatureBlocks: [],
    totals,
  };
}

/** The version of the addendum's text in each language, as the letter records its own. */
export const ADDENDUM_TEXT_VERSIONS: Record<Language, string> = { en: '2026-11-29', es: '2026-11-29.es' };

const englishList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const spanishList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
