import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { changeAppliesFrom } from '#domain/enrollment/plan-change';
import { formatDollars } from '#domain/money/cents';
import { budgetRoomOf, planFitOf } from '#server/application/plan-fit';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { loadPlanTerms } from '#server/application/plan-terms';
import { dmpEnrollment, planAuthorization, planChangeNotice } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { signedPlanIn } from '#tests/support/signed-plan';
import { NOTHING_TO_CONFIRM_MESSAGE, TERMS_CHANGED_MESSAGE } from './reauthorize';

// When a creditor's answer changes the plan the borrower already authorized: the email (read back from the
// outbox), My plan, the plan handed to the agency, and the borrower's confirmation of a higher amount.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
});
afterAll(async () => t?.close());

const REAUTHORIZE = '/api/customer-portal/plan/reauthorize';
const today = () => t.today();
const creditor = {
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
    creditorAccount: creditor,
  });
const decline = (offerId: string) =>
  staff.client.post(`/api/staff/offers/${offerId}/status`, {
    version: 0,
    status: 'declined',
    reasons: ['termTooLong'],
  });

const signedPlan = (lastName: string, o: { authorizedDelta?: number; spouse?: string } = {}) =>
  signedPlanIn(t, lastName, o);

const changeEmails = async (to: string) =>
  (await t.emailsTo(to)).filter((email) => email.kind === 'plan-changed');
const notices = (applicationId: string) =>
  t.db.select().from(planChangeNotice).where(eq(planChangeNotice.applicationId, applicationId));
const termsNow = async (applicationId: string) => (await loadPlanTerms(t.db, applicationId)).terms;

describe('a creditor declines after the letter is signed', () => {
  it('emails each signer once every creditor has answered: the creditor to pay directly, the new amount and the draft it applies from', async () => {
    const spouse = `sam.${Date.now()}@example.com`;
    const a = await signedPlan('Declined', { spouse });
    const [gone, ...rest] = a.offers;
    expect(rest.length).toBeGreaterThan(0);
    const res = await decline(gone!.id);
    expect(res.statusCode, res.body).toBe(200);
    // Another creditor has still to answer: nothing is said yet, so no email carries an amount about to change.
    expect(await changeEmails(a.email)).toEqual([]);
    expect(await notices(a.applicationId)).toEqual([]);
    for (const x of rest) expect((await accept(x.id)).statusCode).toBe(200);

    const terms = await termsNow(a.applicationId);
    expect(terms.monthlyDraft).toBeLessThan(a.authorized);
    const direct = terms.payDirectly.find((c) => c.id === gone!.id)!;
    const appliesFrom = changeAppliesFrom(terms, today())!;
    const emails = await changeEmails(a.email);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({
      subject: 'Your debt management plan has changed',
      links: [{ label: 'See your plan', url: expect.stringMatching(/\/customer-portal\/plan$/) }],
    });
    expect(email!.text).toContain(`Hi Pat Declined, your plan has changed since you authorized it.`);
    expect(email!.text).toContain(
      `${direct.creditorName} declined the plan, so it is not on it. Please keep paying it yourself, as you do ` +
        `today: about ${formatDollars(direct.currentPayment)} a month.`,
    );
    for (const c of terms.creditors) {
      expect(email!.text).toContain(
        `${c.creditorName} accepted the plan as proposed: it receives ${formatUsd(c.payment)} a month.`,
      );
    }
    expect(email!.text).toContain(
      `The amount drawn each month for your plan changes from ${formatUsd(a.authorized)} to ` +
        `${formatUsd(terms.monthlyDraft)}, from your draft on ${formatLetterDate(appliesFrom)}.`,
    );
    // The first draft is the one the change applies from: no earlier draft "stays" at the old amount.
    expect(appliesFrom).toBe(a.firstDraftDate);
    expect(email!.text).not.toContain('before then');
    // The spouse signed the letter too: they hear of it as they received the signed copy.
    expect(await changeEmails(spouse)).toHaveLength(1);

    // My plan says the same: the authorized amount, the new one (the terms) and the same first draft.
    const plan = (await a.client.get('/api/customer-portal/plan')).json();
    expect(plan.terms.monthlyDraft).toBe(terms.monthlyDraft);
    expect(plan.change).toEqual({
      authorizedMonthlyDraft: a.authorized,
      appliesFrom,
      needsConfirmation: false,
      // No creditor countered with more: nothing to name as the reason.
      raisedBy: [],
      authorizedTermInMonths: expect.any(Number),
      authorizedLastDraftDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    expect(await notices(a.applicationId)).toEqual([
      expect.objectContaining({
        authorizedMonthlyDraftAmount: a.authorized,
        monthlyDraftAmount: terms.monthlyDraft,
        appliesFrom,
        needsConfirmation: false,
      }),
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'planChangeAnnounced')));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: staff.userId,
        before: { monthlyDraft: a.authorized },
        after: expect.objectContaining({
          monthlyDraft: terms.monthlyDraft,
          appliesFrom,
          needsConfirmation: false,
          payDirectly: [gone!.id],
          termInMonths: terms.termInMonths,
        }),
      }),
    ]);
    // A lower amount needs no confirmation.
    expect(
      (await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true })).json(),
    ).toMatchObject({
      message: NOTHING_TO_CONFIRM_MESSAGE,
    });
  });

  it('one email for a counter-offer and a decline recorded seconds apart; a creditor the agency could not reach is not said to decline', async () => {
    const a = await signedPlan('Countered');
    const [countered, unreached, ...rest] = a.offers;
    expect(unreached).toBeDefined();
    for (const x of rest) expect((await accept(x.id)).statusCode).toBe(200);
    const before = await termsNow(a.applicationId);
    const proposed = before.creditors.find((c) => c.id === countered!.id)!;
    const counter = await staff.client.post(`/api/staff/offers/${countered!.id}/status`, {
      version: 0,
      status: 'counterOffer',
      counterPayment: proposed.payment + 2_000,
      counterApr: 990,
      creditorAccount: creditor,
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(await changeEmails(a.email)).toEqual([]);
    // A tight budget: it leaves $100 less than the draft the borrower signed for.
    const plan = await loadPlanTerms(t.db, a.applicationId);
    const room = (await budgetRoomOf(t.db, a.applicationId, plan.decision))!;
    await t.db
      .update(decision)
      .set({ currentIncome: a.authorized - 10_000 + room.expenses + room.otherDebtPayments })
      .where(eq(decision.id, plan.decision!.id));
    const notReached = await staff.client.post(`/api/staff/offers/${unreached!.id}/status`, {
      version: 0,
      status: 'declined',
      reasons: ['unableToContactTheLender'],
    });
    expect(notReached.statusCode, notReached.body).toBe(200);

    const terms = await termsNow(a.applicationId);
    const emails = await changeEmails(a.email);
    expect(emails).toHaveLength(1);
    const text = emails[0]!.text;
    const now = terms.creditors.find((c) => c.id === countered!.id)!;
    expect(text).toContain(
      `${now.creditorName} made a counter-offer: it accepts ${formatUsd(now.payment)} a month at 9.90% APR, ` +
        `instead of the ${formatUsd(proposed.payment)} a month at ` +
        `${(proposed.proposedAprBp / 100).toFixed(2)}% APR we proposed.`,
    );
    const direct = terms.payDirectly.find((c) => c.id === unreached!.id)!;
    expect(text).toContain(`We could not reach ${direct.creditorName} to agree the plan`);
    expect(text).not.toContain(`${direct.creditorName} declined`);
    // The counsellor sees the budget check re-run on the plan as it now stands, the figures the email used.
    const fit = await planFitOf(t.db, await loadPlanTerms(t.db, a.applicationId), a.applicationId);
    const summary = (await staff.client.get(`/api/staff/applications/${a.applicationId}`)).json();
    expect(summary.decision.decision.budgetFit).toEqual(fit);
    // The same figure is stored for the counsellors' queue, which flags and filters the plan.
    const [row] = await t.db
      .select({ planFitLeft: application.planFitLeft })
      .from(application)
      .where(eq(application.id, a.applicationId));
    expect(row!.planFitLeft).toBe(fit!.left);
    const listed = (
      await staff.client.get(`/api/staff/queue?searchValue=Countered&planNoLongerFits=true`)
    ).json();
    expect(listed.tiles.map((x: { applicationId: string }) => x.applicationId)).toContain(a.applicationId);
    expect(fit!.payDirectly).toBe(direct.currentPayment);
    expect(fit!.monthlyDraft).toBe(terms.monthlyDraft);
    expect(fit!.fits).toBe(false);
    expect(text).toContain(
      `Your plan’s draft of ${formatUsd(fit!.monthlyDraft)} and the ${formatUsd(fit!.payDirectly)} a month you ` +
        `keep paying creditors yourself come to ${formatUsd(fit!.monthlyTotal)} a month, ` +
        `${formatUsd(-fit!.left)} more than the ${formatUsd(fit!.room)} your budget leaves after your expenses.`,
    );
    if (terms.termInMonths !== before.termInMonths) {
      expect(text).toContain(
        `Your plan now takes ${terms.termInMonths} monthly drafts instead of the ${before.termInMonths} you authorized.`,
      );
    }
  });

  it('sends nothing while the answers leave the authorized plan as it is', async () => {
    const a = await signedPlan('Unchanged');
    for (const x of a.offers) expect((await accept(x.id)).statusCode).toBe(200);
    expect(await changeEmails(a.email)).toEqual([]);
    expect(await notices(a.applicationId)).toEqual([]);
    const plan = (await a.client.get('/api/customer-portal/plan')).json();
    expect(plan.change).toBeNull();
    expect(plan.enrollment).toMatchObject({
      monthlyPaymentAmount: a.authorized,
      pendingMonthlyPaymentAmount: null,
    });
  });
});

describe('the plan now needs more than the borrower authorized', () => {
  it('waits for the borrower: the email asks for a confirmation, the agency keeps the authorized draft, the portal confirms it', async () => {
    // The letter authorized $50 less than the terms now need (as after a creditor's counter-offer).
    const a = await signedPlan('Higher', { authorizedDelta: -5_000 });
    const [first, ...rest] = a.offers;
    expect((await accept(first!.id)).statusCode).toBe(200);
    expect(await changeEmails(a.email)).toEqual([]);
    // The last answer hands the plan over: the authorized amount is what the agency draws; the higher one waits.
    for (const x of rest) expect((await accept(x.id)).statusCode).toBe(200);
    const terms = await termsNow(a.applicationId);
    const appliesFrom = changeAppliesFrom(terms, today())!;

    const [email] = await changeEmails(a.email);
    expect(email).toMatchObject({
      subject: 'Please confirm your new plan payment',
      links: [
        {
          label: 'Confirm the new amount on My plan',
          url: expect.stringMatching(/\/customer-portal\/plan$/),
        },
      ],
    });
    expect(email!.text).toContain(
      `The amount drawn each month for your plan is now ${formatUsd(terms.monthlyDraft)}, more than the ` +
        `${formatUsd(a.authorized)} you authorized. We will not draw the higher amount until you confirm the new ` +
        `terms on My plan; until then we keep drawing ${formatUsd(a.authorized)}.`,
    );
    expect(email!.text).toContain(
      `If you confirm now, ${formatUsd(terms.monthlyDraft)} is drawn from your draft on ${formatLetterDate(appliesFrom)}.`,
    );

    expect(await changeEmails(a.email)).toHaveLength(1);
    const enrollmentRow = async () =>
      (await t.db.select().from(dmpEnrollment).where(eq(dmpEnrollment.applicationId, a.applicationId)))[0];
    expect(await enrollmentRow()).toMatchObject({
      monthlyPaymentAmount: a.authorized,
      pendingMonthlyPaymentAmount: terms.monthlyDraft,
    });
    let plan = (await a.client.get('/api/customer-portal/plan')).json();
    expect(plan.change).toEqual({
      authorizedMonthlyDraft: a.authorized,
      appliesFrom,
      needsConfirmation: true,
      // No creditor countered with more: nothing to name as the reason.
      raisedBy: [],
      authorizedTermInMonths: expect.any(Number),
      authorizedLastDraftDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(plan.reauthorization).toBeNull();

    // Bad input is refused with the field's message, before anything is read.
    for (const body of [
      {},
      { monthlyDraft: terms.monthlyDraft },
      { monthlyDraft: terms.monthlyDraft, agreed: false },
      { monthlyDraft: 'lots\u0000', agreed: true },
      { monthlyDraft: 1e300, agreed: true },
      { monthlyDraft: -1, agreed: true },
      { monthlyDraft: 12.5, agreed: true },
      { monthlyDraft: terms.monthlyDraft, agreed: true, firstDraftDate: '2027-02-30' },
    ]) {
      const res = await a.client.post(REAUTHORIZE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unticked = await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: false });
    expect(unticked.json().fieldErrors).toEqual({
      agreed: 'Please tick the box to authorize the new amount',
    });

    // An amount the page showed before the terms moved on: 409, nothing recorded.
    const stale = await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft - 100, agreed: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(TERMS_CHANGED_MESSAGE);

    // Another borrower's confirmation never reaches this plan: they have nothing to confirm.
    const other = await signedPlan('Other');
    const theirs = await other.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(NOTHING_TO_CONFIRM_MESSAGE);
    // Read in Spanish, each refusal comes with its id, which the page words it by.
    a.client.jar.set('lang', 'es');
    expect(
      (await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft - 100, agreed: true })).json(),
    ).toMatchObject({
      messageId: 'portal.server.termsChanged',
      message:
        'Su plan volvió a cambiar desde que abrió esta página. Por favor, lea los nuevos términos antes de confirmar.',
    });
    expect(
      (await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: false })).json(),
    ).toMatchObject({
      fieldErrors: { agreed: 'Marque la casilla para autorizar el nuevo monto' },
      fieldMessages: { agreed: { messageId: 'validation.agreeToNewAmount' } },
    });
    a.client.jar.delete('lang');
    other.client.jar.set('lang', 'es');
    expect(
      (await other.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true })).json(),
    ).toMatchObject({
      messageId: 'portal.server.nothingToConfirm',
      message: 'Su plan no tiene ningún monto nuevo pendiente de su confirmación.',
    });
    const authorizations = () =>
      t.db.select().from(planAuthorization).where(eq(planAuthorization.applicationId, a.applicationId));
    expect((await authorizations()).map((x) => x.kind)).toEqual(['letter']);

    const confirmed = await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    plan = confirmed.json();
    expect(plan.change).toBeNull();
    expect(plan.reauthorization).toMatchObject({ monthlyDraft: terms.monthlyDraft, appliesFrom });
    expect(plan.terms).toMatchObject({ monthlyDraft: terms.monthlyDraft, firstDraftDate: a.firstDraftDate });
    expect(plan.enrollment).toMatchObject({
      monthlyPaymentAmount: terms.monthlyDraft,
      pendingMonthlyPaymentAmount: null,
    });
    // The schedule stays the letter's; only the amount changes, from the confirmed draft.
    expect((await authorizations()).find((x) => x.kind === 'reauthorization')).toMatchObject({
      draftDay: 15,
      firstDraftDate: a.firstDraftDate,
      monthlyDraftAmount: terms.monthlyDraft,
      termInMonths: terms.termInMonths,
      appliesFrom,
    });
    expect(await enrollmentRow()).toMatchObject({
      monthlyPaymentAmount: terms.monthlyDraft,
      pendingMonthlyPaymentAmount: null,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'planReauthorized')));
    expect(audit).toMatchObject({
      actorId: a.userId,
      before: { monthlyDraft: a.authorized },
      after: { monthlyDraft: terms.monthlyDraft, appliesFrom, dmpEnrollmentUpdated: true },
    });
    // The agency's CRM, told of the plan at its transfer, hears of the confirmed amount.
    const events = t.webhookEventsQueued
      .filter((e) => e.applicationId === a.applicationId)
      .map((e) => e.type);
    expect(events.at(-1)).toBe('enrollment.updated');
    expect(events.filter((e) => e === 'enrollment.updated')).toHaveLength(1);

    // Once confirmed, there is nothing left to confirm.
    const again = await a.client.post(REAUTHORIZE, { monthlyDraft: terms.monthlyDraft, agreed: true });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a borrower who has not signed the letter yet, sending them where their application stands', async () => {
    const a = await applicationIn(t, 'acceptOffer', 'Unsigned');
    const res = await a.client.post(REAUTHORIZE, { monthlyDraft: 10_000, agreed: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().redirect).toEqual(expect.any(String));
  });
});
