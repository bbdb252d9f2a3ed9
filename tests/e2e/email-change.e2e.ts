import { DESKTOP, PHONE, waitForPath } from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { reportFailure, snap, watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A staff member changes their email. The change page sends a link to the new address; the link, opened in
 * another tab of the same browser, asks for the password and completes the change, which ends every session
 * of the account. The tab that asked goes to /sign-in at once with 'Your email has been updated. Please sign
 * in with your new credentials.' (decision 0145), and the person signs in with the new address.
 */
const staff: NewStaff = {
  email: 'morgan.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Morgan',
  lastName: 'Counsellor',
  phone: '3125550144',
};
const NEW_EMAIL = 'morgan.lee@agency.org';
const EMAIL_UPDATED = 'Your email has been updated. Please sign in with your new credentials.';

let server: TestServer;

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

test.use({ viewport: DESKTOP });

test('an email change signs the person out everywhere in the browser, and /sign-in says why', async ({
  context,
  page,
}) => {
  const errors = watchErrors(page);
  await reportFailure(page, errors, 'email-change-failure', async () => {
    await firstStaffSignIn(page, server.url, staff);
    await expect(page.getByRole('navigation', { name: 'Service portal' })).toBeVisible();
    await checkAccessibility(page, '/summary');

    await page.goto(`${server.url}/change-email`);
    await page.getByLabel('New email address', { exact: true }).fill(NEW_EMAIL);
    await page.getByLabel('Confirm new email address').fill(NEW_EMAIL);
    await checkAccessibility(page, '/change-email');
    await page.getByRole('button', { name: 'Change Email' }).click();
    await expect(page.getByText(`Link sent to ${NEW_EMAIL}`)).toBeVisible();

    // The link, from the dev mailbox, in a tab of its own.
    const mailbox = await context.newPage();
    await mailbox.goto(`${server.url}/dev/mailbox`);
    const mail = mailbox
      .locator('article', { hasText: NEW_EMAIL })
      .filter({ hasText: 'Verify your new email' });
    await expect
      .poll(
        async () => {
          await mailbox.reload();
          return mail.getByText(/delivered/).count();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    await checkAccessibility(mailbox, '/dev/mailbox');
    await mail.getByRole('link', { name: 'Verify your new email' }).first().click();
    await mailbox.waitForURL(/\/verify-new-email\?/);
    await mailbox.getByLabel('Password', { exact: true }).fill(staff.password);
    await checkAccessibility(mailbox, '/verify-new-email');
    await mailbox.getByRole('button', { name: 'Verify Email' }).click();
    // The password is checked against its argon2 hash, deliberately slow: on a busy machine (two journeys on
    // two cores) it took over the default five seconds once, with the button still busy.
    await expect(
      mailbox.getByText('Your new email has been verified! You may now close this window.'),
    ).toBeVisible({ timeout: 20_000 });
    await checkAccessibility(mailbox, '/verify-new-email (verified)');

    // The tab that asked: signed out, and told why.
    await waitForPath(page, '/sign-in');
    await expect(page.getByRole('status')).toHaveText(EMAIL_UPDATED);
    await checkAccessibility(page, '/sign-in (email updated)');
    await snap(page, 'email-change-sign-in-1280');
    await page.setViewportSize(PHONE);
    await checkAccessibility(page, '/sign-in (email updated, 390 px)');
    await snap(page, 'email-change-sign-in-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // The link's tab leads to /sign-in too, with the same message.
    await mailbox.getByRole('link', { name: 'Sign in with your new email' }).click();
    await mailbox.waitForURL((url) => url.pathname === '/sign-in');
    await expect(mailbox.getByRole('status')).toHaveText(EMAIL_UPDATED);
    await checkAccessibility(mailbox, '/sign-in (from the link)');
    await mailbox.close();

    // The new address signs in (the authenticator's code page comes next for staff).
    await page.getByLabel('Email address').fill(NEW_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/two-factor');
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await checkAccessibility(page, '/two-factor');
    expect(errors).toEqual([]);
  });
});
