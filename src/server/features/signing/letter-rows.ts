import { and, desc, eq, sql } from 'drizzle-orm';
import { builtOnce } from '#server/db/built-once';
import { docusign, docusignSigner, planAuthorization } from '#server/db/schema/enrollment';
import type { EmailMessage } from '#server/email/templates';
import type { Reader, Transaction, Unit } from '#server/unit-of-work';
import type { LetterAuthorization, LetterSigner } from './build-letter';

// The Letter of Authorization's rows, read and written in a unit: the envelope's record, its signers, the
// authorization the letter gives and the signers' emails. The envelope itself is the provider's, made between
// units (start-signing.ts), and what it answered is passed in here.

export type LetterRecord = typeof docusign.$inferSelect;

/** A letter whose envelope the provider made, with what to record of it. */
export type SentLetter = {
  envelope: { envelopeId: string; templateId: string | null };
  generatedAt: Date;
  signers: LetterSigner[];
  authorization: LetterAuthorization;
  /** The signers' emails with their links; none when the provider emails them itself. */
  links: EmailMessage[];
  written: { letterLanguage: LetterRecord['letterLanguage']; letterTextVersion: string };
};

// Read by every letter job (twice per applicant: the payment account's and the one /submitted queues again)
// and by the signing pages: built once (built-once.ts).
const letterRecordByApplication = builtOnce((tx: Transaction) =>
  tx.query.docusign
    .findFirst({ where: eq(docusign.applicationId, sql.placeholder('applicationId')) })
    .prepare('letter_record_of'),
);

/** The application's letter record (its current envelope), if it has one. */
export async function letterRecordOf(
  tx: Transaction,
  applicationId: string,
): Promise<LetterRecord | undefined> {
  return letterRecordByApplication(tx).execute({ applicationId });
}

/** The letter record of an envelope: only the application's current one (a replaced envelope has none). */
export async function letterRecordOfEnvelope(tx: Transaction, envelopeId: string) {
  return tx.query.docusign.findFirst({ where: eq(docusign.envelopeId, envelopeId) });
}

/** Built once (built-once.ts): /submitted reads it at every visit. */
const newestLetterAuthorizationRead = builtOnce((db: Reader) =>
  db.query.planAuthorization
    .findFirst({
      where: and(
        eq(planAuthorization.applicationId, sql.placeholder('id')),
        eq(planAuthorization.kind, 'letter'),
      ),
      orderBy: [desc(planAuthorization.createdAt)],
    })
    .prepare('newest_letter_authorization'),
);

/** The newest authorization a letter gave (a letter made again gives a new one). */
export async function newestLetterAuthorization(tx: Transaction, applicationId: string) {
  return newestLetterAuthorizationRead(tx).execute({ id: applicationId });
}

/**
 * Records a letter sent for signature: its envelope, one row per signer, the authorization it gives, and the
 * signers' emails. False when another request recorded the application's letter first (the unique envelope
 * per application): that one stands and this unit writes nothing.
 */
export async function recordSentLetter(
  unit: Unit,
  applicationId: string,
  letter: SentLetter,
): Promise<boolean> {
  const { tx } = unit;
  const [row] = await tx
    .insert(docusign)
    .values({
      applicationId,
      envelopeId: letter.envelope.envelopeId,
      templateId: letter.envelope.templateId,
      documentGeneratedAt: letter.generatedAt,
      ...letter.written,
    })
    .onConflictDoNothing({ target: docusign.applicationId })
    .returning({ id: docusign.id });
  if (!row) return false;
  await tx.insert(docusignSigner).values(letter.signers.map((s) => ({ docusignId: row.id, ...s })));
  // What the letter authorizes: the first draft date and the most the agency may draw each month.
  await tx.insert(planAuthorization).values({ applicationId, kind: 'letter', ...letter.authorization });
  for (const link of letter.links) await unit.outbox.email(link);
  return true;
}

/**
 * Puts a new letter in place of `record`'s: the new envelope, every signature cleared, a new 'letter'
 * authorization and the signers' emails. The record is read again under its lock first: false when it was
 * signed meanwhile, or another request made the letter again first (its envelope changed), and then theirs
 * stands and nothing is written.
 */
export async function recordReplacedLetter(
  unit: Unit,
  o: { applicationId: string; record: LetterRecord; letter: SentLetter },
): Promise<boolean> {
  const { tx } = unit;
  const { record, letter } = o;
  const [current] = await tx.select().from(docusign).where(eq(docusign.id, record.id)).for('update');
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
  for (const link of letter.links) await unit.outbox.email(link);
  return true;
}
