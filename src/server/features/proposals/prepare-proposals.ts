import { and, desc, eq, inArray } from 'drizzle-orm';
import { proposalBudget, type ProposalView } from '#domain/enrollment/proposal';
import { payDirectlyOf } from '#domain/enrollment/plan-narrative';
import { SITE } from '#domain/site';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { SealedDocuments } from '#server/application/sealed-documents';
import { loadPlanTerms } from '#server/application/plan-terms';
import { application, borrower } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';
import { offer } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import { type FieldCipher, last4 } from '#server/security/field-encryption';
import type { OpenUnit, Transaction, Unit } from '#server/unit-of-work';
import { proposalEmail } from './proposal-email';
import { renderProposalPdf } from './render-proposal';

/** Where an offer's proposal is kept in the document store: one key per offer, so a retry overwrites its own. */
export const proposalDocumentKey = (applicationId: string, offerId: string): string =>
  `proposals/${applicationId}/${offerId}.pdf`;

/** Proposals are made once quality control has passed, for as long as creditors are being asked. */
const PROPOSAL_STATUSES: readonly ApplicationStatus[] = ['creditorReview'];

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

/**
 * Makes the proposal of each offer on the plan that has none yet, and sends it by the creditor's channel
 * (docs/decisions/0114-proposals-sent-by-the-creditors-channel.md): a creditor that takes proposals by email
 * gets it through the outbox, PDF attached, in the transaction that records it (state 'sent'); one that takes an
 * electronic batch waits for the day's batch file, and any other is to be mailed (both 'prepared', with their
 * channel).
 *
 * Three steps, so that no PDF rendering and no call to the document store (a bucket can be slow) happens while
 * the application's row is locked, nor inside any unit of work (the store refuses it): every save of the
 * application waits on that lock (on the embedded database, every query of the server). First, in a unit, what
 * to make is read, without a lock; then each PDF is rendered and stored sealed, outside any unit; last, in one
 * short unit holding the application's row, the status and each offer's figures are read again and the
 * proposals whose figures are unchanged are recorded (row, key on the offer, email). An offer whose figures
 * changed meanwhile is made again from the new figures. The proposals' date is each unit's agency day.
 *
 * Safe to run again (the job is retried after a failure): an offer with a proposal is skipped, and a document
 * stored by a run that failed before recording it is overwritten under the same key, so a retry makes neither a
 * second document, nor a second row, nor a second email. Answers how many it made; the unit that records the
 * emails hands them to the queue once it commits.
 */
export async function prepareProposals(o: {
  openUnit: OpenUnit;
  documents: SealedDocuments;
  applicationId: string;
}): Promise<{ prepared: number }> {
  let prepared = 0;
  // Figures rarely change between the read and the record; a few rounds settle any that did.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = await o.openUnit((unit) => proposalsToMake(unit, o.applicationId));
    if (wanted.length === 0) return { prepared };
    const rendered: Rendered[] = [];
    for (const w of wanted) {
      const pdf = await renderProposalPdf(w.view);
      await o.documents.put(w.key, pdf);
      rendered.push({ ...w, pdf });
    }
    const recorded = await o.openUnit((unit) => recordProposals(unit, o.applicationId, rendered));
    if (recorded === null) return { prepared };
    prepared += recorded.prepared;
    if (!recorded.changed) return { prepared };
  }
  throw new Error('Proposals: the plan kept changing while its proposals were made; the job will try again');
}

const MAX_ROUNDS = 3;

type Wanted = {
  offerId: string;
  creditorName: string;
  /** The creditor whose programme the offer was made on; null for the default programme. */
  programmeCreditor: string | null;
  key: string;
  view: ProposalView;
};
type Rendered = Wanted & { pdf: Uint8Array };

/**
 * The offers of the plan that have no proposal yet, each with what its proposal states; none when the
 * application is not asking its creditors.
 */
async function proposalsToMake(unit: Unit, applicationId: string): Promise<Wanted[]> {
  const { tx, cipher, today } = unit;
  const [app] = await tx
    .select({ id: application.id, status: application.status })
    .from(application)
    .where(eq(application.id, applicationId));
  if (!app || !PROPOSAL_STATUSES.includes(app.status)) return [];
  const plan = await loadPlanTerms(tx, app.id, { today });
  if (!plan.decision?.isQualified || plan.terms.creditors.length === 0) return [];
  const done = new Set(
    (
      await tx.select({ offerId: proposal.offerId }).from(proposal).where(eq(proposal.applicationId, app.id))
    ).map((r) => r.offerId),
  );
  const todo = plan.terms.creditors.filter((c) => !done.has(c.id));
  if (todo.length === 0) return [];
  const { views, programmeCreditor } = await proposalViewsOf(tx, cipher, {
    applicationId: app.id,
    today,
    offerIds: todo.map((c) => c.id),
    plan,
  });
  return todo.flatMap((c) => {
    const view = views.get(c.id);
    return view
      ? [
          {
            offerId: c.id,
            creditorName: c.creditorName,
            programmeCreditor: programmeCreditor(c.id),
            key: proposalDocumentKey(app.id, c.id),
            view,
          },
        ]
      : [];
  });
}

/**
 * Records the stored proposals whose figures still hold, under the application's row lock. Null when the
 * application left the statuses that make proposals meanwhile; `changed` when some offer's figures moved.
 */
async function recordProposals(
  unit: Unit,
  applicationId: string,
  rendered: readonly Rendered[],
): Promise<{ prepared: number; changed: boolean } | null> {
  const { tx } = unit;
  const [app] = await tx
    .select({ id: application.id, status: application.status })
    .from(application)
    .where(eq(application.id, applicationId))
    .for('update');
  if (!app || !PROPOSAL_STATUSES.includes(app.status)) return null;
  const current = await proposalsToMake(unit, applicationId);
  const now = new Map(current.map((w) => [w.offerId, w]));
  // Same figures, same document: anything else was rendered from figures that no longer hold.
  const still = rendered.filter((r) => {
    const w = now.get(r.offerId);
    return w !== undefined && JSON.stringify(w.view) === JSON.stringify(r.view);
  });
  const changed = current.length > still.length;
  if (still.length === 0) return { prepared: 0, changed };

  const creditorIds = [
    ...new Set(still.map((r) => r.programmeCreditor).filter((id): id is string => id !== null)),
  ];
  const creditors = new Map(
    creditorIds.length === 0
      ? []
      : (
          await tx
            .select({
              id: creditor.id,
              channel: creditor.proposalChannel,
              email: creditor.proposalEmail,
            })
            .from(creditor)
            .where(inArray(creditor.id, creditorIds))
        )
          .filter((r) => r.id !== 'default')
          .map((r) => [r.id, r]),
  );
  for (const r of still) {
    // Offers made on the default programme name no creditor, and are mailed.
    const known = creditors.get(r.programmeCreditor ?? '');
    const byEmail = known?.channel === 'email' && known.email ? known.email : null;
    const [made] = await tx
      .insert(proposal)
      .values({
        offerId: r.offerId,
        applicationId: app.id,
        creditorId: known?.id ?? null,
        documentKey: r.key,
        channel: byEmail ? 'email' : (known?.channel ?? 'mail'),
        state: byEmail ? 'sent' : 'prepared',
        sentAt: byEmail ? new Date() : null,
      })
      .onConflictDoNothing({ target: proposal.offerId })
      .returning({ id: proposal.id });
    await tx.update(offer).set({ proposalS3Key: r.key }).where(eq(offer.id, r.offerId));
    if (made && byEmail) {
      await unit.outbox.email(
        proposalEmail({
          to: byEmail,
          creditorName: r.creditorName,
          accountLast4: r.view.accountLast4,
          pdf: r.pdf,
          offerId: r.offerId,
        }),
      );
    }
  }
  return { prepared: still.length, changed };
}

type PlanTerms = Awaited<ReturnType<typeof loadPlanTerms>>;

/**
 * What each proposal of these offers states (ProposalView), from the plan's terms, the borrower and the budget:
 * the one source of the PDF's figures and of the day's batch file's (proposal-batch.ts). Offers not on the
 * plan's terms any more get no view. Also answers which creditor's programme each offer was made on ('chase@2'
 * → 'chase'; null for the default programme).
 */
export async function proposalViewsOf(
  tx: Transaction,
  cipher: FieldCipher,
  o: { applicationId: string; today: string; offerIds: readonly string[]; plan?: PlanTerms },
): Promise<{ views: Map<string, ProposalView>; programmeCreditor: (offerId: string) => string | null }> {
  const plan = o.plan ?? (await loadPlanTerms(tx, o.applicationId, { today: o.today }));
  const offersById = new Map(plan.offers.map((x) => [x.id, x]));
  const programmeOf = (offerId: string) => offersById.get(offerId)?.lenderConcessionId ?? null;
  const programmeCreditor = (offerId: string) => programmeOf(offerId)?.split('@')[0] ?? null;
  const views = new Map<string, ProposalView>();
  const wanted = plan.terms.creditors.filter((c) => o.offerIds.includes(c.id));
  if (!plan.decision || wanted.length === 0) return { views, programmeCreditor };
  const b = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, o.applicationId) });
  const budgetView = await budgetOf(tx, o.applicationId, {
    monthlyIncome: plan.decision.currentIncome,
    // What she keeps paying the creditors left out of the plan or that declined it counts with the other
    // debts: the month the creditor reads is the one she lives (plan-narrative.ts adds them the same way).
    otherDebtPayments: plan.decision.ineligibleDebtPayment + payDirectlyOf(plan.terms),
    planPayment: plan.terms.monthlyDraft,
  });
  const programmeIds = [
    ...new Set(wanted.map((c) => programmeOf(c.id)).filter((id): id is string => id !== null)),
  ];
  const fairShares = new Map(
    programmeIds.length === 0
      ? []
      : (
          await tx
            .select({ id: concessionProgramme.id, fairShareBp: concessionProgramme.fairShareBp })
            .from(concessionProgramme)
            .where(inArray(concessionProgramme.id, programmeIds))
        ).map((r) => [r.id, r.fairShareBp]),
  );
  for (const c of wanted) {
    const row = offersById.get(c.id)!;
    views.set(c.id, {
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
      accountLast4: last4(cipher, row.debt?.accountNumber ?? row.collection?.accountNumber),
      balance: c.balance,
      payment: c.payment,
      proposedAprBp: c.proposedAprBp,
      termInMonths: c.term,
      firstPaymentDate: plan.terms.firstDraftDate,
      // The default programme is no creditor's: nothing is returned to the agency.
      fairShareBp: programmeCreditor(c.id) === 'default' ? 0 : (fairShares.get(programmeOf(c.id) ?? '') ?? 0),
      budget: budgetView,
    });
  }
  return { views, programmeCreditor };
}

/** The household's month as the budget settled it: each line at its agreed value, else as entered or estimated. */
async function budgetOf(
  tx: Transaction,
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
 * account and the budget, so each download is audited (as the signed letter's). The document store is a vendor,
 * asked between two units: the first finds the proposal's key, the second records the download once the
 * document was found, so a download the store could not answer leaves no record and none leaves without one.
 * Null when the offer has no proposal or is another application's.
 */
export async function proposalForStaff(o: {
  openUnit: OpenUnit;
  documents: SealedDocuments;
  viewerId: string;
  applicationId: string;
  offerId: string;
}): Promise<Buffer | null> {
  const row = await o.openUnit(async (unit) => {
    const [found] = await unit.tx
      .select({ id: proposal.id, key: proposal.documentKey })
      .from(proposal)
      .where(and(eq(proposal.offerId, o.offerId), eq(proposal.applicationId, o.applicationId)));
    return found ?? null;
  });
  if (!row) return null;
  // The database names it, yet it can be gone (deleted from the bucket by hand, a restore of the database
  // alone): a download then finds nothing rather than failing.
  const pdf = await o.documents.get(row.key, { mayBeMissing: true });
  if (!pdf) return null;
  await o.openUnit((unit) =>
    unit.audit({
      actorId: o.viewerId,
      action: 'proposalDownloaded',
      entityType: 'proposal',
      entityId: row.id,
      applicationId: o.applicationId,
    }),
  );
  return pdf;
}
