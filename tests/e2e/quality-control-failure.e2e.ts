import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import { checkAccessibility, expect, test, watchContext } from './support/axe';
import { KEEP_PICTURES, snap, visible, watchErrors } from './support/browser';
import {
  createStaffUser,
  firstStaffSignIn,
  type NewStaff,
  type SeededBorrower,
  seededBorrowers,
  seedPortal,
} from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A failed quality control, then its reopen, in the service portal on seeded data. A counsellor chooses Failed
 * with nothing else done and is told to choose a reason (nothing is recorded), ticks one, reads in the
 * confirmation the reason and what the borrower will be told, cancels (nothing changes), then confirms: the
 * application is disqualified and the borrower emailed. A supervisor then reopens it: back in Counselor
 * Review with Quality control to do again, the history saying who reopened it, the borrower emailed that it is
 * reviewed again. Every screen is checked with axe and pictured at 390 and 1280 px into /work/shots/qc-failure
 * (SHOTS_DIR to change it).
 */
const APPLICATIONS = 24;
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/qc-failure';
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

let server: TestServer;
const counsellor: NewStaff = {
  email: 'quinn.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass7',
  firstName: 'Quinn',
  lastName: 'Counsellor',
  phone: '3125550103',
};
const supervisor: NewStaff = {
  email: 'sasha.supervisor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass6',
  firstName: 'Sasha',
  lastName: 'Supervisor',
  phone: '3125550104',
};
const counsellorName = `${counsellor.firstName} ${counsellor.lastName}`;
const supervisorName = `${supervisor.firstName} ${supervisor.lastName}`;

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The scripts write to the embedded database before the server opens it.
  await seedPortal(env, APPLICATIONS);
  counsellor.temporaryPassword = await createStaffUser(env, {
    email: counsellor.email,
    name: counsellorName,
  });
  supervisor.temporaryPassword = await createStaffUser(env, {
    email: supervisor.email,
    name: supervisorName,
    supervisor: true,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: DESKTOP });

/**
 * What the screen shows at 390 and 1280 px, as `<name>-390.png` and `<name>-1280.png`; the page must not
 * scroll sideways at either width. The page is left at the width it had.
 */
async function shots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (KEEP_PICTURES) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`) });
    }
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size.width}`)
      .toBe(size.width);
  }
  await page.setViewportSize(original);
}

test.describe('quality control failure and reopen', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a counsellor fails a review naming one item, after the confirmation; a supervisor reopens it', async ({
    page,
    browser,
  }) => {
    const [borrower] = seededBorrowers(APPLICATIONS, 'counselorReview');
    if (!borrower) throw new Error('the seed plans no application in counselorReview');
    const errors = watchErrors(page);
    try {
      const summaryUrl = await fail(page, borrower);
      await reopen(browser, summaryUrl);
      expect(errors).toEqual([]);
    } catch (failure) {
      await snap(page, 'qc-failure-failure').catch(() => undefined);
      if (errors.length > 0) console.log(`Page errors before the failure:\n${errors.join('\n')}`);
      throw failure;
    }
  });
});

/** The counsellor's part; answers the borrower summary's address. */
async function fail(page: Page, borrower: SeededBorrower): Promise<string> {
  const borrowerName = `${borrower.firstName} ${borrower.lastName}`;
  await firstStaffSignIn(page, server.url, counsellor);
  await visible(page.getByRole('heading', { level: 1 }));
  await checkAccessibility(page, '/summary');
  await page
    .getByRole('navigation', { name: 'Service portal' })
    .getByRole('link', { name: 'Borrower Queue', exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/borrower-queue');
  await checkAccessibility(page, '/borrower-queue');
  await page.getByLabel('Search borrowers').fill(borrower.lastName);
  await page.getByLabel('Search borrowers').press('Enter');
  const tile = page
    .getByRole('list', { name: 'Borrower tiles' })
    .getByRole('listitem')
    .filter({ hasText: borrowerName });
  await visible(tile);
  await tile.getByRole('link', { name: borrowerName }).click();
  await page.waitForURL((url) => url.pathname === '/borrower-summary' && url.searchParams.has('id'));
  const overview = page.getByRole('region', { name: 'Overview' });
  await visible(overview.getByText('Counselor Review'));
  await checkAccessibility(page, '/borrower-summary');

  // Failed with nothing else done: refused beside the reasons, nothing recorded.
  await overview.getByRole('button', { name: 'Quality control' }).click();
  const qc = page.getByRole('dialog', { name: 'Quality control' });
  await visible(qc);
  await qc.getByLabel('Failed', { exact: true }).check();
  const reasons = qc.getByRole('group', { name: 'Disqualification reasons' });
  await expect(reasons.getByRole('checkbox')).toHaveCount(4);
  await qc.getByRole('button', { name: 'Submit' }).click();
  await visible(reasons.getByText('Please select at least one disqualification reason'));
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await checkAccessibility(page, '/borrower-summary (quality control failed with no reason)');
  await shots(page, '1-failed-with-nothing-ticked');

  // What was verified is checked; the one item that could not be is named.
  const checklist = qc.getByRole('group', { name: 'Checklist' });
  for (const item of ['Consumer identity verified', 'Income verified', 'Proposed budget is realistic'])
    await checklist.getByLabel(item).check();
  await expect(reasons.getByRole('checkbox')).toHaveCount(1);
  await reasons.getByLabel('could not verify expenses').check();
  await expect(reasons.getByText('Please select at least one disqualification reason')).toHaveCount(0);
  await checkAccessibility(page, '/borrower-summary (quality control, one reason)');
  await shots(page, '2-one-reason-ticked');

  // The confirmation: the reason and the borrower's words, the domain's outcome text.
  await qc.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Fail quality control?' });
  await visible(confirm);
  await expect(confirm.getByRole('listitem')).toHaveText(['could not verify expenses']);
  await expect(confirm).toContainText(OUTCOME_TEXTS.qualityControlFailed.title);
  await expect(confirm).toContainText(OUTCOME_TEXTS.qualityControlFailed.why);
  // The safe answer has the focus.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkAccessibility(page, '/borrower-summary (confirm the fail)');
  await shots(page, '3-confirmation');

  // Cancel changes nothing: the form is as it was, the application still in review.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(reasons.getByLabel('could not verify expenses')).toBeChecked();
  await qc.getByRole('button', { name: 'Submit' }).click();
  await visible(confirm);
  await confirm.getByRole('button', { name: 'Fail and tell the borrower' }).click();
  await expect(qc).toBeHidden();
  await visible(overview.getByText('Disqualified'));
  const staffActions = page
    .getByRole('region', { name: 'History' })
    .getByRole('list', { name: 'Staff actions' });
  await visible(
    staffActions.getByText(`${counsellorName} failed quality control (could not verify expenses)`, {
      exact: true,
    }),
  );
  // A counsellor who is not a supervisor is not offered the reopen.
  await expect(overview.getByRole('button', { name: 'Reopen quality control' })).toHaveCount(0);
  await checkAccessibility(page, '/borrower-summary (failed)');
  await shots(page, '4-failed');
  return page.url();
}

/** The supervisor's part, in a browser of their own. */
async function reopen(browser: Browser, summaryUrl: string): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await watchContext(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    await firstStaffSignIn(page, server.url, supervisor);
    await page.goto(summaryUrl);
    const overview = page.getByRole('region', { name: 'Overview' });
    await visible(overview.getByText('Disqualified'));
    await overview.getByRole('button', { name: 'Reopen quality control' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reopen the failed quality control?' });
    await visible(confirm);
    await checkAccessibility(page, '/borrower-summary (confirm the reopen)');
    await shots(page, '5-reopen-confirmation');
    await confirm.getByRole('button', { name: 'Reopen', exact: true }).click();
    await expect(confirm).toBeHidden();
    await visible(overview.getByText('Counselor Review'));
    await visible(overview.getByRole('button', { name: 'Quality control' }));
    await expect(overview.getByText('Not reviewed', { exact: true })).toBeVisible();
    const staffActions = page
      .getByRole('region', { name: 'History' })
      .getByRole('list', { name: 'Staff actions' });
    await visible(
      staffActions.getByText(`${supervisorName} reopened the failed quality control`, { exact: true }),
    );
    await visible(
      staffActions.getByText('The borrower was emailed that the application is being reviewed again', {
        exact: true,
      }),
    );
    await checkAccessibility(page, '/borrower-summary (reopened)');
    await shots(page, '6-reopened');

    // The borrower's two emails: the fail, in the words the confirmation showed, then the reopen.
    await page.goto(`${server.url}/dev/mailbox`);
    const failMail = page.locator('article').filter({ hasText: OUTCOME_TEXTS.qualityControlFailed.title });
    await visible(failMail.first());
    await visible(
      page.locator('article').filter({ hasText: 'Your application is being reviewed again' }).first(),
    );
    await checkAccessibility(page, '/dev/mailbox');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}
