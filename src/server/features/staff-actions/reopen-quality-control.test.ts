import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { applicationRow } from '#tests/support/borrower-flow';
import { applicationIn, EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { REOPEN_NOT_FAILED_MESSAGE, REOPEN_SUPERVISORS_ONLY_MESSAGE } from './reopen-quality-control';

// A supervisor reopens a failed quality control: the application goes back to counsellor review as it was
// before the fail, audited, and the borrower who was emailed the fail is told it is being reviewed again.

let t: TestApp;
let counsellor: Awaited<ReturnType<typeof signedInStaff>>;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  counsellor = await signedInStaff(t, 'Casey Counsellor');
  supervisor = await signedInStaff(t, 'Sandy Supervisor', { supervisor: true });
});
afterAll(async () => {
  await t.close();
});

const FAIL = {
  passed: false,
  checklist: { ...EVERY_ITEM_CHECKED, income: false },
  failedItems: ['income'],
};
const reopen = (client: typeof supervisor.client, id: string) =>
  client.post(`/api/staff/applications/${id}/quality-control/reopen`);

async function failed() {
  const a = await applicationIn(t, 'counselorReview');
  const res = await counsellor.client.post(
    `/api/staff/applications/${a.applicationId}/quality-control`,
    FAIL,
  );
  expect(res.statusCode, res.body).toBe(200);
  return a;
}

const staffReasons = async (applicationId: string) =>
  (
    await t.db
      .select({ reason: disqualificationReason.reason })
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, applicationId))
  ).map((r) => r.reason);

describe('POST /api/staff/applications/:id/quality-control/reopen', () => {
  it('puts a failed review back as it was before the fail, audited, and tells the emailed borrower', async () => {
    const a = await failed();
    const res = await reopen(supervisor.client, a.applicationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: a.applicationId,
      status: 'counselorReview',
      hasPassedQualityControl: null,
      partnerCrmId: null,
    });
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'counselorReview',
      hasPassedQualityControl: null,
      qualityControlChecklist: null,
      lastViewedPage: 'Submitted',
      outcomeEmailedAt: null,
    });
    expect(await staffReasons(a.applicationId)).toEqual([]);
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, a.applicationId));
    expect(changes.at(-1)).toMatchObject({
      from: 'disqualified',
      to: 'counselorReview',
      changedBy: supervisor.userId,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'qualityControlReopened')));
    expect(audit).toMatchObject({
      actorId: supervisor.userId,
      before: {
        status: 'disqualified',
        hasPassedQualityControl: false,
        checklist: ['consumerIdentity', 'expenses', 'proposedBudget'],
        reasons: ['couldNotVerifyIncome'],
        lastViewedPage: 'NotQualified',
        borrowerEmailed: true,
      },
      after: { status: 'counselorReview', hasPassedQualityControl: null, borrowerEmailed: true },
    });
    const emails = await t.emailsTo(a.email);
    expect(emails.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['not-qualified', 'quality-control-reopened']),
    );
    const told = emails.find((e) => e.kind === 'quality-control-reopened')!;
    expect(told.subject).toBe('Your application is being reviewed again');
    expect(t.queued).toContain(told.id);

    // Staff can pass it now, or fail it again (and the borrower is emailed the second fail too).
    const again = await counsellor.client.post(
      `/api/staff/applications/${a.applicationId}/quality-control`,
      FAIL,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.emailsTo(a.email)).filter((e) => e.kind === 'not-qualified')).toHaveLength(2);
    expect(await staffReasons(a.applicationId)).toEqual(['couldNotVerifyIncome']);
  });

  it('tells a borrower in Spanish in Spanish', async () => {
    const a = await failed();
    await t.db
      .update(application)
      .set({ outcomeEmailedAt: new Date() })
      .where(eq(application.id, a.applicationId));
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'es' })
      .where(eq(borrower.applicationId, a.applicationId));
    expect((await reopen(supervisor.client, a.applicationId)).statusCode).toBe(200);
    const told = (await t.emailsTo(a.email)).find((e) => e.kind === 'quality-control-reopened');
    expect(told?.subject).toBe('Su solicitud se está revisando de nuevo');
  });

  it('sends nothing to a borrower who was not emailed the fail', async () => {
    const a = await failed();
    // As for a borrower without an email address: the fail wrote no email.
    await t.db.update(application).set({ outcomeEmailedAt: null }).where(eq(application.id, a.applicationId));
    expect((await reopen(supervisor.client, a.applicationId)).statusCode).toBe(200);
    expect((await t.emailsTo(a.email)).map((e) => e.kind)).not.toContain('quality-control-reopened');
  });

  it('answers 403 to a counsellor who is not a supervisor, changing nothing', async () => {
    const a = await failed();
    const res = await reopen(counsellor.client, a.applicationId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REOPEN_SUPERVISORS_ONLY_MESSAGE);
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'disqualified',
      hasPassedQualityControl: false,
    });
    // Nor does it say whether an application exists.
    expect((await reopen(counsellor.client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });

  it('answers 409 for an application not disqualified by quality control', async () => {
    for (const status of ['counselorReview', 'creditorReview', 'disqualified'] as const) {
      const a = await applicationIn(t, status);
      const res = await reopen(supervisor.client, a.applicationId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REOPEN_NOT_FAILED_MESSAGE);
      expect((await applicationRow(t, a.applicationId)).status).toBe(status);
    }
  });

  it('answers 404 for an unknown application and 400 for an id that is not one', async () => {
    expect((await reopen(supervisor.client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reopen(supervisor.client, 'not-an-id')).statusCode).toBe(400);
  });
});
