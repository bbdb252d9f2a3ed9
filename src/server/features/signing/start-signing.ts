import type { FastifyBaseLogger } from 'fastify';
import { firstDraftTooSoon } from '#domain/enrollment/plan-terms';
import { signLetterEmail, signLetterInvitation } from '#server/email/templates';
import { linkAskingFor, type Language } from '#domain/i18n/language';
import { LETTER_MESSAGES } from '#domain/enrollment/letter-of-authorization';
import { intlFor } from '#server/i18n';
import { buildLetter, letterIntl } from './build-letter';
import type { SigningDeps } from './deps';
import {
  type LetterRecord,
  letterRecordOf,
  newestLetterAuthorization,
  recordReplacedLetter,
  recordSentLetter,
  type SentLetter,
} from './letter-rows';
import { renderLetterVersionsPdf } from './render-letter';
import type { Transaction } from '#server/unit-of-work';

export const LETTER_DOCUMENT_NAME = 'Letter of Authorization.pdf';

/**
 * Sends the Letter of Authorization for signature once the payment account is saved (status signContract):
 * renders the PDF, creates the envelope with one signer per person, records it, and, when the provider does
 * not email signers itself (the sandbox), emails each signer their own link. Idempotent: an application with
 * an envelope gets no second one. Called after the payment account's unit commits, and again by /submitted
 * when an earlier attempt failed. The letter is read in one unit and recorded in another; the provider is asked
 * between them (outside any unit), and the record's unique envelope per application decides a race.
 */
export async function startSigning(
  deps: SigningDeps,
  o: { applicationId: string; log: FastifyBaseLogger; today?: string },
): Promise<void> {
  const built = await deps.openUnit(async (unit) => {
    if (await letterRecordOf(unit.tx, o.applicationId)) return null;
    const today = o.today ?? unit.today;
    return buildLetter(unit.tx, unit.cipher, o.applicationId, today);
  });
  if (!built) return;
  const letter = await sendLetter(deps, built);
  const created = await deps.openUnit((unit) => recordSentLetter(unit, o.applicationId, letter));
  if (!created)
    o.log.info({ applicationId: o.applicationId }, 'letter envelope already existed; new one unused');
}

type BuiltLetter = Awaited<ReturnType<typeof buildLetter>>;

/**
 * Renders the letter built in a unit, creates its envelope and, when the provider does not, each signer's email:
 * the provider's part, outside any unit.
 */
async function sendLetter(deps: SigningDeps, built: BuiltLetter): Promise<SentLetter> {
  const { content, versions, signers, authorization } = built;
  // Signers who read different languages sign one document holding the letter in each of their languages,
  // each signing once below both (the note says so in each language, and which version governs).
  const englishGoverns = !deps.config.legalSpanish.approved;
  const note =
    versions.length > 1
      ? versions.map((v) =>
          letterIntl(v.content.language).formatMessage(LETTER_MESSAGES.bilingualNote, {
            englishGoverns: englishGoverns ? 'yes' : 'no',
          }),
        )
      : [];
  const { pdf, positions } = await renderLetterVersionsPdf(
    versions.map((v) => ({ ...v, intl: letterIntl(v.content.language) })),
    note,
  );
  const generatedAt = new Date();
  const envelope = await deps.eSignature.createEnvelope({
    document: pdf,
    documentName: LETTER_DOCUMENT_NAME,
    // The provider's own email, when it sends one, in the letter's language.
    emailSubject: intlFor(content.language).formatMessage({
      id: 'email.signLetter.subject',
      defaultMessage: 'Please sign your Letter of Authorization',
    }),
    // Each signer's own invitation and signing page in their language, where the provider sends one.
    signers: signers.map(({ role, name, email, letterLanguage }) => {
      const at = positions[role];
      if (!at) throw new Error(`Letter of Authorization: no signature block for the ${role}`);
      const invitation = signLetterInvitation({
        name,
        forSpouse: role === 'spouse',
        language: letterLanguage,
      });
      return { role, name, email, positions: at, language: letterLanguage, invitation };
    }),
  });
  // Links are made before the unit that records them: the sandbox keeps its envelopes in this same database.
  const links = deps.eSignature.deliversEmail
    ? []
    : await Promise.all(
        signers.map((signer) => signingLink(deps, envelope.envelopeId, signer, signer.letterLanguage)),
      );
  const written = { letterLanguage: content.language, letterTextVersion: content.textVersion };
  return { envelope, signers, authorization, links, generatedAt, written };
}

const VOID_REASON = 'The letter was made again with a later first draft date.';

/**
 * A letter left unsigned until its first draft date is less than 5 business days away must not be signed: the
 * agency could not set the debit up in time, and the letter would authorize a draft on a date that will not
 * happen. Made again here, on the same day of the month with the next first draft date that leaves 5 business
 * days, as a new envelope that replaces the old one (its links stop working, it is voided at the provider),
 * every signature cleared, a new 'letter' authorization recorded and the signers sent the new letter.
 * Answers the new first draft date, or null when the letter still stands (or is signed, or there is none).
 * The consents to electronic records stay: they are about how documents are signed, not about this one.
 */
/** Whether the newest authorization's first draft has come too close to `today` for its letter to stand. */
export async function letterTooSoon(tx: Transaction, applicationId: string, today: string): Promise<boolean> {
  const authorized = await newestLetterAuthorization(tx, applicationId);
  return Boolean(authorized && firstDraftTooSoon(authorized.firstDraftDate, today));
}

export async function renewLetterIfTooSoon(
  deps: SigningDeps,
  o: { applicationId: string; log: FastifyBaseLogger; today?: string },
): Promise<string | null> {
  const stale = await deps.openUnit(async (unit) => {
    const today = o.today ?? unit.today;
    const record = await letterRecordOf(unit.tx, o.applicationId);
    if (!record || record.documentSignedAt) return null;
    if (!(await letterTooSoon(unit.tx, o.applicationId, today))) return null;
    return { record, today };
  });
  if (!stale) return null;
  return replaceLetter(deps, {
    ...o,
    ...stale,
    voidReason: VOID_REASON,
    logMessage: 'letter of authorization made again with a later first draft',
  });
}

const EXPIRED_VOID_REASON = 'The envelope expired unsigned; the letter was made again.';

/**
 * The letter's envelope expired unsigned at the provider (DocuSign voids an envelope SIGNING_LINK_LIFE_DAYS
 * after sending it, and no link of it opens any more): made again as a new envelope dated `today`, like a
 * letter whose first draft came too close, so a signer who asks for a new link has a letter to sign. Answers
 * the new envelope's id, or null when the letter is signed, there is none, or its envelope is still open.
 */
export async function renewLetterIfExpired(
  deps: SigningDeps,
  o: { applicationId: string; log: FastifyBaseLogger },
): Promise<string | null> {
  const unsigned = await deps.openUnit(async (unit) => {
    const record = await letterRecordOf(unit.tx, o.applicationId);
    return record && !record.documentSignedAt ? { record, today: unit.today } : null;
  });
  if (!unsigned) return null;
  const { record } = unsigned;
  const { status } = await deps.eSignature.getEnvelope(record.envelopeId);
  // Our current envelope is never voided by us (a replaced one is, once our records moved on): voided here is
  // the provider expiring it (or someone voiding it in the provider's console), either way unsignable.
  if (status !== 'voided') return null;
  await replaceLetter(deps, {
    ...o,
    ...unsigned,
    voidReason: EXPIRED_VOID_REASON,
    logMessage: 'letter of authorization made again after its envelope expired',
  });
  const now = await deps.openUnit((unit) => letterRecordOf(unit.tx, o.applicationId));
  return now && now.envelopeId !== record.envelopeId ? now.envelopeId : null;
}

/**
 * Replaces the letter's envelope with a new one dated `today` (the first draft counted again from it): every
 * signature cleared, a new 'letter' authorization recorded, the signers sent the new letter and the old
 * envelope voided. Answers the new first draft date (or the one another request's replacement set).
 */
async function replaceLetter(
  deps: SigningDeps,
  o: {
    applicationId: string;
    log: FastifyBaseLogger;
    today: string;
    record: LetterRecord;
    voidReason: string;
    logMessage: string;
  },
): Promise<string | null> {
  const { record, today } = o;
  const built = await deps.openUnit((unit) =>
    buildLetter(unit.tx, unit.cipher, o.applicationId, today, { redate: true }),
  );
  const letter = await sendLetter(deps, built);
  // Signed meanwhile, or another request made the letter again first: theirs stands (checked under the lock).
  const replaced = await deps.openUnit((unit) =>
    recordReplacedLetter(unit, { applicationId: o.applicationId, record, letter }),
  );
  const unused = replaced ? record.envelopeId : letter.envelope.envelopeId;
  try {
    await deps.eSignature.voidEnvelope(unused, o.voidReason);
  } catch (error) {
    // Our records no longer point at it, so a signature there is ignored; staff can void it by hand.
    o.log.warn({ err: error, applicationId: o.applicationId }, 'voiding the replaced letter envelope failed');
  }
  if (!replaced) {
    const newest = await deps.openUnit((unit) => newestLetterAuthorization(unit.tx, o.applicationId));
    return newest?.firstDraftDate ?? null;
  }
  o.log.info({ applicationId: o.applicationId }, o.logMessage);
  return letter.authorization.firstDraftDate;
}

/** One signer's email with their own signing link (the sandbox's signing page). */
export async function signingLink(
  deps: Pick<SigningDeps, 'config' | 'eSignature'>,
  envelopeId: string,
  signer: { role: 'borrower' | 'spouse'; name: string; email: string },
  language: Language,
) {
  const url = await deps.eSignature.signingUrl({
    envelopeId,
    role: signer.role,
    returnUrl: `${deps.config.publicUrl}/submitted`,
    language,
  });
  // Our own signing page opens in the signer's language on any device, English named too (an English-speaking
  // spouse may open it where the Spanish-speaking borrower chose Spanish); a provider's page is left as made.
  const own = url.startsWith(`${deps.config.publicUrl}/`);
  return signLetterEmail({
    to: signer.email,
    name: signer.name,
    url: own ? linkAskingFor(url, language) : url,
    forSpouse: signer.role === 'spouse',
    language,
  });
}
