import { afterAll, beforeAll } from 'vitest';
import { counsellor, counsellorWeeklyHours } from '#server/db/schema/index';
import { schedulingContract } from '#tests/contracts/scheduling.contract';
import { newStaffAccount } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { unitOpener } from '#server/unit-of-work';
import { createInProductScheduler } from './in-product-scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // One counsellor working weekdays 09:00 to 17:00, agency time.
  const staff = await newStaffAccount(t, {
    email: 'contract.counsellor@agency.test',
    name: 'Contract Counsellor',
    mustChangePassword: false,
    password: 'Better#Pass1',
  });
  await t.db.insert(counsellor).values({ userId: staff.userId, languages: ['en'] });
  await t.db.insert(counsellorWeeklyHours).values(
    [1, 2, 3, 4, 5].map((weekday) => ({
      counsellorId: staff.userId,
      weekday: weekday as 1,
      startMinute: 540,
      endMinute: 1020,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

schedulingContract('in-product', () =>
  createInProductScheduler({
    // Units on the test's database, announcing nothing (no queue runs here).
    openUnit: unitOpener({ database: t.database, cipher: t.cipher, today: t.today }),
    config: t.config,
    log: t.app.log,
  }),
);
