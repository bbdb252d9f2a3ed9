import { and, count, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { SIGNING_LINK_RESENDS_PER_HOUR } from '#domain/enrollment/signing-links';
import { SIGNING_REFS } from '#domain/validation/messages';
import { ownCurrentApplication } from '#server/application/own-application';
import { signerLanguages } from '#server/application/recipient-language';
import { application } from '#server/db/schema/application';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import type { EmailMessage } from '#server/email/templates';
import type { Transaction, Unit } from '#server/unit-of-work';

// The rows behind a signer's new signing link, read and written in units: who may have one, how many they were
// sent this hour, and the email with its audit record. The link itself is the provider's, made between units
// (fresh-links.ts, submitted.ts).

const HOUR_MS = 3_600_000;
const NOT_VALID = SIGNING_REFS.linkNotValidOrExpired;

/** A letter whose signatures are all in (or an application past signing) has nothing left to sign. */
export const alreadySigned = () => new AppError('Conflict', SIGNING_REFS.alreadySigned);

/**
 * How many new links this signer was emailed in the last hour, counted from the audit log (which every instance
 * shares, so the limit holds behind a load balancer).
 */
export async function linksSentLastHour(
  tx: Transaction,
  applicationId: string,
  role: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.applicationId, applicationId),
        eq(auditLog.action, 'signingLinkSent'),
        sql`${auditLog.after}->>'role' = ${role}`,
        sql`${auditLog.after}->>'via' = 'email'`,
        gte(auditLog.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** Refuses a signer who had their hour's share of emailed links. */
export async function refuseTooManyLinks(tx: Transaction, applicationId: string, role: string) {
  if ((await linksSentLastHour(tx, applicationId, role)) >= SIGNING_LINK_RESENDS_PER_HOUR)
    throw new AppError('RateLimited', SIGNING_REFS.tooMany);
}

/**
 * The signer of the application's current envelope a sandbox token names, if they may be sent a new link: not
 * signed, the letter not signed, the application still signing; and under the hour's limit. With the language
 * their email is written in.
 */
export async function signerForNewLink(unit: Unit, key: { envelopeId: string; role: 'borrower' | 'spouse' }) {
  const { tx } = unit;
  // The application's current envelope only: a replaced letter's envelope is voided and opens nothing.
  const record = await tx.query.docusign.findFirst({
    where: eq(docusign.envelopeId, key.envelopeId),
    with: { signers: true },
  });
  const signer = record?.signers.find((s) => s.role === key.role);
  if (!record || !signer) throw new AppError('NotFound', NOT_VALID);
  const app = await tx.query.application.findFirst({
    where: eq(application.id, record.applicationId),
    columns: { status: true },
  });
  if (record.documentSignedAt || signer.signedAt || app?.status !== 'signContract') throw alreadySigned();
  await refuseTooManyLinks(tx, record.applicationId, signer.role);
  const language = (await signerLanguages(tx, record.applicationId))[signer.role];
  return { record, signer, language };
}

/**
 * Writes the emails of new signing links and their audit records (each counts towards the signer's hour). The
 * letter's record is read again under its lock first, with each signer's limit: a letter signed or made again
 * while the links were made (they would open an envelope no longer ours), or a signer who reached the limit
 * meanwhile, sends nothing. Answers whether the emails were written.
 */
export async function recordLinksEmailed(
  unit: Unit,
  o: {
    docusignId: string;
    envelopeId: string;
    applicationId: string;
    actorId: string | null;
    emails: readonly { signerId: string; role: 'borrower' | 'spouse'; email: EmailMessage }[];
  },
): Promise<boolean> {
  const { tx } = unit;
  const [current] = await tx
    .select({ envelopeId: docusign.envelopeId, documentSignedAt: docusign.documentSignedAt })
    .from(docusign)
    .where(eq(docusign.id, o.docusignId))
    .for('update');
  if (!current || current.envelopeId !== o.envelopeId || current.documentSignedAt) return false;
  // One email after another: a transaction's client runs one query at a time.
  for (const e of o.emails) {
    await refuseTooManyLinks(tx, o.applicationId, e.role);
    await unit.outbox.email(e.email);
    await unit.audit({
      actorId: o.actorId,
      action: 'signingLinkSent',
      entityType: 'docusignSigner',
      entityId: e.signerId,
      applicationId: o.applicationId,
      after: { role: e.role, via: 'email' },
    });
  }
  return true;
}

/**
 * The borrower's own application's envelope `envelopeId`, while their signature is missing: NotFound for any
 * other envelope (never telling whose it is), Conflict once signed.
 */
export async function ownEnvelopeToSign(unit: Unit, o: { userId: string; envelopeId: string }) {
  const { tx } = unit;
  const own = await tx.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true },
  });
  if (!own) throw new AppError('NotFound');
  const record = await tx.query.docusign.findFirst({
    where: and(eq(docusign.applicationId, own.id), eq(docusign.envelopeId, o.envelopeId)),
  });
  if (!record) throw new AppError('NotFound');
  if (record.documentSignedAt || own.status !== 'signContract') throw alreadySigned();
  const [borrower] = await tx
    .select()
    .from(docusignSigner)
    .where(and(eq(docusignSigner.docusignId, record.id), eq(docusignSigner.role, 'borrower')));
  if (!borrower) throw new AppError('NotFound');
  if (borrower.signedAt) throw alreadySigned();
  return { applicationId: own.id, record, borrower };
}
