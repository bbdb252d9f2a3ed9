import type { FastifyBaseLogger } from 'fastify';
import type { SigningDeps } from './deps';
import { letterRecordOfEnvelope } from './letter-rows';
import { saveSignatures } from './signature-rows';

/**
 * Brings an envelope's signatures into the application, whoever reports them (the provider's webhook, or the
 * sandbox's signing page): each signer's signing time, and once every signer signed, the signed PDF with its
 * SHA-256, documentSignedAt, the status signContract → counselorReview and an email to the borrower. Safe to
 * run twice for the same news. The provider is asked (the envelope's state, the signed PDF) between a unit that
 * finds our record and the unit that writes what it answered (signature-rows.ts).
 */
export async function recordSignatures(
  deps: Pick<SigningDeps, 'openUnit' | 'config' | 'eSignature'>,
  o: { envelopeId: string; log: FastifyBaseLogger },
): Promise<'unknown' | 'waiting' | 'signed'> {
  const record = await deps.openUnit((unit) => letterRecordOfEnvelope(unit.tx, o.envelopeId));
  if (!record) return 'unknown';
  const status = await deps.eSignature.getEnvelope(o.envelopeId);
  const completed = status.status === 'completed';
  const signed =
    completed && !record.documentSignedAt ? await deps.eSignature.getSignedDocument(o.envelopeId) : null;
  const outcome = await deps.openUnit((unit) =>
    saveSignatures(unit, {
      record,
      news: { completed, signers: status.signers, signed },
      publicUrl: deps.config.publicUrl,
    }),
  );
  if (outcome === 'signed')
    o.log.info({ applicationId: record.applicationId }, 'letter of authorization signed');
  return outcome;
}
