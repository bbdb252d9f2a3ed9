import { z } from 'zod';
import type { Language } from '#domain/i18n/language';
import { SIGNING_MESSAGES, formatEnglish } from '#domain/i18n/validation-messages';
import { SITE } from '#domain/site';
import { issueError, issueParams } from '#domain/validation/issue-messages';
import { MESSAGE_REFS, SIGNING_REFS } from '#domain/validation/messages';

// What each signer reads and agrees to before signing the Letter of Authorization electronically: the
// disclosures a consumer must see before agreeing to electronic records (15 U.S.C. 7001(c)), in one place. The
// signing page shows them and the server stores the version with each consent, so a stored consent always says
// which words were read. Change a sentence → change the version.

/** The version of ELECTRONIC_RECORDS_DISCLOSURES stored with each consent. */
export const ELECTRONIC_RECORDS_CONSENT_VERSION = '2026-11-26';

/**
 * The version of the disclosures in each language the signing page shows them in (the Spanish words are the
 * signing.disclosure.* messages): the consent stores the one the signer read (decision 0099). Change the
 * English or the Spanish → change its version.
 */
export const ELECTRONIC_RECORDS_CONSENT_VERSIONS: Record<Language, string> = {
  en: ELECTRONIC_RECORDS_CONSENT_VERSION,
  es: '2026-11-26.es',
};

/** Whether a stored or sent version is that of the disclosures as they are now, in either language. */
export const isCurrentConsentVersion = (version: string | null): boolean =>
  Object.values(ELECTRONIC_RECORDS_CONSENT_VERSIONS).includes(version ?? '');

export const ELECTRONIC_RECORDS_HEADING = 'Your consent to electronic records and signatures';

export const ELECTRONIC_RECORDS_DISCLOSURES = [
  {
    key: 'scope',
    title: 'What this consent covers',
    text: `You agree to receive, read and sign this Letter of Authorization electronically, and to receive the notices about your Debt Management Plan from ${SITE.agencyName} by email and online instead of on paper.`,
  },
  {
    key: 'paper',
    title: 'Your right to paper',
    text: `You may have any of these documents on paper. To ask for a paper copy, call ${SITE.agencyName} at ${SITE.phone.display} (${SITE.hours}) or email ${SITE.email}. Paper copies are free: there is no fee.`,
  },
  {
    key: 'withdraw',
    title: 'Withdrawing your consent',
    text: `You may withdraw this consent at any time, free of charge: choose "I want paper documents instead" on this page before you sign, or call ${SITE.phone.display} or email ${SITE.email} afterwards. ${SITE.agencyName} will then send your documents on paper by mail, which takes longer. Withdrawing does not undo anything you already signed electronically.`,
  },
  {
    key: 'systems',
    title: 'What you need',
    text: 'A phone, tablet or computer with a current web browser, a PDF reader to open the letter, an email account to receive our notices, and the ability to download or print documents to keep them.',
  },
  {
    key: 'email',
    title: 'Keeping your email address up to date',
    text: `Update your email address in the customer portal's settings, or call ${SITE.phone.display}. We send your documents and notices to the address on file.`,
  },
] as const;

export const ELECTRONIC_RECORDS_AGREE_LABEL =
  'I have read the disclosures above, I could open the letter, and I agree to receive records and sign electronically';
export const OPEN_LETTER_FIRST = 'Open the letter first to check you can read it.';

/** What a signer who chose paper is told happens next. */
export const PAPER_CHOSEN = {
  heading: 'You chose paper documents',
  text: `${SITE.agencyName} will mail you the Letter of Authorization to sign on paper. Sign it and mail it back in the envelope provided. Questions? Call ${SITE.phone.display} (${SITE.hours}).`,
} as const;

/**
 * The server's refusals of a consent, in English (the tests read it); the server sends them by their id
 * (SIGNING_MESSAGES), which the signing page words in its language.
 */
export const ELECTRONIC_RECORDS_MESSAGES = {
  openFirst: formatEnglish(SIGNING_MESSAGES.openFirst),
  outdatedVersion: formatEnglish(SIGNING_MESSAGES.outdatedVersion),
  consentRequired: formatEnglish(SIGNING_MESSAGES.consentRequired),
  alreadySigned: formatEnglish(SIGNING_MESSAGES.withdrawAfterSigning),
  agreeRequired: formatEnglish(SIGNING_MESSAGES.agreeConsentRequired),
} as const;

/** Where a signer stands: not yet decided, agreed (to the current disclosures), or chose paper. */
export const ELECTRONIC_RECORDS_STATES = ['pending', 'consented', 'withdrawn'] as const;
export type ElectronicRecordsState = (typeof ELECTRONIC_RECORDS_STATES)[number];

// The signing link's token, which the page sends on its own: whatever is wrong with it, the request is invalid.
const notTyped = { error: issueError(MESSAGE_REFS.requestInvalid) };
const token = z.string(notTyped).min(20, notTyped).max(200, notTyped);

/** POST /api/signing/consent. Only the current version is accepted: an older page read other words. */
export const electronicRecordsConsentSchema = z.strictObject({
  token,
  version: z
    .string({ error: issueError(MESSAGE_REFS.requestInvalid) })
    .max(40, { error: issueError(SIGNING_REFS.outdatedVersion) })
    .refine(isCurrentConsentVersion, issueParams(SIGNING_REFS.outdatedVersion)),
  agreed: z.literal(true, { error: issueError(SIGNING_REFS.agreeConsentRequired) }),
});
export type ElectronicRecordsConsent = z.infer<typeof electronicRecordsConsentSchema>;

/** POST /api/signing/paper: the signer declines electronic records. */
export const electronicRecordsWithdrawalSchema = z.strictObject({ token });

export const electronicRecordsStateViewSchema = z.object({
  electronicRecords: z.enum(ELECTRONIC_RECORDS_STATES),
});

/** A signer's state from the stored consent, withdrawal and version. */
export function electronicRecordsState(o: {
  consentAt: Date | null;
  consentVersion: string | null;
  withdrawnAt: Date | null;
}): ElectronicRecordsState {
  if (o.withdrawnAt) return 'withdrawn';
  return o.consentAt && isCurrentConsentVersion(o.consentVersion) ? 'consented' : 'pending';
}
