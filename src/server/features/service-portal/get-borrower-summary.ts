import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BuildQueryResult } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { BorrowerSummaryView, DebtRowView, EnrollmentView } from '#domain/flow/staff-views';
import { sumCents } from '#domain/money/cents';
import { auditSentences, UNKNOWN_ACTOR, type AuditNames } from '#domain/service-portal/audit-sentences';
import { describeReason } from '#domain/underwriting/reasons';
import { planFeesFor } from '#server/application/plan-fees';
import { accountTypeName } from '#domain/underwriting/account-types';
import { HARDSHIP_KEYS, type HardshipKey } from '#domain/validation/application';
import { EXPENSE_GROUPS, expenseGroupLabel, expenseLineLabel } from '#domain/validation/expenses';
import { e164ToPhone, fromIsoDate } from '#domain/validation/format';
import { MESSAGES } from '#domain/validation/messages';
import { readContactOutcome } from '#domain/validation/staff';
import type { Db } from '#server/db/client';
import { application, type ApplicationQueryWith, type RelationalSchema } from '#server/db/schema/application';
import { auditLog } from '#server/db/schema/ops';
import { last4, type FieldCipher } from '#server/security/field-encryption';
import type { AuditAction } from '#server/audit/record-audit';
import { alertViews } from '#server/alerts/alert-views';
import { staffMembers } from './staff-names';

/** Staff actions shown on the summary, newest first (openings of the summary are not among them). */
export const AUDIT_HISTORY_LIMIT = 100;
/** Openings of the summary shown when asked for, newest first, and how far they are counted. */
export const OPENINGS_SHOWN = 20;
export const OPENINGS_COUNT_CAP = 1_000;
const OPENING: AuditAction = 'viewBorrowerSummary';

const iso = (d: Date) => d.toISOString();
const assignedToOf = (before: unknown): string | null => {
  const held = before && typeof before === 'object' ? (before as { assignedTo?: unknown }).assignedTo : null;
  return typeof held === 'string' ? held : null;
};
const phone = (p: string | null) => (p ? e164ToPhone(p) : null);

/**
 * What the summary shows of the application, and nothing more: every relation it lists, but only the newest
 * decision and budget, each bank account's newest balance, no bank transactions, credit reports, debt scores
 * or expense benchmarks (no tab shows them), and of the debts only the columns the debts tab shows. Reading
 * the whole graph cost the database and the server three times as much for a summary that threw most of it away.
 */
const summaryGraph = {
  borrower: true,
  spouse: true,
  alerts: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  budgets: { orderBy: (t, { desc }) => [desc(t.createdAt)], limit: 1, with: { budgetExpenses: true } },
  contactAttempts: { orderBy: (t, { desc }) => [desc(t.createdAt)], with: { reasons: true } },
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
          statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
        },
      },
    },
  },
  disqualificationReasons: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
  dmpEnrollment: true,
  // The signed PDF itself is read only where it is downloaded.
  docusign: { columns: { signedDocument: false }, with: { signers: true } },
  expenses: { orderBy: (t, { asc }) => [asc(t.category), asc(t.subCategory)] },
  hardships: true,
  incomeSnapshots: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  paymentAccount: true,
  plaidItems: {
    orderBy: (t, { asc }) => [asc(t.createdAt)],
    with: { accounts: { with: { balances: { orderBy: (t, { desc }) => [desc(t.createdAt)], limit: 1 } } } },
  },
  statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
} satisfies ApplicationQueryWith;

type SummaryRecord = BuildQueryResult<
  RelationalSchema,
  RelationalSchema['application'],
  { with: typeof summaryGraph }
>;

/**
 * The application's shown graph, as one named prepared statement: the relational query is built once per
 * database and PostgreSQL plans it once per connection (building and planning it at every opening cost more
 * than running it). The opening's own audit record and the history are prepared too, since they run at every
 * opening.
 */
function prepareSummaryRead(db: Db) {
  const ofApplication = eq(auditLog.applicationId, sql.placeholder('id'));
  // Written out, not a parameter, so that PostgreSQL sees the partial indexes apply (audit_log's
  // audit_log_application_actions_idx and audit_log_application_openings_idx).
  const isOpening = sql`${auditLog.action} = ${sql.raw(`'${OPENING}'`)}`;
  const isAction = sql`${auditLog.action} <> ${sql.raw(`'${OPENING}'`)}`;
  return {
    summary: db.query.application
      .findFirst({ where: eq(application.id, sql.placeholder('id')), with: summaryGraph })
      .prepare('borrower_summary'),
    // The opening's record, written only if the application exists (its answer says so). A read's record is
    // committed without waiting for the disk (asynchronous commit, for this transaction only): a crash in the
    // next fraction of a second could lose it, never half of it, and the counsellor does not wait on a flush
    // at every opening (docs/decisions/0065-an-opening-is-recorded-without-waiting-for-the-disk.md).
    audit: db
      .insert(auditLog)
      .select(
        sql`select gen_random_uuid(), ${sql.placeholder('actorId')}::text, ${OPENING}, 'application',
          a.id::text, a.id, null::jsonb, null::jsonb, now()
        from ${application} a cross join (select set_config('synchronous_commit', 'off', true)) unflushed
        where a.id = ${sql.placeholder('id')}::uuid`,
      )
      .returning({ id: auditLog.id })
      .prepare('borrower_summary_opened'),
    // Staff actions apart from openings: a summary opened hundreds of times must not push its last claim or
    // offer decision out of the list.
    actions: db
      .select()
      .from(auditLog)
      .where(and(ofApplication, isAction))
      .orderBy(desc(auditLog.createdAt))
      .limit(AUDIT_HISTORY_LIMIT)
      .prepare('borrower_summary_actions'),
    openings: db
      .select({ id: auditLog.id, actorId: auditLog.actorId, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(ofApplication, isOpening))
      .orderBy(desc(auditLog.createdAt))
      .limit(OPENINGS_SHOWN)
      .prepare('borrower_summary_openings'),
    // Counted through the index, and only so far: the page says '1000+' beyond.
    openingCount: db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(and(ofApplication, isOpening))
          .limit(OPENINGS_COUNT_CAP + 1)
          .as('counted'),
      )
      .prepare('borrower_summary_opening_count'),
  };
}
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareSummaryRead>>();

/**
 * The borrower summary: the application with every relation in one query, then the names of the staff it
 * mentions and its audit history. Opening it is itself audited ('viewBorrowerSummary'): the record is
 * written before anything is read back for the answer, so nothing is shown that was not audited.
 * Account numbers leave as their last four digits.
 */
export async function getBorrowerSummary(o: {
  db: Db;
  cipher: FieldCipher;
  viewerId: string;
  applicationId: string;
}): Promise<BorrowerSummaryView> {
  let read = preparedReads.get(o.db);
  if (!read) preparedReads.set(o.db, (read = prepareSummaryRead(o.db)));
  // Recorded first, so nothing is shown that was not audited; the reads then run side by side.
  const [opened] = await read.audit.execute({ actorId: o.viewerId, id: o.applicationId });
  if (!opened) throw new AppError('NotFound');
  const [app, audits, openings, [openingCount]] = await Promise.all([
    read.summary.execute({ id: o.applicationId }),
    read.actions.execute({ id: o.applicationId }),
    read.openings.execute({ id: o.applicationId }),
    read.openingCount.execute({ id: o.applicationId }),
  ]);
  if (!app) throw new AppError('NotFound');
  const decision = app.decisions[0];
  const [alerts, staff] = await Promise.all([
    alertViews(o.db, app.alerts, { describe: true }),
    staffMembers(o.db, [
      app.assignedTo,
      ...app.contactAttempts.map((c) => c.contactedBy),
      ...app.statusChanges.map((s) => s.changedBy),
      ...audits.map((a) => a.actorId),
      ...openings.map((a) => a.actorId),
      // The colleague whose claim a take-over released, named in its sentence.
      ...audits.map((a) => assignedToOf(a.before)),
      ...(decision?.offers.flatMap((of) => of.statusChanges.map((s) => s.changedBy)) ?? []),
    ]),
  ]);
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

  // What the history's sentences name: colleagues, the creditor of an offer or of a creditor account, alerts.
  const creditorOfOffer = new Map(
    (decision?.offers ?? []).map((of) => [of.id, creditorOf.get(of.debtId ?? of.collectionId ?? '') ?? null]),
  );
  const creditorOfAccount = new Map(
    debtRows.flatMap((d) => (d.creditorAccountId ? [[d.creditorAccountId, d.creditor] as const] : [])),
  );
  const alertTypes = new Map(app.alerts.map((a) => [a.id, a.type]));
  const auditNames: Omit<AuditNames, 'actor'> = {
    staff: (id) => {
      const member = staff(id);
      return member && member.name !== MESSAGES.nameUnavailable ? member.name : null;
    },
    creditorOfOffer: (id) => creditorOfOffer.get(id) ?? null,
    creditorOfAccount: (id) => creditorOfAccount.get(id) ?? null,
    alertType: (id) => alertTypes.get(id) ?? null,
  };

  // Expenses by category in the page's order; a category with no lines is left out.
  const expenseGroups = EXPENSE_GROUPS.map((g) => {
    const lines = app.expenses
      .filter((e) => e.category === g.category)
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
              description: newestBudget.description,
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
            explanation: decision.explanation,
            disqualificationReasons: decision.disqualificationReasons.map((r) => ({
              reason: r.reason,
              description: describeReason(r.reason),
            })),
            offers: decision.offers.map((of) => ({
              id: of.id,
              version: of.version,
              status: of.status,
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
              reasons: of.disqualificationReasons.map((r) => r.reason),
              statusChanges: of.statusChanges.map((c) => ({
                status: c.status,
                createdAt: iso(c.createdAt),
                changedBy: staff(c.changedBy),
              })),
            })),
            fees: planFees(
              b?.state ?? null,
              decision.offers.filter((of) => of.status !== 'declined'),
            ),
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
    })),
    // Newest first. Times are kept to the millisecond here, and this request's own opening can share its
    // millisecond with the action just before it: openings come first among equals (the sort keeps order).
    auditHistory: [
      ...openings.map((a) => ({
        ...a,
        action: OPENING,
        entityType: 'application',
        entityId: o.applicationId,
        before: null,
        after: null,
      })),
      ...audits,
    ]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
      .map((a) => {
        const actor = staff(a.actorId);
        return {
          id: a.id,
          createdAt: iso(a.createdAt),
          action: a.action,
          actor,
          sentences: auditSentences(a, { ...auditNames, actor: actor?.name ?? UNKNOWN_ACTOR }),
        };
      }),
    openingCount: Number(openingCount?.n ?? 0),
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
 * The enrollment part of the summary: payment account, why no bank was connected, the connected banks and the
 * Letter of Authorization. Numbers typed by hand are decrypted only to keep their last four digits; a connected
 * account shows the bank's own mask.
 */
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

/** The agency's fees on a plan of these offers: their shares of the monthly fee, and the state's set-up fee. */
function planFees(state: string | null, onPlan: readonly { fee: number | null }[]) {
  return {
    setupFee: onPlan.length > 0 ? planFeesFor(state, onPlan.length).setupFee : 0,
    monthlyFee: onPlan.reduce((sum, of) => sum + (of.fee ?? 0), 0),
  };
}
