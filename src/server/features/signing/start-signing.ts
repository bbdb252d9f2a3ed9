import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { firstDraftTooSoon } from '#domain/enrollment/plan-terms';
import { docusign, docusignSigner, planAuthorization } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { enqueueEmail } from '#server/email/outbox';
import { signLetterEmail, signLetterInvitation } from '#server/email/templates';
import { linkAskingFor, type Language } from '#domain/i18n/language';
import { LETTER_MESSAGES } from '#domain/enrollment/letter-of-authorization';
import { intlFor } from '#server/i18n';
import { buildLetter, letterIntl } from './build-letter';
import { renderLetterVersionsPdf } from './render-letter';

export const LETTER_DOCUMENT_NAME = 'Letter of Authorization.pdf';

/**
 * Sends the Letter of Authorization for signature once the payment account is saved (status signContract):
 * renders the PDF, creates the envelope with one signer per person, records it, and, when the provider does
 * not email signers itself (the sandbox), emails each signer their own link. Idempotent: an application with
 * an envelope gets no second one. Called after the payment account's transaction commits, and again by
 * /submitted when an earlier attempt failed.
 */
export async function startSigning(o: {
  services: Services;
  applicationId: string;
  log: FastifyBaseLogger;
  today?: string;
}): Promise<void> {
  const { db } = o.services.database;
  const existing = await db.query.docusign.findFirst({ where: eq(docusign.applicationId, o.applicationId) });
  if (existing) return;
  const letter = await sendLetter(o.services, o.applicationId, o.today ?? o.services.today(), {});
  const emailIds: string[] = [];
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(docusign)
      .values({
        applicationId: o.applicationId,
        envelopeId: letter.envelope.envelopeId,
        templateId: letter.envelope.templateId,
        documentGeneratedAt: letter.generatedAt,
        ...letter.written,
      })
      .onConflictDoNothing({ target: docusign.applicationId })
      .returning({ id: docusign.id });
    // Another request created the envelope first: that one stands.
    if (!row) return false;
    await tx.insert(docusignSigner).values(letter.signers.map((s) => ({ docusignId: row.id, ...s })));
    // What the letter authorizes: the first draft date and the most the agency may draw each month.
    await tx
      .insert(planAuthorization)
      .values({ applicationId: o.applicationId, kind: 'letter', ...letter.authorization });
    for (const link of letter.links) emailIds.push(await enqueueEmail(tx, o.services.cipher, link));
    return true;
  });
  if (!created)
    o.log.info({ applicationId: o.applicationId }, 'letter envelope already existed; new one unused');
  for (const id of emailIds) o.services.onEmailQueued?.(id);
}

/** Renders the letter dated `today`, creates its envelope and, when the provider does not, each signer's email. */
async function sendLetter(services: Services, applicationId: string, today: string, o: { redate?: boolean }) {
  const { db } = services.database;
  const { content, versions, signers, authorization } = await buildLetter(
    db,
    services.cipher,
    applicationId,
    today,
    o,
  );
  // Signers who read different languages sign one document holding the letter in each of their languages,
  // each signing once below both (the note says so in each language, and which version governs).
  const englishGoverns = !services.config.legalSpanish.approved;
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
  const envelope = await services.eSignature.createEnvelope({
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
  // Links are made before the transaction: the sandbox keeps its envelopes in this same database.
  const links = services.eSignature.deliversEmail
    ? []
    : await Promise.all(
        signers.map((signer) => signingLink(services, envelope.envelopeId, signer, signer.letterLanguage)),
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
export async function renewLetterIfTooSoon(o: {
  services: Services;
  applicationId: string;
  log: FastifyBaseLogger;
  today?: string;
}): Promise<string | null> {
  const { db } = o.services.database;
  const today = o.today ?? o.services.today();
  const record = await db.query.docusign.findFirst({ where: eq(docusign.applicationId, o.applicationId) });
  if (!record || record.documentSignedAt) return null;
  const authorized = await newestLetterAuthorization(db, o.applicationId);
  if (!authorized || !firstDraftTooSoon(authorized.firstDraftDate, today)) return null;
  return replaceLetter({
    ...o,
    today,
    record,
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
export async function renewLetterIfExpired(o: {
  services: Services;
  applicationId: string;
  log: FastifyBaseLogger;
}): Promise<string | null> {
  const { db } = o.services.database;
  const record = await db.query.docusign.findFirst({ where: eq(docusign.applicationId, o.applicationId) });
  if (!record || record.documentSignedAt) return null;
  const { status } = await o.services.eSignature.getEnvelope(record.envelopeId);
  // Our current envelope is never voided by us (a replaced one is, once our records moved on): voided here is
  // the provider expiring it (or someone voiding it in the provider's console), either way unsignable.
  if (status !== 'voided') return null;
  await replaceLetter({
    ...o,
    today: o.services.today(),
    record,
    voidReason: EXPIRED_VOID_REASON,
    logMessage: 'letter of authorization made again after its envelope expired',
  });
  const now = await db.query.docusign.findFirst({ where: eq(docusign.applicationId, o.applicationId) });
  return now && now.envelopeId !== record.envelopeId ? now.envelopeId : null;
}

/**
 * Replaces the letter's envelope with a new one dated `today` (the first draft counted again from it): every
 * signature cleared, a new 'letter' authorization recorded, the signers sent the new letter and the old
 * envelope voided. Answers the new first draft date (or the one another request's replacement set).
 */
async function replaceLetter(o: {
  services: Services;
  applicationId: string;
  log: FastifyBaseLogger;
  today: string;
  record: typeof docusign.$inferSelect;
  voidReason: string;
  logMessage: string;
}): Promise<string | null> {
  const { db } = o.services.database;
  const { record, today } = o;
  const letter = await sendLetter(o.services, o.applicationId, today, { redate: true });
  const emailIds: string[] = [];
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(docusign).where(eq(docusign.id, record.id)).for('update');
    // Signed meanwhile, or another request made the letter again first: theirs stands.
    if (!current || current.envelopeId !== record.envelopeId || current.documentSignedAt) return false;
    await tx
      .update(docusign)
      .set({
        envelopeId: letter.envelope.envelopeId,
        templateId: letter.envelope.templateId,
        documentGeneratedAt: letter.generatedAt,
        ...letter.written,
      })
      .where(eq(docusign.id, record.id));
    for (const signer of letter.signers) {
      await tx
        .update(docusignSigner)
        .set({
          name: signer.name,
          email: signer.email,
          letterLanguage: signer.letterLanguage,
          letterTextVersion: signer.letterTextVersion,
          signedAt: null,
        })
        .where(and(eq(docusignSigner.docusignId, record.id), eq(docusignSigner.role, signer.role)));
    }
    await tx
      .insert(planAuthorization)
      .values({ applicationId: o.applicationId, kind: 'letter', ...letter.authorization });
    for (const link of letter.links) emailIds.push(await enqueueEmail(tx, o.services.cipher, link));
    return true;
  });
  for (const id of emailIds) o.services.onEmailQueued?.(id);
  const unused = replaced ? record.envelopeId : letter.envelope.envelopeId;
  try {
    await o.services.eSignature.voidEnvelope(unused, o.voidReason);
  } catch (error) {
    // Our records no longer point at it, so a signature there is ignored; staff can void it by hand.
    o.log.warn({ err: error, applicationId: o.applicationId }, 'voiding the replaced letter envelope failed');
  }
  if (!replaced) return (await newestLetterAuthorization(db, o.applicationId))?.firstDraftDate ?? null;
  o.log.info({ applicationId: o.applicationId }, o.logMessage);
  return letter.authorization.firstDraftDate;
}

async function newestLetterAuthorization(db: Services['database']['db'], applicationId: string) {
  return db.query.planAuthorization.findFirst({
    where: and(eq(planAuthorization.applicationId, applicationId), eq(planAuthorization.kind, 'letter')),
    orderBy: [desc(planAuthorization.createdAt)],
  });
}

/** One signer's email with their own signing link (the sandbox's signing page). */
export async function signingLink(
  services: Services,
  envelopeId: string,
  signer: { role: 'borrower' | 'spouse'; name: string; email: string },
  language: Language,
) {
  const url = await services.eSignature.signingUrl({
    envelopeId,
    role: signer.role,
    returnUrl: `${services.config.publicUrl}/submitted`,
    language,
  });
  // Our own signing page opens in the signer's language on any device, English named too (an English-speaking
  // spouse may open it where the Spanish-speaking borrower chose Spanish); a provider's page is left as made.
  const own = url.startsWith(`${services.config.publicUrl}/`);
  return signLetterEmail({
    to: signer.email,
    name: signer.name,
    url: own ? linkAskingFor(url, language) : url,
    forSpouse: signer.role === 'spouse',
    language,
  });
}
