import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { SIGNING_REFS } from '#domain/validation/messages';
import type { SandboxESignature } from '#providers/e-signature/sandbox';
import type { SigningDeps } from './deps';
import { letterRecordOf } from './letter-rows';
import { alreadySigned, ownEnvelopeToSign, recordLinksEmailed, signerForNewLink } from './link-rows';
import { renewLetterIfExpired, signingLink } from './start-signing';

/**
 * POST /api/signing/new-link (sandbox signing page): a signer whose link expired (or who lost the email) asks
 * for a new one. The token must be one the sandbox issued to that signer, expired or not: it proves the caller
 * once received the signer's email. The new link goes to the signer's address on file, never to one the caller
 * names; at most SIGNING_LINK_RESENDS_PER_HOUR an hour per signer; each one audited. The sandbox (a vendor, even
 * if it keeps its envelopes here) is asked outside the units: who the token names, then the new link.
 */
export async function emailNewSigningLink(
  deps: Pick<SigningDeps, 'openUnit' | 'config' | 'eSignature'>,
  o: { sandbox: SandboxESignature; token: string; log: FastifyBaseLogger },
): Promise<void> {
  const found = await o.sandbox.signerByToken(o.token);
  if (!found) throw new AppError('NotFound', SIGNING_REFS.linkNotValidOrExpired);
  if (found.signed || found.envelopeCompleted) throw alreadySigned();
  const { record, signer, language } = await deps.openUnit((unit) => signerForNewLink(unit, found));
  const email = await signingLink(deps, record.envelopeId, signer, language);
  const sent = await deps.openUnit((unit) =>
    recordLinksEmailed(unit, {
      docusignId: record.id,
      envelopeId: record.envelopeId,
      applicationId: record.applicationId,
      actorId: null,
      emails: [{ signerId: signer.id, role: signer.role, email }],
    }),
  );
  // Signed or made again while the link was made: the new letter's own email is on its way, or nothing is left.
  if (!sent) throw alreadySigned();
  o.log.info({ applicationId: record.applicationId, role: signer.role }, 'new signing link emailed');
}

/**
 * POST /api/application/envelopes/:envelopeId/signing-link: the borrower, signed in, opens a new signing link
 * for themselves from /submitted (DocuSign: a recipient view, valid for minutes; the sandbox: a new link to
 * the signing page, with a link's whole life). Only their own application's current envelope (any other id
 * answers 404, never telling whose it is), only while their signature is missing. An envelope the provider
 * expired is made again first, and the link is to the new one.
 */
export async function openSigningLink(
  deps: SigningDeps,
  o: { userId: string; envelopeId: string; log: FastifyBaseLogger },
): Promise<{ url: string; envelopeId: string }> {
  const own = await deps.openUnit((unit) => ownEnvelopeToSign(unit, o));
  let { record } = own;
  if (await renewLetterIfExpired(deps, { applicationId: own.applicationId, log: o.log })) {
    const renewed = await deps.openUnit((unit) => letterRecordOf(unit.tx, own.applicationId));
    if (!renewed) throw new AppError('NotFound');
    record = renewed;
  }
  const url = await deps.eSignature.signingUrl({
    envelopeId: record.envelopeId,
    role: 'borrower',
    returnUrl: `${deps.config.publicUrl}/submitted`,
    language: record.letterLanguage ?? undefined,
  });
  await deps.openUnit((unit) =>
    unit.audit({
      actorId: o.userId,
      action: 'signingLinkSent',
      entityType: 'docusignSigner',
      entityId: own.borrower.id,
      applicationId: own.applicationId,
      after: { role: 'borrower', via: 'app' },
    }),
  );
  return { url, envelopeId: record.envelopeId };
}
