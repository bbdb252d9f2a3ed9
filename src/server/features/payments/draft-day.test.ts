import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { planAuthorization } from '#server/db/schema/enrollment';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { suggestedDraftDay, usualPayday } from '#domain/enrollment/offer-review';
import { ordinal } from '#domain/enrollment/letter-of-authorization';
import { incomeDeposits } from '#server/application/income-deposits';
import { put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { flatText, pdfText } from '#tests/support/pdf-text';

// A bank connected at the payment step, after the borrower chose the draft day on /offers/review: when its
// income deposits show a payday the chosen day does not follow, the page offers the day after it, and one
// click moves the drafts there before the letter is made.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const authorizations = (applicationId: string) =>
  t.db
    .select()
    .from(planAuthorization)
    .where(eq(planAuthorization.applicationId, applicationId))
    .orderBy(asc(planAuthorization.createdAt));

async function connectedAtPayments(lastName: string) {
  const b = await atPaymentOptions(t, lastName);
  const connected = await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  expect(connected.statusCode, connected.body).toBe(200);
  return b;
}

describe('the payday suggestion at the payment step', () => {
  it('offers the day after the payday the new bank shows; one click moves the drafts, and the letter dates them from it', async () => {
    const b = await connectedAtPayments('Payday');
    // The sandbox's paydays move with the calendar: the borrower chose a day that does not follow this one.
    const read = suggestedDraftDay((await incomeDeposits(t.db, b.applicationId)).dates)!;
    const chosen = read === 10 ? 11 : 10;
    await t.db
      .update(planAuthorization)
      .set({ draftDay: chosen })
      .where(eq(planAuthorization.applicationId, b.applicationId));
    const view = (await b.client.get('/api/application/payments/accounts')).json();
    expect(view.draftDayProposal).toEqual({
      payday: usualPayday((await incomeDeposits(t.db, b.applicationId)).dates),
      suggestedDraftDay: read,
      chosenDraftDay: chosen,
    });
    const suggested: number = view.draftDayProposal.suggestedDraftDay;

    const moved = await put(b.client, '/api/application/payments/draft-day', { draftDay: suggested });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ draftDay: suggested });
    // Stored as a new acceptance of the same terms on the new day; the first one is kept.
    const rows = await authorizations(b.applicationId);
    expect(rows.map((r) => [r.kind, r.draftDay])).toEqual([
      ['acceptance', chosen],
      ['acceptance', suggested],
    ]);
    expect(rows[1]!.monthlyDraftAmount).toBe(rows[0]!.monthlyDraftAmount);
    // Answered: nothing more to offer.
    expect((await b.client.get('/api/application/payments/accounts')).json().draftDayProposal).toBeNull();

    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const [letter] = await t.db
      .select()
      .from(planAuthorization)
      .where(and(eq(planAuthorization.applicationId, b.applicationId), eq(planAuthorization.kind, 'letter')));
    expect(letter!.draftDay).toBe(suggested);
    expect(letter!.firstDraftDate).toBe(firstDraftDate(t.today(), suggested));
    const token = await signingToken(t, b.email);
    const text = flatText(
      await pdfText((await t.client().post('/api/signing/document', { token })).rawPayload),
    );
    const nth = ordinal(suggested);
    expect(text).toContain(`on the ${nth} of each month`);
    // Once the letter is made, the day is the letter's.
    const late = await put(b.client, '/api/application/payments/draft-day', { draftDay: 1 });
    expect(late.statusCode).toBe(409);
  });

  it('refuses a day that is not the 1st to the 28th, and hostile input, with 400', async () => {
    const b = await connectedAtPayments('Paydayhostile');
    for (const draftDay of [0, 29, -1, 1.5, 1e308, '15', null, '\u0000\u0007']) {
      const res = await put(b.client, '/api/application/payments/draft-day', { draftDay });
      expect(res.statusCode, `${String(draftDay)}: ${res.body}`).toBe(400);
    }
    const extra = await put(b.client, '/api/application/payments/draft-day', {
      draftDay: 5,
      applicationId: 'x',
    });
    expect(extra.statusCode).toBe(400);
    expect((await authorizations(b.applicationId)).length).toBe(1);
  });

  it('is not offered again once a day was chosen after the connection', async () => {
    const b = await connectedAtPayments('Paydayearly');
    // The borrower picks a day after the bank was read: their choice postdates the deposits, and stands.
    await put(b.client, '/api/application/payments/draft-day', { draftDay: 10 });
    expect((await b.client.get('/api/application/payments/accounts')).json().draftDayProposal).toBeNull();
  });
});
