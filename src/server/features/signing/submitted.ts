import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { SIGNING_REFS } from '#domain/validation/messages';
import type { SubmittedView } from '#domain/enrollment/views';
import { signerLanguages } from '#server/application/recipient-language';
import type { SigningDeps } from './deps';
import { inSavepoint } from '#server/unit-of-work';
import { refuseTooManyLinks, recordLinksEmailed } from './link-rows';
import { letterTooSoon, renewLetterIfTooSoon, signingLink, startSigning } from './start-signing';
import {
  letterWithSigners,
  submittedApplication,
  submittedApplicationWithLetter,
  submittedView,
} from './submitted-view';

/**
 * GET /api/application/submitted: whether every signer signed the Letter of Authorization, and the plan's terms
 * the letter states. When the letter is not out yet, its job is queued again (the one the save queued may have
 * been lost); without a job queue it is sent now. When it waited unsigned until its first draft came too close,
 * it is made again first. The provider is asked between units (start-signing.ts); the answer is read last.
 */
export async function getSubmitted(
  deps: SigningDeps,
  o: { userId: string; log: FastifyBaseLogger },
): Promise<SubmittedView> {
  const { app, record, view } = await deps.openUnit(async (unit) => {
    const { app: found, letter, plan } = await submittedApplicationWithLetter(unit.tx, o.userId);
    // The usual visit: the letter is out, and signed or still standing (its first draft not too close), so
    // there is nothing to do before the page states it: the answer is read in this unit, not in two more.
    const standing =
      letter !== undefined &&
      (letter.documentSignedAt !== null ||
        found.status !== 'signContract' ||
        !(await letterTooSoon(unit.tx, found.id, unit.today)));
    if (standing)
      return { app: found, record: letter, view: await submittedView(unit.tx, found, { letter, plan }) };
    if (letter || found.status !== 'signContract') return { app: found, record: letter, view: undefined };
    // The letter is not out yet: its job may still be running, or have been lost (written by a version without
    // it, or given up). A lost one is queued again in this unit (one job per application, so this visit never
    // makes a second envelope); one still alive is left to do it: queued again while it runs, a second job
    // would only find the letter out, at the cost of a job. The page is answered from this unit too, since
    // nothing is done before it states it; the page polls. In a savepoint: a queue that fails is logged and
    // the page answered all the same.
    let queued = true;
    try {
      queued = await inSavepoint(unit, () => unit.outbox.letterJob(found.id, { unlessAlive: true }));
    } catch (error) {
      o.log.error({ err: error, applicationId: found.id }, 'queueing the letter of authorization failed');
    }
    return {
      app: found,
      record: letter,
      // Without a job queue (the API's tests) the letter is sent below, after this unit, and read again.
      view: queued ? await submittedView(unit.tx, found, { letter, plan }) : undefined,
    };
  });
  if (view) return view;
  let letter = record;
  if (!letter && app.status === 'signContract') {
    // Not queued: there is no job queue (the API's tests), so the letter is sent now.
    try {
      await startSigning(deps, { applicationId: app.id, log: o.log });
    } catch (error) {
      o.log.error({ err: error, applicationId: app.id }, 'sending the letter of authorization failed');
    }
    letter = await deps.openUnit((unit) => letterWithSigners(unit.tx, app.id));
  }
  // A letter left unsigned until its first draft came too close is made again before the page states it.
  if (letter && !letter.documentSignedAt && app.status === 'signContract') {
    try {
      await renewLetterIfTooSoon(deps, { applicationId: app.id, log: o.log });
    } catch (error) {
      o.log.error({ err: error, applicationId: app.id }, 'making the letter of authorization again failed');
    }
  }
  return deps.openUnit((unit) => submittedView(unit.tx, app));
}

/** POST /api/application/submitted/resend: emails each signer who has not signed their link again. */
export async function resendSigningEmails(deps: SigningDeps, o: { userId: string }): Promise<void> {
  const app = await deps.openUnit((unit) => submittedApplication(unit.tx, o.userId));
  if (app.status !== 'signContract') throw new AppError('Conflict', SIGNING_REFS.letterAlreadySigned);
  if (deps.eSignature.deliversEmail) {
    throw new AppError('Conflict', SIGNING_REFS.partnerSendsEmail);
  }
  const { record, unsigned, languages } = await deps.openUnit(async (unit) => {
    const found = await letterWithSigners(unit.tx, app.id);
    if (!found) throw new AppError('PreconditionFailed');
    const waiting = found.signers.filter((s) => !s.signedAt);
    // Each email carries a new link with a whole life: counted and audited as one the signer asked for.
    for (const signer of waiting) await refuseTooManyLinks(unit.tx, app.id, signer.role);
    return { record: found, unsigned: waiting, languages: await signerLanguages(unit.tx, app.id) };
  });
  const emails = await Promise.all(
    unsigned.map(async (s) => ({
      signerId: s.id,
      role: s.role,
      email: await signingLink(deps, record.envelopeId, s, languages[s.role]),
    })),
  );
  const sent = await deps.openUnit((unit) =>
    recordLinksEmailed(unit, {
      docusignId: record.id,
      envelopeId: record.envelopeId,
      applicationId: app.id,
      actorId: o.userId,
      emails,
    }),
  );
  // Signed or made again while the links were made: the new letter's own emails went out, or nothing is left.
  if (!sent) throw new AppError('Conflict', SIGNING_REFS.letterAlreadySigned);
}
