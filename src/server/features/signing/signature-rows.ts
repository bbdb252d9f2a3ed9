import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { changeStatus, lockApplication, updateApplication } from '#server/application/application-state';
import { signerLanguages } from '#server/application/recipient-language';
import { sealSignedLetter } from '#server/application/signed-letter-store';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';
import { letterSignedEmail } from '#server/email/templates';
import type { Unit } from '#server/unit-of-work';
import type { LetterRecord } from './letter-rows';

/** What the provider answered about an envelope, asked before the unit: who signed when, and the signed PDF. */
export type EnvelopeNews = {
  completed: boolean;
  signers: readonly { role: 'borrower' | 'spouse'; status: string; signedAt: string | null }[];
  /** The signed PDF, fetched when every signer signed and our record had none yet. */
  signed: Uint8Array | null;
};

/**
 * Writes an envelope's signatures into the application, under the application's lock: each signer's signing
 * time, and once every signer signed, the signed PDF with its SHA-256, documentSignedAt, the status
 * signContract → counselorReview and the signed copy emailed to each signer. The letter's record is read again
 * under its lock: a second report of the same news (the webhook and the signing page, or a retried delivery)
 * finds it signed and changes nothing more.
 */
export async function saveSignatures(
  unit: Unit,
  o: { record: LetterRecord; news: EnvelopeNews; publicUrl: string },
): Promise<'waiting' | 'signed'> {
  const { tx, cipher } = unit;
  const { record, news } = o;
  const app = await lockApplication(tx, record.applicationId);
  for (const signer of news.signers) {
    if (signer.status !== 'completed' || !signer.signedAt) continue;
    await tx
      .update(docusignSigner)
      .set({ signedAt: new Date(signer.signedAt) })
      .where(and(eq(docusignSigner.docusignId, record.id), eq(docusignSigner.role, signer.role)));
  }
  if (!news.completed) return 'waiting';
  const [current] = await tx.select().from(docusign).where(eq(docusign.id, record.id)).for('update');
  const signed = news.signed;
  if (current?.documentSignedAt || !signed) return 'signed';
  const buffer = Buffer.from(signed);
  await tx
    .update(docusign)
    .set({
      documentSignedAt: new Date(),
      signedDocument: sealSignedLetter(cipher, buffer),
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
    await unit.outbox.email(
      letterSignedEmail({
        to: signer.email,
        name: signer.name,
        publicUrl: o.publicUrl,
        signedPdf: signed,
        language: languages[signer.role],
      }),
    );
  }
  return 'signed';
}
