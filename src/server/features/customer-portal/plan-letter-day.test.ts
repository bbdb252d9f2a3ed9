import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView } from '#domain/enrollment/views';
import { docusign } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signedPlanIn } from '#tests/support/signed-plan';

// My plan says on which day the letter was signed: the agency's day (AGENCY_TIME_ZONE, New York by default), the
// day the letter's own stamp shows, not the UTC day a late-evening signature already falls on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/customer-portal/plan: the letter signed on', () => {
  it.each([
    // [signed at (UTC), the agency's day in New York, why]
    ['2026-11-27T04:30:00Z', '2026-11-26', '23:30 in New York: still the 26th there'],
    ['2026-11-27T05:00:00Z', '2026-11-27', 'midnight in New York'],
    ['2026-06-16T03:59:59Z', '2026-06-15', 'the last second of a summer day (EDT)'],
  ])('a letter signed at %s reads %s (%s)', async (signedAt, day) => {
    const a = await signedPlanIn(t, 'Lateeve');
    await t.db
      .update(docusign)
      .set({ documentSignedAt: new Date(signedAt) })
      .where(eq(docusign.applicationId, a.applicationId));
    const res = await a.client.get('/api/customer-portal/plan');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PlanView).letter?.signedOn).toBe(day);
  });
});
