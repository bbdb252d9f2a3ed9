import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { alert, contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { application, borrower as borrowerTable } from '#server/db/schema/application';
import { creditReport, debt } from '#server/db/schema/credit';
import { incomeSnapshot } from '#server/db/schema/enrollment';
import { user } from '#server/db/schema/auth';
import { auditLog } from '#server/db/schema/ops';
import { expenseLines, newBorrower, put, toExpenses } from '#tests/support/borrower-flow';
import { alreadyClaimedMessage, NOT_CLAIMED_MESSAGE } from './claim-application';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const appRow = async (id: string) =>
  (await t.db.query.application.findFirst({ where: eq(application.id, id) }))!;
const setCreatedAt = (id: string, at: Date) =>
  t.db.update(application).set({ createdAt: at }).where(eq(application.id, id));
const auditsOf = (applicationId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.applicationId, applicationId));

describe('GET /api/staff/applications (the summary list)', () => {
  it('lists the last 72 hours by default, newest first, with borrower details and dated alerts', async () => {
    const recent = await newBorrower(t, 'Summaryrecent');
    const older = await newBorrower(t, 'Summaryolder');
    const old = await newBorrower(t, 'Summaryold');
    await setCreatedAt(older.applicationId, new Date(Date.now() - 48 * HOUR));
    await setCreatedAt(old.applicationId, new Date(Date.now() - 100 * HOUR));
    const row = await appRow(recent.applicationId);
    const borrower = (await t.db.query.borrower.findFirst({
      where: (b, { eq: is }) => is(b.applicationId, recent.applicationId),
    }))!;
    const [snapshot] = await t.db
      .insert(incomeSnapshot)
      .values({
        applicationId: recent.applicationId,
        borrowerId: borrower.id,
        monthlyIncome: 400_000,
        annualIncome: 4_800_000,
        ninetyDayIncome: 1_200_000,
        createdAt: new Date('2026-01-15T12:00:00.000Z'),
      })
      .returning();
    const [dated, orphan] = await t.db
      .insert(alert)
      .values([
        {
          applicationId: recent.applicationId,
          type: 'monthlyIncomeDecrease',
          triggeredBy: [{ id: snapshot!.id, type: 'incomeSnapshot' }],
        },
        {
          applicationId: recent.applicationId,
          type: 'newCreditInquiry',
          triggeredBy: [{ id: randomUUID(), type: 'inquiry' }],
        },
      ])
      .returning();

    const res = await staff.client.get('/api/staff/applications');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const ids = body.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(recent.applicationId);
    expect(ids).toContain(older.applicationId);
    expect(ids).not.toContain(old.applicationId);
    expect(ids.indexOf(recent.applicationId)).toBeLessThan(ids.indexOf(older.applicationId));
    expect(body.limit).toBe(1000);
    const item = body.items.find((i: { id: string }) => i.id === recent.applicationId);
    expect(item).toMatchObject({
      status: 'inProgress',
      createdAt: row.createdAt.toISOString(),
      assignedTo: null,
      borrower: { id: borrower.id, firstName: 'Pat', lastName: 'Summaryrecent', phoneNumber: '415-555-0123' },
    });
    const alerts = new Map(item.alerts.map((a: { id: string }) => [a.id, a]));
    // Dated by the income snapshot that triggered it; a vanished trigger leaves the alert's own date.
    expect(alerts.get(dated!.id)).toMatchObject({
      type: 'monthlyIncomeDecrease',
      date: '2026-01-15T12:00:00.000Z',
      hasBeenSeenByCustomerServiceRepresentative: false,
    });
    expect(alerts.get(orphan!.id)).toMatchObject({ date: orphan!.createdAt.toISOString() });
  });

  /** `n` bare applications of one status, one minute apart going back from `newest` (no borrower needed). */
  async function insertApplications(
    tag: string,
    n: number,
    status: 'transfer' | 'creditorReview',
    newest: Date,
  ) {
    const owners = Array.from({ length: n }, (_, i) => ({
      id: `list-${tag}-${i}`,
      name: 'Listed',
      email: `list-${tag}-${i}@example.org`,
    }));
    await t.db.insert(user).values(owners);
    const rows = await t.db
      .insert(application)
      .values(
        owners.map((o, i) => ({ owner: o.id, status, createdAt: new Date(newest.getTime() - i * 60_000) })),
      )
      .returning({ id: application.id, createdAt: application.createdAt });
    return rows;
  }

  it('sends one page of 50 at a time, newest first across statuses, with the counts of every page', async () => {
    const transfers = await insertApplications(
      'paged-a',
      40,
      'transfer',
      new Date('2019-02-10T12:00:00.000Z'),
    );
    const reviews = await insertApplications(
      'paged-b',
      20,
      'creditorReview',
      new Date('2019-02-10T12:00:30.000Z'),
    );
    const expected = [...transfers, ...reviews]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((r) => r.id);
    const query = 'startDate=2019-02-01&endDate=2019-02-28&applicationStatus=transfer,creditorReview';
    const one = (await staff.client.get(`/api/staff/applications?${query}`)).json();
    expect(one).toMatchObject({
      page: 1,
      pageSize: 50,
      pageCount: 2,
      total: 60,
      counts: [
        { status: 'transfer', count: 40 },
        { status: 'creditorReview', count: 20 },
      ],
      truncatedStatuses: [],
    });
    const two = (await staff.client.get(`/api/staff/applications?${query}&page=2`)).json();
    expect(two.page).toBe(2);
    expect([...one.items, ...two.items].map((i: { id: string }) => i.id)).toEqual(expected);
    const past = (await staff.client.get(`/api/staff/applications?${query}&page=3`)).json();
    expect(past).toMatchObject({ items: [], total: 60, pageCount: 2 });
  });

  it('lists at most 1000 of a status, says so, and never counts past it', async () => {
    const rows = await insertApplications('capped', 1001, 'transfer', new Date('2018-05-05T20:00:00.000Z'));
    const query = 'startDate=2018-05-01&endDate=2018-05-05&applicationStatus=transfer';
    const one = (await staff.client.get(`/api/staff/applications?${query}`)).json();
    expect(one).toMatchObject({
      total: 1000,
      pageCount: 20,
      counts: [{ status: 'transfer', count: 1000 }],
      truncatedStatuses: ['transfer'],
      limit: 1000,
    });
    const last = (await staff.client.get(`/api/staff/applications?${query}&page=20`)).json();
    // The 1000 newest: the oldest of the 1001 is left out.
    expect(last.items.map((i: { id: string }) => i.id)).toEqual(rows.slice(950, 1000).map((r) => r.id));
    expect((await staff.client.get(`/api/staff/applications?${query}&page=21`)).json().items).toEqual([]);
  });

  it('reads the rows fresh at every call and keeps the counts by status for a few seconds', async () => {
    await insertApplications('kept-a', 3, 'transfer', new Date('2017-03-03T12:00:00.000Z'));
    const query = 'startDate=2017-03-03&applicationStatus=transfer';
    const first = (await staff.client.get(`/api/staff/applications?${query}`)).json();
    expect(first).toMatchObject({ total: 3, counts: [{ status: 'transfer', count: 3 }] });
    await insertApplications('kept-b', 1, 'transfer', new Date('2017-03-03T13:00:00.000Z'));
    const second = (await staff.client.get(`/api/staff/applications?${query}`)).json();
    expect(second.items).toHaveLength(4);
    expect(second).toMatchObject({ total: 3, counts: [{ status: 'transfer', count: 3 }] });
  });

  it.each(['0', '-1', '2.5', 'two', '181', '99999999999999999999'])('refuses page=%s', async (page) => {
    const res = await staff.client.get(`/api/staff/applications?page=${page}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('takes one date as that day and two as a range', async () => {
    const b = await newBorrower(t, 'Summarydated');
    await setCreatedAt(b.applicationId, new Date('2025-06-10T15:00:00.000Z'));
    const ids = async (query: string) =>
      ((await staff.client.get(`/api/staff/applications?${query}`)).json().items as { id: string }[]).map(
        (i) => i.id,
      );
    expect(await ids('startDate=2025-06-10')).toEqual([b.applicationId]);
    expect(await ids('startDate=2025-06-11')).toEqual([]);
    expect(await ids('startDate=2025-06-01&endDate=2025-06-10')).toEqual([b.applicationId]);
    expect(await ids('startDate=2025-06-01&endDate=2025-06-09')).toEqual([]);
    expect(await ids('startDate=2025-06-10&applicationStatus=disqualified')).toEqual([]);
  });

  it('filters claimed, unclaimed and assigned to me', async () => {
    const mine = await newBorrower(t, 'Claimfilter');
    const theirs = await newBorrower(t, 'Claimfilter');
    const free = await newBorrower(t, 'Claimfilter');
    const other = await signInStaff(t, 'Other Counsellor');
    const day = '2025-07-04';
    for (const b of [mine, theirs, free]) await setCreatedAt(b.applicationId, new Date(`${day}T10:00:00Z`));
    await t.db
      .update(application)
      .set({ assignedTo: staff.userId })
      .where(eq(application.id, mine.applicationId));
    await t.db
      .update(application)
      .set({ assignedTo: other.userId })
      .where(eq(application.id, theirs.applicationId));
    const ids = async (query: string) =>
      new Set(
        (
          (await staff.client.get(`/api/staff/applications?startDate=${day}&${query}`)).json().items as {
            id: string;
          }[]
        ).map((i) => i.id),
      );
    expect(await ids('')).toEqual(new Set([mine.applicationId, theirs.applicationId, free.applicationId]));
    expect(await ids('claimedStatus=claimed')).toEqual(new Set([mine.applicationId, theirs.applicationId]));
    expect(await ids('claimedStatus=unclaimed')).toEqual(new Set([free.applicationId]));
    expect(await ids('assignedToMe=true')).toEqual(new Set([mine.applicationId]));
    const listed = (
      await staff.client.get(`/api/staff/applications?startDate=${day}&claimedStatus=claimed`)
    ).json();
    expect(listed.items.find((i: { id: string }) => i.id === theirs.applicationId).assignedTo).toEqual({
      id: other.userId,
      name: 'Other Counsellor',
    });
  });

  it('refuses an empty filter category with the spec’s message, and bad dates', async () => {
    for (const query of ['applicationStatus=', 'claimedStatus=']) {
      const res = await staff.client.get(`/api/staff/applications?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.filterRequired);
    }
    const res = await staff.client.get('/api/staff/applications?startDate=2025-06-10&endDate=2025-06-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ endDate: 'The start date must be on or before the end date' });
    expect((await staff.client.get('/api/staff/applications?startDate=06/10/2025')).statusCode).toBe(400);
  });
});

describe('GET /api/staff/queue (the borrower queue)', () => {
  it('shows the rep’s panel and pages of 10 tiles with the total', async () => {
    const made: Awaited<ReturnType<typeof newBorrower>>[] = [];
    for (let i = 0; i < 12; i++) made.push(await newBorrower(t, 'Pagewright'));
    await t.db
      .update(application)
      .set({ assignedTo: staff.userId })
      .where(eq(application.id, made[0]!.applicationId));
    const first = (await staff.client.get('/api/staff/queue?searchValue=pagewright')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12, totalIsCapped: false, pageCount: 2 });
    expect(first.tiles).toHaveLength(10);
    expect(first.rep).toMatchObject({ name: 'Casey Counsellor', email: staff.email });
    const count = await t.db.$count(application, eq(application.assignedTo, staff.userId));
    expect(first.rep.assignedCount).toBe(count);
    const second = (await staff.client.get('/api/staff/queue?searchValue=pagewright&page=2')).json();
    expect(second.tiles).toHaveLength(2);
    const all = [...first.tiles, ...second.tiles];
    expect(new Set(all.map((x: { applicationId: string }) => x.applicationId)).size).toBe(12);
    const mine = all.find((x: { applicationId: string }) => x.applicationId === made[0]!.applicationId);
    expect(mine).toMatchObject({
      name: 'Pat Pagewright',
      phoneNumber: '415-555-0123',
      status: 'inProgress',
      assignedTo: { id: staff.userId, name: 'Casey Counsellor', isMe: true },
    });
    expect(mine.borrowerId).toEqual(expect.any(String));
  });

  it('searches ids, names, email and phone, case-insensitively, brackets stripped, wildcards literal', async () => {
    const b = await newBorrower(t, 'Quixotic');
    const borrower = (await t.db.query.borrower.findFirst({
      where: (r, { eq: is }) => is(r.applicationId, b.applicationId),
    }))!;
    await t.db
      .update(borrowerTable)
      .set({ phoneNumber: '+16175550199' })
      .where(eq(borrowerTable.id, borrower.id));
    const found = async (value: string) =>
      (
        (await staff.client.get(`/api/staff/queue?searchValue=${encodeURIComponent(value)}`)).json()
          .tiles as {
          applicationId: string;
        }[]
      ).map((x) => x.applicationId);
    for (const value of [
      'QUIXOTIC',
      'pat quixotic',
      b.email.toUpperCase(),
      b.applicationId.slice(0, 8),
      borrower.id.slice(0, 8),
      '(617) 555-0199',
      '+1 617 555 0199',
      '[quixotic]',
    ]) {
      expect(await found(value), value).toEqual([b.applicationId]);
    }
    // Wildcards and plus signs are literal.
    expect(await found('%')).toEqual([]);
    expect(await found('quix_tic')).toEqual([]);

    // The contact-information filter says which fields the search looks at.
    const within = async (value: string, fields: string) =>
      (
        (
          await staff.client.get(
            `/api/staff/queue?searchValue=${encodeURIComponent(value)}&contactInformation=${fields}`,
          )
        ).json().tiles as { applicationId: string }[]
      ).map((x) => x.applicationId);
    expect(await within('quixotic', 'lastName')).toEqual([b.applicationId]);
    expect(await within('quixotic', 'id,email')).toEqual(
      b.email.includes('quixotic') ? [b.applicationId] : [],
    );
    expect(await within('617 555 0199', 'firstName,lastName')).toEqual([]);
    expect(await within('617 555 0199', 'phone')).toEqual([b.applicationId]);
    // A whole phone number is looked up as a phone number: an email holding those digits is not what was meant.
    await t.db
      .update(borrowerTable)
      .set({ email: `q6175550199@example.org` })
      .where(eq(borrowerTable.id, borrower.id));
    await t.db
      .update(borrowerTable)
      .set({ phoneNumber: '+16175550100' })
      .where(eq(borrowerTable.id, borrower.id));
    expect(await found('617-555-0199')).toEqual([]);
    expect(await found('6175550')).toEqual([b.applicationId]);
    const none = await staff.client.get('/api/staff/queue?searchValue=quixotic&contactInformation=');
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toMatchObject({
      contactInformation: 'Please select at least one filter',
    });
  });

  it('filters by status, claim and debts (details only under open, 100 dollars or more)', async () => {
    const withOpen = await newBorrower(t, 'Debtfilter');
    const withClosed = await newBorrower(t, 'Debtfilter');
    const without = await newBorrower(t, 'Debtfilter');
    const addDebt = async (applicationId: string, values: Partial<typeof debt.$inferInsert>) => {
      const [report] = await t.db.insert(creditReport).values({ applicationId }).returning();
      await t.db.insert(debt).values({ applicationId, creditReportId: report!.id, ...values });
    };
    await addDebt(withOpen.applicationId, {
      accountType: 'CC',
      portfolioType: 'revolving',
      currentBalance: 10_000,
      late30DaysTotal: 1,
    });
    await addDebt(withClosed.applicationId, {
      accountType: 'AU',
      portfolioType: 'installment',
      currentBalance: 0,
      dateClosed: '2024-01-01',
    });
    const found = async (query: string) => {
      const res = await staff.client.get(`/api/staff/queue?searchValue=debtfilter&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json().tiles as { applicationId: string }[]).map((x) => x.applicationId));
    };
    const [o, c, n] = [withOpen.applicationId, withClosed.applicationId, without.applicationId];
    expect(await found('')).toEqual(new Set([o, c, n]));
    expect(await found('debtStatus=open')).toEqual(new Set([o]));
    expect(await found('debtStatus=closed')).toEqual(new Set([c]));
    expect(await found('debtDetail=hasBalanceAbove100')).toEqual(new Set([o, c]));
    expect(await found('debtStatus=open&debtDetail=hasBalanceAbove100,hasLatePayment')).toEqual(new Set([o]));
    // Details do not apply without open.
    expect(await found('debtStatus=closed&debtDetail=hasBalance')).toEqual(new Set([c]));
    expect(await found('accountType=AU')).toEqual(new Set([c]));
    expect(await found('accountType=other')).toEqual(new Set([]));
    expect(await found('portfolioType=revolving')).toEqual(new Set([o]));
    expect(await found('applicationStatus=disqualified')).toEqual(new Set([]));
    expect(await found('claimedStatus=claimed')).toEqual(new Set([]));

    await t.db.update(debt).set({ currentBalance: 9_999 }).where(eq(debt.applicationId, o));
    expect(await found('debtStatus=open&debtDetail=hasBalanceAbove100')).toEqual(new Set([]));
  });

  it('refuses empty categories but lets debtDetail be empty', async () => {
    for (const category of [
      'applicationStatus',
      'claimedStatus',
      'debtStatus',
      'portfolioType',
      'accountType',
    ]) {
      const res = await staff.client.get(`/api/staff/queue?${category}=`);
      expect(res.statusCode, category).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.filterRequired,
        fieldErrors: { [category]: MESSAGES.filterRequired },
      });
    }
    expect((await staff.client.get('/api/staff/queue?debtDetail=')).statusCode).toBe(200);
    expect((await staff.client.get('/api/staff/queue?page=0')).statusCode).toBe(400);
    // The count stops at 1,000 (100 pages of 10): a deeper page is refused rather than walked to.
    expect((await staff.client.get('/api/staff/queue?page=100')).statusCode).toBe(200);
    expect((await staff.client.get('/api/staff/queue?page=101')).statusCode).toBe(400);
    expect((await staff.client.get('/api/staff/queue?accountType=ZZ')).statusCode).toBe(400);
  });
});

describe('GET /api/staff/applications/:id (the borrower summary)', () => {
  it('shows a fresh application with the fallback messages, and audits the opening', async () => {
    const b = await newBorrower(t, 'Freshsummary');
    const res = await staff.client.get(`/api/staff/applications/${b.applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.overview).toMatchObject({
      id: b.applicationId,
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
      assignedTo: null,
    });
    expect(s.contact).toMatchObject({ firstName: 'Pat', lastName: 'Freshsummary', email: b.email });
    expect(s.financials.income).toMatchObject({ selfReported: null, selfReportedMessage: MESSAGES.noIncome });
    expect(s.financials.expenses).toMatchObject({ groups: [], message: MESSAGES.noExpenses });
    expect(s.financials.budget).toEqual({ budget: null, message: MESSAGES.noBudget });
    expect(s.decision).toEqual({ decision: null, message: MESSAGES.noDecision });
    expect(s.debts).toEqual([]);
    const audits = await auditsOf(b.applicationId);
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([['viewBorrowerSummary', staff.userId]]);
    expect(s.auditHistory[0]).toMatchObject({
      action: 'viewBorrowerSummary',
      actor: { id: staff.userId, name: 'Casey Counsellor' },
    });
  });

  it('shows the financials, the debt table and the decision of an application that got one', async () => {
    const b = await newBorrower(t);
    await toExpenses(b, 500_000);
    // Any decision will do: the borrower goes on past the warnings a tight budget gets first.
    expect(
      (
        await put(b.client, '/api/application/expenses', {
          lines: await expenseLines(b),
          confirmDisqualification: true,
          acceptThinBudget: true,
        })
      ).statusCode,
    ).toBe(200);
    const [attempt] = await t.db
      .insert(contactAttempt)
      .values({
        applicationId: b.applicationId,
        contactedBy: staff.userId,
        method: 'phone',
        outcome: 'reached',
      })
      .returning();
    await t.db
      .insert(contactAttemptReason)
      .values({ contactAttemptId: attempt!.id, key: 'verifyIncome', value: true });

    const s = (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json();
    expect(s.household).toMatchObject({
      hasDependents: true,
      numberOfDependentsInHousehold: 2,
      isHomeowner: false,
    });
    expect(s.address).toMatchObject({ addressLine1: '123 Main St', state: 'IL', dateOfBirth: '04-12-1985' });
    expect(s.hardships.selected).toMatchObject({ hasReductionInIncome: true, isUnemployed: false });
    expect(s.financials.income.selfReported).toBe(500_000);
    expect(s.financials.income.selfReportedMessage).toBeNull();
    expect(s.financials.expenses.groups[0]).toMatchObject({ category: 'housing', label: 'Housing' });
    expect(s.financials.expenses.message).toBeNull();
    // Groups and lines in the order the borrower's expenses page shows them.
    type Group = { category: string; lines: { subCategory: string }[] };
    const order = (groups: Group[]) => groups.map((g) => [g.category, g.lines.map((l) => l.subCategory)]);
    const page = (await b.client.get('/api/application/expenses')).json();
    expect(order(s.financials.expenses.groups)).toEqual(order(page.groups));
    expect(order(s.financials.expenses.groups)).toContainEqual([
      'personal',
      ['entertainment', 'apparel', 'personalCare'],
    ]);

    expect(s.debts.length).toBeGreaterThan(0);
    const balances = s.debts.map((d: { currentBalance: number }) => d.currentBalance);
    expect(balances).toEqual([...balances].sort((x: number, y: number) => y - x));
    for (const d of s.debts) {
      expect(d.accountNumberLast4 === null || /^\d{4}$/.test(d.accountNumberLast4)).toBe(true);
      if (d.accountType) expect(d.accountType).toMatch(/\([A-Z]{2}\)$|^[^(]+$/);
    }
    expect(s.debts.some((d: { accountType: string }) => d.accountType === 'Credit Card (CC)')).toBe(true);
    expect(JSON.stringify(s)).not.toMatch(/v1\.[\w-]+\.[\w-]+\./);

    expect(s.decision.message).toBeNull();
    const decision = s.decision.decision;
    expect(decision.currentIncome).toBe(500_000);
    if (decision.isQualified) {
      expect(decision.offers.length).toBeGreaterThan(0);
      expect(decision.offers[0]).toMatchObject({ status: null, version: 0, creditor: expect.any(String) });
      // Each offer's share of the agency's monthly fee; the shares add up to the plan's monthly fee.
      const shares: number[] = decision.offers.map((o: { fee: number }) => o.fee);
      expect(Math.min(...shares)).toBeGreaterThan(0);
      expect(decision.fees.monthlyFee).toBe(shares.reduce((sum, fee) => sum + fee, 0));
      expect(decision.fees.setupFee).toBeGreaterThan(0);
    } else {
      expect(decision.disqualificationReasons.length).toBeGreaterThan(0);
    }
    expect(s.contactHistory).toEqual([
      expect.objectContaining({
        id: attempt!.id,
        method: 'phone',
        contactedBy: { id: staff.userId, name: 'Casey Counsellor' },
        reasons: [{ key: 'verifyIncome', value: true }],
      }),
    ]);
    expect(s.statusHistory.length).toBeGreaterThan(0);
  });

  it("tells the history as sentences, naming colleagues, and sends no record's before or after", async () => {
    const b = await newBorrower(t, 'Historysentences');
    const other = await signInStaff(t, 'Sam Lee');
    const url = (action: string) => `/api/staff/applications/${b.applicationId}/${action}`;
    const version = async () => (await appRow(b.applicationId)).version;
    expect((await other.client.post(url('claim'), { version: await version() })).statusCode).toBe(200);
    const takeOver = await staff.client.post(url('unclaim'), { version: await version(), takeOver: true });
    expect(takeOver.statusCode, takeOver.body).toBe(200);
    expect((await staff.client.post(url('claim'), { version: await version() })).statusCode).toBe(200);
    const contact = await staff.client.post(url('contact-attempts'), {
      method: 'phone',
      outcome: 'leftVoicemail',
      notes: 'Second try',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const [seen] = await t.db
      .insert(alert)
      .values({ applicationId: b.applicationId, type: 'newCreditInquiry' })
      .returning();
    expect((await staff.client.post(`/api/staff/alerts/${seen!.id}/seen`, {})).statusCode).toBe(200);
    // A creditor account as its writer records it: the numbers by their last four digits.
    await t.db.insert(auditLog).values({
      actorId: staff.userId,
      action: 'creditorAccount',
      entityType: 'creditorAccount',
      entityId: randomUUID(),
      applicationId: b.applicationId,
      before: null,
      after: { isAch: true, accountNumberLast4: '9012', routingNumberLast4: '0021' },
    });

    const s = (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json();
    const sentences = s.auditHistory.map((a: { sentences: string[] }) => a.sentences.join(' / '));
    expect(sentences).toEqual([
      'Casey Counsellor opened the borrower summary',
      'Casey Counsellor saved a creditor account (paid by ACH)',
      'Casey Counsellor marked the alert “New credit inquiry” as seen',
      'Casey Counsellor recorded a contact attempt (Phone: left voicemail)',
      'Casey Counsellor claimed the application',
      'Casey Counsellor took over the application from Sam Lee',
      'Sam Lee claimed the application',
    ]);
    expect(Object.keys(s.auditHistory[0]).sort()).toEqual([
      'action',
      'actor',
      'createdAt',
      'id',
      'sentences',
    ]);
    expect(JSON.stringify(s.auditHistory)).not.toMatch(/9012|0021/);
  });

  it('keeps the staff actions when the summary was opened many times, and counts the openings up to 1,001', async () => {
    const b = await newBorrower(t, 'Manyopenings');
    const version = (await appRow(b.applicationId)).version;
    const claimed = await staff.client.post(`/api/staff/applications/${b.applicationId}/claim`, { version });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // The claim, then 1,100 openings after it (older than the one the read below records).
    const claimedAt = Date.now() - 2_000_000;
    await t.db
      .update(auditLog)
      .set({ createdAt: new Date(claimedAt) })
      .where(eq(auditLog.applicationId, b.applicationId));
    await t.db.insert(auditLog).values(
      Array.from({ length: 1_100 }, (_, i) => ({
        actorId: staff.userId,
        action: 'viewBorrowerSummary',
        entityType: 'application',
        entityId: b.applicationId,
        applicationId: b.applicationId,
        createdAt: new Date(claimedAt + 1_000 + i * 1_000),
      })),
    );

    const s = (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json();
    const actions = s.auditHistory.map((a: { action: string }) => a.action);
    // The claim is still there, behind the newest 20 openings (this one first).
    expect(actions).toEqual([...Array.from({ length: 20 }, () => 'viewBorrowerSummary'), 'claim']);
    expect(s.openingCount).toBe(1_001);
    const times = s.auditHistory.map((a: { createdAt: string }) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const fresh = await newBorrower(t, 'Fewopenings');
    await staff.client.get(`/api/staff/applications/${fresh.applicationId}`);
    const again = (await staff.client.get(`/api/staff/applications/${fresh.applicationId}`)).json();
    expect(again.openingCount).toBe(2);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await staff.client.get(`/api/staff/applications/${randomUUID()}`)).statusCode).toBe(404);
    expect((await staff.client.get('/api/staff/applications/nope')).statusCode).toBe(400);
  });
});

describe('POST /api/staff/alerts/:id/seen', () => {
  it('marks the alert seen by the representative, audited once', async () => {
    const b = await newBorrower(t);
    const [a] = await t.db
      .insert(alert)
      .values({ applicationId: b.applicationId, type: 'overdraftTransaction' })
      .returning();
    const url = `/api/staff/alerts/${a!.id}/seen`;
    expect((await staff.client.post(url)).json()).toEqual({
      id: a!.id,
      hasBeenSeenByCustomerServiceRepresentative: true,
    });
    expect((await staff.client.post(url)).statusCode).toBe(200);
    const row = (await t.db.query.alert.findFirst({ where: eq(alert.id, a!.id) }))!;
    expect(row).toMatchObject({
      hasBeenSeenByCustomerServiceRepresentative: true,
      hasBeenSeenByBorrower: false,
    });
    expect((await auditsOf(b.applicationId)).map((x) => x.action)).toEqual(['alertSeen']);
    expect((await staff.client.post(`/api/staff/alerts/${randomUUID()}/seen`)).statusCode).toBe(404);
  });
});

describe('GET /api/staff/users', () => {
  it('lists staff members only, with Name Unavailable for a missing name', async () => {
    const nameless = await signInStaff(t, 'Nameless Person');
    await t.db.update(user).set({ name: ' ' }).where(eq(user.id, nameless.userId));
    const borrower = await newBorrower(t);
    const { users } = (await staff.client.get('/api/staff/users')).json();
    expect(users).toContainEqual({ id: staff.userId, name: 'Casey Counsellor', email: staff.email });
    expect(users).toContainEqual({
      id: nameless.userId,
      name: MESSAGES.nameUnavailable,
      email: nameless.email,
    });
    expect(users.map((u: { id: string }) => u.id)).not.toContain(borrower.userId);
  });
});

describe('GET /api/staff/contact-summary', () => {
  it('lists contact attempts across borrowers by date and by staff member', async () => {
    const other = await signInStaff(t, 'Dana Caller');
    const a = await newBorrower(t, 'Contacta');
    const b = await newBorrower(t, 'Contactb');
    const [mine] = await t.db
      .insert(contactAttempt)
      .values({ applicationId: a.applicationId, contactedBy: staff.userId, method: 'textMessage' })
      .returning();
    const [theirs] = await t.db
      .insert(contactAttempt)
      .values({ applicationId: b.applicationId, contactedBy: other.userId, method: 'phone' })
      .returning();
    const [old] = await t.db
      .insert(contactAttempt)
      .values({
        applicationId: b.applicationId,
        contactedBy: other.userId,
        method: 'phone',
        createdAt: new Date('2025-05-05T12:00:00Z'),
      })
      .returning();
    await t.db
      .insert(contactAttemptReason)
      .values({ contactAttemptId: mine!.id, key: 'verifyAnExpense', value: true });

    const ids = async (query: string) =>
      ((await staff.client.get(`/api/staff/contact-summary?${query}`)).json().items as { id: string }[]).map(
        (i) => i.id,
      );
    const all = await ids('');
    expect(all).toEqual(expect.arrayContaining([mine!.id, theirs!.id]));
    expect(all).not.toContain(old!.id);
    expect(await ids(`contactedBy=${other.userId}`)).toEqual([theirs!.id]);
    expect(await ids(`contactedBy=${other.userId}&startDate=2025-05-05`)).toEqual([old!.id]);
    const item = (await staff.client.get(`/api/staff/contact-summary?contactedBy=${staff.userId}`))
      .json()
      .items.find((i: { id: string }) => i.id === mine!.id);
    expect(item).toMatchObject({
      applicationId: a.applicationId,
      borrowerName: 'Pat Contacta',
      method: 'textMessage',
      contactedBy: { id: staff.userId, name: 'Casey Counsellor' },
      reasons: [{ key: 'verifyAnExpense', value: true }],
    });
    expect((await staff.client.get('/api/staff/contact-summary?endDate=x')).statusCode).toBe(400);
  });

  it('answers one page of 50 at a time, newest first, the pages following on without a gap or a repeat', async () => {
    const pager = await signInStaff(t, 'Paige Pager');
    const b = await newBorrower(t, 'Contactpages');
    // 120 attempts on one day, two to a minute: attempts made at the same instant are ordered by their id.
    const made = await t.db
      .insert(contactAttempt)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          applicationId: b.applicationId,
          contactedBy: pager.userId,
          method: 'phone',
          createdAt: new Date(Date.UTC(2024, 0, 10, 10, Math.floor(i / 2))),
        })),
      )
      .returning({ id: contactAttempt.id, createdAt: contactAttempt.createdAt });
    await t.db
      .insert(contactAttemptReason)
      .values(made.map((m) => ({ contactAttemptId: m.id, key: 'verifyIncome' as const, value: true })));
    const newestFirst = [...made]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1))
      .map((m) => m.id);

    const read = async (page?: number) => {
      const res = await staff.client.get(
        `/api/staff/contact-summary?startDate=2024-01-10&contactedBy=${pager.userId}${page ? `&page=${page}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await read();
    expect(first).toMatchObject({
      page: 1,
      pageSize: 50,
      pageCount: 3,
      total: 120,
      totalIsCapped: false,
      limit: 1000,
    });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({
      borrowerName: 'Pat Contactpages',
      contactedBy: { id: pager.userId, name: 'Paige Pager' },
      reasons: [{ key: 'verifyIncome', value: true }],
    });
    const second = await read(2);
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 120 });
    const third = await read(3);
    expect(third.items).toHaveLength(20);
    const ids = (view: { items: { id: string }[] }) => view.items.map((i) => i.id);
    expect(ids(first)).toEqual(newestFirst.slice(0, 50));
    expect(ids(second)).toEqual(newestFirst.slice(50, 100));
    expect(ids(third)).toEqual(newestFirst.slice(100));
    // A page past the last one the window fills is empty, with the count to go back by.
    expect(await read(4)).toMatchObject({ items: [], page: 4, pageCount: 3, total: 120 });
  });

  it('counts up to the limit of 1,000 and says when the window holds more', async () => {
    const busy = await signInStaff(t, 'Bea Busy');
    const quiet = await signInStaff(t, 'Quinn Quiet');
    const b = await newBorrower(t, 'Contactcap');
    // 1,000 attempts by one staff member and one by another on a day nobody else used: 1,001 in all.
    await t.db.insert(contactAttempt).values([
      ...Array.from({ length: 1000 }, (_, i) => ({
        applicationId: b.applicationId,
        contactedBy: busy.userId,
        createdAt: new Date(Date.UTC(2024, 1, 2, 8, 0, i)),
      })),
      {
        applicationId: b.applicationId,
        contactedBy: quiet.userId,
        createdAt: new Date(Date.UTC(2024, 1, 2, 20)),
      },
    ]);
    const read = async (query: string) => {
      const res = await staff.client.get(`/api/staff/contact-summary?startDate=2024-02-02${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const everyone = await read('');
    expect(everyone).toMatchObject({ page: 1, pageCount: 20, total: 1000, totalIsCapped: true, limit: 1000 });
    expect(everyone.items).toHaveLength(50);
    expect(everyone.items[0].contactedBy.id).toBe(quiet.userId);
    const last = await read('&page=20');
    expect(last).toMatchObject({ page: 20, total: 1000, totalIsCapped: true });
    expect(last.items).toHaveLength(50);
    // Exactly the limit is not more than it.
    expect(await read(`&contactedBy=${busy.userId}`)).toMatchObject({
      pageCount: 20,
      total: 1000,
      totalIsCapped: false,
    });
    expect(await read(`&contactedBy=${quiet.userId}`)).toMatchObject({
      pageCount: 1,
      total: 1,
      totalIsCapped: false,
    });
  });

  it('refuses a page it could never fill, or that is not a page number, with 400 naming the page', async () => {
    for (const page of ['0', '-1', '1.5', '21', 'abc', '', '1e400', '99999999999999999999']) {
      const res = await staff.client.get(`/api/staff/contact-summary?page=${page}`);
      expect(res.statusCode, `page=${page}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ code: 'ValidationError', fieldErrors: { page: expect.any(String) } });
      expect(body.message).toBe(body.fieldErrors.page);
    }
    expect((await staff.client.get('/api/staff/contact-summary?page=20')).statusCode).toBe(200);
  });

  it('refuses a borrower (403) whatever the page', async () => {
    const b = await newBorrower(t, 'Contactnosy');
    for (const query of ['', '?page=2', '?page=0']) {
      expect((await b.client.get(`/api/staff/contact-summary${query}`)).statusCode, query).toBe(403);
    }
  });
});

describe('POST /api/staff/applications/:id/claim and /unclaim', () => {
  it('claims and unclaims on the version seen, with the count, refusing stale versions (409)', async () => {
    const b = await newBorrower(t);
    const other = await signInStaff(t, 'Erin Other');
    const url = (action: string) => `/api/staff/applications/${b.applicationId}/${action}`;
    const { version } = await appRow(b.applicationId);
    const before = await t.db.$count(application, eq(application.assignedTo, staff.userId));

    const claimed = await staff.client.post(url('claim'), { version });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      id: b.applicationId,
      version: version + 1,
      assignedTo: { id: staff.userId, name: 'Casey Counsellor' },
      assignedCount: before + 1,
    });
    const row = await appRow(b.applicationId);
    expect(row.assignedTo).toBe(staff.userId);
    expect(row.assignedToAt).toBeInstanceOf(Date);

    // Someone else, on the version they saw before the claim: told who has it.
    const late = await other.client.post(url('claim'), { version });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(alreadyClaimedMessage('Casey Counsellor'));
    // A stale unclaim is refused too.
    expect((await other.client.post(url('unclaim'), { version })).statusCode).toBe(409);

    const unclaimed = await staff.client.post(url('unclaim'), { version: version + 1 });
    expect(unclaimed.statusCode, unclaimed.body).toBe(200);
    expect(unclaimed.json()).toMatchObject({ assignedTo: null, assignedToAt: null, assignedCount: before });
    expect(await appRow(b.applicationId)).toMatchObject({
      assignedTo: null,
      assignedToAt: null,
      version: version + 2,
    });
    const again = await staff.client.post(url('unclaim'), { version: version + 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_CLAIMED_MESSAGE);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, b.applicationId), eq(auditLog.actorId, staff.userId)));
    expect(audits.map((a) => a.action).sort()).toEqual(['claim', 'unclaim']);
  });

  it('answers 404 for an unknown application and 400 without a version', async () => {
    expect(
      (await staff.client.post(`/api/staff/applications/${randomUUID()}/claim`, { version: 0 })).statusCode,
    ).toBe(404);
    const b = await newBorrower(t);
    const res = await staff.client.post(`/api/staff/applications/${b.applicationId}/claim`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('version');
  });
});
