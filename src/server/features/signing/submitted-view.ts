import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { SubmittedView } from '#domain/enrollment/views';
import { resumeRoute } from '#domain/flow/resume';
import { planTermsView } from '#domain/enrollment/plan-terms-view';
import {
  loadPlanTerms,
  PLAN_ROWS,
  type PlanRead,
  planRowsOfApplication,
  planWithTerms,
} from '#server/application/plan-terms';
import { ownCurrentApplication } from '#server/application/own-application';
import { docusign } from '#server/db/schema/enrollment';
import { builtOnce } from '#server/db/built-once';
import type { Reader, Transaction } from '#server/unit-of-work';

// What /submitted reads, in units: the borrower's application past the payment step, its letter and the plan's
// terms as the letter states them (submitted.ts asks the provider between these units).

/** Statuses from which /submitted has something to say: the letter is out for signature or signed. */
const SUBMITTED_STATUSES = new Set([
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
]);

/** The borrower's current application, when /submitted has something to say of it (else a redirect). */
export async function submittedApplication(tx: Transaction, userId: string) {
  const app = await tx.query.application.findFirst({
    where: ownCurrentApplication(userId),
    columns: { id: true, status: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  if (!SUBMITTED_STATUSES.has(app.status))
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  return app;
}

/** What submittedApplicationWithLetter reads, built once (built-once.ts): the page's every visit reads it. */
const ownApplicationWithLetter = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: ownCurrentApplication(sql.placeholder('owner')),
      columns: { id: true, status: true, lastViewedPage: true },
      with: { docusign: { with: { signers: true } }, ...PLAN_ROWS },
    })
    .prepare('own_application_with_letter'),
);

/**
 * submittedApplication with the application's letter and its signers (letterWithSigners) and the plan's rows
 * (loadPlanTerms's), in one statement: the page's usual visit needs all three, and each statement is a round
 * trip to the database.
 */
export async function submittedApplicationWithLetter(tx: Transaction, userId: string) {
  const found = await ownApplicationWithLetter(tx).execute({ owner: userId });
  if (!found) throw new AppError('NotFound');
  const { docusign: letter, decisions, borrower, planAuthorizations, ...app } = found;
  if (!SUBMITTED_STATUSES.has(app.status))
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  return { app, letter: letter ?? undefined, plan: { decisions, borrower, planAuthorizations } };
}

/** The application's letter with its signers, if it has one. */
export async function letterWithSigners(tx: Transaction, applicationId: string) {
  return tx.query.docusign.findFirst({
    where: eq(docusign.applicationId, applicationId),
    with: { signers: true },
  });
}

/** /submitted's answer: who signed, and the plan's terms as the letter states them. */
export async function submittedView(
  tx: Transaction,
  app: { id: string; status: SubmittedView['status'] },
  /**
   * The letter with its signers and the plan's rows when the caller read them in this same unit: not read
   * again.
   */
  known?: { letter: Awaited<ReturnType<typeof letterWithSigners>>; plan: PlanRead },
): Promise<SubmittedView> {
  const record = known ? known.letter : await letterWithSigners(tx, app.id);
  const signers = (record?.signers ?? [])
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'borrower' ? -1 : 1))
    .map((s) => ({ role: s.role, name: s.name, signed: s.signedAt !== null }));
  // The terms as the letter states them: the same computation, dated by the letter (or a later confirmation).
  const { terms, authorization } = known
    ? planWithTerms(planRowsOfApplication(known.plan), { undated: true })
    : await loadPlanTerms(tx, app.id, { undated: true });
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
