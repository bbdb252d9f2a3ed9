import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { docusign, docusignSigner, planAuthorization } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { enqueueEmail } from '#server/email/outbox';
import { signLetterEmail } from '#server/email/templates';
import { buildLetter } from './build-letter';
import { renderLetterOfAuthorizationPdf } from './render-letter';

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
  const today = o.today ?? new Date().toISOString().slice(0, 10);
  const { content, signers, authorization } = await buildLetter(
    db,
    o.services.cipher,
    o.applicationId,
    today,
  );
  const { pdf, positions } = await renderLetterOfAuthorizationPdf(content);
  const generatedAt = new Date();
  const envelope = await o.services.eSignature.createEnvelope({
    document: pdf,
    documentName: LETTER_DOCUMENT_NAME,
    emailSubject: 'Please sign your Letter of Authorization',
    signers: signers.map((signer) => {
      const at = positions[signer.role];
      if (!at) throw new Error(`Letter of Authorization: no signature block for the ${signer.role}`);
      return { ...signer, positions: at };
    }),
  });
  // Links are made before the transaction: the sandbox keeps its envelopes in this same database.
  const links = o.services.eSignature.deliversEmail
    ? []
    : await Promise.all(signers.map((signer) => signingLink(o.services, envelope.envelopeId, signer)));
  const emailIds: string[] = [];
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(docusign)
      .values({
        applicationId: o.applicationId,
        envelopeId: envelope.envelopeId,
        templateId: envelope.templateId,
        documentGeneratedAt: generatedAt,
      })
      .onConflictDoNothing({ target: docusign.applicationId })
      .returning({ id: docusign.id });
    // Another request created the envelope first: that one stands.
    if (!row) return false;
    await tx.insert(docusignSigner).values(signers.map((s) => ({ docusignId: row.id, ...s })));
    // What the letter authorizes: the first draft date and the most the agency may draw each month.
    await tx
      .insert(planAuthorization)
      .values({ applicationId: o.applicationId, kind: 'letter', ...authorization });
    for (const link of links) emailIds.push(await enqueueEmail(tx, o.services.cipher, link));
    return true;
  });
  if (!created)
    o.log.info({ applicationId: o.applicationId }, 'letter envelope already existed; new one unused');
  for (const id of emailIds) o.services.onEmailQueued?.(id);
}

/** One signer's email with their own signing link (the sandbox's signing page). */
export async function signingLink(
  services: Services,
  envelopeId: string,
  signer: { role: 'borrower' | 'spouse'; name: string; email: string },
) {
  const url = await services.eSignature.signingUrl({
    envelopeId,
    role: signer.role,
    returnUrl: `${services.config.publicUrl}/submitted`,
  });
  return signLetterEmail({ to: signer.email, name: signer.name, url, forSpouse: signer.role === 'spouse' });
}
