import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumCents } from '#domain/money/cents';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, hardship } from '#server/db/schema/application';
import { debt } from '#server/db/schema/credit';
import { emailOutbox } from '#server/db/schema/ops';
import { openEmailBody } from '#server/email/outbox';
import {
  applicationRow,
  expenseLines,
  newBorrower,
  put,
  toCredit,
  toEligibleDebts,
  toExpenses,
} from '#tests/support/borrower-flow';
import { unitOpener } from '#server/unit-of-work';
import { runDecision } from './run-decision';

// What a borrower who does not qualify is told: GET /api/application's outcome, and the email, once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

/** A borrower on /expenses whose income leaves `cashflow(current payments)` a month (as in flow-decision). */
async function atExpensesWithCashflow(cashflow: (current: number) => number) {
  const b = await newBorrower(t);
  await toExpenses(b, 500_000);
  const view = (await b.client.get('/api/application/expenses')).json() as { total: number };
  const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
  const ineligible = ineligibleDebtPayments(
    debts.map((d) => ({
      accountType: d.accountType ?? '',
      scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
      currentBalance: d.currentBalance,
      dateClosed: d.dateClosed,
    })),
    { isHomeowner: false },
  );
  const items = (await b.client.get('/api/application/eligible-debts')).json().items as {
    estimatedMonthlyPayment: number;
  }[];
  const current = sumCents(items.map((i) => i.estimatedMonthlyPayment));
  const income = Math.round((view.total + ineligible + cashflow(current)) / 100) * 100;
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: Math.max(100, income) })
    .where(eq(application.id, b.applicationId));
  return b;
}

const outcomeEmails = async (b: Borrower) =>
  (await t.emailsTo(b.email)).filter((m) => m.kind === 'not-qualified');

async function decide(b: Borrower) {
  // Confirmed as the borrower would after the warning a lack of room gets first.
  const res = await put(b.client, '/api/application/expenses', {
    lines: await expenseLines(b),
    confirmDisqualification: true,
  });
  expect(res.json()).toEqual({ next: '/offers/not-qualified' });
}

describe('a borrower who can pay their debts without a plan (cashflowTooHigh)', () => {
  it('reads the reason and an avalanche payoff plan of the debts they chose, and is emailed once', async () => {
    const b = await atExpensesWithCashflow((current) => current + 60_000);
    await decide(b);

    const view = (await b.client.get('/api/application')).json();
    expect(view.status).toBe('disqualified');
    expect(view.outcome.outcomes).toEqual(['cashflowTooHigh']);
    const plan = view.outcome.payoffPlan;
    const chosen = (await b.client.get('/api/application/eligible-debts')).json().items as {
      id: string;
      selectedForDebtReduction: boolean;
    }[];
    expect(plan.debts.map((d: { id: string }) => d.id).sort()).toEqual(
      chosen
        .filter((i) => i.selectedForDebtReduction)
        .map((i) => i.id)
        .sort(),
    );
    // Every rate is the assumed 21.9%: the order is then the smallest balance first.
    expect(plan.aprAssumed).toBe(true);
    const balances = plan.debts.map((d: { balance: number }) => d.balance);
    expect(balances).toEqual([...balances].sort((x, y) => x - y));
    expect(plan.current.months).toBeGreaterThan(0);
    expect(plan.extraPayment).toBe(5000);
    expect(plan.withExtra.months).toBeLessThan(plan.current.months);
    expect(plan.monthsSaved).toBe(plan.current.months - plan.withExtra.months);
    expect(plan.interestSaved).toBeGreaterThan(0);

    const emails = await outcomeEmails(b);
    expect(emails).toHaveLength(1);
    expect(t.queued).toContain(emails[0]!.id);
    expect(emails[0]!.subject).toBe('About your Debt Management Plan application');
    expect(emails[0]!.text).toContain('you do not qualify for a Debt Management Plan at this time');
    expect(emails[0]!.text).toContain('You can pay your debts without a plan');
    expect(emails[0]!.text).toMatch(/you will be debt-free by [A-Z][a-z]+ \d{4}/);
    expect(emails[0]!.text).toContain('Paying $50 more a month');
    expect(emails[0]!.links).toEqual([
      { label: 'Read this again on our website', url: `${t.config.publicUrl}/offers/not-qualified` },
    ]);
  });

  it('a decision made again does not send the email twice', async () => {
    const b = await atExpensesWithCashflow((current) => current + 60_000);
    await decide(b);
    expect(await outcomeEmails(b)).toHaveLength(1);
    const silent = { warn: () => {}, error: () => {}, info: () => {} } as never;
    // The same application decided once more (as after a counsellor reopened it): the email was sent already.
    await t.db.update(application).set({ status: 'inProgress' }).where(eq(application.id, b.applicationId));
    const app = await applicationRow(t, b.applicationId);
    const openUnit = unitOpener({ database: t.database, cipher: t.cipher, today: t.today });
    const again = await openUnit((unit) =>
      runDecision(unit, {
        config: t.config,
        app,
        userId: b.userId,
        log: silent,
        // Past the warning a budget that needs no plan gets first, as the borrower confirmed it.
        confirmDisqualification: true,
      }),
    );
    expect(again.viewed).toBe('NotQualified');
    expect(again.emailId).toBeUndefined();
    expect(await outcomeEmails(b)).toHaveLength(1);
    const [row] = await t.db
      .select({ at: application.outcomeEmailedAt })
      .from(application)
      .where(eq(application.id, b.applicationId));
    expect(row!.at).toBeInstanceOf(Date);
  });
});

describe('other outcomes', () => {
  it('insufficient income: the reason, no payoff plan, and an email with the counsellor and HUD', async () => {
    const b = await atExpensesWithCashflow(() => -300_000);
    await decide(b);
    const view = (await b.client.get('/api/application')).json();
    expect(view.outcome).toEqual({ outcomes: ['insufficientIncome'], payoffPlan: null });
    const [email] = await outcomeEmails(b);
    expect(email!.text).toContain('The plan payment does not fit your budget');
    expect(email!.text).toContain('hardship programme');
    expect(email!.text).toContain('https://www.hud.gov/counseling');
    expect(email!.text).toContain('(800) 555-0199');
  });

  it.each([
    ['Nofile', 'noCreditFile', 'We could not find your credit file'],
    ['Bureauerror', 'creditReportUnavailable', 'We could not get your credit report'],
  ])('the %s persona reads %s and is emailed', async (lastName, outcome, title) => {
    const b = await newBorrower(t, lastName);
    await toCredit(b);
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect((await b.client.get('/api/application')).json().outcome).toEqual({
      outcomes: [outcome],
      payoffPlan: null,
    });
    const emails = await outcomeEmails(b);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(title);
    expect(t.queued).toContain(emails[0]!.id);
  });

  it('no hardship selected: explained, emailed once', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    await t.db.update(hardship).set({ value: false }).where(eq(hardship.applicationId, b.applicationId));
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect((await b.client.get('/api/application')).json().outcome.outcomes).toEqual(['noHardship']);
    // Submitting the page again changes nothing and sends nothing more.
    await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(await outcomeEmails(b)).toHaveLength(1);
  });

  it('nothing kept on /eligible-debts: not enough debt, with what a plan covers', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    await put(b.client, '/api/application/eligible-debts', { selectedIds: [] });
    expect((await b.client.get('/api/application')).json().outcome.outcomes).toEqual([
      'notEnoughEligibleDebt',
    ]);
    const [email] = await outcomeEmails(b);
    expect(email!.text).toContain('at least $1,000');
    expect(email!.text).toContain('What a plan covers');
  });

  it('an application still in progress has no outcome, and no email is written', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    expect((await b.client.get('/api/application')).json().outcome).toBeNull();
    expect(await outcomeEmails(b)).toEqual([]);
  });

  it('the email names nobody in the logs: the outbox keeps it encrypted', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    await put(b.client, '/api/application/eligible-debts', { selectedIds: [] });
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, b.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(row!.kind).toBe('not-qualified');
    // The body holds the name and the reasons, but only sealed: the stored text is not the email's words.
    // (A short word such as the first name can turn up in random ciphertext by chance; a long one cannot.)
    const body = openEmailBody(t.cipher, row!);
    expect(JSON.stringify(body)).toContain('Pat');
    expect(JSON.stringify(body)).toContain('qualif');
    expect(row!.sealed).not.toContain('qualif');
  });
});
