import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { parseDay } from '#domain/calendar';
import type { OutcomeView } from '#domain/flow/application-view';
import { formatDollars, type Cents } from '#domain/money/cents';
import { returnCodeReason } from '#domain/enrollment/agency-events';
import type { CreditorAnswerEffect, PlanChange } from '#domain/enrollment/plan-change';
import type { PlanFit } from '#domain/enrollment/plan-fit';
import type { DraftDayChange } from '#domain/enrollment/draft-day-change';
import type { AuthorizationAddendumFigures } from '#domain/enrollment/authorization-addendum';
import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { DEFAULT_LANGUAGE, LANGUAGES, linkInLanguage, LOCALE, type Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { belowInterestText, outcomeText, payoffSentences } from '#domain/underwriting/outcome-sentences';
import { intlFor, type IntlShape } from '#server/i18n';

/** A file sent with an email (the signed Letter of Authorization), content as base64. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  kind: string;
  /** Files sent with the email; content as base64. */
  attachments?: EmailAttachment[];
};

/**
 * Every email is written in the recipient's language (their stored preferredLanguage; English when they have
 * none). A template called without one writes English, as every email did before Spanish existed.
 */
type InLanguage = { language?: Language };

/**
 * FormatJS types a message declared here as taking no values; the messages below do take values (checked
 * against the Spanish by npm run i18n:check), so they are used as plain descriptors.
 */
const untyped = <T extends Record<string, unknown>>(messages: T) =>
  messages as unknown as { readonly [K in keyof T]: MessageDescriptor };

const m = untyped(
  defineMessages({
    footer: { id: 'email.footer', defaultMessage: 'Questions? Call {phone}, {hours}.' },
    // The same words as SITE.hours (a test keeps them equal), here so that they can be translated.
    hours: { id: 'email.footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' },
    verificationCode: { id: 'email.verificationCode', defaultMessage: 'Your verification code is {code}.' },

    initialSubject: { id: 'email.initialPassword.subject', defaultMessage: 'Finish creating your account' },
    initialThanks: {
      id: 'email.initialPassword.thanks',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, thanks for starting your debt management plan application.',
    },
    initialSetPassword: {
      id: 'email.initialPassword.setPassword',
      defaultMessage:
        'Set a password so you can come back to your application at any time. This link can be used once.',
    },
    initialLink: { id: 'email.initialPassword.link', defaultMessage: 'Set your password' },

    resetSubject: { id: 'email.resetPassword.subject', defaultMessage: 'Your new verification link' },
    resetRequest: {
      id: 'email.resetPassword.request',
      defaultMessage:
        'We received a request to reset your password. Use the link below to choose a new one. It can be used once, and only the newest link works.',
    },
    resetIgnore: {
      id: 'email.resetPassword.ignore',
      defaultMessage: 'If you did not ask for this, you can ignore this email.',
    },
    resetLink: { id: 'email.resetPassword.link', defaultMessage: 'Reset your password' },

    verifySubject: { id: 'email.verifyNewEmail.subject', defaultMessage: 'Verify your new email address' },
    verifyRequest: {
      id: 'email.verifyNewEmail.request',
      defaultMessage:
        'You asked to sign in with this email address from now on. Confirm it by entering your password on the page below; until then your sign-in email stays as it was. If you did not ask for this, you can ignore this email.',
    },
    verifyLink: { id: 'email.verifyNewEmail.link', defaultMessage: 'Verify your new email' },

    signSubject: {
      id: 'email.signLetter.subject',
      defaultMessage: 'Please sign your Letter of Authorization',
    },
    signAlmostReady: {
      id: 'email.signLetter.almostReady',
      defaultMessage: 'Hi {name}, your debt management plan is almost ready.',
    },
    signAsSpouse: {
      id: 'email.signLetter.asSpouse',
      defaultMessage:
        'As the co-applicant, please review and sign the Letter of Authorization with your own link below. It lets the credit counselling agency contact your creditors and set up the plan.',
    },
    signAsBorrower: {
      id: 'email.signLetter.asBorrower',
      defaultMessage:
        'Please review and sign the Letter of Authorization. It lets the credit counselling agency contact your creditors and set up the plan.',
    },
    signAfter: {
      id: 'email.signLetter.after',
      defaultMessage: 'After signing, a credit counsellor reviews your application and gets in touch.',
    },
    signLink: { id: 'email.signLetter.link', defaultMessage: 'Review and sign' },

    spouseConsentSubject: {
      id: 'email.spouseConsent.subject',
      defaultMessage: 'Your consent for a credit check',
    },
    spouseConsentAsk: {
      id: 'email.spouseConsent.ask',
      defaultMessage:
        'Hi {spouseName}, {borrowerName} is applying for a Debt Management Plan with you and asks for your consent to a soft inquiry of your credit report. A soft inquiry does not affect your credit score.',
    },
    spouseConsentHow: {
      id: 'email.spouseConsent.how',
      defaultMessage:
        'Open the link below to read the authorization and give your consent yourself. It works once, for {days} days. Nothing is checked until you consent.',
    },
    spouseConsentIgnore: {
      id: 'email.spouseConsent.ignore',
      defaultMessage: 'If you do not know about this application, you can ignore this email.',
    },
    spouseConsentLink: { id: 'email.spouseConsent.link', defaultMessage: 'Give your consent' },

    signedSubject: {
      id: 'email.letterSigned.subject',
      defaultMessage: 'Your signed Letter of Authorization',
    },
    signedThanks: {
      id: 'email.letterSigned.thanks',
      defaultMessage:
        'Hi {name}, thank you for completing the Letter of Authorization. Your signed copy is attached.',
    },
    signedNext: {
      id: 'email.letterSigned.next',
      defaultMessage:
        'A credit counsellor will now review your application and get in touch. You can also download the signed copy at any time from your plan page after signing in.',
    },
    signedLink: { id: 'email.letterSigned.link', defaultMessage: 'Your plan' },
    signedFilename: {
      id: 'email.letterSigned.filename',
      defaultMessage: 'Letter of Authorization (signed).pdf',
    },

    notQualifiedSubject: {
      id: 'email.notQualified.subject',
      defaultMessage: 'About your Debt Management Plan application',
    },
    notQualifiedThanks: {
      id: 'email.notQualified.thanks',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, thank you for taking the time to apply. Unfortunately, you do not qualify for a Debt Management Plan at this time.',
    },
    notQualifiedWhy: { id: 'email.notQualified.why', defaultMessage: 'Why: {title}. {why}' },
    notQualifiedStep: {
      id: 'email.notQualified.step',
      defaultMessage: 'What you can do: {title}. {text}{web}',
    },
    notQualifiedDebt: {
      id: 'email.notQualified.payoffDebt',
      defaultMessage: '{number}. {name}: {balance} owed, {payment} a month',
    },
    notQualifiedPayoff: {
      id: 'email.notQualified.payoffPlan',
      defaultMessage: 'Your payoff plan, highest interest rate first: {order}.',
    },
    notQualifiedLink: { id: 'email.notQualified.link', defaultMessage: 'Read this again on our website' },

    reopenedSubject: {
      id: 'email.qualityControlReopened.subject',
      defaultMessage: 'Your application is being reviewed again',
    },
    reopenedBody: {
      id: 'email.qualityControlReopened.body',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, we wrote to you that a counsellor could not confirm your Debt Management Plan application. A supervisor has reopened it, and a counsellor is reviewing it again.',
    },
    reopenedDisregard: {
      id: 'email.qualityControlReopened.disregard',
      defaultMessage:
        'Please disregard our earlier email. We will write to you again when the review is done.',
    },
    reopenedLink: { id: 'email.qualityControlReopened.link', defaultMessage: 'See your application' },

    lowBalanceSubject: { id: 'email.lowBalance.subject', defaultMessage: 'Your plan payment is coming up' },
    lowBalanceDrawn: {
      id: 'email.lowBalance.drawn',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, your next debt management plan payment is drawn on {day}, and the balance of the account it is drawn from looks lower than the payment.',
    },
    lowBalanceWhatToDo: {
      id: 'email.lowBalance.whatToDo',
      defaultMessage:
        'If you can, move money into the account before then. If you cannot, call us before the payment date: a counsellor can help you find a way, and a returned payment can cost you a bank fee.',
    },
    lowBalanceLink: { id: 'email.lowBalance.link', defaultMessage: 'Your alerts' },

    bankSubject: { id: 'email.bankDisconnected.subject', defaultMessage: 'Please reconnect your bank' },
    bankLost: {
      id: 'email.bankDisconnected.lost',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, we can no longer reach the bank account you connected for your debt management plan. This usually happens after a password change at your bank.',
    },
    bankHow: {
      id: 'email.bankDisconnected.how',
      defaultMessage:
        'Sign in, open Alerts and choose Reconnect your bank; it takes a minute. Until then we cannot warn you before a payment might not go through.',
    },
    bankLink: { id: 'email.bankDisconnected.link', defaultMessage: 'Reconnect your bank' },

    draftReturnedSubject: {
      id: 'email.draftReturned.subject',
      defaultMessage: 'Your plan payment was returned',
    },
    draftReturnedBody: {
      id: 'email.draftReturned.body',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, your debt management plan payment{hasAmount, select, yes { of {amount}} other {}}{hasDate, select, yes { due on {day}} other {}} was returned by your bank.',
    },
    draftReturnedReason: {
      id: 'email.draftReturned.reason',
      defaultMessage: 'The reason your bank gave: {reason}',
    },
    draftReturnedWhatToDo: {
      id: 'email.draftReturned.whatToDo',
      defaultMessage:
        'Your creditors are paid from this payment, so they cannot be paid from it until it is made up. Please call {agency} at {phone} to arrange the payment. If the account changed or is closed, tell them which account to use now.',
    },

    notPostedSubject: {
      id: 'email.paymentNotPosted.subject',
      defaultMessage: 'A creditor has not posted your payment yet',
    },
    notPostedBody: {
      id: 'email.paymentNotPosted.body',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, {agency} sent a payment{hasAmount, select, yes { of {amount}} other {}} to {creditor} on {sentOn}{proof, select, check { (check number {reference})} trace { (trace number {reference})} other {}}, and {creditor} had not posted it to your account by {deadline}, {days, plural, one {# business day} other {# business days}} later.',
    },
    notPostedWhatToDo: {
      id: 'email.paymentNotPosted.whatToDo',
      defaultMessage:
        'You do not need to pay it again: {agency} follows it up with the creditor. If {creditor} contacts you about a late payment, tell them when it was sent and its trace or check number, and call {agency} at {phone}.',
    },

    paidOffSubject: {
      id: 'email.creditorPaidOff.subject',
      defaultMessage: '{creditor} is paid off',
    },
    paidOffBody: {
      id: 'email.creditorPaidOff.body',
      defaultMessage:
        '{hasName, select, yes {Hi {firstName}} other {Hi}}, good news: {creditor} reported a balance of $0 on {asOf}. You owe nothing more on this account.',
    },
    paidOffNext: {
      id: 'email.creditorPaidOff.next',
      defaultMessage:
        'Your debt management plan keeps paying your other creditors. Keep the account’s final statement with your records.',
    },
    agencyAlertLink: { id: 'email.agencyAlert.link', defaultMessage: 'Your alerts' },

    planChangedIntro: {
      id: 'email.planChanged.introSettled',
      defaultMessage:
        'Hi {name}, your plan has changed since you authorized it. Here is where each creditor on the plan we proposed now stands.',
    },
    planChangedAccepted: {
      id: 'email.planChanged.accepted',
      defaultMessage: '{creditor} accepted the plan as proposed: it receives {payment} a month.',
    },
    planChangedCounterOffer: {
      id: 'email.planChanged.counterOffer',
      defaultMessage:
        '{creditor} made a counter-offer: it accepts {payment} a month at {apr} APR, instead of the {proposedPayment} a month at {proposedApr} APR we proposed.',
    },
    planChangedDeclined: {
      id: 'email.planChanged.creditorDeclined',
      defaultMessage:
        '{creditor} declined the plan, so it is not on it. Please keep paying it yourself, as you do today: about {amount} a month.',
    },
    planChangedNotReached: {
      id: 'email.planChanged.notReached',
      defaultMessage:
        'We could not reach {creditor} to agree the plan, so it is not on your plan for now while we keep trying. Please keep paying it yourself, as you do today: about {amount} a month.',
    },
    planChangedSilentAccepted: {
      id: 'email.planChanged.silentAccepted',
      defaultMessage:
        '{creditor} has not answered the plan we proposed {hasDays, select, yes {within {days} days} other {in time}}. It usually accepts plans like yours, so we applied those terms to your plan while we keep following up: it receives {payment} a month.',
    },
    planChangedSilentDeclined: {
      id: 'email.planChanged.silentDeclined',
      defaultMessage:
        '{creditor} has not answered the plan we proposed {hasDays, select, yes {within {days} days} other {in time}}. It usually declines plans like yours, so it is not on your plan for now while we keep following up. Until it answers, please keep paying it yourself, as you do today: about {amount} a month.',
    },
    planChangedNeedsConfirmation: {
      id: 'email.planChanged.needsConfirmation',
      defaultMessage:
        'The amount drawn each month for your plan is now {now}, more than the {was} you authorized. We will not draw the higher amount until you confirm the new terms on My plan; until then we keep drawing {was}.',
    },
    planChangedConfirmFrom: {
      id: 'email.planChanged.confirmFrom',
      defaultMessage:
        'If you confirm now, {now} is drawn from your draft on {from}. You can also call us to talk it over first.',
    },
    planChangedTalk: {
      id: 'email.planChanged.talk',
      defaultMessage: 'You can also call us to talk it over first.',
    },
    planChangedChangesFrom: {
      id: 'email.planChanged.changesFromDraft',
      defaultMessage:
        'The amount drawn each month for your plan changes from {was} to {now}, from your draft on {from}.',
    },
    planChangedBeforeStays: {
      id: 'email.planChanged.beforeStays',
      defaultMessage: 'Your drafts before then stay at {was}.',
    },
    planChangedChanges: {
      id: 'email.planChanged.changes',
      defaultMessage: 'The amount drawn each month for your plan changes from {was} to {now}.',
    },
    planChangedStays: {
      id: 'email.planChanged.stays',
      defaultMessage: 'The amount drawn each month for your plan stays {now}.',
    },
    planChangedTerm: {
      id: 'email.planChanged.term',
      defaultMessage:
        'Your plan now takes {now, plural, one {# monthly draft} other {# monthly drafts}} instead of the {was} you authorized.',
    },
    planChangedNoLongerFits: {
      id: 'email.planChanged.noLongerFits',
      defaultMessage:
        '{hasDirect, select, yes {Your plan’s draft of {draft} and the {direct} a month you keep paying creditors yourself come to {total} a month} other {Your plan’s draft of {draft} a month is}}, {short} more than the {room} your budget leaves after your expenses. Please call us at {phone} before your next draft: your counsellor can go over your budget with you, ask a creditor again, or change the plan so that it fits.',
    },
    planChangedConfirmSubject: {
      id: 'email.planChanged.confirmSubject',
      defaultMessage: 'Please confirm your new plan payment',
    },
    planChangedSubject: {
      id: 'email.planChanged.subject',
      defaultMessage: 'Your debt management plan has changed',
    },
    planChangedConfirmLink: {
      id: 'email.planChanged.confirmLink',
      defaultMessage: 'Confirm the new amount on My plan',
    },
    seePlanLink: { id: 'email.seePlan.link', defaultMessage: 'See your plan' },

    addendumSubject: {
      id: 'email.authorizationAddendum.subject',
      defaultMessage: 'Your new authorization: {amount} a month',
    },
    addendumConfirmed: {
      id: 'email.authorizationAddendum.confirmed',
      defaultMessage:
        'Hi {name}, on {confirmedAt} you confirmed on My plan that {agency} may draw {now} each month instead of the {was} you had authorized{hasFrom, select, yes {, from your draft on {from}} other {}}.',
    },
    addendumCopy: {
      id: 'email.authorizationAddendum.copy',
      defaultMessage:
        'Your copy of this new authorization, an addendum to your Letter of Authorization, is attached. You can also download it from My plan at any time.',
    },
    addendumNotYou: {
      id: 'email.authorizationAddendum.notYou',
      defaultMessage: 'If you did not confirm this, please call us right away.',
    },
    addendumFilename: {
      id: 'email.authorizationAddendum.filename',
      defaultMessage: 'Addendum to Letter of Authorization.pdf',
    },

    draftDaySubject: {
      id: 'email.draftDayChanged.subject',
      defaultMessage: 'Your plan’s draft day has changed',
    },
    draftDayMoves: {
      id: 'email.draftDayChanged.moves',
      defaultMessage:
        'Hi {name}, your monthly draft of {amount} for your debt management plan moves to the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month, starting with your draft on {first}.',
    },
    draftDayStays: {
      id: 'email.draftDayChanged.stays',
      defaultMessage:
        '{count, plural, one {Your draft} other {Your drafts}} on {dates} {count, plural, one {stays} other {stay}} as planned.',
    },
    draftDaySameCount: {
      id: 'email.draftDayChanged.sameCount',
      defaultMessage:
        'There is still one draft a month, so the number of drafts and their amounts do not change. {nonBusinessDay}',
    },
    // The same words as DRAFT_ON_NON_BUSINESS_DAY (the letter's), translated here until the letter is.
    draftDayNonBusinessDay: {
      id: 'email.draftDayChanged.nonBusinessDay',
      defaultMessage: 'A draft due on a weekend or a bank holiday is drawn on the next business day.',
    },
    draftDayNotYou: {
      id: 'email.draftDayChanged.notYou',
      defaultMessage: 'If you did not make this change, please call us right away.',
    },
  }),
);

/** The footer's office hours, exported so a test can keep the message equal to SITE.hours. */
export const FOOTER_HOURS_MESSAGE = m.hours;
/** The same for the letter's sentence about weekends and holidays. */
export const NON_BUSINESS_DAY_MESSAGE = m.draftDayNonBusinessDay;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(
  intl: IntlShape,
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
) {
  const footer = intl.formatMessage(m.footer, {
    phone: SITE.phone.display,
    hours: intl.formatMessage(m.hours),
  });
  const text = [...paragraphs, `${link.label}: ${link.url}`, footer].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html, links: [link], kind } satisfies EmailMessage;
}

const intlOf = (o: InLanguage) => intlFor(o.language ?? 'en');

/** The greeting's select: "Hi Pat" when the first name is known, "Hi" when not. */
const greeting = (firstName: string | null | undefined) =>
  firstName ? { hasName: 'yes', firstName } : { hasName: 'no', firstName: '' };

/** A calendar date (YYYY-MM-DD) in full: "March 15, 2026", "15 de marzo de 2026". */
function dateInWords(intl: IntlShape, isoDate: string): string {
  const english = formatLetterDate(isoDate); // also rejects anything that is not a real date
  if (intl.locale === 'en-US') return english;
  return intl.formatDate(parseDay(isoDate), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A calendar date (YYYY-MM-DD) as a person reads it: "March 15", "15 de marzo". */
const dayInWords = (intl: IntlShape, isoDate: string) =>
  intl.formatDate(parseDay(isoDate), { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'Capital One', 'Capital One and Citi', 'Capital One, Citi and Discover' (Spanish: '… y Discover'). */
const namesInWords = (intl: IntlShape, names: readonly string[]): string => {
  // English keeps its words as they always were (no comma before "and"); other languages use their own list.
  if (intl.locale !== 'en-US') return intl.formatList(names, { type: 'conjunction' });
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** A page of ours as an email links to it, in the email's language (linkInLanguage). */
const siteLink = (intl: IntlShape, publicUrl: string, route: string, query: Record<string, string> = {}) => {
  const params = new URLSearchParams(query).toString();
  const language = LANGUAGES.find((l) => LOCALE[l] === intl.locale) ?? DEFAULT_LANGUAGE;
  return linkInLanguage(`${publicUrl}${route}${params === '' ? '' : `?${params}`}`, language);
};

const codeLink = (
  intl: IntlShape,
  publicUrl: string,
  route: string,
  email: string,
  code: string,
  extra: Record<string, string> = {},
) => siteLink(intl, publicUrl, route, { email, code, ...extra });

/** The query a first-password link adds, so its page says "Set your password" rather than "Reset". */
export const SET_PASSWORD_PURPOSE = { purpose: 'set' } as const;

/** Sent after the first submit of the lead form: the borrower sets a password to keep their application. */
export const initialPasswordEmail = (
  o: InLanguage & { publicUrl: string; email: string; code: string; firstName?: string | null },
) => {
  const intl = intlOf(o);
  return render(
    intl,
    'initial-password',
    o.email,
    intl.formatMessage(m.initialSubject),
    [
      intl.formatMessage(m.initialThanks, greeting(o.firstName)),
      intl.formatMessage(m.initialSetPassword),
      intl.formatMessage(m.verificationCode, { code: o.code }),
    ],
    {
      label: intl.formatMessage(m.initialLink),
      url: codeLink(intl, o.publicUrl, '/reset-password', o.email, o.code, SET_PASSWORD_PURPOSE),
    },
  );
};

export const resetPasswordEmail = (o: InLanguage & { publicUrl: string; email: string; code: string }) => {
  const intl = intlOf(o);
  return render(
    intl,
    'reset-password',
    o.email,
    intl.formatMessage(m.resetSubject),
    [
      intl.formatMessage(m.resetRequest),
      intl.formatMessage(m.verificationCode, { code: o.code }),
      intl.formatMessage(m.resetIgnore),
    ],
    {
      label: intl.formatMessage(m.resetLink),
      url: codeLink(intl, o.publicUrl, '/reset-password', o.email, o.code),
    },
  );
};

export const verifyNewEmailEmail = (o: InLanguage & { publicUrl: string; email: string; code: string }) => {
  const intl = intlOf(o);
  return render(
    intl,
    'verify-new-email',
    o.email,
    intl.formatMessage(m.verifySubject),
    [intl.formatMessage(m.verifyRequest), intl.formatMessage(m.verificationCode, { code: o.code })],
    {
      label: intl.formatMessage(m.verifyLink),
      url: codeLink(intl, o.publicUrl, '/verify-new-email', o.email, o.code),
    },
  );
};

/** What the signing invitation says, before its link: our own email's and the provider's, when it sends one. */
const signLetterParagraphs = (intl: IntlShape, o: { name: string; forSpouse: boolean }) => [
  intl.formatMessage(m.signAlmostReady, { name: o.name }),
  intl.formatMessage(o.forSpouse ? m.signAsSpouse : m.signAsBorrower),
  intl.formatMessage(m.signAfter),
];

/** The Letter of Authorization is ready: the signer's own link to the signing page. */
export const signLetterEmail = (
  o: InLanguage & { to: string; name: string; url: string; forSpouse: boolean },
) => {
  const intl = intlOf(o);
  return render(intl, 'sign-letter', o.to, intl.formatMessage(m.signSubject), signLetterParagraphs(intl, o), {
    label: intl.formatMessage(m.signLink),
    url: o.url,
  });
};

/**
 * The invitation a provider that emails signers itself (DocuSign) sends one signer, in the signer's language:
 * the same subject and words as our own email, the provider adding its button to the letter below them.
 */
export function signLetterInvitation(o: InLanguage & { name: string; forSpouse: boolean }): {
  subject: string;
  body: string;
} {
  const intl = intlOf(o);
  const footer = intl.formatMessage(m.footer, {
    phone: SITE.phone.display,
    hours: intl.formatMessage(m.hours),
  });
  return {
    subject: intl.formatMessage(m.signSubject),
    body: [...signLetterParagraphs(intl, o), footer].join('\n\n'),
  };
}

/** Every signer signed: the signed copy, attached, and where to find it again. */
export const letterSignedEmail = (
  o: InLanguage & { to: string; name: string; publicUrl: string; signedPdf: Uint8Array },
): EmailMessage => {
  const intl = intlOf(o);
  return {
    ...render(
      intl,
      'letter-signed',
      o.to,
      intl.formatMessage(m.signedSubject),
      [intl.formatMessage(m.signedThanks, { name: o.name }), intl.formatMessage(m.signedNext)],
      { label: intl.formatMessage(m.signedLink), url: siteLink(intl, o.publicUrl, '/customer-portal/plan') },
    ),
    attachments: [
      {
        filename: intl.formatMessage(m.signedFilename),
        contentType: 'application/pdf',
        content: Buffer.from(o.signedPdf).toString('base64'),
      },
    ],
  };
};

/**
 * The application did not qualify: the thanks of /offers/not-qualified, why in plain words and what to do
 * next, with the do-it-yourself payoff plan when the borrower can pay their debts without a plan, all in the
 * borrower's language: the reasons, next steps and payoff sentences are the page's own (outcome-sentences).
 */
export function notQualifiedEmail(
  o: InLanguage & {
    to: string;
    firstName: string | null;
    publicUrl: string;
    outcome: OutcomeView;
    today: Date;
  },
): EmailMessage {
  const intl = intlOf(o);
  const paragraphs = [intl.formatMessage(m.notQualifiedThanks, greeting(o.firstName))];
  const hours = intl.formatMessage(m.hours);
  for (const outcome of o.outcome.outcomes) {
    const text = outcomeText(intl, outcome, hours);
    paragraphs.push(intl.formatMessage(m.notQualifiedWhy, { title: text.title, why: text.why }));
    for (const step of text.nextSteps) {
      const web =
        step.link && step.link.href.startsWith('https://') ? ` ${step.link.label}: ${step.link.href}` : '';
      paragraphs.push(intl.formatMessage(m.notQualifiedStep, { title: step.title, text: step.text, web }));
    }
  }
  const plan = o.outcome.payoffPlan;
  if (plan && plan.debts.length > 0) {
    const order = plan.debts
      .map((d, k) =>
        intl.formatMessage(m.notQualifiedDebt, {
          number: String(k + 1),
          name: d.name,
          balance: formatDollars(d.balance),
          payment: formatDollars(d.payment),
        }),
      )
      .join('; ');
    paragraphs.push(intl.formatMessage(m.notQualifiedPayoff, { order }));
    const sentences = payoffSentences(intl, plan, o.today);
    paragraphs.push(`${sentences.debtFree} ${sentences.extra}`);
    for (const d of plan.debts) {
      const warning = belowInterestText(intl, d, o.today);
      if (warning) paragraphs.push(warning);
    }
  }
  return render(intl, 'not-qualified', o.to, intl.formatMessage(m.notQualifiedSubject), paragraphs, {
    label: intl.formatMessage(m.notQualifiedLink),
    url: siteLink(intl, o.publicUrl, '/offers/not-qualified'),
  });
}

/**
 * A supervisor reopened the quality control a counsellor failed: the borrower, who was emailed that they do
 * not qualify, is told the application is being reviewed again and the earlier email no longer holds.
 */
export function qualityControlReopenedEmail(
  o: InLanguage & { to: string; firstName: string | null; publicUrl: string },
): EmailMessage {
  const intl = intlOf(o);
  return render(
    intl,
    'quality-control-reopened',
    o.to,
    intl.formatMessage(m.reopenedSubject),
    [intl.formatMessage(m.reopenedBody, greeting(o.firstName)), intl.formatMessage(m.reopenedDisregard)],
    { label: intl.formatMessage(m.reopenedLink), url: siteLink(intl, o.publicUrl, '/submitted') },
  );
}

/**
 * The account the plan's payment is drawn from looks short of it a few days before the draft. No amounts:
 * the customer sees them in their bank, and an email is not the place for balances.
 */
export const lowBalanceEmail = (
  o: InLanguage & { to: string; firstName: string | null; publicUrl: string; paymentDate: string },
) => {
  const intl = intlOf(o);
  return render(
    intl,
    'alert-low-balance',
    o.to,
    intl.formatMessage(m.lowBalanceSubject),
    [
      intl.formatMessage(m.lowBalanceDrawn, {
        ...greeting(o.firstName),
        day: dayInWords(intl, o.paymentDate),
      }),
      intl.formatMessage(m.lowBalanceWhatToDo),
    ],
    {
      label: intl.formatMessage(m.lowBalanceLink),
      url: siteLink(intl, o.publicUrl, '/customer-portal/alerts'),
    },
  );
};

/** The bank connection stopped working: payments and the plan's checks need it back. */
export const bankDisconnectedEmail = (
  o: InLanguage & { to: string; firstName: string | null; publicUrl: string },
) => {
  const intl = intlOf(o);
  return render(
    intl,
    'alert-bank-disconnected',
    o.to,
    intl.formatMessage(m.bankSubject),
    [intl.formatMessage(m.bankLost, greeting(o.firstName)), intl.formatMessage(m.bankHow)],
    { label: intl.formatMessage(m.bankLink), url: siteLink(intl, o.publicUrl, '/customer-portal/alerts') },
  );
};

/**
 * A creditor's answer changed the plan the borrower authorized: in plain words, which creditors they now pay
 * directly and about how much, the new amount drawn each month and the draft it applies from. A higher amount
 * is not drawn until they confirm it on My plan. Every figure comes from the plan's terms (planChange).
 */
export function planChangedEmail(
  o: InLanguage & {
    to: string;
    name: string;
    publicUrl: string;
    change: PlanChange;
    /** Each creditor's answer and its effect (answerEffects), largest balance first. */
    answers: readonly CreditorAnswerEffect[];
    /** The number of monthly drafts the borrower authorized (null when not on file) and the new number. */
    term: { was: number | null; now: number };
    /** A draft of the schedule comes before the change applies (draftsBeforeChange). */
    draftsBefore: boolean;
    /** The budget check on the changed plan; the borrower is told what to do when it no longer fits. */
    fit: PlanFit | null;
  },
): EmailMessage {
  const intl = intlOf(o);
  const { change } = o;
  const apr = (bp: number) =>
    intl.formatNumber(bp / 10_000, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const silentDays = (days: number | null) =>
    days === null ? { hasDays: 'no', days: 0 } : { hasDays: 'yes', days };
  const paragraphs = [intl.formatMessage(m.planChangedIntro, { name: o.name })];
  for (const a of o.answers) {
    const creditor = a.creditorName;
    switch (a.kind) {
      case 'accepted':
        paragraphs.push(
          intl.formatMessage(m.planChangedAccepted, { creditor, payment: formatUsd(a.payment) }),
        );
        break;
      case 'counterOffer':
        paragraphs.push(
          intl.formatMessage(m.planChangedCounterOffer, {
            creditor,
            payment: formatUsd(a.payment),
            apr: apr(a.aprBp),
            proposedPayment: formatUsd(a.proposedPayment),
            proposedApr: apr(a.proposedAprBp),
          }),
        );
        break;
      case 'declined':
      case 'notReached':
        paragraphs.push(
          intl.formatMessage(a.kind === 'declined' ? m.planChangedDeclined : m.planChangedNotReached, {
            creditor,
            amount: formatDollars(a.currentPayment),
          }),
        );
        break;
      case 'silentAccepted':
        paragraphs.push(
          intl.formatMessage(m.planChangedSilentAccepted, {
            creditor,
            ...silentDays(a.days),
            payment: formatUsd(a.payment),
          }),
        );
        break;
      case 'silentDeclined':
        paragraphs.push(
          intl.formatMessage(m.planChangedSilentDeclined, {
            creditor,
            ...silentDays(a.days),
            amount: formatDollars(a.currentPayment),
          }),
        );
        break;
    }
  }
  const from = change.appliesFrom ? dateInWords(intl, change.appliesFrom) : null;
  const now = formatUsd(change.monthlyDraft);
  const was = formatUsd(change.authorizedMonthlyDraft);
  if (change.needsConfirmation) {
    paragraphs.push(
      intl.formatMessage(m.planChangedNeedsConfirmation, { now, was }),
      from
        ? intl.formatMessage(m.planChangedConfirmFrom, { now, from })
        : intl.formatMessage(m.planChangedTalk),
    );
  } else if (change.monthlyDraft !== change.authorizedMonthlyDraft) {
    paragraphs.push(
      from
        ? intl.formatMessage(m.planChangedChangesFrom, { was, now, from }) +
            (o.draftsBefore ? ` ${intl.formatMessage(m.planChangedBeforeStays, { was })}` : '')
        : intl.formatMessage(m.planChangedChanges, { was, now }),
    );
  } else {
    paragraphs.push(intl.formatMessage(m.planChangedStays, { now }));
  }
  if (o.term.was !== null && o.term.was !== o.term.now) {
    paragraphs.push(intl.formatMessage(m.planChangedTerm, { now: o.term.now, was: o.term.was }));
  }
  if (o.fit && !o.fit.fits) {
    paragraphs.push(
      intl.formatMessage(m.planChangedNoLongerFits, {
        hasDirect: o.fit.payDirectly > 0 ? 'yes' : 'no',
        draft: formatUsd(o.fit.monthlyDraft),
        direct: formatUsd(o.fit.payDirectly),
        total: formatUsd(o.fit.monthlyTotal),
        short: formatUsd(-o.fit.left),
        room: formatUsd(Math.max(0, o.fit.room)),
        phone: SITE.phone.display,
      }),
    );
  }
  return render(
    intl,
    'plan-changed',
    o.to,
    intl.formatMessage(change.needsConfirmation ? m.planChangedConfirmSubject : m.planChangedSubject),
    paragraphs,
    {
      label: intl.formatMessage(change.needsConfirmation ? m.planChangedConfirmLink : m.seePlanLink),
      url: siteLink(intl, o.publicUrl, '/customer-portal/plan'),
    },
  );
}

/**
 * To each signer of the letter when the borrower moves the monthly draft to another day in Settings: the new
 * day, the first draft on it, the drafts that stay where they were, and who to call if it was not them.
 */
export function draftDayChangedEmail(
  o: InLanguage & {
    to: string;
    name: string;
    publicUrl: string;
    monthlyDraft: number;
    change: Pick<DraftDayChange, 'draftDay' | 'firstDraftOnNewDay' | 'draftsBeforeChange'>;
  },
): EmailMessage {
  const intl = intlOf(o);
  const { change } = o;
  const paragraphs = [
    intl.formatMessage(m.draftDayMoves, {
      name: o.name,
      amount: formatUsd(o.monthlyDraft),
      day: change.draftDay,
      first: dateInWords(intl, change.firstDraftOnNewDay),
    }),
  ];
  if (change.draftsBeforeChange.length > 0) {
    paragraphs.push(
      intl.formatMessage(m.draftDayStays, {
        count: change.draftsBeforeChange.length,
        dates: namesInWords(
          intl,
          change.draftsBeforeChange.map((d) => dateInWords(intl, d)),
        ),
      }),
    );
  }
  paragraphs.push(
    intl.formatMessage(m.draftDaySameCount, { nonBusinessDay: intl.formatMessage(m.draftDayNonBusinessDay) }),
    intl.formatMessage(m.draftDayNotYou),
  );
  return render(intl, 'draft-day-changed', o.to, intl.formatMessage(m.draftDaySubject), paragraphs, {
    label: intl.formatMessage(m.seePlanLink),
    url: siteLink(intl, o.publicUrl, '/customer-portal/plan'),
  });
}

/**
 * The borrower's copy of the higher amount they confirmed on My plan: what they authorized, when, from which
 * draft, with the addendum to their letter attached. The figures are the addendum's own
 * (authorizationAddendumFigures), so the email and the PDF cannot differ.
 */
export function authorizationAddendumEmail(
  o: InLanguage & {
    to: string;
    name: string;
    publicUrl: string;
    figures: Pick<AuthorizationAddendumFigures, 'previousMonthlyDraft' | 'monthlyDraft' | 'appliesFrom'>;
    /** The moment of the confirmation, written out (formatConfirmedAt). */
    confirmedAt: string;
    pdf: Uint8Array;
  },
): EmailMessage {
  const intl = intlOf(o);
  const { figures } = o;
  const now = formatUsd(figures.monthlyDraft);
  return {
    ...render(
      intl,
      'authorization-addendum',
      o.to,
      intl.formatMessage(m.addendumSubject, { amount: now }),
      [
        intl.formatMessage(m.addendumConfirmed, {
          name: o.name,
          confirmedAt: o.confirmedAt,
          agency: SITE.agencyName,
          now,
          was: formatUsd(figures.previousMonthlyDraft),
          hasFrom: figures.appliesFrom ? 'yes' : 'no',
          from: figures.appliesFrom ? dateInWords(intl, figures.appliesFrom) : '',
        }),
        intl.formatMessage(m.addendumCopy),
        intl.formatMessage(m.addendumNotYou),
      ],
      { label: intl.formatMessage(m.seePlanLink), url: siteLink(intl, o.publicUrl, '/customer-portal/plan') },
    ),
    attachments: [
      {
        filename: intl.formatMessage(m.addendumFilename),
        contentType: 'application/pdf',
        content: Buffer.from(o.pdf).toString('base64'),
      },
    ],
  };
}

/**
 * Asks the spouse for their own consent to the soft inquiry of their credit file: the link opens a page where
 * they read the authorization, tick it and type their name. Written in the spouse's language.
 */
export const spouseConsentEmail = (
  o: InLanguage & { to: string; spouseName: string; borrowerName: string; url: string; days: number },
) => {
  const intl = intlOf(o);
  return render(
    intl,
    'spouse-consent',
    o.to,
    intl.formatMessage(m.spouseConsentSubject),
    [
      intl.formatMessage(m.spouseConsentAsk, { spouseName: o.spouseName, borrowerName: o.borrowerName }),
      intl.formatMessage(m.spouseConsentHow, { days: o.days }),
      intl.formatMessage(m.spouseConsentIgnore),
    ],
    { label: intl.formatMessage(m.spouseConsentLink), url: o.url },
  );
};

/** The agency's alerts' emails link to the borrower's alerts, where the same figures are. */
const alertsLink = (intl: IntlShape, publicUrl: string) => ({
  label: intl.formatMessage(m.agencyAlertLink),
  url: siteLink(intl, publicUrl, '/customer-portal/alerts'),
});

/**
 * The borrower's bank returned a plan draft: the amount and the due day when the agency told them, the reason
 * in plain words (the return code's, as the Payments page and the alert say it), and the agency's number to
 * arrange the payment.
 */
export function draftReturnedEmail(
  o: InLanguage & {
    to: string;
    firstName: string | null;
    publicUrl: string;
    figures: { amount: Cents | null; date: string | null; returnCode: string };
  },
): EmailMessage {
  const intl = intlOf(o);
  const f = o.figures;
  const why = returnCodeReason(f.returnCode);
  return render(
    intl,
    'alert-draft-returned',
    o.to,
    intl.formatMessage(m.draftReturnedSubject),
    [
      intl.formatMessage(m.draftReturnedBody, {
        ...greeting(o.firstName),
        hasAmount: f.amount === null ? 'no' : 'yes',
        amount: f.amount === null ? '' : formatUsd(f.amount),
        hasDate: f.date === null ? 'no' : 'yes',
        day: f.date === null ? '' : dateInWords(intl, f.date),
      }),
      intl.formatMessage(m.draftReturnedReason, { reason: intl.formatMessage(why.message, why.values) }),
      intl.formatMessage(m.draftReturnedWhatToDo, { agency: SITE.agencyName, phone: SITE.phone.display }),
    ],
    alertsLink(intl, o.publicUrl),
  );
}

/**
 * A payment the agency sent to a creditor was not posted within the agency's window: when and how it was
 * sent, with its trace or check number as proof, and that the agency follows it up.
 */
export function paymentNotPostedEmail(
  o: InLanguage & {
    to: string;
    firstName: string | null;
    publicUrl: string;
    figures: {
      creditor: string;
      amount: Cents | null;
      sentOn: string;
      method: 'electronic' | 'check' | null;
      reference: string | null;
      deadline: string;
    };
    windowDays: number;
  },
): EmailMessage {
  const intl = intlOf(o);
  const f = o.figures;
  return render(
    intl,
    'alert-payment-not-posted',
    o.to,
    intl.formatMessage(m.notPostedSubject),
    [
      intl.formatMessage(m.notPostedBody, {
        ...greeting(o.firstName),
        agency: SITE.agencyName,
        hasAmount: f.amount === null ? 'no' : 'yes',
        amount: f.amount === null ? '' : formatUsd(f.amount),
        creditor: f.creditor,
        sentOn: dateInWords(intl, f.sentOn),
        proof: f.reference === null ? 'none' : f.method === 'check' ? 'check' : 'trace',
        reference: f.reference ?? '',
        deadline: dateInWords(intl, f.deadline),
        days: o.windowDays,
      }),
      intl.formatMessage(m.notPostedWhatToDo, {
        agency: SITE.agencyName,
        creditor: f.creditor,
        phone: SITE.phone.display,
      }),
    ],
    alertsLink(intl, o.publicUrl),
  );
}

/** A creditor reported a balance of zero: the borrower owes it nothing more. */
export function creditorPaidOffEmail(
  o: InLanguage & {
    to: string;
    firstName: string | null;
    publicUrl: string;
    figures: { creditor: string; asOf: string };
  },
): EmailMessage {
  const intl = intlOf(o);
  return render(
    intl,
    'alert-creditor-paid-off',
    o.to,
    intl.formatMessage(m.paidOffSubject, { creditor: o.figures.creditor }),
    [
      intl.formatMessage(m.paidOffBody, {
        ...greeting(o.firstName),
        creditor: o.figures.creditor,
        asOf: dateInWords(intl, o.figures.asOf),
      }),
      intl.formatMessage(m.paidOffNext),
    ],
    alertsLink(intl, o.publicUrl),
  );
}
