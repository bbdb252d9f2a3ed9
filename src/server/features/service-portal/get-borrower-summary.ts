import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BuildQueryResult } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type {
  StaffMember,
  CreditorRemittance,
  BorrowerRecordView,
  BorrowerSummaryView,
  DebtRowView,
  EnrollmentView,
} from '#domain/flow/staff-views';
import { sumCents } from '#domain/money/cents';
import { auditSentences, unnamedActor, type AuditNames } from '#domain/service-portal/audit-sentences';
import { describeReason } from '#domain/underwriting/reasons';
import { needsLongPlanApproval } from '#domain/enrollment/counter-offer';
import { budgetRoomFrom, planFit } from '#domain/enrollment/plan-fit';
import { termsFromRows } from '#server/application/plan-terms';
import { narrativeOf } from '#server/application/plan-narrative';
import { planTermsView } from '#domain/enrollment/plan-terms-view';
import { accountTypeName } from '#domain/underwriting/account-types';
import { HARDSHIP_KEYS, type HardshipKey } from '#domain/validation/application';
import {
  EXPENSE_GROUPS,
  expenseGroupLabel,
  expenseLineLabel,
  expenseLineOrder,
} from '#domain/validation/expenses';
import { e164ToPhone, fromIsoDate } from '#domain/validation/format';
import { MESSAGES } from '#domain/validation/messages';
import { readContactOutcome } from '#domain/validation/staff';
import type { Database, Db } from '#server/db/client';
import type { ApplicationQueryWith, RelationalSchema } from '#server/db/application-query';
import { application } from '#server/db/schema/application';
import { last4, type FieldCipher } from '#server/security/field-encryption';
import { creditor } from '#server/db/schema/creditors';
import { auditLog } from '#server/db/schema/ops';
import { bySilentDefault, silentAfterDaysOf } from '#domain/service-portal/audit-sentences';
import { silentDefaultBy } from '#domain/enrollment/proposal-answers';
import type { AuditAction } from '#server/audit/record-audit';
import { alertViews } from '#server/alerts/alert-views';
import type { ReadCache } from '#server/plugins/read-cache';
import { isInGroup, SUPERVISOR_GROUP } from '#server/plugins/staff-group';
import { staffDisplayName } from './staff-names';

/** Staff actions shown on the summary, newest first (openings of the summary are not among them). */
export const AUDIT_HISTORY_LIMIT = 100;
/** Openings of the summary shown when asked for, newest first, and how far they are counted. */
export const OPENINGS_SHOWN = 20;
export const OPENINGS_COUNT_CAP = 1_000;
const OPENING: AuditAction = 'viewBorrowerSummary';

const iso = (d: Date) => d.toISOString();
const phone = (p: string | null) => (p ? e164ToPhone(p) : null);

/**
 * What the summary shows of the application, and nothing more: every relation it lists, but only the newest
 * decision and budget, each bank account's newest balance, no bank transactions, credit reports, debt scores
 * or expense benchmarks (no tab shows them), and of the debts only the columns the debts tab shows. Reading
 * the whole graph cost the database and the server three times as much for a summary that threw most of it away.
 */
const STAFF_NAME = { columns: { name: true } } as const;

export const summaryGraph = {
  borrower: true,
  spouse: true,
  alerts: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  budgets: { orderBy: (t, { desc }) => [desc(t.createdAt)], limit: 1, with: { budgetExpenses: true } },
  // Staff are named from the same statement (a second round trip cost more than these joins).
  assignedToUser: STAFF_NAME,
  longPlanApprovedByUser: STAFF_NAME,
  contactAttempts: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { reasons: true, contactedByUser: STAFF_NAME },
  },
  debts: {
    columns: {
      id: true,
      isEligibleForDmp: true,
      lenderFriendlyName: true,
      lenderName: true,
      accountType: true,
      currentBalance: true,
      accountNumber: true,
      dateOpened: true,
      dateClosed: true,
      ecoaDesignator: true,
      highCredit: true,
      pastDue: true,
      scheduledMonthlyPayment: true,
      mostRecentPayment: true,
      selectedForDebtReduction: true,
      isSelfReported: true,
    },
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: { columns: { id: true } } },
  },
  collections: {
    columns: {
      id: true,
      isEligibleForDmp: true,
      subscriberFriendlyName: true,
      subscriberName: true,
      originalLenderName: true,
      accountType: true,
      currentBalance: true,
      accountNumber: true,
      dateOpened: true,
      dateClosed: true,
      ecoaDesignator: true,
      originalBalance: true,
      pastDue: true,
      scheduledMonthlyPayment: true,
      mostRecentPayment: true,
      selectedForDebtReduction: true,
    },
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: { columns: { id: true } } },
  },
  decisions: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    limit: 1,
    with: {
      disqualificationReasons: true,
      offers: {
        orderBy: (t, { desc }) => [desc(t.balance)],
        with: {
          disqualificationReasons: true,
          statusChanges: {
            orderBy: (t, { asc }) => [asc(t.createdAt)],
            with: { changedByUser: STAFF_NAME },
          },
        },
      },
    },
  },
  disqualificationReasons: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
  dmpEnrollment: true,
  // The newest authorization dates the plan's drafts.
  planAuthorizations: {
    columns: { kind: true, firstDraftDate: true, draftDay: true, draftDayChanges: true },
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    limit: 1,
  },
  // The signed PDF itself is read only where it is downloaded.
  docusign: { columns: { signedDocument: false }, with: { signers: true } },
  expenses: true,
  hardships: true,
  incomeSnapshots: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  paymentAccount: true,
  plaidItems: {
    orderBy: (t, { asc }) => [asc(t.createdAt)],
    with: { accounts: { with: { balances: { orderBy: (t, { desc }) => [desc(t.createdAt)], limit: 1 } } } },
  },
  statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)], with: { changedByUser: STAFF_NAME } },
} satisfies ApplicationQueryWith;

type SummaryRecord = BuildQueryResult<
  RelationalSchema,
  RelationalSchema['application'],
  { with: typeof summaryGraph }
>;

/**
 * The application's shown graph, as one named prepared statement: the relational query is built once per
 * database, and it is prepared on connections that keep one generic plan for it (`genericPlanDb`): its plan
 * does not depend on which application is read, and PostgreSQL, left to choose, planned it afresh at every
 * opening (2 to 7 ms, more than running it).
 */
const preparedGraphs = new WeakMap<Db, ReturnType<typeof prepareGraph>>();
const prepareGraph = (genericPlanDb: Db) =>
  genericPlanDb.query.application
    .findFirst({ where: eq(application.id, sql.placeholder('id')), with: summaryGraph })
    .prepare('borrower_summary');

type HistoryRow = {
  /** 'opened': this request's own record; 'opening': an earlier opening; 'action': any other staff action. */
  kind: 'opened' | 'opening' | 'action';
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: Date | string;
  /** The colleague whose claim a take-over released ('assignedTo' of the record's before), by name. */
  released_name: string | null;
  /** Openings before this one, counted up to the cap. */
  earlier_openings: number | string;
};

const OPENING_SQL = `'${OPENING}'`;
const HISTORY_SQL = `
  with opened as (
    insert into audit_log (id, actor_id, action, entity_type, entity_id, application_id, before, after, created_at)
    select gen_random_uuid(), $1::text, ${OPENING_SQL}, 'application', a.id::text, a.id, null, null, now()
    from application a cross join (select set_config('synchronous_commit', 'off', true)) unflushed
    where a.id = $2::uuid
    returning id, actor_id, action, entity_type, entity_id, before, after, created_at
  ),
  shown as (
    select 'opened' as kind, o.* from opened o
    union all
    (select 'opening', l.id, l.actor_id, l.action, l.entity_type, l.entity_id, l.before, l.after, l.created_at
      from audit_log l where l.application_id = $2::uuid and l.action = ${OPENING_SQL}
      order by l.created_at desc limit ${OPENINGS_SHOWN - 1})
    union all
    (select 'action', l.id, l.actor_id, l.action, l.entity_type, l.entity_id, l.before, l.after, l.created_at
      from audit_log l where l.application_id = $2::uuid and l.action <> ${OPENING_SQL}
      order by l.created_at desc limit ${AUDIT_HISTORY_LIMIT})
  )
  select s.*, actor.name as actor_name, released.name as released_name,
    (select count(*) from (select 1 from audit_log l
      where l.application_id = $2::uuid and l.action = ${OPENING_SQL}
      limit ${OPENINGS_COUNT_CAP}) counted) as earlier_openings
  from shown s
  left join "user" actor on actor.id = s.actor_id
  left join "user" released on released.id = s.before ->> 'assignedTo'`;

/**
 * Records this opening and reads the history back, in one statement prepared once per connection (its plan
 * does not depend on which application: Database.preparedSql). The opening is written only if the
 * application exists (no 'opened' row otherwise), committed without waiting for the disk (asynchronous
 * commit, for this transaction only: a crash in the next fraction of a second could lose it, never half of
 * it; docs/decisions/0065-an-opening-is-recorded-without-waiting-for-the-disk.md). The history is the last
 * staff actions apart from openings (a summary opened hundreds of times must not push its last claim or offer
 * decision out of the list), the last openings, this one included, and how many openings there were, counted
 * through the index and only so far (the page says '1000+' beyond). The action is written out, not a
 * parameter, so that PostgreSQL sees the partial indexes apply (audit_log_application_actions_idx and
 * audit_log_application_openings_idx, migration 0019). A statement sees the database as it was when it
 * began, so this opening is added to the openings from the insert's own answer.
 */
async function openAndReadHistory(
  database: Database,
  viewerId: string,
  applicationId: string,
): Promise<HistoryRow[]> {
  const result = await database.preparedSql('borrower_summary_history', HISTORY_SQL, [
    viewerId,
    applicationId,
  ]);
  return result.rows as HistoryRow[];
}

/**
 * The borrower summary: the application with every relation it shows, and its audit history. Opening it is
 * itself audited ('viewBorrowerSummary'): the answer leaves only once the record is written, so nothing is
 * shown that was not audited. Account numbers leave as their last four digits.
 *
 * The part made of the application's own rows is kept in `cache` between openings when given (a server's
 * read cache: dropped the moment any of those rows, or a staff name it shows, changes; see
 * docs/decisions/0067-borrower-summary-kept-in-memory.md); the history is read at every opening, in the same
 * statement that records it.
 */
export async function getBorrowerSummary(o: {
  database: Database;
  db: Db;
  /** `Database.genericPlanDb`: where the whole record's read is prepared. */
  genericPlanDb: Db;
  cipher: FieldCipher;
  viewerId: string;
  applicationId: string;
  /** The agency's today ('yyyy-MM-dd'): before the letter, the plan's first draft is counted from it. */
  today: string;
  cache?: ReadCache<BorrowerRecordView>;
}): Promise<BorrowerSummaryView> {
  const kept = o.cache?.get(o.applicationId);
  // Taken before reading: a change announced meanwhile means the record read may be old, and it is not kept.
  const ticket = o.cache?.ticket() ?? 0;
  const [history, record, supervisor] = await Promise.all([
    openAndReadHistory(o.database, o.viewerId, o.applicationId),
    kept ?? readRecord(o),
    isInGroup(o.db, o.viewerId, SUPERVISOR_GROUP),
  ]);
  const opened = history.find((h) => h.kind === 'opened');
  if (!opened || !record) throw new AppError('NotFound');
  if (!kept) o.cache?.set(o.applicationId, record, { ticket, labels: recordLabels(record) });
  return {
    ...record,
    auditHistory: auditHistoryView(history, record),
    openingCount: Number(opened.earlier_openings) + 1,
    // hasPassedQualityControl false is written by a failed quality control only.
    canReopenQualityControl:
      supervisor &&
      record.overview.status === 'disqualified' &&
      record.overview.hasPassedQualityControl === false,
  };
}

/** The rows a kept record is made of, as the change feed names them: the application, and the staff it names. */
function recordLabels(record: BorrowerRecordView): string[] {
  const staff = [
    record.overview.assignedTo,
    ...record.contactHistory.map((c) => c.contactedBy),
    ...record.statusHistory.map((c) => c.changedBy),
    ...(record.decision.decision?.offers.flatMap((of) => of.statusChanges.map((c) => c.changedBy)) ?? []),
  ].flatMap((member) => (member ? [`user:${member.id}`] : []));
  return [`application:${record.overview.id}`, ...new Set(staff)];
}

/**
 * The history, newest first, each record in words. Times are kept to the millisecond here, and this request's
 * own opening can share its millisecond with the action just before it: openings come first among equals
 * (the sort keeps order).
 */
function auditHistoryView(history: readonly HistoryRow[], record: BorrowerRecordView) {
  const creditorOf = new Map(record.debts.map((d) => [d.id, d.creditor]));
  const creditorOfOffer = new Map(
    (record.decision.decision?.offers ?? []).map((of) => [
      of.id,
      creditorOf.get(of.debtId ?? of.collectionId ?? '') ?? null,
    ]),
  );
  const creditorOfAccount = new Map(
    record.debts.flatMap((d) => (d.creditorAccountId ? [[d.creditorAccountId, d.creditor] as const] : [])),
  );
  const alertTypes = new Map(record.alerts.map((a) => [a.id, a.type]));
  const at = (row: HistoryRow) => new Date(row.created_at);
  const ordered = [
    ...history.filter((h) => h.kind !== 'action'),
    ...history.filter((h) => h.kind === 'action'),
  ].sort((x, y) => at(y).getTime() - at(x).getTime());
  return ordered.map((row) => {
    const actor = row.actor_id ? { id: row.actor_id, name: staffDisplayName(row.actor_name) } : null;
    const names: AuditNames = {
      actor: actor?.name ?? unnamedActor({ action: row.action, after: row.after }),
      staff: () => (row.released_name?.trim() ? row.released_name : null),
      creditorOfOffer: (id) => creditorOfOffer.get(id) ?? null,
      creditorOfAccount: (id) => creditorOfAccount.get(id) ?? null,
      alertType: (id) => alertTypes.get(id) ?? null,
    };
    const audit = {
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
    };
    return {
      id: row.id,
      createdAt: iso(at(row)),
      action: row.action,
      actor,
      sentences: auditSentences(audit, names),
    };
  });
}

/** Everything the summary shows of the application's own rows; null when there is no such application. */
async function readRecord(o: {
  db: Db;
  genericPlanDb: Db;
  cipher: FieldCipher;
  applicationId: string;
  today: string;
}): Promise<BorrowerRecordView | null> {
  let graph = preparedGraphs.get(o.genericPlanDb);
  if (!graph) preparedGraphs.set(o.genericPlanDb, (graph = prepareGraph(o.genericPlanDb)));
  const app = await graph.execute({ id: o.applicationId });
  if (!app) return null;
  const decision = app.decisions[0];
  const alerts = await alertViews(o.db, app.alerts, { describe: true });
  // The staff the record names, read with it: 'Name Unavailable' when the user is gone or has no name.
  const names = new Map<string, string | null>([
    ...(app.assignedTo ? [[app.assignedTo, app.assignedToUser?.name ?? null] as const] : []),
    ...(app.longPlanApprovedBy
      ? [[app.longPlanApprovedBy, app.longPlanApprovedByUser?.name ?? null] as const]
      : []),
    ...app.contactAttempts.map((c) => [c.contactedBy, c.contactedByUser?.name ?? null] as const),
    ...app.statusChanges.flatMap((c) =>
      c.changedBy ? [[c.changedBy, c.changedByUser?.name ?? null] as const] : [],
    ),
    ...(decision?.offers.flatMap((of) =>
      of.statusChanges.flatMap((c) =>
        c.changedBy ? [[c.changedBy, c.changedByUser?.name ?? null] as const] : [],
      ),
    ) ?? []),
  ]);
  const staff = (id: string | null | undefined): StaffMember | null =>
    id ? { id, name: staffDisplayName(names.get(id)) } : null;
  const automatic = await silentDefaultChanges(o.db, o.applicationId);
  // Where each offer's creditor is paid, from the creditor table (the offer's programme's creditor): the
  // offer-status modal starts from it, and staff may change it for this one account.
  const programmeCreditorIds = [
    ...new Set(
      (decision?.offers ?? [])
        .map((of) => of.lenderConcessionId?.split('@')[0])
        .filter((id): id is string => id !== undefined && id !== 'default'),
    ),
  ];
  const remittances = new Map(
    programmeCreditorIds.length === 0
      ? []
      : (await o.db.select().from(creditor).where(inArray(creditor.id, programmeCreditorIds))).map((c) => [
          c.id,
          remittanceOf(c, o.cipher),
        ]),
  );
  const remittanceOfOffer = (lenderConcessionId: string | null) =>
    remittances.get(lenderConcessionId?.split('@')[0] ?? '') ?? null;
  const decrypt = (stored: string | null) => (stored ? o.cipher.decrypt(stored) : null);
  const dateOfBirth = (stored: string | null) => {
    const plain = decrypt(stored);
    return plain ? fromIsoDate(plain) : null;
  };

  const b = app.borrower;
  const s = app.spouse;
  const hardships = new Map(app.hardships.map((h) => [h.key, h.value]));
  const isHomeowner = app.isHomeowner ?? false;

  const debtRows: DebtRowView[] = [
    ...app.debts.map((d) => ({
      id: d.id,
      source: 'debt' as const,
      isEligibleForDmp: d.isEligibleForDmp,
      creditor: d.lenderFriendlyName ?? d.lenderName ?? 'Unknown',
      accountType: accountTypeName(d.accountType),
      currentBalance: d.currentBalance,
      accountClosed: d.dateClosed !== null,
      accountNumberLast4: last4(o.cipher, d.accountNumber),
      dateOpened: d.dateOpened,
      dateClosed: d.dateClosed,
      ecoaDesignator: d.ecoaDesignator,
      highCredit: d.highCredit,
      pastDue: d.pastDue,
      scheduledMonthlyPayment: d.scheduledMonthlyPayment,
      mostRecentPaymentDate: d.mostRecentPayment,
      selectedForDebtReduction: d.selectedForDebtReduction,
      creditorAccountId: d.creditorAccount?.id ?? null,
      isSelfReported: d.isSelfReported,
    })),
    ...app.collections.map((c) => ({
      id: c.id,
      source: 'collection' as const,
      isEligibleForDmp: c.isEligibleForDmp,
      creditor: c.subscriberFriendlyName ?? c.subscriberName ?? c.originalLenderName ?? 'Unknown',
      accountType: accountTypeName(c.accountType),
      currentBalance: c.currentBalance,
      accountClosed: c.dateClosed !== null,
      accountNumberLast4: last4(o.cipher, c.accountNumber),
      dateOpened: c.dateOpened,
      dateClosed: c.dateClosed,
      ecoaDesignator: c.ecoaDesignator,
      highCredit: c.originalBalance,
      pastDue: c.pastDue,
      scheduledMonthlyPayment: c.scheduledMonthlyPayment,
      mostRecentPaymentDate: c.mostRecentPayment,
      selectedForDebtReduction: c.selectedForDebtReduction,
      creditorAccountId: c.creditorAccount?.id ?? null,
      isSelfReported: false,
    })),
  ].sort((x, y) => y.currentBalance - x.currentBalance);
  const creditorOf = new Map(debtRows.map((d) => [d.id, d.creditor]));
  // The report's scheduled payment, which the terms compare the plan with where there is one (currentPaymentOf).
  const scheduledOf = new Map(debtRows.map((d) => [d.id, d.scheduledMonthlyPayment]));
  // The plan's terms, as the borrower sees them (one computation: termsFromRows).
  const terms = decision
    ? termsFromRows({
        offers: decision.isQualified
          ? decision.offers.map((of) => ({
              ...of,
              creditorName: creditorOf.get(of.debtId ?? of.collectionId ?? '') ?? 'Unknown',
              scheduledPayment: scheduledOf.get(of.debtId ?? of.collectionId ?? '') ?? null,
            }))
          : [],
        state: b?.state ?? null,
        authorization: app.planAuthorizations[0] ?? null,
        today: o.today,
      })
    : null;

  // Expenses by category in the page's order; a category with no lines is left out.
  const expenseGroups = EXPENSE_GROUPS.map((g) => {
    const lines = app.expenses
      .filter((e) => e.category === g.category)
      .sort(
        (a, b) =>
          expenseLineOrder(a.category, a.subCategory, isHomeowner) -
          expenseLineOrder(b.category, b.subCategory, isHomeowner),
      )
      .map((e) => ({
        subCategory: e.subCategory,
        label: expenseLineLabel(e.category, e.subCategory, isHomeowner),
        estimatedValue: e.estimatedValue,
        selfReportedValue: e.selfReportedValue,
      }));
    return {
      category: g.category,
      label: g.label,
      lines,
      total: sumCents(lines.map((l) => l.selfReportedValue ?? l.estimatedValue ?? 0)),
    };
  }).filter((g) => g.lines.length > 0);
  const expenseById = new Map(app.expenses.map((e) => [e.id, e]));
  const newestBudget = app.budgets[0];
  // The "why" and the recommended budget state the plan as it now is (left-out creditors, declines and
  // counter-offers), from the same terms as the figures beside them.
  const narrative =
    decision?.isQualified && terms && terms.creditors.length > 0
      ? await narrativeOf(o.db, app.id, decision, terms)
      : null;

  return {
    overview: {
      id: app.id,
      status: app.status,
      version: app.version,
      createdAt: iso(app.createdAt),
      lastCompletedPage: app.lastCompletedPage,
      lastViewedPage: app.lastViewedPage,
      assignedTo: staff(app.assignedTo),
      assignedToAt: app.assignedToAt ? iso(app.assignedToAt) : null,
      hasPassedQualityControl: app.hasPassedQualityControl,
    },
    contact: {
      borrowerId: b?.id ?? null,
      firstName: b?.firstName ?? null,
      lastName: b?.lastName ?? null,
      email: b?.email ?? null,
      phoneNumber: phone(b?.phoneNumber ?? null),
      isOptedOutOfSMS: b?.isOptedOutOfSMS ?? false,
      preferredLanguage: b?.preferredLanguage ?? null,
      partnerCrmId: b?.partnerCrmId ?? null,
    },
    hardships: {
      selected: Object.fromEntries(HARDSHIP_KEYS.map((k) => [k, hardships.get(k) ?? false])) as Record<
        HardshipKey,
        boolean
      >,
      hasServedInMilitary: app.hasServedInMilitary,
      hasLargeMedicalOrDisabilityExpenses: app.hasLargeMedicalOrDisabilityExpenses,
      hasRecentDeathInImmediateFamily: app.hasRecentDeathInImmediateFamily,
      hasRecentJobLoss: app.hasRecentJobLoss,
      hasRecentlyBeenFurloughed: app.hasRecentlyBeenFurloughed,
      hasReductionInIncome: app.hasReductionInIncome,
      kindOfRelief: app.kindOfRelief,
    },
    household: {
      hasDependents: app.hasDependents,
      numberOfDependentsInHousehold: app.numberOfDependentsInHousehold,
      isHomeowner: app.isHomeowner,
      hasMortgageEscrow: app.hasMortgageEscrow,
      monthlyRentOrMortgageAmount: app.monthlyRentOrMortgageAmount,
      isCarOwner: app.isCarOwner,
      hasSpouse: app.hasSpouse,
    },
    address: {
      addressLine1: b?.addressLine1 ?? null,
      addressLine2: b?.addressLine2 ?? null,
      city: b?.city ?? null,
      state: b?.state ?? null,
      zipCode: b?.zipCode ?? null,
      dateOfBirth: dateOfBirth(b?.dateOfBirth ?? null),
    },
    spouse: s
      ? {
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          phoneNumber: phone(s.phoneNumber),
          dateOfBirth: dateOfBirth(s.dateOfBirth),
          hasSameAddressAsBorrower: s.hasSameAddressAsBorrower,
          consentedToCreditPolicy: s.consentedToCreditPolicy,
          preferredLanguage: s.preferredLanguage,
          addressLine1: s.addressLine1,
          addressLine2: s.addressLine2,
          city: s.city,
          state: s.state,
          zipCode: s.zipCode,
        }
      : null,
    contactHistory: app.contactAttempts.map((c) => ({
      id: c.id,
      createdAt: iso(c.createdAt),
      method: c.method,
      ...readContactOutcome(c.outcome),
      didTheBorrowerReceiveAnOffer: c.didTheBorrowerReceiveAnOffer,
      contactedBy: staff(c.contactedBy)!,
      reasons: c.reasons.map((r) => ({ key: r.key, value: r.value })),
    })),
    financials: {
      income: {
        selfReported: app.selfReportedMonthlyCurrentIncome,
        selfReportedMessage: app.selfReportedMonthlyCurrentIncome === null ? MESSAGES.noIncome : null,
        verified: app.verifiedMonthlyCurrentIncome,
        snapshots: app.incomeSnapshots.map((i) => ({
          id: i.id,
          createdAt: iso(i.createdAt),
          monthlyIncome: i.monthlyIncome,
          annualIncome: i.annualIncome,
          ninetyDayIncome: i.ninetyDayIncome,
        })),
      },
      expenses: {
        groups: expenseGroups,
        total: sumCents(expenseGroups.map((g) => g.total)),
        message: expenseGroups.length === 0 ? MESSAGES.noExpenses : null,
      },
      budget: newestBudget
        ? {
            budget: {
              id: newestBudget.id,
              createdAt: iso(newestBudget.createdAt),
              agreedTo: newestBudget.agreedTo,
              description: narrative ? narrative.recommendedBudget : newestBudget.description,
              lines: newestBudget.budgetExpenses.map((line) => {
                const e = expenseById.get(line.expenseId);
                return {
                  category: line.budgetCategory,
                  subCategory: e?.subCategory ?? '',
                  label: e
                    ? expenseLineLabel(e.category, e.subCategory, isHomeowner)
                    : expenseGroupLabel(line.budgetCategory),
                  currentValue: e?.selfReportedValue ?? e?.estimatedValue ?? null,
                  proposedValue: line.proposedValue,
                };
              }),
            },
            message: null,
          }
        : { budget: null, message: MESSAGES.noBudget },
    },
    debts: debtRows,
    decision: decision
      ? {
          decision: {
            id: decision.id,
            createdAt: iso(decision.createdAt),
            isQualified: decision.isQualified,
            currentIncome: decision.currentIncome,
            currentExpenses: decision.currentExpenses,
            eligibleDebtPayment: decision.eligibleDebtPayment,
            ineligibleDebtPayment: decision.ineligibleDebtPayment,
            reducibleExpenseAmount: decision.reducibleExpenseAmount,
            requiredExpenseReductionAmount: decision.requiredExpenseReductionAmount,
            wasPresentedToBorrower: decision.wasPresentedToBorrower,
            wasAcceptedByBorrower: decision.wasAcceptedByBorrower,
            explanation: narrative?.explanation ?? decision.explanation,
            disqualificationReasons: decision.disqualificationReasons.map((r) => ({
              reason: r.reason,
              description: describeReason(r.reason),
            })),
            offers: decision.offers.map((of) => ({
              id: of.id,
              version: of.version,
              status: of.status,
              leftOutByBorrower: of.declinedByBorrower,
              hasProposal: of.proposalS3Key !== null,
              creditor: creditorOf.get(of.debtId ?? of.collectionId ?? '') ?? 'Unknown',
              debtId: of.debtId,
              collectionId: of.collectionId,
              balance: of.balance,
              payment: of.payment,
              paymentPercentage: of.paymentPercentage,
              term: of.term,
              currentApr: of.currentApr,
              proposedApr: of.proposedApr,
              proposedMonthlyInterestPayment: of.proposedMonthlyInterestPayment,
              proposedMonthlyPrincipalPayment: of.proposedMonthlyPrincipalPayment,
              estimatedPayoffSavings: of.estimatedPayoffSavings,
              fee: of.fee ?? 0,
              counterPayment: of.counterPayment,
              counterApr: of.counterApr,
              remittance: remittanceOfOffer(of.lenderConcessionId),
              reasons: of.disqualificationReasons.map((r) => r.reason),
              statusChanges: of.statusChanges.map((c) => ({
                status: c.status,
                createdAt: iso(c.createdAt),
                changedBy: staff(c.changedBy),
                automatic: c.changedBy ? null : automatic.ofOffer(of.id, c.createdAt),
              })),
            })),
            terms: planTermsView(terms!),
            budgetFit: decision.isQualified
              ? planFit(
                  budgetRoomFrom({
                    monthlyIncome: decision.currentIncome,
                    otherDebtPayments: decision.ineligibleDebtPayment,
                    expenses: app.expenses,
                    agreed: new Map(
                      newestBudget?.agreedTo
                        ? newestBudget.budgetExpenses.map((l) => [l.expenseId, l.proposedValue])
                        : [],
                    ),
                  }),
                  terms!,
                )
              : null,
            longPlan: {
              needsApproval: needsLongPlanApproval(terms!.termInMonths, app.longPlanApprovedTerm),
              approval:
                app.longPlanApprovedTerm != null && app.longPlanApprovedAt
                  ? {
                      termInMonths: app.longPlanApprovedTerm,
                      reason: app.longPlanApprovalReason ?? '',
                      approvedAt: iso(app.longPlanApprovedAt),
                      approvedBy: staff(app.longPlanApprovedBy),
                    }
                  : null,
            },
          },
          message: null,
        }
      : { decision: null, message: MESSAGES.noDecision },
    disqualificationReasons: app.disqualificationReasons.map((r) => ({
      reason: r.reason,
      description: describeReason(r.reason),
      createdAt: iso(r.createdAt),
    })),
    alerts: app.alerts.map((a) => alerts.get(a.id)!),
    statusHistory: app.statusChanges.map((c) => ({
      from: c.from,
      to: c.to,
      createdAt: iso(c.createdAt),
      changedBy: staff(c.changedBy),
      automatic: c.changedBy ? null : automatic.at(c.createdAt),
    })),
    enrollment: enrollmentView(app, o.cipher),
    dmpEnrollment: app.dmpEnrollment
      ? {
          active: app.dmpEnrollment.active,
          monthlyPaymentAmount: app.dmpEnrollment.monthlyPaymentAmount,
          termInMonths: app.dmpEnrollment.termInMonths,
          firstPaymentDate: app.dmpEnrollment.firstPaymentDate,
          dateSigned: app.dmpEnrollment.dateSigned,
        }
      : null,
  };
}

/**
 * The changes the silent-creditor default made to the application, as the status tables name who made them
 * ('Automatic: the creditor did not answer within 30 days'). Its status rows name nobody; its audit records
 * say so (after.silentDefault), and a status row written in the same transaction has the same time to the
 * microsecond (the database's transaction time), which ties the two.
 */
async function silentDefaultChanges(db: Db, applicationId: string) {
  const rows = await db
    .select({ entityId: auditLog.entityId, createdAt: auditLog.createdAt, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.applicationId, applicationId),
        // Named so the index of an application's actions (openings apart) is the one used.
        sql`${auditLog.action} <> 'viewBorrowerSummary'`,
        inArray(auditLog.action, ['offerStatus', 'transfer']),
        sql`${auditLog.after}->>'silentDefault' = 'true'`,
      ),
    );
  const silent = rows.filter((r) => bySilentDefault(r));
  const words = (r: (typeof rows)[number]) => silentDefaultBy(silentAfterDaysOf(r));
  return {
    /** Who changed the offer's status at that moment, when the silent default did. */
    ofOffer: (offerId: string, at: Date): string | null => {
      const found = silent.find((r) => r.entityId === offerId && r.createdAt.getTime() === at.getTime());
      return found ? words(found) : null;
    },
    /** Who changed the application's status at that moment, when the silent default's answer did. */
    at: (at: Date): string | null => {
      const found = silent.find((r) => r.createdAt.getTime() === at.getTime());
      return found ? words(found) : null;
    },
  };
}

/**
 * The enrollment part of the summary: payment account, why no bank was connected, the connected banks and the
 * Letter of Authorization. Numbers typed by hand are decrypted only to keep their last four digits; a connected
 * account shows the bank's own mask.
 */
/** A creditor's remittance details as the offer-status modal starts from them (ACH numbers by last four only). */
function remittanceOf(c: typeof creditor.$inferSelect, cipher: FieldCipher): CreditorRemittance {
  return {
    creditorId: c.id,
    paysByCheck: c.paysByCheck,
    paysByAch: c.paysByAch,
    addressLine1: c.addressLine1,
    addressLine2: c.addressLine2,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    achRoutingNumberLast4: last4(cipher, c.achRoutingNumber),
    achAccountNumberLast4: last4(cipher, c.achAccountNumber),
  };
}

function enrollmentView(app: SummaryRecord, cipher: FieldCipher): EnrollmentView {
  const accounts = new Map(
    app.plaidItems.flatMap((item) => item.accounts.map((a) => [a.id, { ...a, item }] as const)),
  );
  const payment = app.paymentAccount;
  const linked = payment?.plaidAccountId ? accounts.get(payment.plaidAccountId) : undefined;
  const letter = app.docusign;
  return {
    paymentAccount: payment
      ? payment.plaidAccountId
        ? {
            source: 'bank',
            institutionName: linked?.item.institutionName ?? null,
            accountLast4: linked?.mask ?? null,
            routingLast4: null,
          }
        : {
            source: 'manual',
            institutionName: null,
            accountLast4: last4(cipher, payment.accountNumber),
            routingLast4: last4(cipher, payment.routingNumber),
          }
      : null,
    reasonForNotConnectingBank: app.reasonForNotConnectingBank,
    bankConnections: app.plaidItems.map((item) => ({
      id: item.id,
      institutionName: item.institutionName,
      isConnected: item.isConnected,
      connectedAt: iso(item.createdAt),
      accounts: [...item.accounts]
        .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id))
        .map((a) => {
          // Balances come newest first.
          const newest = a.balances[0];
          return {
            id: a.id,
            name: a.name,
            mask: a.mask,
            subtype: a.subType,
            availableBalance: newest?.available ?? newest?.current ?? null,
            selectedForPayments: a.selectedForPayments,
          };
        }),
    })),
    letter: letter
      ? {
          envelopeId: letter.envelopeId,
          generatedAt: letter.documentGeneratedAt ? iso(letter.documentGeneratedAt) : null,
          signedAt: letter.documentSignedAt ? iso(letter.documentSignedAt) : null,
          sha256: letter.signedDocumentSha256,
          signers: [...letter.signers]
            .sort((x, y) => (x.role === y.role ? 0 : x.role === 'borrower' ? -1 : 1))
            .map((s) => ({ role: s.role, name: s.name, signedAt: s.signedAt ? iso(s.signedAt) : null })),
        }
      : null,
  };
}
