import { sealSignedLetter } from '#server/application/signed-letter-store';
import { createHash } from 'node:crypto';
import { signerLanguages } from '#server/application/recipient-language';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { changeStatus, lockApplication, updateApplication } from '#server/application/application-state';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { enqueueEmail } from '#server/email/outbox';
import { letterSignedEmail } from '#server/email/templates';

/**
 * Brings an envelope's signatures into the application, whoever reports them (the provider's webhook, or the
 * sandbox's signing page): each signer's signing time, and once every signer signed, the signed PDF with its
 * SHA-256, documentSignedAt, the status signContract → counselorReview and an email to the borrower. Safe to
 * run twice for the same news.
 */
export async function recordSignatures(o: {
  services: Services;
  envelopeId: string;
  log: FastifyBaseLogger;
}): Promise<'unknown' | 'waiting' | 'signed'> {
  const { db } = o.services.database;
  const record = await db.query.docusign.findFirst({ where: eq(docusign.envelopeId, o.envelopeId) });
  if (!record) return 'unknown';
  const status = await o.services.eSignature.getEnvelope(o.envelopeId);
  const completed = status.status === 'completed';
  const signed =
    completed && !record.documentSignedAt
      ? await o.services.eSignature.getSignedDocument(o.envelopeId)
      : null;
  const emailIds: string[] = [];
  const outcome = await db.transaction(async (tx) => {
    const app = await lockApplication(tx, record.applicationId);
    for (const signer of status.signers) {
      if (signer.status !== 'completed' || !signer.signedAt) continue;
      await tx
        .update(docusignSigner)
        .set({ signedAt: new Date(signer.signedAt) })
        .where(and(eq(docusignSigner.docusignId, record.id), eq(docusignSigner.role, signer.role)));
    }
    if (!completed) return 'waiting' as const;
    const [current] = await tx.select().from(docusign).where(eq(docusign.id, record.id)).for('update');
    if (current?.documentSignedAt || !signed) return 'signed' as const;
    const buffer = Buffer.from(signed);
    await tx
      .update(docusign)
      .set({
        documentSignedAt: new Date(),
        signedDocument: sealSignedLetter(o.services.cipher, buffer),
        signedDocumentSha256: createHash('sha256').update(buffer).digest('hex'),
      })
      .where(eq(docusign.id, record.id));
    if (app.status === 'signContract') {
      await changeStatus(tx, app, 'contractSigned', null);
      await updateApplication(tx, app, {});
    }
    // Every signer receives the signed copy (one email per address).
    // The borrower first: an address both share is written to in the borrower's language.
    const signers = await tx
      .select()
      .from(docusignSigner)
      .where(eq(docusignSigner.docusignId, record.id))
      .orderBy(docusignSigner.role);
    const sentTo = new Set<string>();
    const languages = await signerLanguages(tx, record.applicationId);
    for (const signer of signers) {
      if (sentTo.has(signer.email)) continue;
      sentTo.add(signer.email);
      emailIds.push(
        await enqueueEmail(
          tx,
          o.services.cipher,
          letterSignedEmail({
            to: signer.email,
            name: signer.name,
            publicUrl: o.services.config.publicUrl,
            signedPdf: signed,
            language: languages[signer.role],
          }),
        ),
      );
    }
    return 'signed' as const;
  });
  for (const id of emailIds) o.services.onEmailQueued?.(id);
  if (outcome === 'signed')
    o.log.info({ applicationId: record.applicationId }, 'letter of authorization signed');
  return outcome;
}
