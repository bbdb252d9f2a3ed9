import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { signerLanguages } from '#server/application/recipient-language';
import { AppError } from '#domain/errors';
import { SIGNING_LINK_MESSAGES, SIGNING_LINK_RESENDS_PER_HOUR } from '#domain/enrollment/signing-links';
import type { SandboxESignature } from '#providers/e-signature/sandbox';
import { recordAudit } from '#server/audit/record-audit';
import { application } from '#server/db/schema/application';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import { enqueueEmail } from '#server/email/outbox';
import type { Services } from '#server/services';
import { renewLetterIfExpired, signingLink } from './start-signing';
import { ownCurrentApplication } from '#server/application/own-application';

const HOUR_MS = 3_600_000;

/** A letter whose signatures are all in (or an application past signing) has nothing left to sign. */
const alreadySigned = () => new AppError('Conflict', SIGNING_LINK_MESSAGES.alreadySigned);

/**
 * How many new links this signer was emailed in the last hour, counted from the audit log (which every instance
 * shares, so the limit holds behind a load balancer).
 */
export async function linksSentLastHour(
  services: Services,
  applicationId: string,
  role: string,
): Promise<number> {
  const [row] = await services.database.db
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

/**
 * POST /api/signing/new-link (sandbox signing page): a signer whose link expired (or who lost the email) asks
 * for a new one. The token must be one the sandbox issued to that signer, expired or not: it proves the caller
 * once received the signer's email. The new link goes to the signer's address on file, never to one the caller
 * names; at most SIGNING_LINK_RESENDS_PER_HOUR an hour per signer; each one audited.
 */
export async function emailNewSigningLink(o: {
  services: Services;
  sandbox: SandboxESignature;
  token: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { services } = o;
  const { db } = services.database;
  const found = await o.sandbox.signerByToken(o.token);
  if (!found) throw new AppError('NotFound', 'This signing link is not valid or has expired.');
  if (found.signed || found.envelopeCompleted) throw alreadySigned();
  // The application's current envelope only: a replaced letter's envelope is voided and opens nothing above.
  const record = await db.query.docusign.findFirst({
    where: eq(docusign.envelopeId, found.envelopeId),
    with: { signers: true },
  });
  const signer = record?.signers.find((s) => s.role === found.role);
  if (!record || !signer) throw new AppError('NotFound', 'This signing link is not valid or has expired.');
  const app = await db.query.application.findFirst({
    where: eq(application.id, record.applicationId),
    columns: { status: true },
  });
  if (record.documentSignedAt || signer.signedAt || app?.status !== 'signContract') throw alreadySigned();
  if ((await linksSentLastHour(services, record.applicationId, signer.role)) >= SIGNING_LINK_RESENDS_PER_HOUR)
    throw new AppError('RateLimited', SIGNING_LINK_MESSAGES.tooMany);

  const email = await signingLink(
    services,
    record.envelopeId,
    signer,
    (await signerLanguages(db, record.applicationId))[signer.role],
  );
  const id = await db.transaction(async (tx) => {
    const queued = await enqueueEmail(tx, services.cipher, email);
    await recordAudit(tx, {
      actorId: null,
      action: 'signingLinkSent',
      entityType: 'docusignSigner',
      entityId: signer.id,
      applicationId: record.applicationId,
      after: { role: signer.role, via: 'email' },
    });
    return queued;
  });
  services.onEmailQueued?.(id);
  o.log.info({ applicationId: record.applicationId, role: signer.role }, 'new signing link emailed');
}

/**
 * POST /api/application/envelopes/:envelopeId/signing-link: the borrower, signed in, opens a new signing link
 * for themselves from /submitted (DocuSign: a recipient view, valid for minutes; the sandbox: a new link to
 * the signing page, with a link's whole life). Only their own application's current envelope (any other id
 * answers 404, never telling whose it is), only while their signature is missing. An envelope the provider
 * expired is made again first, and the link is to the new one.
 */
export async function openSigningLink(o: {
  services: Services;
  userId: string;
  envelopeId: string;
  log: FastifyBaseLogger;
}): Promise<{ url: string; envelopeId: string }> {
  const { services } = o;
  const { db } = services.database;
  const own = await db.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true },
  });
  if (!own) throw new AppError('NotFound');
  let record = await db.query.docusign.findFirst({
    where: and(eq(docusign.applicationId, own.id), eq(docusign.envelopeId, o.envelopeId)),
  });
  if (!record) throw new AppError('NotFound');
  if (record.documentSignedAt || own.status !== 'signContract') throw alreadySigned();
  const [borrower] = await db
    .select()
    .from(docusignSigner)
    .where(and(eq(docusignSigner.docusignId, record.id), eq(docusignSigner.role, 'borrower')));
  if (!borrower) throw new AppError('NotFound');
  if (borrower.signedAt) throw alreadySigned();

  if (await renewLetterIfExpired({ services, applicationId: own.id, log: o.log })) {
    record = await db.query.docusign.findFirst({ where: eq(docusign.applicationId, own.id) });
    if (!record) throw new AppError('NotFound');
  }
  const url = await services.eSignature.signingUrl({
    envelopeId: record.envelopeId,
    role: 'borrower',
    returnUrl: `${services.config.publicUrl}/submitted`,
    language: record.letterLanguage ?? undefined,
  });
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: o.userId,
      action: 'signingLinkSent',
      entityType: 'docusignSigner',
      entityId: borrower.id,
      applicationId: own.id,
      after: { role: 'borrower', via: 'app' },
    });
  });
  return { url, envelopeId: record.envelopeId };
}
