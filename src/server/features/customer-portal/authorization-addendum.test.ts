import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationAddendumFigures } from '#domain/enrollment/authorization-addendum';
import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { changeAppliesFrom } from '#domain/enrollment/plan-change';
import { loadPlanTerms } from '#server/application/plan-terms';
import { openSignedLetter } from '#server/application/signed-letter-store';
import { borrower } from '#server/db/schema/application';
import { planAuthorization } from '#server/db/schema/enrollment';
import { signedInStaff } from '#tests/support/staff-actions';
import { signedPlanIn } from '#tests/support/signed-plan';
import { pdfLayoutText } from '#tests/support/pdf-text';

// A creditor's counter-offer raises the amount drawn each month above what the borrower's letter allows; the
// borrower confirms it on My plan and gets a copy of the new authorization: the addendum (stored, listed on
// My plan, downloadable by them only) and the email carrying it, every figure the plan's terms'.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
});
afterAll(async () => t?.close());

const REAUTHORIZE = '/api/customer-portal/plan/reauthorize';
const creditorAccount = {
  isAch: false,
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  memo: '',
};
const accept = (offerId: string) =>
  staff.client.post(`/api/staff/offers/${offerId}/status`, {
    version: 0,
    status: 'accepted',
    creditorAccount,
  });

/** A signed plan whose first creditor countered with $20 more a month than the plan proposed. */
async function counteredPlan(lastName: string) {
  const a = await signedPlanIn(t, lastName);
  const [countered, ...rest] = a.offers;
  for (const x of rest) expect((await accept(x.id)).statusCode).toBe(200);
  const proposed = (await loadPlanTerms(t.db, a.applicationId)).terms.creditors.find(
    (c) => c.id === countered!.id,
  )!;
  const res = await staff.client.post(`/api/staff/offers/${countered!.id}/status`, {
    version: 0,
    status: 'counterOffer',
    counterPayment: proposed.payment + 2_000,
    counterApr: proposed.proposedAprBp,
    creditorAccount,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...a, countered: proposed };
}

/** The PDF's text with its lines joined, as a reader of it gets the sentences. */
const pdfText = (pdf: Uint8Array) => pdfLayoutText(pdf).join('\n').replace(/\s+/g, ' ');

describe('the borrower confirms a higher amount', () => {
  it('the why box names the counter-offer; the confirmation stores the addendum, emails it, and lists it on My plan, every figure the terms’', async () => {
    const a = await counteredPlan('Addendum');
    const { terms, authorization } = await loadPlanTerms(t.db, a.applicationId);
    expect(terms.monthlyDraft).toBeGreaterThan(a.authorized);

    // Before confirming: the reason is the creditor's answer; the tiles' plan is the authorized one.
    let plan = (await a.client.get('/api/customer-portal/plan')).json();
    expect(plan.change).toMatchObject({
      needsConfirmation: true,
      authorizedMonthlyDraft: a.authorized,
      raisedBy: [a.countered.creditorName],
      authorizedTermInMonths: authorization!.termInMonths,
    });
    expect(plan.change.authorizedLastDraftDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(plan.addenda).toEqual([]);
    const appliesFrom = plan.change.appliesFrom as string;
    expect(appliesFrom).toBe(changeAppliesFrom(terms, t.today()));

    const confirmed = await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    plan = confirmed.json();
    expect(plan.addenda).toEqual([
      {
        id: expect.any(String),
        confirmedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        monthlyDraft: terms.monthlyDraft,
      },
    ]);
    const [listed] = plan.addenda as { id: string; confirmedOn: string }[];

    // Stored with the confirmation, sealed as the signed letter is.
    const [row] = await t.db.select().from(planAuthorization).where(eq(planAuthorization.id, listed!.id));
    expect(row).toMatchObject({ kind: 'reauthorization', monthlyDraftAmount: terms.monthlyDraft });
    expect(row!.addendumDocument).toMatch(/^v\d+\./);
    const stored = openSignedLetter(t.cipher, row!.addendumDocument!);

    // The email to the borrower, its copy attached.
    const emails = (await t.emailsTo(a.email)).filter((e) => e.kind === 'authorization-addendum');
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.subject).toBe(`Your new authorization: ${formatUsd(terms.monthlyDraft)} a month`);
    expect(email.text).toContain(
      `you confirmed on My plan that Harbor Light Credit Counseling may draw ${formatUsd(terms.monthlyDraft)} each ` +
        `month instead of the ${formatUsd(a.authorized)} you had authorized, from your draft on ${formatLetterDate(appliesFrom)}.`,
    );
    expect(email.text).toContain(
      'Your copy of this new authorization, an addendum to your Letter of Authorization, is attached.',
    );
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]).toMatchObject({
      filename: 'Addendum to Letter of Authorization.pdf',
      contentType: 'application/pdf',
    });
    const attached = Buffer.from(email.attachments[0]!.content, 'base64');
    expect(attached.equals(stored)).toBe(true);

    // The download: the borrower's own copy, the same bytes.
    const download = await a.client.get(`/api/customer-portal/addenda/${listed!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(stored)).toBe(true);

    // One figure, one source: the page, the email and the PDF state what the terms' figures say.
    const figures = authorizationAddendumFigures(terms, {
      authorizedMonthlyDraft: a.authorized,
      appliesFrom,
    });
    expect(plan.terms.monthlyDraft).toBe(figures.monthlyDraft);
    expect(plan.reauthorization.monthlyDraft).toBe(figures.monthlyDraft);
    expect(plan.reauthorization.appliesFrom).toBe(figures.appliesFrom);
    expect(plan.addenda[0].monthlyDraft).toBe(figures.monthlyDraft);
    const text = pdfText(stored);
    expect(text).toContain(
      `Monthly draft authorized until now: ${formatUsd(figures.previousMonthlyDraft)}. New monthly draft: ` +
        `${formatUsd(figures.monthlyDraft)}, from the draft on ${formatLetterDate(figures.appliesFrom!)};`,
    );
    expect(text).toContain(`${figures.termInMonths} monthly drafts in all`);
    expect(text).toContain(
      `${a.countered.creditorName}’s counter-offer raised the amount the plan needs each month.`,
    );
    expect(text).toContain(
      'confirmed electronically by Pat Addendum in Harbor Light Credit Counseling’s customer portal',
    );
    expect(email.text).toContain(formatUsd(figures.monthlyDraft));
    expect(email.text).toContain(formatUsd(figures.previousMonthlyDraft));
  });

  it('serves an addendum to its own borrower only: another borrower’s id is not found, a malformed one is refused', async () => {
    const a = await counteredPlan('Owner');
    const { terms } = await loadPlanTerms(t.db, a.applicationId);
    const plan = (
      await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true })
    ).json();
    const id = plan.addenda[0].id as string;
    const other = await signedPlanIn(t, 'Stranger');
    expect((await other.client.get(`/api/customer-portal/addenda/${id}`)).statusCode).toBe(404);
    // An id of another kind of authorization of their own (the letter) holds no addendum.
    const [letter] = await t.db
      .select({ id: planAuthorization.id })
      .from(planAuthorization)
      .where(eq(planAuthorization.applicationId, a.applicationId));
    expect((await a.client.get(`/api/customer-portal/addenda/${letter!.id}`)).statusCode).toBe(404);
    for (const bad of ['not-a-uuid', '%00', `${id}'--`]) {
      const res = await a.client.get(`/api/customer-portal/addenda/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await a.client.get(`/api/customer-portal/addenda/${id}`)).statusCode).toBe(200);
  });

  it('writes the addendum and its email in Spanish for a Spanish-speaking borrower', async () => {
    const a = await counteredPlan('Espanol');
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'es' })
      .where(eq(borrower.applicationId, a.applicationId));
    const { terms } = await loadPlanTerms(t.db, a.applicationId);
    const plan = (
      await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true })
    ).json();
    const [email] = (await t.emailsTo(a.email)).filter((e) => e.kind === 'authorization-addendum');
    expect(email!.subject).toBe(`Su nueva autorización: ${formatUsd(terms.monthlyDraft)} al mes`);
    expect(email!.attachments[0]!.filename).toBe('Anexo a la carta de autorización.pdf');
    const text = pdfText(Buffer.from(email!.attachments[0]!.content, 'base64'));
    expect(text).toContain('Anexo a la carta de autorización');
    expect(text).toContain(`Nuevo cargo mensual: ${formatUsd(terms.monthlyDraft)}`);
    expect(text).toContain(`Motivo: la contraoferta de ${a.countered.creditorName} subió`);
    expect(plan.addenda).toHaveLength(1);
  });
});
