import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ELECTRONIC_RECORDS_CONSENT_VERSION,
  electronicRecordsState,
  type ElectronicRecordsState,
} from '#domain/enrollment/electronic-records-consent';
import { AppError } from '#domain/errors';
import { SIGNING_REFS } from '#domain/validation/messages';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';
import type { OpenUnit, Transaction, Unit } from '#server/unit-of-work';

// Each signer's consent to electronic records on the built-in signing page: the letter opened first (proof they
// can read it), then the consent with the disclosures' version, or paper instead. The signer is known by the
// sandbox's token (envelope and role), never by anything the browser names, so one signer cannot act for another.

export type SignerKey = { envelopeId: string; role: 'borrower' | 'spouse' };

const NOT_FOUND = SIGNING_REFS.linkNotValidOrExpired;

/** The signer's row, locked for the change; NotFound when the envelope is not (or no longer) ours. */
async function lockSigner(tx: Transaction, key: SignerKey) {
  const [row] = await tx
    .select({
      id: docusignSigner.id,
      signedAt: docusignSigner.signedAt,
      documentOpenedAt: docusignSigner.documentOpenedAt,
      consentAt: docusignSigner.electronicRecordsConsentAt,
      consentVersion: docusignSigner.electronicRecordsConsentVersion,
      withdrawnAt: docusignSigner.electronicRecordsWithdrawnAt,
      applicationId: docusign.applicationId,
    })
    .from(docusignSigner)
    .innerJoin(docusign, eq(docusign.id, docusignSigner.docusignId))
    .where(and(eq(docusign.envelopeId, key.envelopeId), eq(docusignSigner.role, key.role)))
    .for('update', { of: docusignSigner });
  if (!row) throw new AppError('NotFound', NOT_FOUND);
  return row;
}

/** Where the signer stands, for the signing page. */
export async function signerConsentView(
  tx: Transaction,
  key: SignerKey,
): Promise<{ documentOpened: boolean; electronicRecords: ElectronicRecordsState }> {
  const [row] = await tx
    .select({
      documentOpenedAt: docusignSigner.documentOpenedAt,
      consentAt: docusignSigner.electronicRecordsConsentAt,
      consentVersion: docusignSigner.electronicRecordsConsentVersion,
      withdrawnAt: docusignSigner.electronicRecordsWithdrawnAt,
    })
    .from(docusignSigner)
    .innerJoin(docusign, eq(docusign.id, docusignSigner.docusignId))
    .where(and(eq(docusign.envelopeId, key.envelopeId), eq(docusignSigner.role, key.role)));
  if (!row) throw new AppError('NotFound', NOT_FOUND);
  return { documentOpened: row.documentOpenedAt !== null, electronicRecords: electronicRecordsState(row) };
}

/** The letter was served to the signer: the first time is kept. */
export async function recordDocumentOpened(unit: Unit, key: SignerKey, now = new Date()): Promise<void> {
  const row = await lockSigner(unit.tx, key);
  if (row.documentOpenedAt) return;
  await unit.tx.update(docusignSigner).set({ documentOpenedAt: now }).where(eq(docusignSigner.id, row.id));
}

/**
 * Stores the signer's consent to the current disclosures, with the version of the words they read (each
 * language's has its own). Refused until the letter was opened. A signer who chose paper may change their
 * mind before signing: the consent clears the withdrawal.
 */
export async function consentToElectronicRecords(o: {
  openUnit: OpenUnit;
  key: SignerKey;
  log: FastifyBaseLogger;
  /** The version the page showed (checked current by the request's schema); the English one when unsaid. */
  version?: string;
  now?: Date;
}): Promise<ElectronicRecordsState> {
  const state = await o.openUnit(async ({ tx }) => {
    const row = await lockSigner(tx, o.key);
    if (!row.documentOpenedAt) throw new AppError('PreconditionFailed', SIGNING_REFS.openFirst);
    // Consenting after signing would change nothing the signer did; the stored consent stands.
    if (row.signedAt) return electronicRecordsState(row);
    await tx
      .update(docusignSigner)
      .set({
        electronicRecordsConsentAt: o.now ?? new Date(),
        electronicRecordsConsentVersion: o.version ?? ELECTRONIC_RECORDS_CONSENT_VERSION,
        electronicRecordsWithdrawnAt: null,
      })
      .where(eq(docusignSigner.id, row.id));
    return 'consented' as const;
  });
  o.log.info({ role: o.key.role }, 'electronic records consent recorded');
  return state;
}

/**
 * The signer wants paper: recorded with its time, and signing electronically is refused until they consent
 * again. Refused once signed, since withdrawing does not undo a signature.
 */
export async function choosePaperRecords(o: {
  openUnit: OpenUnit;
  key: SignerKey;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<void> {
  const applicationId = await o.openUnit(async ({ tx }) => {
    const row = await lockSigner(tx, o.key);
    if (row.signedAt) throw new AppError('Conflict', SIGNING_REFS.withdrawAfterSigning);
    if (!row.withdrawnAt) {
      await tx
        .update(docusignSigner)
        .set({ electronicRecordsWithdrawnAt: o.now ?? new Date() })
        .where(eq(docusignSigner.id, row.id));
    }
    return row.applicationId;
  });
  // The agency mails the letter: staff find the application by its id (nothing personal in the log).
  o.log.info({ applicationId, role: o.key.role }, 'signer chose paper documents');
}

/** Refuses to sign without a stored consent to the current disclosures. */
export async function requireElectronicRecordsConsent(tx: Transaction, key: SignerKey): Promise<void> {
  const view = await signerConsentView(tx, key);
  if (view.electronicRecords !== 'consented')
    throw new AppError('PreconditionFailed', SIGNING_REFS.consentRequired);
}
