import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application } from '#server/db/schema/application';
import { auditLog } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { takeOverRequiredMessage } from '#server/features/service-portal/claim-application';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { createTestApp, type TestApp } from '../setup/test-app';

// A counsellor's claim says who is working with a borrower. Releasing one's own claim is routine; releasing a
// colleague's is a deliberate take-over: the request must say so (takeOver: true), and the audit says it was.

let t: TestApp;
let jane: StaffClient;
let sam: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  jane = await signInStaff(t, 'Jane Doe');
  sam = await signInStaff(t, 'Sam Staff');
});
afterAll(async () => {
  await t.close();
});

const url = (applicationId: string, action: 'claim' | 'unclaim') =>
  `/api/staff/applications/${applicationId}/${action}`;
const row = async (applicationId: string) =>
  (await t.db.query.application.findFirst({ where: eq(application.id, applicationId) }))!;
const audits = (applicationId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.applicationId, applicationId))
    .orderBy(desc(auditLog.createdAt));

/** A borrower Jane has claimed; answers the version after the claim. */
async function claimedByJane() {
  const { applicationId } = await newBorrower(t);
  const claimed = await jane.client.post(url(applicationId, 'claim'), {
    version: (await row(applicationId)).version,
  });
  expect(claimed.statusCode, claimed.body).toBe(200);
  return { applicationId, version: claimed.json<{ version: number }>().version };
}

describe('unclaim', () => {
  it('releases my own claim without takeOver, recorded as a plain unclaim', async () => {
    const { applicationId, version } = await claimedByJane();
    const res = await jane.client.post(url(applicationId, 'unclaim'), { version });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(applicationId)).toMatchObject({ assignedTo: null, version: version + 1 });
    const [last] = await audits(applicationId);
    expect(last).toMatchObject({ action: 'unclaim', actorId: jane.userId });
    expect(last!.after).not.toHaveProperty('takeOver');
  });

  it("refuses a colleague's claim without takeOver (409, naming the colleague), changing nothing", async () => {
    const { applicationId, version } = await claimedByJane();
    for (const body of [{ version }, { version, takeOver: false }]) {
      const res = await sam.client.post(url(applicationId, 'unclaim'), body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: 'Conflict', message: takeOverRequiredMessage('Jane Doe') });
    }
    expect(await row(applicationId)).toMatchObject({ assignedTo: jane.userId, version });
    const actions = (await audits(applicationId)).map((a) => a.action);
    expect(actions).toEqual(['claim']);
  });

  it("releases a colleague's claim with takeOver: true, audited as a take-over (who, before → after)", async () => {
    const { applicationId, version } = await claimedByJane();
    const before = await row(applicationId);
    const res = await sam.client.post(url(applicationId, 'unclaim'), { version, takeOver: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assignedTo: null, assignedToAt: null, version: version + 1 });
    expect(await row(applicationId)).toMatchObject({ assignedTo: null, assignedToAt: null });

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, applicationId), eq(auditLog.actorId, sam.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'unclaimTakeOver',
      actorId: sam.userId,
      entityType: 'application',
      entityId: applicationId,
      before: { version, assignedTo: jane.userId, assignedToAt: before.assignedToAt!.toISOString() },
      after: { version: version + 1, assignedTo: null, takeOver: true },
    });
    // The borrower summary's history shows it.
    const summary = await sam.client.get(`/api/staff/applications/${applicationId}`);
    const history = summary.json<{ auditHistory: { action: string; actor: { id: string } | null }[] }>()
      .auditHistory;
    expect(history.find((a) => a.action === 'unclaimTakeOver')?.actor?.id).toBe(sam.userId);
  });

  it('takes takeOver on my own claim as a plain unclaim, and a stale version is still refused', async () => {
    const { applicationId, version } = await claimedByJane();
    const stale = await sam.client.post(url(applicationId, 'unclaim'), {
      version: version - 1,
      takeOver: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(await row(applicationId)).toMatchObject({ assignedTo: jane.userId });
    const res = await jane.client.post(url(applicationId, 'unclaim'), { version, takeOver: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await audits(applicationId))[0]).toMatchObject({ action: 'unclaim', actorId: jane.userId });
  });

  it('refuses takeOver on claim and a takeOver that is not a boolean (400)', async () => {
    const { applicationId } = await newBorrower(t);
    const { version } = await row(applicationId);
    expect((await sam.client.post(url(applicationId, 'claim'), { version, takeOver: true })).statusCode).toBe(
      400,
    );
    expect(
      (await sam.client.post(url(applicationId, 'unclaim'), { version, takeOver: 'yes' })).statusCode,
    ).toBe(400);
  });
});
