import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { signerLanguages } from '#server/application/recipient-language';
import { AppError } from '#domain/errors';
import type { SubmittedView } from '#domain/enrollment/views';
import { resumeRoute } from '#domain/flow/resume';
import { docusign } from '#server/db/schema/enrollment';
import { planTermsView } from '#domain/enrollment/plan-terms-view';
import { loadPlanTerms } from '#server/application/plan-terms';
import type { Services } from '#server/services';
import { enqueueEmail } from '#server/email/outbox';
import { renewLetterIfTooSoon, signingLink, startSigning } from './start-signing';
import { linksSentLastHour } from './fresh-links';
import { recordAudit } from '#server/audit/record-audit';
import { SIGNING_LINK_MESSAGES, SIGNING_LINK_RESENDS_PER_HOUR } from '#domain/enrollment/signing-links';
import { ownCurrentApplication } from '#server/application/own-application';

/** Statuses from which /submitted has something to say: the letter is out for signature or signed. */
const SUBMITTED_STATUSES = new Set([
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
]);

async function ownApplication(services: Services, userId: string) {
  const app = await services.database.db.query.application.findFirst({
    where: ownCurrentApplication(userId),
    columns: { id: true, status: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  if (!SUBMITTED_STATUSES.has(app.status))
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  return app;
}

/**
 * GET /api/application/submitted: whether every signer signed the Letter of Authorization, and the plan's terms
 * the letter states. When the letter is not out yet, its job is queued again (the one the save queued may have
 * been lost); without a job queue it is sent now. When it waited unsigned until its first draft came too close,
 * it is made again first.
 */
export async function getSubmitted(o: {
  services: Services;
  userId: string;
  log: FastifyBaseLogger;
}): Promise<SubmittedView> {
  const app = await ownApplication(o.services, o.userId);
  const { db } = o.services.database;
  let record = await db.query.docusign.findFirst({
    where: eq(docusign.applicationId, app.id),
    with: { signers: true },
  });
  if (!record && app.status === 'signContract' && o.services.queueLetter) {
    // The letter's job may still be running, or have been lost (written by a version without it): queued
    // again, it is one job per application, so this visit never makes a second envelope. The page polls.
    const queue = o.services.queueLetter;
    try {
      await db.transaction((tx) => queue(tx, app.id));
    } catch (error) {
      o.log.error({ err: error, applicationId: app.id }, 'queueing the letter of authorization failed');
    }
  } else if (!record && app.status === 'signContract') {
    try {
      await startSigning({ services: o.services, applicationId: app.id, log: o.log });
    } catch (error) {
      o.log.error({ err: error, applicationId: app.id }, 'sending the letter of authorization failed');
    }
    record = await db.query.docusign.findFirst({
      where: eq(docusign.applicationId, app.id),
      with: { signers: true },
    });
  }
  // A letter left unsigned until its first draft came too close is made again before the page states it.
  if (record && !record.documentSignedAt && app.status === 'signContract') {
    try {
      if (await renewLetterIfTooSoon({ services: o.services, applicationId: app.id, log: o.log })) {
        record = await db.query.docusign.findFirst({
          where: eq(docusign.applicationId, app.id),
          with: { signers: true },
        });
      }
    } catch (error) {
      o.log.error({ err: error, applicationId: app.id }, 'making the letter of authorization again failed');
    }
  }
  const signers = (record?.signers ?? [])
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'borrower' ? -1 : 1))
    .map((s) => ({ role: s.role, name: s.name, signed: s.signedAt !== null }));
  // The terms as the letter states them: the same computation, dated by the letter (or a later confirmation).
  const { terms, authorization } = await loadPlanTerms(db, app.id, { undated: true });
  const dated = authorization && authorization.kind !== 'acceptance' && terms.firstDraftDate !== null;
  return {
    status: app.status,
    signed: Boolean(record?.documentSignedAt) || app.status !== 'signContract',
    signers,
    envelopeId: record?.envelopeId ?? null,
    plan: dated
      ? {
          terms: planTermsView(terms),
          creditors: terms.creditors.map((c) => ({ creditorName: c.creditorName, payment: c.payment })),
          payDirectly: terms.payDirectly.map((c) => ({
            creditorName: c.creditorName,
            currentPayment: c.currentPayment,
            why: c.why,
          })),
        }
      : null,
  };
}

/** POST /api/application/submitted/resend: emails each signer who has not signed their link again. */
export async function resendSigningEmails(o: { services: Services; userId: string }): Promise<void> {
  const app = await ownApplication(o.services, o.userId);
  if (app.status !== 'signContract')
    throw new AppError('Conflict', 'Your Letter of Authorization is already signed.');
  if (o.services.eSignature.deliversEmail) {
    throw new AppError(
      'Conflict',
      'The signing email comes from our e-signature partner. Please check your inbox and spam folder.',
    );
  }
  const { db } = o.services.database;
  const record = await db.query.docusign.findFirst({
    where: eq(docusign.applicationId, app.id),
    with: { signers: true },
  });
  if (!record) throw new AppError('PreconditionFailed');
  const unsigned = record.signers.filter((s) => !s.signedAt);
  // Each email carries a new link with a whole life: counted and audited as one the signer asked for.
  for (const signer of unsigned) {
    if ((await linksSentLastHour(o.services, app.id, signer.role)) >= SIGNING_LINK_RESENDS_PER_HOUR)
      throw new AppError('RateLimited', SIGNING_LINK_MESSAGES.tooMany);
  }
  const languages = await signerLanguages(db, app.id);
  const emails = await Promise.all(
    unsigned.map((s) => signingLink(o.services, record.envelopeId, s, languages[s.role])),
  );
  // One email after another: a transaction's client runs one query at a time.
  const ids = await db.transaction(async (tx) => {
    const queued: string[] = [];
    for (const [i, email] of emails.entries()) {
      queued.push(await enqueueEmail(tx, o.services.cipher, email));
      const signer = unsigned[i]!;
      await recordAudit(tx, {
        actorId: o.userId,
        action: 'signingLinkSent',
        entityType: 'docusignSigner',
        entityId: signer.id,
        applicationId: app.id,
        after: { role: signer.role, via: 'email' },
      });
    }
    return queued;
  });
  for (const id of ids) o.services.onEmailQueued?.(id);
}
