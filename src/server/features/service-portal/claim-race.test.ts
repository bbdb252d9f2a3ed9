import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { auditLog } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { alreadyClaimedMessage } from './claim-application';
import { signInStaff } from '#tests/support/service-portal';

// Two counsellors claim the same borrower at the same moment: exactly one wins, the other is told who has it.
// Runs on PGlite by default and on PostgreSQL (truly concurrent requests over a pool) with TEST_DATABASE_URL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('claim race', () => {
  it('runs on the database the run asked for', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('lets exactly one of two simultaneous claims through, every time', async () => {
    const ana = await signInStaff(t, 'Ana Counsellor');
    const ben = await signInStaff(t, 'Ben Counsellor');
    for (let round = 0; round < 5; round++) {
      const { applicationId } = await newBorrower(t);
      const { version } = (await t.db.query.application.findFirst({
        where: eq(application.id, applicationId),
      }))!;
      const url = `/api/staff/applications/${applicationId}/claim`;
      const answers = await Promise.all([
        ana.client.post(url, { version }),
        ben.client.post(url, { version }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);

      const winner = answers[0]!.statusCode === 200 ? ana : ben;
      const loser = winner === ana ? answers[1]! : answers[0]!;
      expect(loser.json()).toMatchObject({ code: 'Conflict', message: alreadyClaimedMessage(winner.name) });
      const row = (await t.db.query.application.findFirst({ where: eq(application.id, applicationId) }))!;
      expect(row).toMatchObject({ assignedTo: winner.userId, version: version + 1 });
      // One claim happened, so one audit record.
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.applicationId, applicationId));
      expect(audits.map((a) => [a.action, a.actorId])).toEqual([['claim', winner.userId]]);
    }
  });
});
