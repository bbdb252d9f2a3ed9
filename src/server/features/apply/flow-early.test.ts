import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '#domain/calendar';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationStatusChange, borrower, hardship, spouse } from '#server/db/schema/application';
import { collection, creditReport, debt } from '#server/db/schema/credit';
import { disqualificationReason } from '#server/db/schema/decision';
import { expense } from '#server/db/schema/budget';
import {
  applicationRow,
  householdBody,
  newBorrower,
  put,
  toCredit,
  toEligibleDebts,
  toIncome,
} from '#tests/support/borrower-flow';

// The flow from /household to /income, through the API.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const reasonsOf = async (applicationId: string) =>
  (
    await t.db
      .select({ reason: disqualificationReason.reason })
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, applicationId))
  ).map((r) => r.reason);

describe('PUT /api/application/household', () => {
  it('saves the household and the borrower, then sends the borrower to /credit', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const res = await put(b.client, '/api/application/household', householdBody('Doe'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/credit' });
    const view = (await b.client.get('/api/application')).json();
    expect(view).toMatchObject({
      lastCompletedPage: 'Household',
      lastViewedPage: 'Credit',
      household: {
        hasDependents: true,
        numberOfDependentsInHousehold: 2,
        isHomeowner: false,
        hasMortgageEscrow: false,
        monthlyRentOrMortgageAmount: 150_000,
        isCarOwner: true,
        hasSpouse: false,
      },
      borrower: {
        firstName: 'Pat',
        lastName: 'Doe',
        phoneNumber: '415-555-0123',
        addressLine1: '123 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        dateOfBirth: '04-12-1985',
      },
      spouse: null,
    });
    // The date of birth is encrypted at rest.
    const stored = await t.db.query.borrower.findFirst({
      where: eq(borrower.applicationId, b.applicationId),
    });
    expect(stored!.dateOfBirth).toMatch(/^v2\./);
    expect(stored!.dateOfBirth).not.toContain('1985');
  });

  it.each([
    [
      'No to dependents makes the count 0',
      { hasDependents: false, numberOfDependentsInHousehold: 3 },
      { hasDependents: false, numberOfDependentsInHousehold: 0 },
    ],
    [
      'Yes with no count makes it 0',
      { hasDependents: true, numberOfDependentsInHousehold: null },
      { hasDependents: true, numberOfDependentsInHousehold: 0 },
    ],
    [
      'not a homeowner forces escrow false',
      { isHomeowner: false, hasMortgageEscrow: true },
      { isHomeowner: false, hasMortgageEscrow: false },
    ],
    [
      'a homeowner keeps the escrow answer',
      { isHomeowner: true, hasMortgageEscrow: true },
      { isHomeowner: true, hasMortgageEscrow: true },
    ],
  ])('%s', async (_name, overrides, expected) => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    expect(
      (await put(b.client, '/api/application/household', householdBody('Doe', overrides))).statusCode,
    ).toBe(200);
    expect(await applicationRow(t, b.applicationId)).toMatchObject(expected);
  });

  it.each([
    [{ isHomeowner: true, hasMortgageEscrow: null }, 'hasMortgageEscrow'],
    [{ monthlyRentOrMortgageAmount: 1_234_567_00 }, 'monthlyRentOrMortgageAmount'],
    [{ borrower: { ...householdBody('Doe').borrower, zipCode: '1234' } }, 'borrower.zipCode'],
    [{ borrower: { ...householdBody('Doe').borrower, state: 'ZZ' } }, 'borrower.state'],
    [{ borrower: { ...householdBody('Doe').borrower, dateOfBirth: '01-01-2020' } }, 'borrower.dateOfBirth'],
  ])('refuses %o with a field error on %s, saving nothing', async (overrides, field) => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const res = await put(b.client, '/api/application/household', householdBody('Doe', overrides));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toContain(field);
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      lastCompletedPage: 'Hardships',
      isHomeowner: null,
    });
  });

  it('shows the under-13 message for a young borrower', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const body = householdBody('Doe', {
      borrower: { ...householdBody('Doe').borrower, dateOfBirth: '01-01-2020' },
    });
    expect(
      (await put(b.client, '/api/application/household', body)).json().fieldErrors['borrower.dateOfBirth'],
    ).toBe(MESSAGES.under13);
  });

  it('verifies a changed phone number and refuses one the lookup calls invalid', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const body = householdBody('Doe', {
      borrower: { ...householdBody('Doe').borrower, phoneNumber: '999-555-0143' },
    });
    const res = await put(b.client, '/api/application/household', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'borrower.phoneNumber': 'Phone number is invalid' });
  });

  it('saves the spouse linked to the borrower; same as above copies and follows the borrower’s address', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const spouseBody = {
      firstName: 'Sam',
      lastName: 'Doe',
      dateOfBirth: '02-03-1986',
      hasSameAddressAsBorrower: true,
    };
    expect(
      (
        await put(
          b.client,
          '/api/application/household',
          householdBody('Doe', { hasSpouse: true, spouse: spouseBody }),
        )
      ).statusCode,
    ).toBe(200);
    const row = await t.db.query.spouse.findFirst({ where: eq(spouse.applicationId, b.applicationId) });
    const owner = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    expect(row).toMatchObject({
      borrowerId: owner!.id,
      addressLine1: '123 Main St',
      city: 'Springfield',
      state: 'IL',
    });

    // The borrower moves: the spouse 'at the same address' moves too.
    const moved = {
      ...householdBody('Doe').borrower,
      addressLine1: '9 Elm St',
      city: 'Chicago',
      zipCode: '60601',
    };
    await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { borrower: moved, hasSpouse: true, spouse: spouseBody }),
    );
    expect((await b.client.get('/api/application')).json().spouse).toMatchObject({
      addressLine1: '9 Elm St',
      city: 'Chicago',
      zipCode: '60601',
      hasSameAddressAsBorrower: true,
      dateOfBirth: '02-03-1986',
    });

    // No to 'same as above' needs the spouse's own address.
    const own = { ...spouseBody, hasSameAddressAsBorrower: false };
    const refused = await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { hasSpouse: true, spouse: own }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toMatchObject({ 'spouse.addressLine1': 'Street address is required' });

    // Applying alone removes the spouse.
    await put(b.client, '/api/application/household', householdBody('Doe'));
    expect(
      await t.db.query.spouse.findFirst({ where: eq(spouse.applicationId, b.applicationId) }),
    ).toBeUndefined();
  });

  it('is refused before the hardships are saved (409)', async () => {
    const b = await newBorrower(t);
    const res = await put(b.client, '/api/application/household', householdBody('Doe'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PreconditionFailed');
  });
});

describe('PUT /api/application/credit', () => {
  it('pulls the typical file, stores it and sends the borrower to /eligible-debts', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    expect((await b.client.get('/api/application')).json().hasPulledCredit).toBe(false);
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/eligible-debts' });
    const reports = await t.db
      .select()
      .from(creditReport)
      .where(eq(creditReport.applicationId, b.applicationId));
    expect(reports).toHaveLength(1);
    const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
    expect(debts.some((d) => d.isEligibleForDmp && d.selectedForDebtReduction)).toBe(true);
    expect(debts.some((d) => !d.isEligibleForDmp)).toBe(true);
    expect(debts.every((d) => d.accountNumber?.startsWith('v2.'))).toBe(true);
    const view = (await b.client.get('/api/application')).json();
    expect(view).toMatchObject({
      hasPulledCredit: true,
      lastCompletedPage: 'Credit',
      lastViewedPage: 'EligibleDebts',
    });
    expect(view.borrower.consentedToCreditPolicy).toBe(true);
    // Coming back to the page does not pull again.
    await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(
      await t.db.select().from(creditReport).where(eq(creditReport.applicationId, b.applicationId)),
    ).toHaveLength(1);
  });

  it('requires the consent, with the spec message', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ consentedToCreditPolicy: MESSAGES.creditConsentRequired });
  });

  it('requires the spouse’s consent too when applying with a spouse, and pulls both files', async () => {
    const b = await newBorrower(t);
    await toCredit(b, {
      hasSpouse: true,
      spouse: {
        firstName: 'Sam',
        lastName: 'Doe',
        dateOfBirth: '02-03-1986',
        hasSameAddressAsBorrower: true,
      },
    });
    const refused = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      spouseConsentedToCreditPolicy: MESSAGES.creditConsentRequired,
    });
    // The spouse's own tick and typed name (spouse-consent.test.ts covers the rest of it).
    const res = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Sam Doe',
    });
    expect(res.json()).toEqual({ next: '/eligible-debts' });
    const reports = await t.db
      .select()
      .from(creditReport)
      .where(eq(creditReport.applicationId, b.applicationId));
    expect(reports.map((r) => (r.spouseId ? 'spouse' : 'borrower')).sort()).toEqual(['borrower', 'spouse']);
  });

  describe('a borrower or spouse under 18: a plan is a contract they cannot sign', () => {
    // Dates of birth counted back from today in the agency's calendar, written as the form writes them.
    const born = (yearsAgo: number, daysLater = 0) => {
      const today = agencyToday();
      const date = new Date(Date.UTC(today.year - yearsAgo, today.month - 1, today.day + daysLater));
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
    };
    const reportsOf = (applicationId: string) =>
      t.db.select().from(creditReport).where(eq(creditReport.applicationId, applicationId));

    it('refuses 17 years and 364 days before any pull, keeps the application open, and lets the date be corrected', async () => {
      // The bureau-error persona: had the bureau been called, the application would be disqualified.
      const b = await newBorrower(t, 'Bureauerror');
      await toCredit(b, { borrower: { ...householdBody('Bureauerror').borrower, dateOfBirth: born(18, 1) } });
      const before = await applicationRow(t, b.applicationId);
      const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'UnderContractAge',
        message: MESSAGES.underContractAge,
        fieldErrors: { 'borrower.dateOfBirth': MESSAGES.underContractAge },
      });
      const after = await applicationRow(t, b.applicationId);
      expect(after).toMatchObject({
        status: 'inProgress',
        lastCompletedPage: 'Household',
        lastViewedPage: 'Credit',
        hasPulledCredit: before.hasPulledCredit,
      });
      expect(await reportsOf(b.applicationId)).toEqual([]);
      expect(await reasonsOf(b.applicationId)).toEqual([]);
      // Nothing of the refused save is kept: not even the consent.
      const view = (await b.client.get('/api/application')).json();
      expect(view.borrower.consentedToCreditPolicy).not.toBe(true);

      // The date was mistyped: corrected on /household, the pull goes ahead (and this persona's bureau fails).
      await put(b.client, '/api/application/household', householdBody('Bureauerror'));
      const retried = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
      expect(retried.json()).toEqual({ next: '/offers/not-qualified' });
      expect(await reasonsOf(b.applicationId)).toEqual([DISQUALIFICATION_REASONS.getCreditReportsFailed]);
    });

    it('pulls credit for a borrower who is 18 today', async () => {
      const b = await newBorrower(t);
      await toCredit(b, { borrower: { ...householdBody('Doe').borrower, dateOfBirth: born(18) } });
      const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
      expect(res.json()).toEqual({ next: '/eligible-debts' });
      expect(await reportsOf(b.applicationId)).toHaveLength(1);
    });

    it('refuses a spouse under 18 too, naming the spouse’s date, and pulls neither file', async () => {
      const b = await newBorrower(t);
      await toCredit(b, {
        hasSpouse: true,
        spouse: { firstName: 'Sam', lastName: 'Doe', dateOfBirth: born(17), hasSameAddressAsBorrower: true },
      });
      const res = await put(b.client, '/api/application/credit', {
        consentedToCreditPolicy: true,
        spouseConsentedToCreditPolicy: true,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fieldErrors).toEqual({ 'spouse.dateOfBirth': MESSAGES.underContractAge });
      expect(await reportsOf(b.applicationId)).toEqual([]);
      expect((await applicationRow(t, b.applicationId)).status).toBe('inProgress');
    });

    it('keeps the registration rule as it was: 15 registers on /household, 12 is refused with its own message', async () => {
      const b = await newBorrower(t);
      await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
      const withBirth = (dateOfBirth: string) =>
        householdBody('Doe', { borrower: { ...householdBody('Doe').borrower, dateOfBirth } });
      const twelve = await put(b.client, '/api/application/household', withBirth(born(12)));
      expect(twelve.statusCode).toBe(400);
      expect(twelve.json().fieldErrors['borrower.dateOfBirth']).toBe(MESSAGES.under13);
      const fifteen = await put(b.client, '/api/application/household', withBirth(born(15)));
      expect(fifteen.json()).toEqual({ next: '/credit' });
      const credit = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
      expect(credit.statusCode).toBe(422);
    });
  });

  it('disqualifies a borrower in a state we are not licensed in and asks about notification', async () => {
    const b = await newBorrower(t);
    await toCredit(b, {
      borrower: { ...householdBody('Doe').borrower, state: 'DC', city: 'Washington', zipCode: '20001' },
    });
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/notify-when-eligible' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'disqualified',
      lastViewedPage: 'NotifyWhenEligible',
      hasPulledCredit: false,
    });
    expect(await reasonsOf(b.applicationId)).toEqual([DISQUALIFICATION_REASONS.notLicensed]);
    expect(
      await t.db.select().from(creditReport).where(eq(creditReport.applicationId, b.applicationId)),
    ).toEqual([]);
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, b.applicationId));
    expect(changes.map((c) => [c.from, c.to])).toEqual([
      [null, 'inProgress'],
      ['inProgress', 'disqualified'],
    ]);

    // Yes: notified later.
    const yes = await put(b.client, '/api/application/notify-when-eligible', {
      notifyWhenStateIsEligible: true,
    });
    expect(yes.json()).toEqual({ next: '/we-will-notify-you' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      notifyWhenStateIsEligible: true,
      lastViewedPage: 'WeWillNotifyYou',
    });
    // No: not qualified.
    const no = await put(b.client, '/api/application/notify-when-eligible', {
      notifyWhenStateIsEligible: false,
    });
    expect(no.json()).toEqual({ next: '/offers/not-qualified' });
    expect((await b.client.get('/api/application')).json().borrower.notifyWhenStateIsEligible).toBe(false);
    // Answering again on the credit page: already disqualified → not qualified.
    expect(
      (await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true })).json(),
    ).toEqual({
      next: '/offers/not-qualified',
    });
  });

  it('refuses the notification question to a borrower who was not disqualified for their state', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    const res = await put(b.client, '/api/application/notify-when-eligible', {
      notifyWhenStateIsEligible: true,
    });
    expect(res.statusCode).toBe(409);
  });

  it('disqualifies a borrower without a hardship', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    await t.db.update(hardship).set({ value: false }).where(eq(hardship.applicationId, b.applicationId));
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect(await reasonsOf(b.applicationId)).toEqual([DISQUALIFICATION_REASONS.noHardship]);
  });

  it.each([
    ['Nofile', 'no credit file found'],
    ['Bureauerror', DISQUALIFICATION_REASONS.getCreditReportsFailed],
  ])('a %s persona ends not qualified with the reason %j', async (lastName, reason) => {
    const b = await newBorrower(t, lastName);
    await toCredit(b);
    const res = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect(await reasonsOf(b.applicationId)).toEqual([reason]);
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'disqualified',
      hasPulledCredit: true,
      lastViewedPage: 'NotQualified',
    });
  });

  it('goes on with the borrower’s file when only the spouse has none', async () => {
    const b = await newBorrower(t);
    await toCredit(b, {
      hasSpouse: true,
      spouse: {
        firstName: 'Sam',
        lastName: 'Nofile',
        dateOfBirth: '02-03-1986',
        hasSameAddressAsBorrower: true,
      },
    });
    const res = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Sam Nofile',
    });
    expect(res.json()).toEqual({ next: '/eligible-debts' });
  });

  it('is refused before the household is saved', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    expect(
      (await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true })).statusCode,
    ).toBe(409);
  });
});

describe('eligible debts', () => {
  it('lists every eligible debt and collection by balance, descending, and saves the selection', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const res = await b.client.get('/api/application/eligible-debts');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      kind: string;
      currentBalance: number;
      accountType: string;
      accountTypeName: string;
      accountNumberLast4: string;
    }[];
    expect(items.length).toBeGreaterThan(2);
    expect(items.some((i) => i.kind === 'collection')).toBe(true);
    expect(items.map((i) => i.currentBalance)).toEqual(
      [...items.map((i) => i.currentBalance)].sort((x, y) => y - x),
    );
    // Plain words for the borrower, never the bureau's code.
    expect(items[0]!.accountTypeName).toMatch(
      /^(Credit card|Charge account|Flexible spending credit card|Line of credit|Unsecured loan|Collection agency)$/,
    );
    // And the code the page words them by, in its language.
    expect(items[0]!.accountType).toMatch(/^(CC|CH|FX|LC|US|AG)$/);
    expect(items[0]!.accountNumberLast4).toMatch(/^\d{4}$/);

    const keep = items.slice(0, 2).map((i) => i.id);
    const saved = await put(b.client, '/api/application/eligible-debts', { selectedIds: keep });
    expect(saved.json()).toEqual({ next: '/income/provide-monthly-income' });
    const after = (await b.client.get('/api/application/eligible-debts')).json().items as {
      id: string;
      selectedForDebtReduction: boolean;
    }[];
    expect(
      after
        .filter((i) => i.selectedForDebtReduction)
        .map((i) => i.id)
        .sort(),
    ).toEqual([...keep].sort());
    const collections = await t.db
      .select()
      .from(collection)
      .where(eq(collection.applicationId, b.applicationId));
    for (const c of collections) expect(c.selectedForDebtReduction).toBe(keep.includes(c.id));
  });

  it('records "not enough eligible collections or debts" when nothing is selected', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const res = await put(b.client, '/api/application/eligible-debts', { selectedIds: [] });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect(await reasonsOf(b.applicationId)).toEqual([MESSAGES.notEnoughEligible]);
    expect((await applicationRow(t, b.applicationId)).status).toBe('disqualified');
  });

  it('a thin file has nothing eligible and ends not qualified', async () => {
    const b = await newBorrower(t, 'Thinfile');
    await toEligibleDebts(b);
    expect((await b.client.get('/api/application/eligible-debts')).json()).toEqual({ items: [] });
    expect((await put(b.client, '/api/application/eligible-debts', { selectedIds: [] })).json()).toEqual({
      next: '/offers/not-qualified',
    });
    expect(await reasonsOf(b.applicationId)).toEqual([MESSAGES.notEnoughEligible]);
  });

  it('refuses an id that is not one of the borrower’s eligible items', async () => {
    const a = await newBorrower(t);
    const other = await newBorrower(t);
    await toEligibleDebts(a);
    await toEligibleDebts(other);
    const theirs = (await other.client.get('/api/application/eligible-debts')).json().items[0].id as string;
    const res = await put(a.client, '/api/application/eligible-debts', { selectedIds: [theirs] });
    expect(res.statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(debt)
      .where(and(eq(debt.id, theirs)));
    const [col] = await t.db.select().from(collection).where(eq(collection.id, theirs));
    expect((row ?? col)!.applicationId).toBe(other.applicationId);
  });

  it('is not readable before the credit page is completed', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    expect((await b.client.get('/api/application/eligible-debts')).statusCode).toBe(409);
  });
});

describe('income', () => {
  it('estimates the expenses once and asks to confirm an income that leaves a shortfall above $100', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    const low = await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: 150_000 });
    expect(low.json()).toEqual({ next: '/income/confirm-income' });
    const view = (await b.client.get('/api/application')).json();
    expect(view.selfReportedMonthlyCurrentIncome).toBe(150_000);
    expect(view.estimatedShortfall).toBeGreaterThan(10_000);
    expect(view.incomeThreshold).toBe(150_000 + view.estimatedShortfall - 10_000);
    const lines = await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId));
    expect(lines.length).toBeGreaterThan(10);

    // No clears the income and goes back to the income page.
    const no = await put(b.client, '/api/application/confirm-income', { isIncomeCorrect: false });
    expect(no.json()).toEqual({ next: '/income/provide-monthly-income' });
    expect((await b.client.get('/api/application')).json().selfReportedMonthlyCurrentIncome).toBeNull();

    // A higher income: straight to the expenses, with the same estimate rows.
    const high = await put(b.client, '/api/application/income', {
      selfReportedMonthlyCurrentIncome: 2_000_000,
    });
    expect(high.json()).toEqual({ next: '/expenses' });
    expect(await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId))).toHaveLength(
      lines.length,
    );
  });

  it('Yes on the confirmation goes to /expenses', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: 150_000 });
    const yes = await put(b.client, '/api/application/confirm-income', { isIncomeCorrect: true });
    expect(yes.json()).toEqual({ next: '/expenses' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      lastCompletedPage: 'ConfirmIncome',
      lastViewedPage: 'Expenses',
    });
  });

  it.each([[0], [-100], [12_345_678_00], [150_050]])('refuses an income of %i cents', async (value) => {
    const b = await newBorrower(t);
    await toIncome(b);
    const res = await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['selfReportedMonthlyCurrentIncome']);
  });

  it('is refused before the eligible debts are reviewed', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const res = await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: 500_000 });
    expect(res.statusCode).toBe(409);
    expect((await applicationRow(t, b.applicationId)).selfReportedMonthlyCurrentIncome).toBeNull();
  });
});
