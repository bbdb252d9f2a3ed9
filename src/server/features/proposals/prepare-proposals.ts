import { and, desc, eq } from 'drizzle-orm';
import { proposalBudget, type ProposalView } from '#domain/enrollment/proposal';
import { SITE } from '#domain/site';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { SealedDocuments } from '#server/application/sealed-documents';
import { loadPlanTerms } from '#server/application/plan-terms';
import type { Db, Tx } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import { creditor } from '#server/db/schema/creditors';
import { offer } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { type FieldCipher, last4 } from '#server/security/field-encryption';
import { recordAudit } from '#server/audit/record-audit';
import { renderProposalPdf } from './render-proposal';

/** Where an offer's proposal is kept in the document store: one key per offer, so a retry overwrites its own. */
export const proposalDocumentKey = (applicationId: string, offerId: string): string =>
  `proposals/${applicationId}/${offerId}.pdf`;

/** Proposals are made once quality control has passed, for as long as creditors are being asked. */
const PROPOSAL_STATUSES: readonly ApplicationStatus[] = ['creditorReview'];

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

/**
 * Makes the proposal of each offer on the plan that has none yet: renders the PDF, stores it sealed, writes
 * the proposal row (state 'prepared') and the key on the offer, in one transaction holding the application's
 * row. Safe to run again (the job is retried after a failure): an offer with a proposal is skipped, and a
 * document stored by a run that failed before its commit is overwritten under the same key, so a retry makes
 * neither a second document nor a second row. Answers how many it made.
 */
export async function prepareProposals(o: {
  db: Db;
  cipher: FieldCipher;
  documents: SealedDocuments;
  applicationId: string;
  /** The agency's day ('yyyy-MM-dd'): the proposals' date and, before a letter set it, the first draft's. */
  today: string;
}): Promise<{ prepared: number }> {
  return o.db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: application.id, status: application.status })
      .from(application)
      .where(eq(application.id, o.applicationId))
      .for('update');
    if (!app || !PROPOSAL_STATUSES.includes(app.status)) return { prepared: 0 };
    const plan = await loadPlanTerms(tx, app.id, { today: o.today });
    if (!plan.decision?.isQualified || plan.terms.creditors.length === 0) return { prepared: 0 };
    const done = new Set(
      (
        await tx
          .select({ offerId: proposal.offerId })
          .from(proposal)
          .where(eq(proposal.applicationId, app.id))
      ).map((r) => r.offerId),
    );
    const todo = plan.terms.creditors.filter((c) => !done.has(c.id));
    if (todo.length === 0) return { prepared: 0 };

    const b = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, app.id) });
    const budgetView = await budgetOf(tx, app.id, {
      monthlyIncome: plan.decision.currentIncome,
      otherDebtPayments: plan.decision.ineligibleDebtPayment,
      planPayment: plan.terms.monthlyDraft,
    });
    const offersById = new Map(plan.offers.map((x) => [x.id, x]));
    const known = new Set(
      (await tx.select({ id: creditor.id }).from(creditor)).map((r) => r.id).filter((id) => id !== 'default'),
    );
    for (const c of todo) {
      const row = offersById.get(c.id)!;
      const view: ProposalView = {
        date: o.today,
        agency: { name: SITE.agencyName, phone: SITE.phone.display, email: SITE.email },
        creditorName: c.creditorName,
        borrower: {
          fullName: b ? fullName(b) : '',
          addressLines: b
            ? [
                b.addressLine1,
                b.addressLine2,
                [b.city, [b.state, b.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
              ].filter((line): line is string => Boolean(line))
            : [],
        },
        accountLast4: last4(o.cipher, row.debt?.accountNumber ?? row.collection?.accountNumber),
        balance: c.balance,
        payment: c.payment,
        proposedAprBp: c.proposedAprBp,
        termInMonths: c.term,
        firstPaymentDate: plan.terms.firstDraftDate,
        budget: budgetView,
      };
      const key = proposalDocumentKey(app.id, c.id);
      await o.documents.put(key, await renderProposalPdf(view));
      // The programme's creditor ('chase@2' → 'chase'); offers made on the default programme name none.
      const creditorId = row.lenderConcessionId?.split('@')[0] ?? null;
      await tx
        .insert(proposal)
        .values({
          offerId: c.id,
          applicationId: app.id,
          creditorId: creditorId && known.has(creditorId) ? creditorId : null,
          documentKey: key,
        })
        .onConflictDoNothing({ target: proposal.offerId });
      await tx.update(offer).set({ proposalS3Key: key }).where(eq(offer.id, c.id));
    }
    return { prepared: todo.length };
  });
}

/** The household's month as the budget settled it: each line at its agreed value, else as entered or estimated. */
async function budgetOf(
  tx: Tx,
  applicationId: string,
  figures: { monthlyIncome: number; otherDebtPayments: number; planPayment: number },
) {
  const lines = await tx.select().from(expense).where(eq(expense.applicationId, applicationId));
  const agreed = await tx.query.budget.findFirst({
    where: and(eq(budget.applicationId, applicationId), eq(budget.agreedTo, true)),
    orderBy: [desc(budget.createdAt)],
    with: { budgetExpenses: true },
  });
  const proposed = new Map((agreed?.budgetExpenses ?? []).map((l) => [l.expenseId, l.proposedValue]));
  return proposalBudget({
    ...figures,
    expenses: lines.map((e) => ({
      category: e.category,
      value: proposed.get(e.id) ?? e.selfReportedValue ?? e.estimatedValue ?? 0,
    })),
  });
}

/**
 * The proposal of an offer of this application as staff download it, opened. It names the borrower, the
 * account and the budget, so each download is audited in the same transaction as the read (as the signed
 * letter's). Null when the offer has no proposal or is another application's.
 */
export async function proposalForStaff(o: {
  db: Db;
  documents: SealedDocuments;
  viewerId: string;
  applicationId: string;
  offerId: string;
}): Promise<Buffer | null> {
  return o.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: proposal.id, key: proposal.documentKey })
      .from(proposal)
      .where(and(eq(proposal.offerId, o.offerId), eq(proposal.applicationId, o.applicationId)));
    if (!row) return null;
    const pdf = await o.documents.get(row.key);
    if (!pdf) return null;
    await recordAudit(tx, {
      actorId: o.viewerId,
      action: 'proposalDownloaded',
      entityType: 'proposal',
      entityId: row.id,
      applicationId: o.applicationId,
    });
    return pdf;
  });
}
