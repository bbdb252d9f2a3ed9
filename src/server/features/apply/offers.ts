import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { englishOf } from '#domain/i18n/message';
import { MESSAGE_REFS } from '#domain/validation/messages';
import type { AcceptOffersInput, OffersView } from '#domain/flow/application-view';
import { offerSummary, reviewRoomOf, suggestedDraftDay } from '#domain/enrollment/offer-review';
import { PLAN_DISCLOSURES_VERSIONS } from '#domain/enrollment/plan-disclosures';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { Config } from '#server/env';
import { decision, offer } from '#server/db/schema/decision';
import { planAuthorization } from '#server/db/schema/enrollment';
import { depositsOfSnapshot, NEWEST_INCOME_SNAPSHOT } from '#server/application/income-deposits';
import { AGREED_BUDGET, budgetRoomOf } from '#server/application/plan-fit';
import { planFit } from '#domain/enrollment/plan-fit';
import { application } from '#server/db/schema/application';
import { feeCapForState } from '#server/application/plan-fees';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { byBalanceDescending } from '#domain/underwriting/eligibility';
import { last4 } from '#server/security/field-encryption';
import { changeStatus, disqualify, lockOwnApplication } from '#server/application/application-state';
import { builtOnce } from '#server/db/built-once';
import {
  creditorNameOf,
  currentPaymentIsEstimated,
  currentPaymentOf,
  PLAN_ROWS,
  planRowsOfApplication,
  planWithTerms,
} from '#server/application/plan-terms';
import { budgetFiguresOf } from '#server/application/plan-narrative';
import { planNarrative, reviewBudgetFigures } from '#domain/enrollment/plan-narrative';
import { sumCents } from '#domain/money/cents';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Reader, Transaction, Unit } from '#server/unit-of-work';
import { writeNotQualifiedEmail } from './not-qualified-email';

/** Statuses in which the borrower has an offer to look at. */
const HAS_OFFER = new Set([
  'acceptOffer',
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
]);

/**
 * The borrower's application with what the offers page reads of it in the same statement: the expense lines
 * (read once for the budget's room and its paragraph), the newest agreed budget and the newest income snapshot
 * (the payday). Built once (built-once.ts): a relational read costs drizzle about 350 µs to build.
 */
const offersPageRead = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: ownCurrentApplication(sql.placeholder('owner')),
      with: { ...PLAN_ROWS, expenses: true, budgets: AGREED_BUDGET, incomeSnapshots: NEWEST_INCOME_SNAPSHOT },
    })
    .prepare('offers_page_application'),
);

/**
 * GET /api/application/offers (the /offers/review page): the newest qualified decision's offers that no
 * creditor declined, largest balance first, with whether the borrower left each out, the fee caps and the day
 * to draw (so the page recomputes the terms as the borrower chooses), and the plan's terms (loadPlanTerms: the
 * same figures the letter and My plan state). Showing them records that the offers were presented.
 */
export async function getOffers(
  unit: Unit,
  o: {
    userId: string;
    /** 'yyyy-MM-dd'; the agency's today when absent (the debt-free dates count from it). */
    today?: string;
  },
): Promise<OffersView> {
  const { tx, cipher } = unit;
  const today = o.today ?? unit.today;
  // With the application, in the same statement, what the page reads of it: the plan's rows, the expense lines
  // (read once for the budget's room and its paragraph), the newest agreed budget and the newest income
  // snapshot (the payday).
  const app = await offersPageRead(tx).execute({ owner: o.userId });
  if (!app) throw new AppError('NotFound');
  if (!HAS_OFFER.has(app.status))
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  const suggested = suggestedDraftDay((await depositsOfSnapshot(tx, app.incomeSnapshots[0])).dates);
  const first = planWithTerms(planRowsOfApplication(app), { today, undated: true });
  const draftDay = first.authorization?.draftDay ?? suggested;
  const plan = planWithTerms(first, { today, draftDay });
  if (!plan.decision?.isQualified) throw new AppError('NotFound');
  if (!plan.decision.wasPresentedToBorrower) {
    await tx.update(decision).set({ wasPresentedToBorrower: true }).where(eq(decision.id, plan.decision.id));
  }
  const rows = plan.offers
    .filter((x) => x.status !== 'declined')
    .map((x) => {
      const account = x.debt ?? x.collection;
      return {
        id: x.id,
        creditorName: creditorNameOf(x),
        bureauName: x.debt?.lenderName ?? x.collection?.subscriberName ?? null,
        accountNumberLast4: last4(cipher, account?.accountNumber),
        currentBalance: x.balance,
        currentMonthlyPayment: currentPaymentOf(x),
        currentPaymentEstimated: currentPaymentIsEstimated(x),
        newMonthlyPayment: x.payment,
        term: x.term,
        currentApr: x.currentApr,
        proposedApr: x.proposedApr,
        leftOut: x.declinedByBorrower,
        estimatedPayoffSavings: x.estimatedPayoffSavings,
      };
    })
    .sort(byBalanceDescending);
  // One budget for the whole page: the agreed one once the borrower agreed it, else the decision's. The
  // paragraph and the leave-out warning both read it, so they state the same "leaves" and "short".
  const { expenses } = app;
  const room = await budgetRoomOf(tx, app.id, plan.decision, {
    expenses,
    agreed: app.budgets[0] ?? null,
  });
  const figures = reviewBudgetFigures(
    await budgetFiguresOf(tx, app.id, plan.decision, expenses),
    room?.agreed ? room : null,
  );
  const budget = {
    ...figures,
    declinedPayments: sumCents(
      plan.terms.payDirectly.filter((c) => c.why === 'declinedByCreditor').map((c) => c.currentPayment),
    ),
  };
  return {
    today,
    feeCap: feeCapForState(plan.state),
    draftDay,
    suggestedDraftDay: suggested,
    accepted: plan.decision.wasAcceptedByBorrower,
    ...offerSummary(plan.terms, rows, today),
    offers: rows,
    // The plan as the borrower has chosen it so far, not as decided: a creditor left out changes it.
    explanation: planNarrative(plan.terms, figures).explanation,
    budget,
    budgetRoom: room ? reviewRoomOf(figures) : null,
  };
}

/** The newest decision and its offers, for the acceptance. */
async function offersToAnswer(tx: Transaction, applicationId: string) {
  const latest = await tx.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: (d, { desc: newestFirst }) => [newestFirst(d.createdAt)],
    with: { offers: { columns: { id: true, status: true } } },
  });
  if (!latest?.isQualified) throw new AppError('PreconditionFailed');
  return latest;
}

export const KEEP_ONE_OFFER_MESSAGE = englishOf(MESSAGE_REFS.offersKeepOne);
export const DISCLOSURES_CHANGED_MESSAGE = englishOf(MESSAGE_REFS.offersDisclosuresChanged);

/**
 * The borrower accepts the plan on /offers/review: the offers they leave out (stored as declined by the
 * borrower, so they are kept out of the letter, the proposals and the plan), the day of the month to draw,
 * and their explicit agreement to the terms and disclosures (stored with the disclosures' version and the
 * terms accepted). acceptOffer → confirmPaymentAccount, /payments/next-steps.
 */
export async function acceptOffers(
  unit: Unit,
  o: { userId: string; input: AcceptOffersInput; today?: string },
): Promise<{ next: string }> {
  const today = o.today ?? unit.today;
  // The disclosures as the borrower read them: the current words in either language (each has its version).
  const readVersion = Object.values(PLAN_DISCLOSURES_VERSIONS).find((v) => v === o.input.disclosuresVersion);
  if (readVersion === undefined) {
    throw new AppError('ValidationError', MESSAGE_REFS.offersDisclosuresChanged, {
      fieldErrors: { agreed: MESSAGE_REFS.offersDisclosuresChanged },
    });
  }
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  if (app.status !== 'acceptOffer') {
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  }
  // The plan's rows once: the newest decision with its offers, which this acceptance changes below and then
  // works the terms out from, rather than reading the decision here and the whole plan again after; with them,
  // in the same statement, the expense lines and the agreed budget the budget check below reads (the offers
  // written in between change neither).
  const found = await tx.query.application.findFirst({
    where: eq(application.id, app.id),
    columns: { id: true },
    with: {
      ...PLAN_ROWS,
      expenses: { columns: { id: true, selfReportedValue: true, estimatedValue: true } },
      budgets: AGREED_BUDGET,
    },
  });
  const rows = planRowsOfApplication(found);
  const latest = rows.decision;
  if (!latest?.isQualified) throw new AppError('PreconditionFailed');
  const open = rows.offers.filter((x) => x.status !== 'declined').map((x) => x.id);
  const leftOut = new Set(o.input.leftOut);
  // Only this decision's offers can be left out; an unknown id is someone else's, or stale.
  if ([...leftOut].some((id) => !open.includes(id))) throw new AppError('NotFound');
  if (open.every((id) => leftOut.has(id))) {
    throw new AppError('ValidationError', MESSAGE_REFS.offersKeepOne, {
      fieldErrors: { leftOut: MESSAGE_REFS.offersKeepOne },
    });
  }
  // One statement for all the open offers (each is left out or kept), not one per offer: each statement is a
  // round trip to the database.
  await tx
    .update(offer)
    .set({ declinedByBorrower: inArray(offer.id, [...leftOut]) })
    .where(and(eq(offer.decisionId, latest.id), inArray(offer.id, open)));
  // The terms from the rows as just written: each open offer left out or kept.
  const plan = planWithTerms(
    {
      ...rows,
      offers: rows.offers.map((x) =>
        open.includes(x.id) ? { ...x, declinedByBorrower: leftOut.has(x.id) } : x,
      ),
    },
    { today, draftDay: o.input.draftDay },
  );
  const { terms } = plan;
  // The offers left out change what she pays each month: the budget check runs again on the plan as
  // accepted, and its result is kept for the counsellor (the page already told her before she accepted),
  // written with the status and the pages below: one write of the application row.
  const room = await budgetRoomOf(tx, app.id, plan.decision, {
    expenses: found?.expenses ?? [],
    agreed: found?.budgets[0] ?? null,
  });
  const fit = room ? planFit(room, plan.terms) : null;
  await tx
    .update(decision)
    .set({
      wasAcceptedByBorrower: true,
      acceptedAt: new Date(),
      acceptanceDisclosureVersion: readVersion,
    })
    .where(eq(decision.id, latest.id));
  // The terms accepted, with the chosen day: the letter dates the drafts from it.
  await tx.insert(planAuthorization).values({
    applicationId: app.id,
    kind: 'acceptance',
    draftDay: o.input.draftDay,
    firstDraftDate: terms.firstDraftDate!,
    monthlyDraftAmount: terms.monthlyDraft,
    setupFee: terms.setupFee,
    termInMonths: terms.termInMonths,
  });
  await changeStatus(tx, app, 'offersContinued', o.userId, {
    completed: 'Review',
    viewed: 'NextSteps',
    set: { hasSubmittedReviewPage: true, planFitLeft: fit?.left ?? null },
  });
  return { next: PAGE_ROUTES.NextSteps };
}

/**
 * The borrower leaves every offer out (after confirming on the page): there is no plan to set up, so the
 * application is disqualified with that reason and the borrower goes to /offers/not-qualified, with its email.
 */
export async function leaveOutAllOffers(
  unit: Unit,
  o: { config: Config; userId: string },
): Promise<{ next: string; emailId?: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  if (app.status !== 'acceptOffer') {
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  }
  const latest = await offersToAnswer(tx, app.id);
  await tx.update(offer).set({ declinedByBorrower: true }).where(eq(offer.decisionId, latest.id));
  await disqualify(tx, app, [DISQUALIFICATION_REASONS.allOffersLeftOut], {
    changedBy: o.userId,
    event: 'offersLeftOut',
    viewed: 'NotQualified',
  });
  const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
  return { next: PAGE_ROUTES.NotQualified, emailId };
}
