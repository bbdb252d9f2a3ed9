import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationStatusChange } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { applicationRow } from '#tests/support/borrower-flow';
import {
  QUALITY_CONTROL_FAIL_NEEDS_A_REASON,
  QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM,
  QUALITY_CONTROL_REASON_WAS_VERIFIED,
} from '#domain/validation/staff';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import { QUALITY_CONTROL_NOT_OPEN_MESSAGE } from './quality-control';
import { applicationIn, EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';

// Quality control while counselorReview: a checklist, each item recorded, a pass only with every item checked.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
});
afterAll(async () => {
  await t.close();
});

const qualityControl = (id: string, body: unknown) =>
  staff.client.post(`/api/staff/applications/${id}/quality-control`, body);

const staffReasons = async (applicationId: string) =>
  (
    await t.db
      .select({ reason: disqualificationReason.reason, decisionId: disqualificationReason.decisionId })
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, applicationId))
  )
    .filter((r) => r.decisionId === null)
    .map((r) => r.reason);

describe('POST /api/staff/applications/:id/quality-control', () => {
  it('passes: hasPassedQualityControl true, creditorReview, a status change and an audit record', async () => {
    const a = await applicationIn(t, 'counselorReview');
    const before = await applicationRow(t, a.applicationId);
    const res = await qualityControl(a.applicationId, { passed: true, checklist: EVERY_ITEM_CHECKED });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.applicationId,
      status: 'creditorReview',
      hasPassedQualityControl: true,
    });
    const after = await applicationRow(t, a.applicationId);
    expect(after).toMatchObject({
      status: 'creditorReview',
      hasPassedQualityControl: true,
      qualityControlChecklist: ['consumerIdentity', 'income', 'expenses', 'proposedBudget'],
    });
    expect(after.version).toBeGreaterThan(before.version);
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, a.applicationId));
    expect(changes.at(-1)).toMatchObject({
      from: 'counselorReview',
      to: 'creditorReview',
      changedBy: staff.userId,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'qualityControl')));
    expect(audit).toMatchObject([
      {
        actorId: staff.userId,
        before: { status: 'counselorReview', hasPassedQualityControl: null, checklist: null },
        after: {
          status: 'creditorReview',
          hasPassedQualityControl: true,
          checklist: EVERY_ITEM_CHECKED,
          reasons: [],
        },
      },
    ]);
    expect(await staffReasons(a.applicationId)).toEqual([]);
  });

  it('fails: disqualified with the items named as failed as reasons, each item recorded and audited', async () => {
    const a = await applicationIn(t, 'counselorReview');
    // Expenses is left unchecked but not named: it is not a reason.
    const checklist = { ...EVERY_ITEM_CHECKED, income: false, expenses: false, proposedBudget: false };
    const failedItems = ['proposedBudget', 'income'];
    const res = await qualityControl(a.applicationId, { passed: false, checklist, failedItems });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disqualified', hasPassedQualityControl: false });
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'disqualified',
      hasPassedQualityControl: false,
      lastViewedPage: 'NotQualified',
      qualityControlChecklist: ['consumerIdentity'],
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'qualityControl')));
    expect(audit?.after).toMatchObject({
      checklist,
      failedItems: ['income', 'proposedBudget'],
      reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'],
      borrowerEmailed: true,
    });
    expect(audit?.before).toMatchObject({ status: 'counselorReview', lastViewedPage: 'Submitted' });
    // The borrower is emailed what their page says: a counsellor could not confirm the application (not the
    // credit bureau's silence, which the four reasons used to read as).
    const [email] = (await t.emailsTo(a.email)).filter((e) => e.kind === 'not-qualified');
    expect(email?.text).toContain(OUTCOME_TEXTS.qualityControlFailed.why);
    expect(t.queued).toContain(email?.id);
    expect((await staffReasons(a.applicationId)).sort()).toEqual([
      'couldNotVerifyIncome',
      'proposedBudgetWasUnrealistic',
    ]);
  });

  const twoUnchecked = { ...EVERY_ITEM_CHECKED, income: false, expenses: false };
  const NOTHING_CHECKED = { consumerIdentity: false, income: false, expenses: false, proposedBudget: false };
  it.each([
    [{ checklist: EVERY_ITEM_CHECKED }, { passed: MESSAGES.qualityControlChoice }],
    [{ passed: true }, { checklist: 'Checklist is required' }],
    [{ passed: true, checklist: twoUnchecked }, { checklist: QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM }],
    // Failed with the checklist untouched and no item named: refused, not recorded with every reason.
    [{ passed: false, checklist: NOTHING_CHECKED }, { failedItems: QUALITY_CONTROL_FAIL_NEEDS_A_REASON }],
    [
      { passed: false, checklist: NOTHING_CHECKED, failedItems: [] },
      { failedItems: 'Please select at least one disqualification reason' },
    ],
    [
      { passed: false, checklist: EVERY_ITEM_CHECKED, failedItems: ['income'] },
      { failedItems: QUALITY_CONTROL_REASON_WAS_VERIFIED },
    ],
    [
      { passed: false, checklist: NOTHING_CHECKED, failedItems: 'income' },
      { failedItems: 'Disqualification reasons is invalid' },
    ],
    // An item left out is not an unchecked one: every item is answered.
    [{ passed: true, checklist: { income: true } }, { 'checklist.consumerIdentity': 'Checklist is invalid' }],
    // Hostile input: strings for booleans, unknown items, a reason list (the reasons are the unchecked items).
    [{ passed: 'yes', checklist: EVERY_ITEM_CHECKED }, { passed: MESSAGES.qualityControlChoice }],
    [
      { passed: true, checklist: { ...EVERY_ITEM_CHECKED, pets: true } },
      { checklist: 'Checklist is invalid' },
    ],
    [
      { passed: false, checklist: twoUnchecked, reasons: ['couldNotVerifyIncome'] },
      { reasons: 'Unrecognized key: "reasons"' },
    ],
    [{ passed: true, checklist: 'all of it' }, { checklist: 'Checklist is invalid' }],
  ])('refuses %j with 400 and the field message, changing nothing', async (body, fieldErrors) => {
    const a = await applicationIn(t, 'counselorReview');
    const res = await qualityControl(a.applicationId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject(fieldErrors);
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'counselorReview',
      hasPassedQualityControl: null,
      qualityControlChecklist: null,
    });
    expect(await staffReasons(a.applicationId)).toEqual([]);
  });

  it.each(['acceptOffer', 'creditorReview', 'disqualified'] as const)(
    'answers 409 when the application is %s',
    async (status) => {
      const a = await applicationIn(t, status);
      const res = await qualityControl(a.applicationId, { passed: true, checklist: EVERY_ITEM_CHECKED });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(QUALITY_CONTROL_NOT_OPEN_MESSAGE);
      expect((await applicationRow(t, a.applicationId)).status).toBe(status);
    },
  );

  it('answers 404 for an unknown application and 400 for an id that is not one', async () => {
    const pass = { passed: true, checklist: EVERY_ITEM_CHECKED };
    expect((await qualityControl('00000000-0000-4000-8000-000000000000', pass)).statusCode).toBe(404);
    expect((await qualityControl('not-an-id', pass)).statusCode).toBe(400);
  });
});
