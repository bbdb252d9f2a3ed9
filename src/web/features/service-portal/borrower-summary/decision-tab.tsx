import { clsx } from 'clsx';
import { useId, useState } from 'react';
import type { BorrowerSummaryView, OfferView } from '#domain/flow/staff-views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { OFFER_DECLINE_REASON_LABELS, OFFER_STATUS_LABELS } from '#domain/validation/staff';
import type { PlanTermsView } from '#domain/enrollment/plan-terms-view';
import { formatDollars } from '#domain/money/cents';
import { longPlanNotice } from '#domain/enrollment/counter-offer';
import { ApproveLongPlanForm } from '#web/features/service-portal/actions/approve-long-plan-form';
import { OfferStatusModal } from '#web/features/service-portal/actions/offer-status-modal';
import { proposalPdfPath } from '#web/features/service-portal/api';
import { Detail, DetailList, formatDay, formatTimestamp, Missing, SummaryCard } from './summary-overview';

// The Decision tab: the decision summary with every offer, each with its creditor's
// answer, a link to its proposal's PDF once one was made, and an 'Answer' action that opens the offer-status
// modal (none for an offer the borrower left out of the plan: no proposal went out, no answer is awaited); or 'There was no decision made for this
// borrower.' Answers are taken only in creditorReview (the server refuses them otherwise).

/** 2190 basis points → '21.9%'. */
export function formatRate(basisPoints: number | null): string {
  if (basisPoints === null) return '';
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export const OFFERS_CLOSED_NOTE =
  'Creditor answers are recorded while the application is in Creditor Review.';
export const AWAITING_ANSWER = 'Awaiting answer';
export const LEFT_OUT_BY_BORROWER = 'Left out by the borrower';

const declineReasonLabel = (reason: string) =>
  reason in OFFER_DECLINE_REASON_LABELS
    ? OFFER_DECLINE_REASON_LABELS[reason as keyof typeof OFFER_DECLINE_REASON_LABELS]
    : reason;

function OfferStatus({ offer }: { offer: OfferView }) {
  // The borrower's choice comes first: no proposal went to this creditor, so no answer is awaited.
  if (offer.leftOutByBorrower) {
    return (
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
        {LEFT_OUT_BY_BORROWER}
      </span>
    );
  }
  if (offer.status === null) {
    return (
      <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
        {AWAITING_ANSWER}
      </span>
    );
  }
  return (
    <span
      className={clsx(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        offer.status === 'accepted' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
      )}
    >
      {OFFER_STATUS_LABELS[offer.status]}
    </span>
  );
}

/**
 * 'Counter-offer: $45 a month at 12.5%': the figures a creditor accepted on, its own where it countered and
 * the offer's where it kept them; null without a counter-offer.
 */
export function counterOfferText(offer: OfferView): string | null {
  if (offer.counterPayment === null && offer.counterApr === null) return null;
  const rate = formatRate(offer.counterApr ?? offer.proposedApr);
  return `Counter-offer: ${formatDollars(offer.counterPayment ?? offer.payment)} a month${rate ? ` at ${rate}` : ''}`;
}

const NUM = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';
const HEAD = 'px-2 py-1.5 font-semibold';

function OffersTable({
  applicationId,
  offers,
  canAnswer,
  onAnswer,
}: {
  applicationId: string;
  offers: readonly OfferView[];
  canAnswer: boolean;
  onAnswer: (offer: OfferView) => void;
}) {
  const captionId = useId();
  const sorted = [...offers].sort((a, b) => b.balance - a.balance || a.creditor.localeCompare(b.creditor));
  // Two accounts at one creditor read alike to a screen reader: their buttons also name the balance.
  const named = new Map<string, number>();
  for (const o of offers) named.set(o.creditor, (named.get(o.creditor) ?? 0) + 1);
  const answerTarget = (o: OfferView) =>
    (named.get(o.creditor) ?? 0) > 1 ? `${o.creditor}, balance ${formatDollars(o.balance)}` : o.creditor;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[56rem] border-collapse text-sm text-gray-900">
        <caption id={captionId} className="px-3 py-2 text-left font-semibold text-gray-900">
          Offers ({offers.length})
        </caption>
        <thead className="bg-gray-50 text-xs text-gray-700">
          <tr>
            <th scope="col" className={clsx(HEAD, 'text-left')}>
              Creditor
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Balance
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Payment
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Term (months)
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Current APR
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Proposed APR
            </th>
            <th scope="col" className={clsx(HEAD, 'text-right')}>
              Payoff savings
            </th>
            <th scope="col" className={clsx(HEAD, 'text-left')}>
              Answer
            </th>
            {canAnswer && (
              <th scope="col" className={HEAD}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sorted.map((offer) => {
            const last = offer.statusChanges.at(-1);
            return (
              <tr key={offer.id} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-2 py-1.5 text-left font-medium">
                  {offer.creditor}
                </th>
                <td className={NUM}>{formatDollars(offer.balance)}</td>
                <td className={NUM}>{formatDollars(offer.payment)}</td>
                <td className={NUM}>{offer.term}</td>
                <td className={NUM}>{formatRate(offer.currentApr) || <Missing />}</td>
                <td className={NUM}>{formatRate(offer.proposedApr) || <Missing />}</td>
                <td className={NUM}>
                  {offer.estimatedPayoffSavings === null ? (
                    <Missing />
                  ) : (
                    formatDollars(offer.estimatedPayoffSavings)
                  )}
                </td>
                <td className="px-2 py-1.5">
                  <OfferStatus offer={offer} />
                  {counterOfferText(offer) && (
                    <p className="mt-1 text-xs font-medium text-gray-900">{counterOfferText(offer)}</p>
                  )}
                  {offer.status === 'declined' && offer.reasons.length > 0 && (
                    <ul className="mt-1 text-xs text-gray-700">
                      {offer.reasons.map((reason) => (
                        <li key={reason}>{declineReasonLabel(reason)}</li>
                      ))}
                    </ul>
                  )}
                  {offer.hasProposal && (
                    <a
                      href={proposalPdfPath(applicationId, offer.id)}
                      download
                      className="mt-1 inline-flex min-h-6 items-center text-xs font-semibold text-brand-700 underline hover:text-brand-800"
                    >
                      Proposal PDF<span className="sr-only"> for {answerTarget(offer)}</span>
                    </a>
                  )}
                  {last && (
                    <p className="mt-1 text-xs text-gray-600">
                      {formatTimestamp(last.createdAt)}
                      {last.changedBy
                        ? ` by ${last.changedBy.name}`
                        : last.automatic && ` · ${last.automatic}`}
                    </p>
                  )}
                </td>
                {canAnswer && (
                  <td className="px-2 py-1.5 text-right">
                    {!offer.leftOutByBorrower && (
                      <button
                        type="button"
                        onClick={() => onAnswer(offer)}
                        className="inline-flex min-h-10 items-center rounded-lg border border-brand-700 px-3 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50"
                      >
                        {offer.status === null ? 'Answer' : 'Change answer'}
                        <span className="sr-only"> for {answerTarget(offer)}</span>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The Decision tab. `onSaved` runs after an offer's answer was recorded. */
export function DecisionTab({
  applicationId,
  decision,
  enrollment,
  status,
  onSaved,
}: {
  applicationId: string;
  decision: BorrowerSummaryView['decision'];
  enrollment: BorrowerSummaryView['dmpEnrollment'];
  status: ApplicationStatus;
  onSaved: () => void;
}) {
  // The offer stays set while the modal closes, so its content does not vanish mid-animation.
  const [answering, setAnswering] = useState<{ offer: OfferView; open: boolean }>();
  const d = decision.decision;
  if (!d) return <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{decision.message}</p>;
  const canAnswer = status === 'creditorReview';
  return (
    <div className="grid gap-4">
      <SummaryCard
        title="Decision"
        actions={
          <span
            className={clsx(
              'rounded-full px-2.5 py-0.5 text-sm font-semibold',
              d.isQualified ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
            )}
          >
            {d.isQualified ? 'Qualified' : 'Not qualified'}
          </span>
        }
      >
        <DetailList columns={4}>
          <Detail label="Decided">{formatTimestamp(d.createdAt)}</Detail>
          <Detail label="Monthly income">{formatDollars(d.currentIncome)}</Detail>
          <Detail label="Monthly expenses">{formatDollars(d.currentExpenses)}</Detail>
          <Detail label="Eligible debt payments">{formatDollars(d.eligibleDebtPayment)}</Detail>
          <Detail label="Other debt payments">{formatDollars(d.ineligibleDebtPayment)}</Detail>
          <Detail label="Reducible expenses">
            {d.reducibleExpenseAmount === null ? <Missing /> : formatDollars(d.reducibleExpenseAmount)}
          </Detail>
          <Detail label="Required expense reduction">
            {d.requiredExpenseReductionAmount === null ? (
              <Missing />
            ) : (
              formatDollars(d.requiredExpenseReductionAmount)
            )}
          </Detail>
          <Detail label="Presented / accepted by borrower">
            {d.wasPresentedToBorrower ? 'Yes' : 'No'} / {d.wasAcceptedByBorrower ? 'Yes' : 'No'}
          </Detail>
          {d.explanation && (
            <Detail label="Why" wide>
              {d.explanation}
            </Detail>
          )}
          {d.disqualificationReasons.length > 0 && (
            <Detail label="Disqualification reasons" wide>
              <ul className="list-disc pl-5">
                {d.disqualificationReasons.map((r) => (
                  <li key={r.reason}>{r.description}</li>
                ))}
              </ul>
            </Detail>
          )}
        </DetailList>
      </SummaryCard>

      <SummaryCard title="Creditor offers">
        {d.offers.length === 0 ? (
          <p className="text-gray-700">This decision has no offers.</p>
        ) : (
          <>
            {!canAnswer && <p className="mb-3 text-sm text-gray-700">{OFFERS_CLOSED_NOTE}</p>}
            <OffersTable
              applicationId={applicationId}
              offers={d.offers}
              canAnswer={canAnswer}
              onAnswer={(offer) => setAnswering({ offer, open: true })}
            />
            <p className="mt-3 text-sm text-gray-700" data-testid="plan-terms">
              {planTermsText(d.terms)}
            </p>
            {d.budgetFit && (
              <p
                data-testid="plan-budget-fit"
                className={clsx(
                  'mt-3 text-sm',
                  d.budgetFit.fits && !d.budgetFit.thin ? 'text-gray-700' : 'font-semibold text-amber-900',
                )}
              >
                {budgetFitText(d.budgetFit)}
              </p>
            )}
            <LongPlan
              applicationId={applicationId}
              longPlan={d.longPlan}
              termInMonths={d.terms.termInMonths}
              canApprove={canAnswer}
              onSaved={onSaved}
            />
          </>
        )}
      </SummaryCard>

      {enrollment && (
        <SummaryCard title="Debt Management Plan">
          <DetailList columns={4}>
            <Detail label="Active">{enrollment.active ? 'Yes' : 'No'}</Detail>
            <Detail label="Monthly payment">{formatDollars(enrollment.monthlyPaymentAmount)}</Detail>
            <Detail label="Term (months)">{enrollment.termInMonths}</Detail>
            <Detail label="First payment">{formatDay(enrollment.firstPaymentDate) || <Missing />}</Detail>
            <Detail label="Signed">{formatDay(enrollment.dateSigned) || <Missing />}</Detail>
          </DetailList>
        </SummaryCard>
      )}

      {answering && (
        <OfferStatusModal
          key={answering.offer.id}
          // The current summary's copy: after a 409 the summary is read again, with the offer's new version.
          offer={d.offers.find((o) => o.id === answering.offer.id) ?? answering.offer}
          open={answering.open}
          onOpenChange={(open) => setAnswering((current) => current && { ...current, open })}
          onSaved={() => {
            setAnswering((current) => current && { ...current, open: false });
            onSaved();
          }}
        />
      )}
    </div>
  );
}

/**
 * A plan over 60 months: the notice and, in creditor review, the approval form; once approved, who approved
 * it, when and why.
 */
function LongPlan({
  applicationId,
  longPlan,
  termInMonths,
  canApprove,
  onSaved,
}: {
  applicationId: string;
  longPlan: NonNullable<BorrowerSummaryView['decision']['decision']>['longPlan'];
  termInMonths: number;
  canApprove: boolean;
  onSaved: () => void;
}) {
  const { needsApproval, approval } = longPlan;
  return (
    <>
      {needsApproval &&
        (canApprove ? (
          <div className="mt-3">
            <ApproveLongPlanForm
              applicationId={applicationId}
              termInMonths={termInMonths}
              onSaved={onSaved}
            />
          </div>
        ) : (
          <p className="mt-3 text-sm font-semibold text-amber-900">{longPlanNotice(termInMonths)}</p>
        ))}
      {approval && (
        <p className="mt-3 text-sm text-gray-700" data-testid="long-plan-approval">
          {`Plan of ${approval.termInMonths} months approved`}
          {approval.approvedBy && ` by ${approval.approvedBy.name}`}
          {`, ${formatTimestamp(approval.approvedAt)}: ${approval.reason}`}
        </p>
      )}
    </>
  );
}

/**
 * The plan's terms as the borrower sees them on the offer, the letter and My plan: the amount drawn each month
 * with what goes to the creditors and the agency's fee, the set-up fee and the drafts.
 */
export function planTermsText(t: PlanTermsView): string {
  if (t.monthlyDraft === 0) return 'No offer is on the plan: nothing is drawn.';
  const split =
    `Amount drawn each month: ${formatDollars(t.monthlyDraft)} (${formatDollars(t.creditorsMonthlyPayment)} ` +
    `to the creditors on the plan and the agency's ${formatDollars(t.monthlyFee)} monthly fee)`;
  const setup = t.setupFee > 0 ? `; a one-time set-up fee of ${formatDollars(t.setupFee)}` : '';
  const dates =
    t.firstDraftDate && t.lastDraftDate
      ? `; ${t.termInMonths} drafts, ${formatDay(t.firstDraftDate)} to ${formatDay(t.lastDraftDate)}`
      : `; ${t.termInMonths} drafts`;
  return `${split}${setup}${dates}. Fees are capped by the borrower's state; declined offers and offers the borrower left out are not on the plan.`;
}

type BudgetFitView = NonNullable<NonNullable<BorrowerSummaryView['decision']['decision']>['budgetFit']>;

/**
 * The budget check on the plan as it now stands, for the counsellor: after an offer left out, a decline or a
 * counter-offer, whether the agreed budget still covers the draft and the creditors paid directly.
 */
export function budgetFitText(f: BudgetFitView): string {
  const paid =
    f.payDirectly > 0
      ? `the draft of ${formatDollars(f.monthlyDraft)} and ${formatDollars(f.payDirectly)} a month paid directly to creditors not on the plan come to ${formatDollars(f.monthlyTotal)}`
      : `the draft of ${formatDollars(f.monthlyDraft)} a month comes to ${formatDollars(f.monthlyTotal)}`;
  const against = ` against the ${formatDollars(f.room)} the agreed budget leaves`;
  if (!f.fits) {
    return `No longer fits the budget: ${paid}${against}, ${formatDollars(-f.left)} short. Call the borrower to go over the budget, ask a creditor again or change the plan.`;
  }
  return f.thin
    ? `Fits the budget with little to spare: ${paid}${against}, leaving ${formatDollars(f.left)} a month.`
    : `Fits the budget: ${paid}${against}, leaving ${formatDollars(f.left)} a month.`;
}
