import { desc, eq, sql } from 'drizzle-orm';
import { dayIn, DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { offerFigures } from '#domain/enrollment/counter-offer';
import { firstDraftDate, planTerms, type PlanTerms } from '#domain/enrollment/plan-terms';
import { ASSUMED_CURRENT_APR_BP, DEFAULT_PROPOSED_APR_BP } from '#domain/underwriting/constants';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import { PLAN_FEE_SETTINGS } from '#domain/underwriting/plan-fees';
import { builtOnce } from '#server/db/built-once';
import type { Reader } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { planAuthorization } from '#server/db/schema/enrollment';
import { feeCapForState } from './plan-fees';

// Reads what the plan's terms are made of (the newest qualified decision's offers, the borrower's state, the
// first draft date the borrower authorized) and computes the terms with the domain's one function. Every
// server surface that states the plan's money (the offers page, the letter, /submitted, My plan, the borrower
// summary, the hand-over's DmpEnrollment, emails) calls this, so they cannot disagree.

/** The name a borrower knows the creditor by: the friendly name on file, else one made from the bureau's. */
export function creditorNameOf(x: {
  debt?: { lenderFriendlyName: string | null; lenderName: string | null } | null;
  collection?: { subscriberFriendlyName: string | null; subscriberName: string | null } | null;
}): string {
  return (
    x.debt?.lenderFriendlyName ??
    x.collection?.subscriberFriendlyName ??
    lenderFriendlyName(x.debt?.lenderName ?? x.collection?.subscriberName ?? '')
  );
}

type CurrentPaymentSource = {
  balance: number;
  currentApr: number | null;
  /** The payment the credit report schedules (or the borrower told us, for a debt they added). */
  scheduledPayment?: number | null;
  debt?: { scheduledMonthlyPayment: number | null } | null;
  collection?: { scheduledMonthlyPayment: number | null } | null;
};

/** The payment the credit report schedules for this account; null when it shows none. */
export function scheduledPaymentOf(x: CurrentPaymentSource): number | null {
  const scheduled =
    x.scheduledPayment ?? x.debt?.scheduledMonthlyPayment ?? x.collection?.scheduledMonthlyPayment ?? null;
  return scheduled !== null && scheduled > 0 ? scheduled : null;
}

/**
 * What the borrower pays a creditor today: the payment the credit report schedules where it has one, else an
 * estimate from the balance and rate (1% and a month's interest). Every comparison with the plan, and what the
 * borrower keeps paying a creditor the plan does not pay, reads this.
 */
export const currentPaymentOf = (x: CurrentPaymentSource): number =>
  scheduledPaymentOf(x) ?? estimatedCurrentMonthlyPayment(x.balance, x.currentApr ?? ASSUMED_CURRENT_APR_BP);

/** Whether currentPaymentOf estimated the payment (the report shows none for this account). */
export const currentPaymentIsEstimated = (x: CurrentPaymentSource): boolean => scheduledPaymentOf(x) === null;

/**
 * The plan's rows (the newest decision with its offers' debt and collection, the borrower's state, the newest
 * authorization without its addendum) as relations of the application's row: a caller that reads the row
 * anyway adds them to its own read (`with: { ...PLAN_ROWS }`) and hands what it read to planRowsOfApplication,
 * one statement where two were sent.
 */
export const PLAN_ROWS = {
  decisions: {
    orderBy: [desc(decision.createdAt)],
    limit: 1,
    with: { offers: { with: { debt: true as const, collection: true as const } } },
  },
  borrower: { columns: { state: true as const } },
  planAuthorizations: {
    orderBy: [desc(planAuthorization.createdAt)],
    limit: 1,
    // A confirmation's addendum is a whole PDF: read only where it is served.
    columns: { addendumDocument: false as const },
  },
};

// One statement for the three reads (the newest decision with its offers, the borrower's state, the newest
// authorization), from the application's row: every page that states the plan reads them together, and each
// statement costs the server a round trip. No application, no rows: the same nulls as three empty reads.
// Built once (built-once.ts): drizzle took about 350 µs of CPU to build this relational read, three times per
// applicant.
const planRead = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: PLAN_ROWS,
    })
    .prepare('plan_of_application'),
);
const readPlanRow = (tx: Reader, applicationId: string) => planRead(tx).execute({ id: applicationId });

/** What a read of the application's row `with` PLAN_ROWS holds of the plan. */
export type PlanRead = Pick<
  NonNullable<Awaited<ReturnType<typeof readPlanRow>>>,
  'decisions' | 'borrower' | 'planAuthorizations'
>;

/** The plan's rows out of such a read (undefined: no application, no rows). */
const plannedOf = (found: PlanRead | undefined) => ({
  newest: found?.decisions[0],
  state: found?.borrower?.state ?? null,
  authorization: found?.planAuthorizations[0] ?? null,
});

async function readPlan(tx: Reader, applicationId: string) {
  return plannedOf(await readPlanRow(tx, applicationId));
}

export type PlanOfferRow = NonNullable<Awaited<ReturnType<typeof readPlan>>['newest']>['offers'][number];

export type LoadedPlan = {
  /** The newest decision, null when there is none; its offers count only when it qualified. */
  decision: Omit<NonNullable<Awaited<ReturnType<typeof readPlan>>['newest']>, 'offers'> | null;
  /** The qualified decision's offers, largest balance first. */
  offers: PlanOfferRow[];
  state: string | null;
  authorization: Awaited<ReturnType<typeof readPlan>>['authorization'];
  terms: PlanTerms;
};

/** An offer row as the terms need it; the creditor's name comes with it. */
export type TermsOfferRow = {
  id: string;
  creditorName: string;
  balance: number;
  payment: number;
  term: number;
  proposedApr: number | null;
  currentApr: number | null;
  declinedByBorrower: boolean;
  status: 'accepted' | 'declined' | null;
  /** A creditor's counter-offer: the payment and plan APR it accepted on instead (null where unchanged). */
  counterPayment?: number | null;
  /** The payment the credit report schedules for the account (currentPaymentOf); null or absent when none. */
  scheduledPayment?: number | null;
  counterApr?: number | null;
};

/** An offer's payment, rate and term as the plan pays them: its counter-offer's where it has one. */
function figuresOf(x: TermsOfferRow) {
  const aprBp = x.proposedApr ?? DEFAULT_PROPOSED_APR_BP;
  const figures = offerFigures({
    balance: x.balance,
    payment: x.payment,
    aprBp,
    term: x.term,
    counter: { payment: x.counterPayment ?? null, aprBp: x.counterApr ?? null },
  });
  // A stored counter-offer was checked when it was recorded; one that no longer pays off keeps the offer's.
  return figures.ok
    ? { payment: figures.payment, term: figures.term, proposedAprBp: figures.aprBp }
    : { payment: x.payment, term: x.term, proposedAprBp: aprBp };
}

/**
 * The plan's terms from an application's rows: its qualified decision's offers, the borrower's state and the
 * newest authorization. The first draft date is the one the borrower authorized (the letter, or a later
 * confirmation or change of day, with the changes of day made so far); before any, or with `redate`, it is
 * counted from `today` (the chosen day, or the earliest), unless `undated`. Callers pass `today` as
 * Services.today() gives it (the configured AGENCY_TIME_ZONE); without it the day is the default zone's (New
 * York), never the server's UTC day, which is already tomorrow on an American evening.
 */
export function termsFromRows(o: {
  offers: readonly TermsOfferRow[];
  state: string | null;
  authorization: {
    kind: string;
    firstDraftDate: string;
    draftDay: number;
    draftDayChanges?: readonly string[];
  } | null;
  today?: string;
  draftDay?: number | null;
  undated?: boolean;
  redate?: boolean;
}): PlanTerms {
  // An acceptance chose the day of the month; only the letter (or a later confirmation) fixes the date, unless
  // that letter is being made again because its date came too close to sign (`redate`: same day, new date).
  const dated =
    o.authorization && o.authorization.kind !== 'acceptance' && !o.redate ? o.authorization : null;
  const draftDay = o.draftDay ?? o.authorization?.draftDay ?? null;
  const today = o.today ?? dayIn(new Date(), DEFAULT_AGENCY_TIME_ZONE);
  const first = dated?.firstDraftDate ?? (o.undated ? null : firstDraftDate(today, draftDay));
  return planTerms({
    offers: o.offers.map((x) => ({
      id: x.id,
      creditorName: x.creditorName,
      balance: x.balance,
      ...figuresOf(x),
      currentAprBp: x.currentApr ?? ASSUMED_CURRENT_APR_BP,
      currentPayment: currentPaymentOf(x),
      leftOutByBorrower: x.declinedByBorrower,
      creditorAnswer: x.status ?? 'pending',
    })),
    fees: PLAN_FEE_SETTINGS,
    cap: feeCapForState(o.state),
    firstDraftDate: first,
    draftDayChanges: dated?.draftDayChanges ?? [],
  });
}

/** The application's plan terms, read from the database (termsFromRows), with the rows they came from. */
export async function loadPlanTerms(
  tx: Reader,
  applicationId: string,
  o: { today?: string; draftDay?: number | null; undated?: boolean; redate?: boolean } = {},
): Promise<LoadedPlan> {
  return planWithTerms(await loadPlanRows(tx, applicationId), o);
}

/**
 * The plan's rows as loadPlanTerms reads them, without its terms: for a caller that changes some of them in
 * the same unit (the offers left out) and works the terms out after (planWithTerms), without a second read.
 */
export async function loadPlanRows(tx: Reader, applicationId: string): Promise<Omit<LoadedPlan, 'terms'>> {
  return planRowsOf(await readPlan(tx, applicationId));
}

/**
 * The plan's rows from what a caller read itself, as readPlan reads them (the newest decision with its offers'
 * debt and collection, the borrower's state, the newest authorization without its addendum): for a caller that
 * reads them with the application in one relational read (the letter) rather than in three more statements.
 */
export function planRowsOf({
  newest,
  state,
  authorization,
}: Awaited<ReturnType<typeof readPlan>>): Omit<LoadedPlan, 'terms'> {
  const offers = (newest?.isQualified ? newest.offers : []).sort((a, b) => b.balance - a.balance);
  let decisionRow: LoadedPlan['decision'] = null;
  if (newest) {
    const { offers: _offers, ...rest } = newest;
    decisionRow = rest;
  }
  return { decision: decisionRow, offers, state, authorization };
}

/** The plan's rows from the caller's own read of the application's row `with` PLAN_ROWS (see PLAN_ROWS). */
export const planRowsOfApplication = (found: PlanRead | undefined): Omit<LoadedPlan, 'terms'> =>
  planRowsOf(plannedOf(found));

/**
 * A plan already read (loadPlanTerms) with its terms worked out for other options (another day to draw, say),
 * without reading its rows again.
 */
export function planWithTerms(
  plan: Omit<LoadedPlan, 'terms'>,
  o: { today?: string; draftDay?: number | null; undated?: boolean; redate?: boolean } = {},
): LoadedPlan {
  const { decision: decisionRow, offers, state, authorization } = plan;
  const terms = termsFromRows({
    ...o,
    offers: offers.map((x) => ({
      ...x,
      creditorName: creditorNameOf(x),
      scheduledPayment: scheduledPaymentOf(x),
    })),
    state,
    authorization,
  });
  return { decision: decisionRow, offers, state, authorization, terms };
}
