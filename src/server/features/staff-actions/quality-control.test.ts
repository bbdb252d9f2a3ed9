import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationStatusChange } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { applicationRow } from '#tests/support/borrower-flow';
import { QUALITY_CONTROL_NOT_OPEN_MESSAGE } from './quality-control';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

// Quality control while counselorReview.

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
    const res = await qualityControl(a.applicationId, { passed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.applicationId,
      status: 'creditorReview',
      hasPassedQualityControl: true,
    });
    const after = await applicationRow(t, a.applicationId);
    expect(after).toMatchObject({ status: 'creditorReview', hasPassedQualityControl: true });
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
        before: { status: 'counselorReview', hasPassedQualityControl: null },
        after: { status: 'creditorReview', hasPassedQualityControl: true, reasons: [] },
      },
    ]);
    expect(await staffReasons(a.applicationId)).toEqual([]);
  });

  it('fails: disqualified with the chosen reasons, hasPassedQualityControl false', async () => {
    const a = await applicationIn(t, 'counselorReview');
    const res = await qualityControl(a.applicationId, {
      passed: false,
      reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disqualified', hasPassedQualityControl: false });
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'disqualified',
      hasPassedQualityControl: false,
      lastViewedPage: 'NotQualified',
    });
    expect((await staffReasons(a.applicationId)).sort()).toEqual([
      'couldNotVerifyIncome',
      'proposedBudgetWasUnrealistic',
    ]);
  });

  it.each([
    [{}, { passed: MESSAGES.qualityControlChoice }],
    [{ reasons: ['couldNotVerifyIncome'] }, { passed: MESSAGES.qualityControlChoice }],
    [{ passed: false }, { reasons: MESSAGES.qualityControlReason }],
    [{ passed: false, reasons: [] }, { reasons: MESSAGES.qualityControlReason }],
  ])('refuses %j with 400 and the spec message, changing nothing', async (body, fieldErrors) => {
    const a = await applicationIn(t, 'counselorReview');
    const res = await qualityControl(a.applicationId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual(fieldErrors);
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'counselorReview',
      hasPassedQualityControl: null,
    });
  });

  it.each(['acceptOffer', 'creditorReview', 'disqualified'] as const)(
    'answers 409 when the application is %s',
    async (status) => {
      const a = await applicationIn(t, status);
      const res = await qualityControl(a.applicationId, { passed: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(QUALITY_CONTROL_NOT_OPEN_MESSAGE);
      expect((await applicationRow(t, a.applicationId)).status).toBe(status);
    },
  );

  it('answers 404 for an unknown application and 400 for an id that is not one', async () => {
    expect((await qualityControl('00000000-0000-4000-8000-000000000000', { passed: true })).statusCode).toBe(
      404,
    );
    expect((await qualityControl('not-an-id', { passed: true })).statusCode).toBe(400);
  });
});
