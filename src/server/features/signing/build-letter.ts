import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  letterOfAuthorizationContent,
  type LetterOfAuthorizationContent,
  type LetterOfAuthorizationInput,
} from '#domain/enrollment/letter-of-authorization';
import type { Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { builtOnce } from '#server/db/built-once';
import { application } from '#server/db/schema/application';
import { planRowsOf, planWithTerms } from '#server/application/plan-terms';
import { decision } from '#server/db/schema/decision';
import { planAuthorization } from '#server/db/schema/enrollment';
import { languageOrDefault } from '#server/i18n';
import { letterIntl } from '#server/application/letter-intl';
import type { FieldCipher } from '#server/security/field-encryption';
import type { Reader, Transaction } from '#server/unit-of-work';

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

/** The drafts a letter authorizes, recorded as the application's plan authorization. */
export type LetterAuthorization = {
  draftDay: number;
  firstDraftDate: string;
  monthlyDraftAmount: number;
  setupFee: number;
  termInMonths: number;
};

/** A signer of the letter, with the language of the version they read and sign and its text version. */
export type LetterSigner = {
  role: 'borrower' | 'spouse';
  name: string;
  email: string;
  letterLanguage: Language;
  letterTextVersion: string;
};

// The letter's messages in a language: shared with the addendum a confirmation adds to the letter.
export { letterIntl };

/**
 * The application, its people, its payment account and the plan's rows (loadPlanTerms reads the same newest
 * decision, state and authorization) in one relational read: one statement where five were sent. Built once
 * (built-once.ts): the largest relational read of an applicant's way, made for each letter.
 */
const letterRowsRead = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      with: {
        borrower: true,
        spouse: true,
        paymentAccount: { with: { plaidAccount: { with: { plaidItem: true } } } },
        decisions: {
          orderBy: [desc(decision.createdAt)],
          limit: 1,
          with: { offers: { with: { debt: true, collection: true } } },
        },
        planAuthorizations: {
          orderBy: [desc(planAuthorization.createdAt)],
          limit: 1,
          // A confirmation's addendum is a whole PDF: not needed here.
          columns: { addendumDocument: false },
        },
      },
    })
    .prepare('letter_rows'),
);

/**
 * What the Letter of Authorization says for an application, read from its borrower, spouse, payment account and
 * the plan's terms (loadPlanTerms: the offers the borrower kept and no creditor declined, the state's fees),
 * dated from `today`: the first draft is at least 5 business days after it (`redate`: a letter made again, on
 * the day of the month already authorized, because the first one's date came too close); and who signs it. Also returns the
 * authorization the letter gives, for the caller to record with the envelope. A spouse without an email of
 * their own receives their signing link at the borrower's address.
 */
export async function buildLetter(
  tx: Transaction,
  cipher: FieldCipher,
  applicationId: string,
  today: string,
  o: { redate?: boolean } = {},
): Promise<{
  /** The borrower's version: the letter in the borrower's language. */
  content: LetterOfAuthorizationContent;
  /**
   * Every version the signers read, the borrower's first: a second one, in the spouse's language, when the
   * spouse chose another language than the borrower's.
   */
  versions: { content: LetterOfAuthorizationContent; readers: LetterSigner['role'][] }[];
  signers: LetterSigner[];
  authorization: LetterAuthorization;
}> {
  const app = await letterRowsRead(tx).execute({ id: applicationId });
  const plan = planWithTerms(
    planRowsOf({
      newest: app?.decisions[0],
      state: app?.borrower?.state ?? null,
      authorization: app?.planAuthorizations[0] ?? null,
    }),
    { today, redate: o.redate },
  );
  const { terms } = plan;
  if (
    !app?.borrower?.email ||
    !app.paymentAccount ||
    !plan.decision?.isQualified ||
    terms.creditors.length === 0 ||
    !terms.firstDraftDate ||
    !terms.lastDraftDate
  )
    throw new AppError('PreconditionFailed');
  const b = app.borrower;
  const offersById = new Map(plan.offers.map((x) => [x.id, x]));
  const account = app.paymentAccount;
  // Each signer reads the letter in their own language: the spouse's is their own choice, else the borrower's.
  const language = languageOrDefault(b.preferredLanguage);
  const spouseLanguage = app.spouse?.preferredLanguage
    ? languageOrDefault(app.spouse.preferredLanguage)
    : language;
  const input: LetterOfAuthorizationInput = {
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
    creditors: terms.creditors.map((c) => {
      const x = offersById.get(c.id);
      const stored = x?.debt?.accountNumber ?? x?.collection?.accountNumber;
      return {
        creditorName: c.creditorName,
        accountNumber: stored ? cipher.decrypt(stored) : null,
        balance: c.balance,
        newMonthlyPayment: c.payment,
      };
    }),
    plan: { ...terms, firstDraftDate: terms.firstDraftDate, lastDraftDate: terms.lastDraftDate },
    paymentAccount: account.plaidAccount
      ? {
          institutionName: account.plaidAccount.plaidItem.institutionName,
          // The bank's mask is already only the last few characters: the letter says 'ending in' them.
          mask: account.plaidAccount.mask ?? '',
        }
      : {
          institutionName: null,
          accountNumber: account.accountNumber ? cipher.decrypt(account.accountNumber) : '',
        },
  };
  const content = letterOfAuthorizationContent(input, letterIntl(language));
  const versions: { content: LetterOfAuthorizationContent; readers: LetterSigner['role'][] }[] = [
    { content, readers: spouseLanguage === language ? ['borrower', 'spouse'] : ['borrower'] },
  ];
  if (app.spouse && spouseLanguage !== language) {
    versions.push({
      content: letterOfAuthorizationContent(input, letterIntl(spouseLanguage)),
      readers: ['spouse'],
    });
  }
  const read = (role: LetterSigner['role']) => {
    const version = versions.find((v) => v.readers.includes(role))!.content;
    return { letterLanguage: version.language, letterTextVersion: version.textVersion };
  };
  const signers: LetterSigner[] = [
    { role: 'borrower', name: fullName(b), email: b.email!, ...read('borrower') },
  ];
  if (app.spouse) {
    signers.push({
      role: 'spouse',
      name: fullName(app.spouse),
      email: app.spouse.email ?? b.email!,
      ...read('spouse'),
    });
  }
  return {
    content,
    versions,
    signers,
    authorization: {
      draftDay: terms.draftDay,
      firstDraftDate: terms.firstDraftDate,
      monthlyDraftAmount: terms.monthlyDraft,
      setupFee: terms.setupFee,
      termInMonths: terms.termInMonths,
    },
  };
}
