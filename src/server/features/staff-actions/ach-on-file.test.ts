import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACH_NOT_ON_FILE } from '#domain/validation/staff';
import { auditLog, creditor, creditorAccount, offer } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

// Staff answering an offer keep the creditor table's ACH numbers without typing them: the browser sends the
// option and no numbers, the server copies the creditor's numbers into this offer's creditor account in the
// answer's transaction. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Avery Ach');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ON_FILE_ACCOUNT = '445566778899';
const ON_FILE_ROUTING = '021000021';
const TYPED_ACCOUNT = '112233';
const TYPED_ROUTING = '011000015';

type OfferRow = typeof offer.$inferSelect;
const creditorIdOf = (x: OfferRow) => x.lenderConcessionId!.split('@')[0]!;
const answer = (offerId: string, body: unknown) =>
  staff.client.post(`/api/staff/offers/${offerId}/status`, body);
const accountOf = async (x: OfferRow) =>
  (
    await t.db
      .select()
      .from(creditorAccount)
      .where(
        x.debtId ? eq(creditorAccount.debtId, x.debtId) : eq(creditorAccount.collectionId, x.collectionId!),
      )
  )[0];
const opened = (sealed: string | null | undefined) => (sealed ? t.cipher.decrypt(sealed) : null);

/** Two offers on two distinct creditors of the agency's own (not the default programme). */
async function twoCreditorsOffers(lastName: string) {
  const a = await applicationIn(t, 'creditorReview', lastName);
  const own = a.offers.filter((o) => o.lenderConcessionId && creditorIdOf(o) !== 'default');
  const byCreditor = [...new Map(own.map((o) => [creditorIdOf(o), o])).values()];
  expect(byCreditor.length).toBeGreaterThanOrEqual(2);
  return { a, withNumbers: byCreditor[0]!, without: byCreditor[1]! };
}

describe("answering an offer with the creditor table's ACH numbers", () => {
  let s: Awaited<ReturnType<typeof twoCreditorsOffers>>;
  beforeAll(async () => {
    s = await twoCreditorsOffers('Onfile');
    await t.db
      .update(creditor)
      .set({
        paysByAch: true,
        achAccountNumber: t.cipher.encrypt(ON_FILE_ACCOUNT),
        achRoutingNumber: t.cipher.encrypt(ON_FILE_ROUTING),
      })
      .where(eq(creditor.id, creditorIdOf(s.withNumbers)));
    await t.db
      .update(creditor)
      .set({ paysByAch: false, achAccountNumber: null, achRoutingNumber: null })
      .where(eq(creditor.id, creditorIdOf(s.without)));
  });

  it('shows the numbers on file by last four only in the borrower summary', async () => {
    const summary = await staff.client.get(`/api/staff/applications/${s.a.applicationId}`);
    expect(summary.statusCode).toBe(200);
    const shown = summary
      .json()
      .decision.decision.offers.find((o: { id: string }) => o.id === s.withNumbers.id);
    expect(shown.remittance).toMatchObject({
      paysByAch: true,
      achAccountNumberLast4: '8899',
      achRoutingNumberLast4: '0021',
    });
    expect(summary.body).not.toContain(ON_FILE_ACCOUNT);
    expect(summary.body).not.toContain(ON_FILE_ROUTING);
  });

  it("stores the creditor's numbers on the offer's account when staff keep them, and answers last four only", async () => {
    const res = await answer(s.withNumbers.id, {
      version: 0,
      status: 'accepted',
      creditorAccount: { isAch: true, achOnFile: true, email: 'remit@bank.example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.creditorAccount).toMatchObject({
      isAch: true,
      accountNumberLast4: '8899',
      routingNumberLast4: '0021',
      email: 'remit@bank.example.com',
    });
    expect(res.body).not.toContain(ON_FILE_ACCOUNT);

    const stored = await accountOf(s.withNumbers);
    expect(stored).toMatchObject({ isAch: true, applicationId: s.a.applicationId });
    expect(opened(stored!.accountNumber)).toBe(ON_FILE_ACCOUNT);
    expect(opened(stored!.routingNumber)).toBe(ON_FILE_ROUTING);
    // Sealed anew for this account (its own nonce), not the creditor row's ciphertext shared.
    const [row] = await t.db
      .select()
      .from(creditor)
      .where(eq(creditor.id, creditorIdOf(s.withNumbers)));
    expect(stored!.accountNumber).not.toBe(row!.achAccountNumber);
    // The creditor table itself is unchanged.
    expect(opened(row!.achAccountNumber)).toBe(ON_FILE_ACCOUNT);

    // The account's audit record: the numbers did not differ from the creditor table, and are not recorded.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'creditorAccount'), eq(auditLog.applicationId, s.a.applicationId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.after).toMatchObject({ accountNumberLast4: '8899', changedFromCreditorTable: [] });
    expect(JSON.stringify(audit)).not.toContain(ON_FILE_ACCOUNT);
  });

  it('still takes numbers typed for this one account, recorded as differing from the table', async () => {
    const res = await answer(s.withNumbers.id, {
      version: 1,
      status: 'counterOffer',
      counterApr: 500,
      creditorAccount: { isAch: true, accountNumber: TYPED_ACCOUNT, routingNumber: TYPED_ROUTING },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await accountOf(s.withNumbers);
    expect(opened(stored!.accountNumber)).toBe(TYPED_ACCOUNT);
    expect(opened(stored!.routingNumber)).toBe(TYPED_ROUTING);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'creditorAccount'), eq(auditLog.applicationId, s.a.applicationId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.after).toMatchObject({ changedFromCreditorTable: ['routingNumber', 'accountNumber'] });

    // And back to the numbers on file, on a counter-offer this time.
    const back = await answer(s.withNumbers.id, {
      version: 2,
      status: 'counterOffer',
      counterApr: 500,
      creditorAccount: { isAch: true, achOnFile: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(opened((await accountOf(s.withNumbers))!.accountNumber)).toBe(ON_FILE_ACCOUNT);
  });

  it('answers 400 on the option when the creditor has no ACH numbers on file, and saves nothing', async () => {
    const res = await answer(s.without.id, {
      version: 0,
      status: 'accepted',
      creditorAccount: { isAch: true, achOnFile: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'creditorAccount.achOnFile': ACH_NOT_ON_FILE });
    expect(await accountOf(s.without)).toBeUndefined();
    const [row] = await t.db.select().from(offer).where(eq(offer.id, s.without.id));
    expect(row).toMatchObject({ status: null, version: 0 });
  });

  it('refuses the option beside typed numbers (400), and answers 404 for an offer that is not one', async () => {
    const both = await answer(s.without.id, {
      version: 0,
      status: 'accepted',
      creditorAccount: {
        isAch: true,
        achOnFile: true,
        accountNumber: TYPED_ACCOUNT,
        routingNumber: TYPED_ROUTING,
      },
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().fieldErrors)).toEqual(['creditorAccount.achOnFile']);
    const unknown = await answer('00000000-0000-4000-8000-000000000000', {
      version: 0,
      status: 'accepted',
      creditorAccount: { isAch: true, achOnFile: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a borrower (403), on their own offer and on another borrower's, and changes nothing", async () => {
    const own = await s.a.client.post(`/api/staff/offers/${s.withNumbers.id}/status`, {
      version: 3,
      status: 'accepted',
      creditorAccount: { isAch: true, achOnFile: true },
    });
    expect(own.statusCode).toBe(403);
    const other = await twoCreditorsOffers('Otherborrower');
    const theirs = await s.a.client.post(`/api/staff/offers/${other.withNumbers.id}/status`, {
      version: 0,
      status: 'accepted',
      creditorAccount: { isAch: true, achOnFile: true },
    });
    expect(theirs.statusCode).toBe(403);
    expect(await accountOf(other.withNumbers)).toBeUndefined();
  });
});
