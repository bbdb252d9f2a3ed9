import type { Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './support/axe';
import { snap, visible, watchErrors } from './support/browser';
import {
  createStaffUser,
  firstStaffSignIn,
  type NewStaff,
  seededBorrowers,
  seedPortal,
  snapScreen,
  PHONE,
  WIDE,
} from './support/portal';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * A counsellor's counselling calls in the service portal: weekly hours set in Preferences (a wrong row first,
 * its message shown by the field), time off added; the call booked for today on the summary, marked completed
 * with its contact attempt in one step; the borrower summary showing the call's state and the attempt. Every
 * state is checked with axe at 1440 px and 390 px.
 */
const APPLICATIONS = 24;

let server: TestServer;
const staff: NewStaff = {
  email: 'robin.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Robin',
  lastName: 'Counsellor',
  phone: '3125550100',
};
const [borrower] = seededBorrowers(APPLICATIONS, 'counselorReview');
if (!borrower) throw new Error('the seed plans no application in counselorReview');
const borrowerName = `${borrower.firstName} ${borrower.lastName}`;

test.beforeAll(async () => {
  // Seeding, three scripts and the server's start: slow on a busy machine.
  test.setTimeout(300_000);
  const env = await journeyEnv();
  await seedPortal(env, APPLICATIONS);
  staff.temporaryPassword = await createStaffUser(env, {
    email: staff.email,
    name: `${staff.firstName} ${staff.lastName}`,
    // A supervisor: also adds the agency's days off.
    supervisor: true,
  });
  expect(
    await runScript(env, 'tests/e2e/support/seed-counselling-call.ts', [
      staff.email,
      borrower.firstName,
      borrower.lastName,
    ]),
  ).toContain('Call seeded');
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: WIDE });

/** Axe at both widths, the page left at the width it had. */
async function checkBothWidths(page: Page, state: string) {
  const original = page.viewportSize() ?? WIDE;
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await checkAccessibility(page, `${state} at ${size.width}`);
  }
  await page.setViewportSize(original);
}

test.describe('counselling calls in the service portal', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a counsellor sets hours, sees the call on the summary, marks it completed with a contact attempt', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    try {
      await journey(page);
    } catch (failure) {
      await snap(page, 'counselling-staff-failure').catch(() => undefined);
      if (errors.length > 0) console.log(`Page errors before the failure:\n${errors.join('\n')}`);
      throw failure;
    }
  });
});

async function journey(page: Page) {
  await firstStaffSignIn(page, server.url, staff);
  await visible(
    page.getByRole('region', { name: /Today's calls/ }).getByRole('link', { name: borrowerName }),
  );
  await checkAccessibility(page, '/summary (first opened)');

  // --- Preferences: languages and weekly hours, a wrong row first.
  await page
    .getByRole('navigation', { name: 'Service portal' })
    .getByRole('link', { name: 'Preferences' })
    .click();
  const box = page.getByRole('region', { name: 'Counselling calls' });
  await visible(box.getByRole('button', { name: 'Save hours' }));
  await checkBothWidths(page, '/preferences (counselling, saved hours from the seed)');
  await box.getByLabel('Spanish').check();
  await box.getByRole('button', { name: 'Add hours' }).click();
  await box.getByLabel('Day of row 1').selectOption({ label: 'Tuesday' });
  await box.getByLabel('Start of row 1').fill('13:00');
  await box.getByLabel('End of row 1').fill('12:00');
  await box.getByRole('button', { name: 'Save hours' }).click();
  await visible(box.getByText('The end must come after the start.'));
  await expect(box.getByLabel('End of row 1')).toHaveAttribute('aria-invalid', 'true');
  await checkBothWidths(page, '/preferences (an hours row in error)');
  await snapScreen(page, 'counselling-preferences-error');
  await box.getByLabel('End of row 1').fill('17:00');
  await box.getByRole('button', { name: 'Add hours' }).click();
  await box.getByLabel('Day of row 2').selectOption({ label: 'Thursday' });
  await box.getByLabel('Start of row 2').fill('09:00');
  await box.getByLabel('End of row 2').fill('12:30');
  await box.getByRole('button', { name: 'Save hours' }).click();
  await visible(box.getByText('Your languages and hours are saved.'));

  // Time off: the end before the start is refused by the field, then a right one is added and listed.
  await box.getByLabel('Starts at').fill('2030-01-02T09:00');
  await box.getByLabel('Ends at').fill('2030-01-01T09:00');
  await box.getByRole('button', { name: 'Add time off' }).click();
  await visible(box.getByText('The end must come after the start.'));
  await box.getByLabel('Ends at').fill('2030-01-03T17:00');
  await box.getByRole('button', { name: 'Add time off' }).click();
  await visible(box.getByText('Time off added.'));
  await visible(
    box.getByText('Wed, Jan 2, 2030, 9:00 AM EST to Thu, Jan 3, 2030, 5:00 PM EST', { exact: true }),
  );
  await checkBothWidths(page, '/preferences (hours and time off saved)');
  await snapScreen(page, 'counselling-preferences');

  // A reload shows what was saved.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Counselling calls' }).getByLabel('Start of row 2'),
  ).toHaveValue('09:00');
  await expect(page.getByRole('region', { name: 'Counselling calls' }).getByLabel('Spanish')).toBeChecked();

  // --- The summary: today's call, mine.
  await page
    .getByRole('navigation', { name: 'Service portal' })
    .getByRole('link', { name: 'Summary' })
    .click();
  const today = page.getByRole('region', { name: /Today's calls/ });
  const calls = today.getByRole('list', { name: 'My calls today' });
  await visible(calls.getByRole('link', { name: borrowerName }));
  await expect(calls.getByRole('listitem')).toHaveCount(1);
  await expect(calls.getByText('Booked', { exact: true })).toBeVisible();
  await checkBothWidths(page, '/summary (today’s calls)');
  await snapScreen(page, 'counselling-summary');
  await today.getByRole('button', { name: 'All calls' }).click();
  await page.waitForURL((url) => url.searchParams.get('calls') === 'all');
  await visible(
    today.getByRole('list', { name: 'All calls today' }).getByRole('link', { name: borrowerName }),
  );
  await today.getByRole('button', { name: 'My calls' }).click();

  // Mark it completed and log the contact attempt in the same step.
  await calls.getByRole('button', { name: `Mark outcome of the call with ${borrowerName}` }).click();
  const form = page.getByRole('form', { name: `Outcome of the call with ${borrowerName}` });
  await form.getByRole('button', { name: 'Save outcome' }).click();
  await visible(form.getByText('Call outcome is required'));
  await form.getByLabel('Completed').check();
  await expect(form.getByLabel('Also log it as a contact attempt (phone)')).toBeChecked();
  await expect(form.getByLabel('Contact outcome')).toHaveValue('reached');
  await checkBothWidths(page, '/summary (marking a call)');
  await snapScreen(page, 'counselling-mark-outcome');
  await form.getByRole('button', { name: 'Save outcome' }).click();
  await visible(form.getByText(/Did the borrower receive an offer\? is required/));
  await form.getByLabel('No', { exact: true }).check();
  await form.getByLabel('Notes (optional)').fill('Walked through the budget.');
  await form.getByRole('button', { name: 'Save outcome' }).click();
  await expect(form).toBeHidden();
  await visible(calls.getByText('Completed', { exact: true }));
  await visible(calls.getByText(/Marked by Robin Counsellor/));
  await expect(calls.getByRole('button', { name: /Mark outcome/ })).toHaveCount(0);
  await checkBothWidths(page, '/summary (call completed)');

  // --- The week's upcoming calls: the visitor booked without an account in three days is listed too.
  await today.getByRole('button', { name: 'This week' }).click();
  await page.waitForURL((url) => url.searchParams.get('period') === 'week');
  const week = page.getByRole('region', { name: /Upcoming calls this week/ });
  await visible(week.getByText('Wendy Walkin'));
  await visible(week.getByText('(visitor)'));
  await checkBothWidths(page, '/summary (the week’s upcoming calls)');
  await snapScreen(page, 'counselling-week');
  await week.getByRole('button', { name: 'Today' }).click();
  await page.waitForURL((url) => url.searchParams.get('period') === null);

  // --- The borrower summary: the call's state and the attempt in the contact history.
  await calls.getByRole('link', { name: borrowerName }).click();
  await page.waitForURL(/\/borrower-summary\?id=/);
  const booked = page.getByRole('list', { name: 'Calls booked by the borrower' });
  await visible(booked.getByText('Completed', { exact: true }));
  await visible(page.getByText('Walked through the budget.'));
  await checkBothWidths(page, '/borrower-summary (counselling calls)');
  await snapScreen(page, 'counselling-borrower-summary');

  // --- The agency's days off, from Preferences: a day without a name refused, then added and removed.
  await page
    .getByRole('navigation', { name: 'Service portal' })
    .getByRole('link', { name: 'Preferences' })
    .click();
  await page.getByRole('link', { name: 'Agency days off' }).click();
  await page.waitForURL(/\/agency-days-off$/);
  const daysOff = page.getByRole('region', { name: 'Days off' });
  await visible(
    page
      .getByRole('region', { name: /Holidays/ })
      .getByText('Christmas Day')
      .first(),
  );
  await daysOff.getByLabel('Day', { exact: true }).fill('2030-12-24');
  await daysOff.getByRole('button', { name: 'Add day off' }).click();
  await visible(daysOff.getByText('Name is required'));
  await daysOff.getByLabel('Name', { exact: true }).fill('Christmas Eve');
  await daysOff.getByRole('button', { name: 'Add day off' }).click();
  const added = daysOff.getByRole('list', { name: 'Days off added' });
  await visible(added.getByText('Tuesday, December 24, 2030'));
  await visible(added.getByText('Christmas Eve'));
  await checkBothWidths(page, '/agency-days-off (a day added)');
  await snapScreen(page, 'agency-days-off');
  await added.getByRole('button', { name: 'Remove Tuesday, December 24, 2030 (Christmas Eve)' }).click();
  await visible(daysOff.getByText('No days off added.', { exact: false }));
}
