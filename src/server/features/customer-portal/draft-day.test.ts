import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeDraftDay, DRAFT_DAY_REFUSALS } from '#domain/enrollment/draft-day-change';
import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { draftDateAt, nextDraftOnOrAfter } from '#domain/enrollment/plan-terms';
import type { CustomerSettingsView } from '#domain/enrollment/settings';
import { loadPlanTerms } from '#server/application/plan-terms';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { put } from '#tests/support/borrower-flow';
import { signedPlanIn } from '#tests/support/signed-plan';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { DRAFT_DAY_PREVIEW_STALE_MESSAGE } from './settings';

// Settings: the borrower moves the monthly draft to another day. The change starts with the first draft at least
// 10 days away on both days; Settings, My plan, the agency's record and the email all state the same dates.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
});
afterAll(async () => t?.close());

const DRAFT_DAY = '/api/customer-portal/settings/draft-day';
const today = () => t.today();
const creditor = {
  isAch: false,
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  memo: '',
};

const settingsOf = async (client: Awaited<ReturnType<typeof signedPlanIn>>['client']) => {
  const res = await client.get('/api/customer-portal/settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerSettingsView;
};
/** A day other than the plan's, a few days after it, as a borrower paid later in the month would pick. */
const anotherDay = (day: number) => ((day + 6) % 28) + 1;

describe('PUT /api/customer-portal/settings/draft-day', () => {
  it('moves the drafts from the first one announced 10 days ahead, on every surface, and tells each signer', async () => {
    const spouse = `sam.${Date.now()}@example.com`;
    const a = await signedPlanIn(t, 'Draftday', { spouse });
    // Every creditor accepts: the plan is handed to the agency with its first draft.
    for (const offer of a.offers) {
      const res = await staff.client.post(`/api/staff/offers/${offer.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: creditor,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [handed] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, a.applicationId));
    expect(handed!.firstPaymentDate).toBe(a.firstDraftDate);

    const before = (await settingsOf(a.client)).drafts!;
    expect(before).toEqual({
      draftDay: 15,
      nextDraftDate: a.firstDraftDate,
      monthlyDraft: a.authorized,
      amountChange: null,
      upcomingChange: null,
      schedule: { firstDraftDate: a.firstDraftDate, termInMonths: expect.any(Number), draftDayChanges: [] },
      today: today(),
    });

    const day = 3;
    const expected = changeDraftDay(before.schedule, day, before.today);
    if ('refused' in expected) throw new Error(expected.refused);
    const res = await put(a.client, DRAFT_DAY, {
      draftDay: day,
      firstDraftOnNewDay: expected.firstDraftOnNewDay,
      agreed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as CustomerSettingsView).drafts!;
    expect(after.schedule.draftDayChanges).toEqual(expected.draftDayChanges);
    expect(after.monthlyDraft).toBe(a.authorized);
    // Settings after a reload says the same.
    expect((await settingsOf(a.client)).drafts).toEqual(after);

    // My plan, the plan's terms and the agency's record state the same schedule.
    const { terms } = await loadPlanTerms(t.db, a.applicationId, { today: today() });
    expect(terms.draftDayChanges).toEqual(expected.draftDayChanges);
    expect(terms.draftDay).toBe(day);
    const plan = (await a.client.get('/api/customer-portal/plan')).json();
    expect(plan.nextDraftDate).toBe(nextDraftOnOrAfter(terms, today()));
    expect(plan.nextDraftDate).toBe(after.nextDraftDate);
    expect(plan.terms.lastDraftDate).toBe(
      draftDateAt(
        { firstDraftDate: a.firstDraftDate, draftDayChanges: expected.draftDayChanges },
        terms.termInMonths - 1,
      ),
    );
    expect(plan.terms.lastDraftDate.slice(8)).toBe('03');
    const [record] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, a.applicationId));
    expect(record!.draftDayChanges).toEqual(expected.draftDayChanges);
    expect(record!.firstPaymentDate).toBe(terms.firstDraftDate);
    expect(record!.monthlyPaymentAmount).toBe(handed!.monthlyPaymentAmount);
    // The agency's CRM already has the plan: it hears of the new day (after the transfer it was told of).
    const events = t.webhookEventsQueued
      .filter((e) => e.applicationId === a.applicationId)
      .map((e) => e.type);
    expect(events).toEqual([undefined, 'enrollment.updated']);

    // The authorization keeps the authorized amount and says from which draft the new day applies.
    const [newest] = await t.db
      .select()
      .from(planAuthorization)
      .where(eq(planAuthorization.applicationId, a.applicationId))
      .orderBy(desc(planAuthorization.createdAt))
      .limit(1);
    expect(newest).toMatchObject({
      kind: 'draftDayChange',
      draftDay: day,
      firstDraftDate: a.firstDraftDate,
      monthlyDraftAmount: a.authorized,
      appliesFrom: expected.firstDraftOnNewDay,
      draftDayChanges: expected.draftDayChanges,
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, newest!.id));
    expect(audit).toMatchObject({ action: 'draftDayChanged', applicationId: a.applicationId });

    // Each signer hears of it, with the same dates.
    for (const to of [a.email, spouse]) {
      const emails = (await t.emailsTo(to)).filter((e) => e.kind === 'draft-day-changed');
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe('Your plan’s draft day has changed');
      expect(emails[0]!.text).toContain(
        `your monthly draft of ${formatUsd(a.authorized)} for your debt management plan moves to the 3rd of each month, starting with your draft on ${formatLetterDate(expected.firstDraftOnNewDay)}.`,
      );
    }

    // Moving back to the 15th before the change started undoes it.
    const back = changeDraftDay(after.schedule, 15, after.today);
    if ('refused' in back) throw new Error(back.refused);
    const undone = await put(a.client, DRAFT_DAY, {
      draftDay: 15,
      firstDraftOnNewDay: back.firstDraftOnNewDay,
      agreed: true,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as CustomerSettingsView).drafts!.schedule.draftDayChanges).toEqual(
      back.draftDayChanges,
    );
  });

  it('keeps drawing the authorized amount while a higher one waits for confirmation', async () => {
    const a = await signedPlanIn(t, 'Draftdayhigher', { authorizedDelta: -5_000 });
    const drafts = (await settingsOf(a.client)).drafts!;
    expect(drafts.monthlyDraft).toBe(a.authorized);
    const change = changeDraftDay(drafts.schedule, anotherDay(15), drafts.today);
    if ('refused' in change) throw new Error(change.refused);
    const res = await put(a.client, DRAFT_DAY, {
      draftDay: change.draftDay,
      firstDraftOnNewDay: change.firstDraftOnNewDay,
      agreed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const newest = await t.db.query.planAuthorization.findFirst({
      where: eq(planAuthorization.applicationId, a.applicationId),
      orderBy: [desc(planAuthorization.createdAt)],
    });
    expect(newest).toMatchObject({ kind: 'draftDayChange', monthlyDraftAmount: a.authorized });
    // The higher amount still waits for the borrower: My plan still asks for the confirmation.
    expect((await a.client.get('/api/customer-portal/plan')).json().change).toMatchObject({
      needsConfirmation: true,
    });
  });

  it('answers 409 with the reason when the day is the same or the page is out of date, and changes nothing', async () => {
    const a = await signedPlanIn(t, 'Draftdayconflict');
    const drafts = (await settingsOf(a.client)).drafts!;
    const same = await put(a.client, DRAFT_DAY, {
      draftDay: 15,
      firstDraftOnNewDay: drafts.nextDraftDate,
      agreed: true,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(DRAFT_DAY_REFUSALS.sameDay);
    const change = changeDraftDay(drafts.schedule, 20, drafts.today);
    if ('refused' in change) throw new Error(change.refused);
    const stale = await put(a.client, DRAFT_DAY, {
      draftDay: 20,
      firstDraftOnNewDay: draftDateAt({ firstDraftDate: change.firstDraftOnNewDay }, 1),
      agreed: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(DRAFT_DAY_PREVIEW_STALE_MESSAGE);
    expect((await settingsOf(a.client)).drafts).toEqual(drafts);
  });

  it('answers a borrower reading Spanish with each refusal’s id beside its Spanish text', async () => {
    const a = await signedPlanIn(t, 'Draftdayspanish');
    const drafts = (await settingsOf(a.client)).drafts!;
    a.client.jar.set('lang', 'es');
    const same = await put(a.client, DRAFT_DAY, {
      draftDay: 15,
      firstDraftOnNewDay: drafts.nextDraftDate,
      agreed: true,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      messageId: 'portal.draftDay.sameDay',
      message: 'Sus cargos ya se hacen ese día.',
    });
    const change = changeDraftDay(drafts.schedule, 20, drafts.today);
    if ('refused' in change) throw new Error(change.refused);
    const stale = await put(a.client, DRAFT_DAY, {
      draftDay: 20,
      firstDraftOnNewDay: draftDateAt({ firstDraftDate: change.firstDraftOnNewDay }, 1),
      agreed: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      messageId: 'portal.server.previewStale',
      message:
        'La fecha de su primer cargo en el nuevo día cambió desde que abrió esta página. Por favor, revísela y vuelva a guardar.',
    });
    // The form's own rules too: a day that is not one, the box left unticked.
    const notADay = await put(a.client, DRAFT_DAY, { draftDay: 29, firstDraftOnNewDay: '2030-01-29' });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().fieldMessages).toEqual({
      draftDay: { messageId: 'portal.draftDay.notADraftDay' },
      agreed: { messageId: 'validation.agreeToNewDay' },
    });
    expect(notADay.json().fieldErrors).toEqual({
      draftDay: 'Elija un día del 1 al 28.',
      agreed: 'Marque la casilla para autorizar los cargos en el nuevo día.',
    });
  });

  it.each([
    [
      { draftDay: 29, firstDraftOnNewDay: '2030-01-29', agreed: true },
      'Choose a day from the 1st to the 28th.',
    ],
    [
      { draftDay: 0, firstDraftOnNewDay: '2030-01-01', agreed: true },
      'Choose a day from the 1st to the 28th.',
    ],
    [
      { draftDay: 4.5, firstDraftOnNewDay: '2030-01-04', agreed: true },
      'Choose a day from the 1st to the 28th.',
    ],
    [
      { draftDay: '5', firstDraftOnNewDay: '2030-01-05', agreed: true },
      'Choose a day from the 1st to the 28th.',
    ],
    [
      { draftDay: 1e308, firstDraftOnNewDay: '2030-01-05', agreed: true },
      'Choose a day from the 1st to the 28th.',
    ],
    [{ draftDay: 5, firstDraftOnNewDay: '2030-02-31', agreed: true }, null],
    [{ draftDay: 5, firstDraftOnNewDay: '\u0000', agreed: true }, null],
    [
      { draftDay: 5, firstDraftOnNewDay: '2030-01-05', agreed: false },
      'Check the box to authorize drafts on the new day.',
    ],
    [{ draftDay: 5, firstDraftOnNewDay: '2030-01-05' }, 'Check the box to authorize drafts on the new day.'],
    [{ draftDay: 5, firstDraftOnNewDay: '2030-01-05', agreed: true, applicationId: 'x' }, null],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const a = await signedPlanIn(t, 'Draftdaybad');
    const res = await put(a.client, DRAFT_DAY, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.body).toContain(message);
    const kinds = await t.db
      .select({ kind: planAuthorization.kind })
      .from(planAuthorization)
      .where(eq(planAuthorization.applicationId, a.applicationId));
    expect(kinds).toEqual([{ kind: 'letter' }]);
  });

  it('sends a borrower who has not signed yet where the application stands, and changes only their own plan', async () => {
    const unsigned = await applicationIn(t, 'acceptOffer', 'Draftdayunsigned');
    const res = await put(unsigned.client, DRAFT_DAY, {
      draftDay: 5,
      firstDraftOnNewDay: '2030-01-05',
      agreed: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().redirect).toBeTruthy();

    const mine = await signedPlanIn(t, 'Draftdaymine');
    const theirs = await signedPlanIn(t, 'Draftdaytheirs');
    const drafts = (await settingsOf(mine.client)).drafts!;
    const change = changeDraftDay(drafts.schedule, 2, drafts.today);
    if ('refused' in change) throw new Error(change.refused);
    expect(
      (
        await put(mine.client, DRAFT_DAY, {
          draftDay: 2,
          firstDraftOnNewDay: change.firstDraftOnNewDay,
          agreed: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await settingsOf(theirs.client)).drafts!.schedule.draftDayChanges).toEqual([]);
  });
});
