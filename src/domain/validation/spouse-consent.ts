import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';
import { FIXED, LABELS, formatEnglish } from '../i18n/validation-messages';
import { emailField, nameField } from './fields';
import { errorOf, refineOf } from './issue-messages';
import { FIELD_MESSAGES as M } from './messages';

// The spouse's own consent to the soft inquiry of their credit file. The applicant cannot give it for them:
// the spouse ticks the authorization and types their own full name, either at the applicant's screen or on
// a page opened from a link emailed to them (docs/decisions/0170-the-spouse-gives-their-own-credit-consent.md).

/** How long an emailed consent link works. A week leaves a spouse who travels time to open it. */
export const SPOUSE_CONSENT_LINK_LIFE_DAYS = 7;
/** Links one application may send in a day (each is an email to the spouse): a resend or two, not a flood. */
export const SPOUSE_CONSENT_LINKS_PER_DAY = 5;
/** A link's token: 32 random bytes written in base64url. */
export const SPOUSE_CONSENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SPOUSE_CONSENT_MESSAGES = {
  nameMismatch: formatEnglish(FIXED.spouseConsentNameMismatch),
  linkNotValid: formatEnglish(FIXED.spouseConsentLinkNotValid),
  linkExpired: formatEnglish(FIXED.spouseConsentLinkExpired),
  alreadyGiven: formatEnglish(FIXED.spouseConsentAlreadyGiven),
  tooManyLinks: formatEnglish(FIXED.spouseConsentTooManyLinks),
  noSpouse: formatEnglish(FIXED.spouseConsentNoSpouse),
} as const;

/** The label of the name the spouse types as their signature. */
export const SPOUSE_FULL_NAME_LABEL = formatEnglish(LABELS.spouseFullName);

/** Lower case, accents kept, every run of spaces one space, none at the ends. */
const normalName = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();

/** Whether the typed full name is the spouse's first and last name as the application has them. */
export function isSpouseFullName(
  typed: string,
  spouse: { firstName: string | null; lastName: string | null },
) {
  const expected = normalName(`${spouse.firstName ?? ''} ${spouse.lastName ?? ''}`);
  return expected !== '' && normalName(typed) === expected;
}

const FULL_NAME_MAX = 100;
const consent = z
  .boolean({ error: errorOf(M.fixed('creditConsentRequired')) })
  .refine((v) => v, refineOf(M.fixed('creditConsentRequired')));
const token = z
  .string({ error: errorOf(M.fixed('spouseConsentLinkNotValid')) })
  .regex(SPOUSE_CONSENT_TOKEN_PATTERN, { error: errorOf(M.fixed('spouseConsentLinkNotValid')) });

/**
 * The spouse at the applicant's screen: their tick and their typed name, sent with the applicant's consent on
 * /credit (creditConsentSchema). The name must be the spouse's on the application (checked by the server).
 */
export const spouseAtScreenFields = {
  spouseConsentedToCreditPolicy: consent.optional(),
  spouseFullName: nameField(LABELS.spouseFullName, { max: FULL_NAME_MAX, optional: true }),
};

/** POST /api/application/credit/spouse-consent/link: where to email the spouse their link. */
export const sendSpouseConsentLinkSchema = z.strictObject({ email: emailField(LABELS.email) });
export type SendSpouseConsentLink = z.output<typeof sendSpouseConsentLinkSchema>;

/** POST /api/spouse-consent/view: the page opened from the link reads what it shows. */
export const spouseConsentTokenSchema = z.strictObject({ token });

/** POST /api/spouse-consent: the spouse's tick and typed name, from the link's page. */
export const spouseConsentSchema = z.strictObject({
  token,
  consentedToCreditPolicy: consent,
  fullName: nameField(LABELS.spouseFullName, { max: FULL_NAME_MAX }),
});
export type SpouseConsentInput = z.input<typeof spouseConsentSchema>;

/** What the link's page shows: whom the applicant applies with, in the spouse's language. */
export const spouseConsentPageViewSchema = z.object({
  spouseFirstName: z.string(),
  borrowerFirstName: z.string(),
  language: z.enum(LANGUAGES),
});
export type SpouseConsentPageView = z.infer<typeof spouseConsentPageViewSchema>;

/** Where the spouse's consent stands, for the applicant's /credit page. */
export const spouseConsentStatusViewSchema = z.object({
  /** none: not asked yet; awaiting: a link is out; given: recorded (the pull may go ahead). */
  status: z.enum(['none', 'awaiting', 'given']),
  given: z.object({ method: z.enum(['atScreen', 'emailedLink']), consentedAt: z.string() }).nullable(),
  /** The newest link still working: where and when it went, until when it works. */
  link: z.object({ sentTo: z.string(), sentAt: z.string(), expiresAt: z.string() }).nullable(),
  /** The spouse's email on the application, to send the first link to. */
  spouseEmail: z.string().nullable(),
});
export type SpouseConsentStatusView = z.infer<typeof spouseConsentStatusViewSchema>;
