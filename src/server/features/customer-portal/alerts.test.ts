import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { disconnectedCustomer } from '#tests/support/alerts';
import { atPaymentOptions } from '#tests/support/enrollment';
import type { CustomerAlert } from '#domain/enrollment/views';
import { customerAlertText, DEBT_SCORE_MEANING } from '#domain/monitoring/customer-alert-text';
import { borrower } from '#server/db/schema/application';
import { creditReport, debtScore, inquiry } from '#server/db/schema/credit';
import { incomeSnapshot, plaidBalance, plaidTransaction } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';

// The customer portal's alerts: those that still hold, newest first, a disconnection offering to reconnect;
// marking one seen, and never another borrower's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/customer-portal/alerts and marking one seen', () => {
  it("lists the customer's alerts that hold, newest first, offering to reconnect; marks one seen", async () => {
    const c = await disconnectedCustomer(t, 'Portalalerts');
    const [older] = await t.db
      .insert(alert)
      .values({
        applicationId: c.applicationId,
        type: 'newCreditInquiry',
        createdAt: new Date('2026-01-02T09:00:00.000Z'),
        hasBeenSeenByBorrower: true,
      })
      .returning();
    await t.db.insert(alert).values({
      applicationId: c.applicationId,
      type: 'overdraftTransaction',
      clearedAt: new Date(),
    });
    const res = await c.client.get('/api/customer-portal/alerts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alerts: [
        {
          id: c.alert.id,
          type: 'bankAccountDisconnected',
          date: expect.any(String),
          hasBeenSeenByBorrower: false,
          figures: { kind: 'bank', institutionName: c.item.institutionName },
          reconnect: { plaidItemId: c.item.id, institutionName: c.item.institutionName },
        },
        {
          id: older!.id,
          type: 'newCreditInquiry',
          date: '2026-01-02T09:00:00.000Z',
          hasBeenSeenByBorrower: true,
          figures: null,
          reconnect: null,
        },
      ],
      unseen: 1,
    });

    expect((await c.client.post(`/api/customer-portal/alerts/${c.alert.id}/seen`, {})).statusCode).toBe(204);
    const [row] = await t.db.select().from(alert).where(eq(alert.id, c.alert.id));
    expect(row).toMatchObject({
      hasBeenSeenByBorrower: true,
      hasBeenSeenByCustomerServiceRepresentative: false,
    });
    expect((await c.client.get('/api/customer-portal/alerts')).json().unseen).toBe(0);

    // Another borrower's alert is not found, and stays unseen.
    const other = await disconnectedCustomer(t, 'Otheralerts');
    expect((await c.client.post(`/api/customer-portal/alerts/${other.alert.id}/seen`, {})).statusCode).toBe(
      404,
    );
    const [theirs] = await t.db
      .select()
      .from(alert)
      .where(and(eq(alert.id, other.alert.id), eq(alert.hasBeenSeenByBorrower, false)));
    expect(theirs).toBeDefined();
    expect((await c.client.post('/api/customer-portal/alerts/not-a-uuid/seen', {})).statusCode).toBe(400);
  });

  it('gives each alert its figures: the score and its fall, the balance and the plan payment, the fee, the income, the lender', async () => {
    const c = await disconnectedCustomer(t, 'Figuresalerts');
    const applicationId = c.applicationId;
    const [person] = await t.db.select().from(borrower).where(eq(borrower.applicationId, applicationId));
    const DAY = 86_400_000;
    const now = Date.now();

    // The debt score underwriting took, and one 31 days older that was 38 points higher.
    const [score] = await t.db
      .select()
      .from(debtScore)
      .where(eq(debtScore.applicationId, applicationId))
      .orderBy(desc(debtScore.createdAt))
      .limit(1);
    const { id: _id, ...older } = score!;
    await t.db
      .insert(debtScore)
      .values({ ...older, value: score!.value + 38, createdAt: new Date(now - 31 * DAY) });
    // A low balance read today in the payment account, two bank fees, a lender's inquiry, a lower income.
    const [balance] = await t.db
      .insert(plaidBalance)
      .values({ plaidAccountId: c.checking.id, available: 212_40, current: 250_00 })
      .returning();
    const [overdraft, nsf] = await t.db
      .insert(plaidTransaction)
      .values([
        { plaidAccountId: c.checking.id, amount: 35_00, date: '2026-11-12', name: 'OVERDRAFT FEE' },
        { plaidAccountId: c.checking.id, amount: 36_50, date: '2026-11-13', name: 'NSF RETURNED ITEM FEE' },
      ])
      .returning();
    const [report] = await t.db
      .select()
      .from(creditReport)
      .where(eq(creditReport.applicationId, applicationId));
    const [pulled] = await t.db
      .insert(inquiry)
      .values({ creditReportId: report!.id, date: '2026-10-30', subscriberName: 'SYNCB/AMAZON' })
      .returning();
    const income = { applicationId, borrowerId: person!.id, annualIncome: 0, ninetyDayIncome: 0 };
    const [, lower] = await t.db
      .insert(incomeSnapshot)
      .values([
        { ...income, monthlyIncome: 4_200_00, createdAt: new Date(now - 40 * DAY) },
        { ...income, monthlyIncome: 3_600_00, createdAt: new Date(now - DAY) },
      ])
      .returning();
    const raised = (type: CustomerAlert['type'], id: string, kind: string) => ({
      applicationId,
      type,
      triggeredBy: [{ id, type: kind as 'plaidBalance' }],
    });
    await t.db
      .insert(alert)
      .values([
        raised('debtScore30DayDecrease', score!.id, 'debtScore'),
        raised('balanceBelowDMPPayment', balance!.id, 'plaidBalance'),
        raised('overdraftTransaction', overdraft!.id, 'plaidTransaction'),
        raised('insufficientFundsTransaction', nsf!.id, 'plaidTransaction'),
        raised('newCreditInquiry', pulled!.id, 'inquiry'),
        raised('monthlyIncomeDecrease', lower!.id, 'incomeSnapshot'),
      ]);

    const res = await c.client.get('/api/customer-portal/alerts');
    expect(res.statusCode, res.body).toBe(200);
    const alerts = res.json().alerts as CustomerAlert[];
    const figures = (type: CustomerAlert['type']) => alerts.find((a) => a.type === type)?.figures;
    // The plan payment is My plan's figure, drawn on My plan's next draft (the balance was read today).
    const plan = (await c.client.get('/api/customer-portal/plan')).json();
    expect(plan.terms.monthlyDraft).toBeGreaterThan(0);
    expect(plan.nextDraftDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(figures('debtScore30DayDecrease')).toEqual({
      kind: 'debtScore',
      score: score!.value,
      previous: score!.value + 38,
    });
    expect(figures('balanceBelowDMPPayment')).toEqual({
      kind: 'balance',
      balance: 212_40,
      available: true,
      readAt: balance!.createdAt.toISOString(),
      payment: plan.terms.monthlyDraft,
      paymentDate: plan.nextDraftDate,
    });
    expect(figures('overdraftTransaction')).toEqual({
      kind: 'fee',
      name: 'OVERDRAFT FEE',
      amount: 35_00,
      date: '2026-11-12',
    });
    expect(figures('insufficientFundsTransaction')).toEqual({
      kind: 'fee',
      name: 'NSF RETURNED ITEM FEE',
      amount: 36_50,
      date: '2026-11-13',
    });
    expect(figures('newCreditInquiry')).toEqual({
      kind: 'inquiry',
      lender: 'Synchrony (Amazon)',
      date: '2026-10-30',
    });
    expect(figures('monthlyIncomeDecrease')).toEqual({
      kind: 'income',
      monthlyIncome: 3_600_00,
      previous: 4_200_00,
    });
    expect(figures('bankAccountDisconnected')).toEqual({
      kind: 'bank',
      institutionName: c.item.institutionName,
    });
    expect(customerAlertText('debtScore30DayDecrease', figures('debtScore30DayDecrease')!)).toBe(
      `Your debt score is ${score!.value}, 38 points lower than 30 days ago (${score!.value + 38}). ${DEBT_SCORE_MEANING}`,
    );
    // Nothing beyond what the sentences need: no account numbers, names of accounts or raw ids.
    expect(res.body).not.toMatch(/accountNumber|accountName|mask|subscriberName/);

    // Another borrower sees none of these, and cannot mark one seen.
    const other = await disconnectedCustomer(t, 'Otherfigures');
    const theirs = (await other.client.get('/api/customer-portal/alerts')).json().alerts as CustomerAlert[];
    expect(theirs.map((a) => a.type)).toEqual(['bankAccountDisconnected']);
    expect(
      (await other.client.post(`/api/customer-portal/alerts/${alerts[0]!.id}/seen`, {})).statusCode,
    ).toBe(404);
  });

  it('sends a borrower who has not signed yet where the application stands', async () => {
    const b = await atPaymentOptions(t, 'Notsigned');
    const res = await b.client.get('/api/customer-portal/alerts');
    expect(res.statusCode).toBe(409);
    expect(res.json().redirect).toBeTruthy();
  });
});
