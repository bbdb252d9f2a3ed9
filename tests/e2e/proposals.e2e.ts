import { readFileSync } from 'node:fs';
import { checkAccessibility, expect, test } from './support/axe';
import { snap, visible, watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff, snapScreen, WIDE } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The proposals screen in the service portal: a staff member opens it from the header, reads the day's batch
 * panel, the proposals to mail and those waiting for an answer (none yet on a new database), makes the day's
 * batch file and downloads it (the documented header, CRLF line ends). Every state is checked with axe and
 * pictured at 1440 and 390 px. The batch's rows are covered by the API tests (proposal-batch.test.ts); marking
 * proposals mailed and a flagged silent creditor by the journey proposals-mailed-and-flagged.e2e.ts.
 */
let server: TestServer;
const staff: NewStaff = {
  email: 'morgan.mail@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass7',
  firstName: 'Morgan',
  lastName: 'Mail',
  phone: '3125550103',
};

test.beforeAll(async () => {
  const env = await journeyEnv();
  staff.temporaryPassword = await createStaffUser(env, {
    email: staff.email,
    name: `${staff.firstName} ${staff.lastName}`,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: WIDE });

test('staff make the day’s batch file of proposals and download it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  try {
    await firstStaffSignIn(page, server.url, staff);
    await checkAccessibility(page, 'summary');
    await page
      .getByRole('navigation', { name: 'Service portal' })
      .getByRole('link', { name: 'Proposals' })
      .click();
    await expect(page).toHaveURL(/\/proposals$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Proposals' }));
    const batch = page.getByRole('region', { name: 'Today’s batch file' });
    await expect(batch.getByRole('status')).toHaveText('0 proposals waiting for today’s file.');
    await visible(
      page.getByRole('region', { name: 'To mail' }).getByText('No proposal is waiting to be mailed.'),
    );
    await visible(page.getByText('No proposal is waiting past its answer time.'));
    await checkAccessibility(page, 'proposals');
    await snapScreen(page, 'proposals');

    await batch.getByRole('button', { name: 'Make today’s batch file' }).click();
    const link = batch.getByRole('link', { name: /^Download dmp-proposals-\d{4}-\d{2}-\d{2}\.csv$/ });
    await visible(link);
    await expect(batch.getByRole('status')).toContainText('with 0 proposals');
    await checkAccessibility(page, 'proposals-batch-made');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^dmp-proposals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('record_type,agency_id,agency_name,creditor_id,creditor_name,proposal_id')).toBe(
      true,
    );
    expect(csv.endsWith('left_each_month\r\n')).toBe(true);

    // After a reload the file made today is offered again, not made twice.
    await page.reload();
    await visible(batch.getByRole('link', { name: /^Download dmp-proposals/ }));
    await expect(batch.getByRole('button')).toHaveCount(0);
    await checkAccessibility(page, 'proposals-batch-reloaded');
    await snapScreen(page, 'proposals-batch-made');
    expect(errors).toEqual([]);
  } catch (failure) {
    await snap(page, 'proposals-failure').catch(() => undefined);
    throw failure;
  }
});
