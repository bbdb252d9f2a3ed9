import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyEvent } from '#domain/enrollment/agency-events';
import type { PlanLedgerView } from '#domain/enrollment/plan-ledger';
import type { QueueView } from '#domain/flow/staff-views';
import { recordAgencyEvent } from '#server/application/agency-ledger';
import { loadPlanTerms } from '#server/application/plan-terms';
import { creditReport, debt } from '#server/db/schema/credit';
import { decision, offer } from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { createApplication } from '#tests/factories/application';
import { newBorrower } from '#tests/support/borrower-flow';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The counsellor's ledger of a handed-over plan (drafts, the agency's fee, the payments to each creditor, the
// months to reconcile) and the queue's filters on what the agency reported: returned drafts and payments not
// posted within the agency's window.

// A Monday: payments sent on or before Thursday 2026-11-12 are past the ten business days (Thanksgiving is not one).
const TODAY = '2026-11-30';
let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp({}, { today: () => TODAY });
  staff = await signInStaff(t, 'Lee Ledger');
});
afterAll(async () => t?.close());

async function handedOverPlan(lastName: string) {
  const db = t.db;
  const { applicationId } = await createApplication(db, {
    application: { status: 'transferred' },
    borrower: { firstName: 'Rosalind', lastName },
  });
  await db.insert(dmpEnrollment).values({
    applicationId,
    active: true,
    dateSigned: '2026-07-01',
    firstPaymentDate: '2026-07-15',
    monthlyPaymentAmount: 31_200,
    termInMonths: 48,
  });
  const [report] = await db.insert(creditReport).values({ applicationId }).returning();
  const [d] = await db
    .insert(decision)
    .values({
      applicationId,
      currentExpenses: 1,
      currentIncome: 2,
      eligibleDebtPayment: 3,
      ineligibleDebtPayment: 4,
      isQualified: true,
    })
    .returning();
  const offerIds: string[] = [];
  for (const [balance, payment] of [
    [420_000, 9_800],
    [180_000, 4_200],
  ] as const) {
    const [owed] = await db
      .insert(debt)
      .values({
        applicationId,
        creditReportId: report!.id,
        currentBalance: balance,
        lenderFriendlyName: 'Platypus Card',
      })
      .returning();
    const [o] = await db
      .insert(offer)
      .values({
        applicationId,
        decisionId: d!.id,
        debtId: owed!.id,
        status: 'accepted',
        type: 'dmp',
        fee: 0,
        payment,
        paymentPercentage: 200,
        term: 48,
        balance,
        currentApr: 2_190,
        proposedApr: 800,
        currentMinimumMonthlyPrincipalPaymentPercent: 100,
        proposedMonthlyInterestPayment: 2_800,
        proposedMonthlyPrincipalPayment: 7_000,
        estimatedPayoffSavings: 100_000,
      })
      .returning();
    offerIds.push(o!.id);
  }
  const { terms } = await loadPlanTerms(db, applicationId, { today: TODAY });
  return { applicationId, offerIds, fee: terms.monthlyFee };
}

type Plan = Awaited<ReturnType<typeof handedOverPlan>>;

/** Records events for a plan, each id made unique by the plan. */
async function record(plan: Plan, events: (Omit<AgencyEvent, 'applicationId' | 'id'> & { id: string })[]) {
  for (const e of events) {
    const outcome = await recordAgencyEvent(
      t.db,
      { ...e, id: `${plan.applicationId}-${e.id}`, applicationId: plan.applicationId } as AgencyEvent,
      'test',
      null,
    );
    expect(outcome.status).toBe('applied');
  }
}

const draft = (id: string, day: string, amount: number, outcome: 'settled' | 'returned' | null) => [
  {
    id: `${id}-scheduled`,
    occurredAt: `${day}T08:00:00Z`,
    type: 'draft.scheduled' as const,
    data: { draftId: id, amount, scheduledFor: day },
  },
  ...(outcome === null
    ? []
    : [
        {
          id: `${id}-settled`,
          occurredAt: `${day}T16:00:00Z`,
          type: 'draft.settled' as const,
          data: { draftId: id, settledOn: day },
        },
      ]),
  ...(outcome === 'returned'
    ? [
        {
          id: `${id}-returned`,
          occurredAt: `${day}T23:00:00Z`,
          type: 'draft.returned' as const,
          data: { draftId: id, returnCode: 'R01', returnedOn: day },
        },
      ]
    : []),
];

const sent = (id: string, offerId: string, draftId: string, day: string, amount: number) => ({
  id: `${id}-sent`,
  occurredAt: `${day}T12:00:00Z`,
  type: 'disbursement.sent' as const,
  data: {
    disbursementId: id,
    offerId,
    draftId,
    amount,
    method: 'electronic' as const,
    traceNumber: `TRACE-${id}`,
    sentOn: day,
  },
});
const posted = (id: string, day: string) => ({
  id: `${id}-posted`,
  occurredAt: `${day}T12:00:00Z`,
  type: 'disbursement.posted' as const,
  data: { disbursementId: id, postedOn: day },
});

const ledgerOf = (applicationId: string, client = staff.client) =>
  client.get(`/api/staff/applications/${applicationId}/ledger`);

describe('GET /api/staff/applications/:id/ledger', () => {
  it("shows each month's draft, fee and payments, and flags the month that does not add up", async () => {
    const plan = await handedOverPlan('Ledgerwood');
    const [a, b] = plan.offerIds as [string, string];
    await record(plan, [
      // October: 98 + 42 to the creditors and the fee: balanced.
      ...draft('D-OCT', '2026-10-15', 14_000 + plan.fee, 'settled'),
      sent('P-OCT-A', a, 'D-OCT', '2026-10-19', 9_800),
      posted('P-OCT-A', '2026-10-21'),
      sent('P-OCT-B', b, 'D-OCT', '2026-10-19', 4_200),
      posted('P-OCT-B', '2026-10-22'),
      // November: the second creditor was paid 5.00 short.
      ...draft('D-NOV', '2026-11-16', 14_000 + plan.fee, 'settled'),
      sent('P-NOV-A', a, 'D-NOV', '2026-11-18', 9_800),
      sent('P-NOV-B', b, 'D-NOV', '2026-11-18', 3_700),
    ]);

    const res = await ledgerOf(plan.applicationId);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as PlanLedgerView;
    expect(view.monthlyFee).toBe(plan.fee);
    expect(view.flaggedMonths).toBe(1);
    expect(view.months.map((m) => [m.month, m.reconciliation, m.fee, m.difference])).toEqual([
      ['2026-10', 'balanced', plan.fee, null],
      ['2026-11', 'flagged', plan.fee, 500],
    ]);
    expect(view.months[0]!.disbursements[0]).toMatchObject({
      creditorName: 'Platypus Card',
      amount: 9_800,
      method: 'electronic',
      status: 'posted',
      traceNumber: 'TRACE-P-OCT-A',
    });
  });

  it('answers an empty ledger for a plan the agency said nothing about', async () => {
    const plan = await handedOverPlan('Quiet');
    const res = await ledgerOf(plan.applicationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ months: [], monthlyFee: plan.fee, flaggedMonths: 0 });
  });

  it('is refused to a borrower (403), even for their own plan, and to anyone signed out (401)', async () => {
    const b = await newBorrower(t, 'Ledgernosy');
    expect((await ledgerOf(b.applicationId, b.client)).statusCode).toBe(403);
    expect((await ledgerOf(b.applicationId, t.client())).statusCode).toBe(401);
  });

  it('answers 404 for an application that does not exist and 400 for an id that is not one', async () => {
    expect((await ledgerOf(randomUUID())).statusCode).toBe(404);
    const bad = await ledgerOf('nope');
    expect(bad.statusCode).toBe(400);
    expect((await ledgerOf("1' or '1'='1")).statusCode).toBe(400);
  });
});

describe('the queue filters on what the agency reported', () => {
  let returned: Plan;
  let unposted: Plan;
  let fine: Plan;
  let madeGood: Plan;
  beforeAll(async () => {
    returned = await handedOverPlan('Returnedson');
    await record(returned, [
      ...draft('D-1', '2026-10-15', 20_000, 'settled'),
      ...draft('D-2', '2026-11-16', 20_000, 'returned'),
    ]);
    madeGood = await handedOverPlan('Madegood');
    // Returned in October, the November draft taken since: no longer a returned draft to chase.
    await record(madeGood, [
      ...draft('D-1', '2026-10-15', 20_000, 'returned'),
      ...draft('D-2', '2026-11-16', 20_000, 'settled'),
    ]);
    unposted = await handedOverPlan('Unpostedez');
    await record(unposted, [
      ...draft('D-1', '2026-11-02', 20_000, 'settled'),
      sent('P-1', unposted.offerIds[0]!, 'D-1', '2026-11-12', 9_800),
      // Sent after the window's cut-off: not late yet.
      sent('P-2', unposted.offerIds[1]!, 'D-1', '2026-11-13', 4_200),
    ]);
    fine = await handedOverPlan('Allposted');
    await record(fine, [
      ...draft('D-1', '2026-11-02', 20_000, 'settled'),
      // Posted events that arrived before their sending: the payment is posted all the same.
      posted('P-1', '2026-11-05'),
      sent('P-1', fine.offerIds[0]!, 'D-1', '2026-11-03', 9_800),
    ]);
  });

  const queue = async (query: string) => {
    const res = await staff.client.get(`/api/staff/queue?applicationStatus=transferred&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as QueueView).tiles.map((tile) => tile.applicationId).sort();
  };

  it('lists the plans whose newest draft was returned', async () => {
    expect(await queue('returnedDrafts=true')).toEqual([returned.applicationId]);
  });

  it("lists the plans with a payment not posted within the agency's window", async () => {
    expect(await queue('unpostedPayments=true')).toEqual([unposted.applicationId]);
  });

  it('drops a plan from the late payments once the creditor posts it', async () => {
    const late = await handedOverPlan('Postedlate');
    await record(late, [
      ...draft('D-1', '2026-11-02', 20_000, 'settled'),
      sent('P-1', late.offerIds[0]!, 'D-1', '2026-11-04', 9_800),
    ]);
    expect(await queue('unpostedPayments=true')).toContain(late.applicationId);
    await record(late, [posted('P-1', '2026-11-27')]);
    expect(await queue('unpostedPayments=true')).toEqual([unposted.applicationId]);
  });

  it('narrows by both when both are ticked, and by neither when neither is', async () => {
    expect(await queue('returnedDrafts=true&unpostedPayments=true')).toEqual([]);
    const all = await queue('returnedDrafts=false');
    for (const plan of [returned, unposted, fine, madeGood]) expect(all).toContain(plan.applicationId);
  });

  it('refuses a hostile value with 400 naming the filter', async () => {
    for (const query of [
      'returnedDrafts=yes',
      'returnedDrafts=1',
      'unpostedPayments=%00',
      'unpostedPayments=true&unpostedPayments=true',
      "returnedDrafts=true'--",
      `unpostedPayments=${'x'.repeat(5000)}`,
    ]) {
      const res = await staff.client.get(`/api/staff/queue?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}).join(), query).toMatch(
        /returnedDrafts|unpostedPayments/,
      );
    }
  });

  it('is refused to a borrower (403) and to anyone signed out (401)', async () => {
    const b = await newBorrower(t, 'Queuenosy');
    expect((await b.client.get('/api/staff/queue?returnedDrafts=true')).statusCode).toBe(403);
    expect((await t.client().get('/api/staff/queue?unpostedPayments=true')).statusCode).toBe(401);
  });
});
