import { checkAccessibility, expect, test, watchContext } from './support/axe';
import { snap, watchErrors } from './support/browser';
import { snapAtWidths } from './support/apply';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';
import { authenticatorCode, base32Decode } from '#server/security/totp';

/**
 * A new visitor becomes a borrower: lead form (an error first), the emailed link, a password, sign out,
 * sign in, and back where they left off. A staff member made by the CLI sets a password, enrols an
 * authenticator app (TOTP), and signs in again with a code and with a recovery code. Every page is checked
 * with axe.
 */
let server: TestServer;
const staffEmail = 'casey.counsellor@agency.org';
let staffPassword = '';
let staffCreateOutput = '';

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The CLI writes to the embedded database before the server opens it.
  const out = await runScript(env, 'scripts/staff-create.ts', [
    '--email',
    staffEmail,
    '--name',
    'Casey Counsellor',
  ]);
  staffCreateOutput = out;
  staffPassword = /Temporary password: (\S+)/.exec(out)?.[1] ?? '';
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 1280, height: 900 } });

test.describe('account journey', () => {
  test('a visitor applies, sets a password from the email, signs out and back in, and resumes', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    const email = 'jordan.rivera@example.com';

    await page.goto(`${server.url}/?utm_source=x`);
    await page.waitForURL(/\/lead\?utm_source=x$/);
    const form = page.getByRole('form', { name: 'Start your application' });
    await expect(form).toBeVisible();
    await checkAccessibility(page, '/lead');
    await snap(page, 'lead-1280');

    // A mistake first: the email is not valid and the terms are not agreed.
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Last name').fill('Rivera');
    await form.getByLabel('Email address').fill('jordan.rivera@example');
    await form.getByLabel('Phone number').fill('4155550123');
    // The script's own validation (focus on the first mistake, messages going as the person types).
    await expect(form).toHaveAttribute('data-taken-over');
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect(form.getByText('Email address is invalid')).toBeVisible();
    expect(await form.getByText('Agreeing to the Terms and Conditions is required').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await form.getByLabel('Phone number').inputValue()).toBe('415-555-0123');
    await checkAccessibility(page, '/lead (errors shown)');

    // Corrected, the error goes away as the person types (re-validation on change).
    await form.getByLabel('Email address').fill(email);
    await expect(form.getByText('Email address is invalid')).toHaveCount(0);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(/\/hardships$/);
    await expect(page.getByText('Are you currently facing any of the following situations?')).toBeVisible();
    await checkAccessibility(page, '/hardships');

    // The borrower signs out before setting a password: sign-in is refused (they never had one), and the page
    // tells them how to get in; "Send me a new link" sends a fresh first-password link.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-guess-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect Username or Password');
    await page.getByRole('button', { name: 'OK' }).click();
    const hint = page.getByRole('status').filter({ hasText: 'Not set a password yet?' });
    await expect(hint).toBeVisible();
    await checkAccessibility(page, '/sign-in (refused, first-password hint)');
    await snapAtWidths(page, 'sign-in-first-password-hint');
    await hint.getByRole('link', { name: 'Send me a new link' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email address').fill(email);
    await checkAccessibility(page, '/forgot-password');
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await page.waitForURL(/\/please-check-your-email$/);
    await checkAccessibility(page, '/please-check-your-email');

    // The dev mailbox has the initial password email (the newest first); its link opens "Set your password".
    const mailbox = await context.newPage();
    await mailbox.goto(`${server.url}/dev/mailbox`);
    await expect
      .poll(async () => (await mailbox.getByText(email).count()) > 0, { timeout: 20_000 })
      .toBe(true);
    // The job queue (pg-boss on the embedded database) delivers it.
    await expect
      .poll(
        async () => {
          await mailbox.reload();
          return mailbox.getByText('delivered').count();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    await checkAccessibility(mailbox, '/dev/mailbox');
    const link = mailbox.getByRole('link', { name: 'Set your password' }).first();
    const href = await link.getAttribute('href');
    expect(href).toContain('/reset-password?');
    expect(href).toContain('purpose=set');
    await link.click();
    await mailbox.waitForURL(/\/reset-password\?/);
    const reset = mailbox;
    await reset.getByLabel('New password', { exact: true }).fill('short');
    // The live checklist shows which rules are met.
    const lengthRule = reset.locator('li', { hasText: 'Between 8 and 20 characters' });
    await expect(lengthRule).toContainText('(not met)');
    await reset.getByLabel('New password', { exact: true }).fill('Sunny#Day42');
    await expect(lengthRule).toContainText('(met)');
    expect(await lengthRule.textContent()).not.toContain('not met');
    await reset.getByLabel('Confirm password').fill('Sunny#Day42');
    await checkAccessibility(reset, '/reset-password');
    await snap(reset, 'reset-password-1280');
    await expect(reset.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    await reset.getByRole('button', { name: 'Set Password' }).click();
    await reset.waitForURL(/\/sign-in$/);
    await expect(
      reset.getByText('Your password is set. Please sign in with it to continue your application.'),
    ).toBeVisible();
    await checkAccessibility(reset, '/sign-in (password reset)');
    await reset.close();

    // Back in the first tab, signed out: sign in with the password just set.
    await page.goto(`${server.url}/sign-in`);
    await page.waitForURL(/\/sign-in$/);
    await page.getByLabel('Email address').fill('Jordan.Rivera@Example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Incorrect Username or Password')).toBeVisible();
    await checkAccessibility(page, '/sign-in (wrong password)');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Sunny#Day42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The resume map: lastViewedPage Hardships → /hardships.
    await page.waitForURL(/\/hardships$/);

    // Sign out, then sign in again and land on the same page.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/sign-in$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto(`${server.url}/hardships`);
    await page.waitForURL(/\/sign-in$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sunny#Day42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/hardships$/);
    await expect(page.getByText('Are you currently facing any of the following situations?')).toBeVisible();
    await checkAccessibility(page, '/hardships (signed in again)');
    await snap(page, 'hardships-after-sign-in-1280');
    expect(errors).toEqual([]);
  });

  test('a staff member made by the CLI sets a first password, enrols an authenticator app and signs in with a code', async ({
    browser,
    context,
    page,
  }) => {
    expect(staffPassword).not.toBe('');
    expect(staffCreateOutput).toContain(`Enrolment: ${server.url}/two-factor/setup`);
    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/sign-in`);
    await expect(page.getByLabel('Email address')).toBeVisible();
    await checkAccessibility(page, '/sign-in');
    await page.getByLabel('Email address').fill(staffEmail);
    await page.getByLabel('Password', { exact: true }).fill(staffPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/user-information$/);
    await expect(page.getByLabel('First name')).toBeVisible();
    await checkAccessibility(page, '/user-information');

    // A new tab (none of this tab's stored state) at the password page, at a desktop width: the step still to
    // do, never the page asking for an emailed code that was never sent.
    const otherTab = await context.newPage();
    await otherTab.setViewportSize({ width: 1280, height: 900 });
    await otherTab.goto(`${server.url}/reset-password`);
    await otherTab.waitForURL(/\/user-information$/);
    await expect(otherTab.getByLabel('First name')).toBeVisible();
    await expect(otherTab.getByText(/verification code/i)).toHaveCount(0);
    await checkAccessibility(otherTab, '/user-information (a new tab)');
    await snap(otherTab, 'staff-first-sign-in-new-tab-1280');
    await otherTab.close();

    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Counsellor');
    await page.getByLabel('Phone number').fill('3125550100');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/reset-password/);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    // A reload keeps the step.
    await page.reload();
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await checkAccessibility(page, '/reset-password (first password)');
    await snapAtWidths(page, 'staff-first-password-after-reload');
    await page.getByLabel('New password', { exact: true }).fill('Staff#Pass9');
    await page.getByLabel('Confirm password').fill('Staff#Pass9');
    await page.getByRole('button', { name: 'Save Password' }).click();

    // Enrolment: the password again, the QR code and the key, a code from the 'app', the recovery codes.
    await page.waitForURL(/\/two-factor\/setup$/);
    // With the password saved, an old tab's pages (details, new password) go on to the authenticator step.
    const oldTab = await context.newPage();
    for (const path of ['/user-information', '/reset-password']) {
      await oldTab.goto(`${server.url}${path}`);
      await oldTab.waitForURL(/\/two-factor\/setup$/);
      await expect(oldTab.getByLabel('Password', { exact: true })).toBeVisible();
    }
    await oldTab.close();
    // Before the second factor the service portal sends the person back here.
    await page.goto(`${server.url}/change-password`);
    await page.waitForURL(/\/two-factor\/setup$/);
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await checkAccessibility(page, '/two-factor/setup (password)');
    await page.getByLabel('Password', { exact: true }).fill('Staff#Pass9');
    await page.getByRole('button', { name: 'Continue' }).click();
    const qr = page.getByRole('img', { name: `QR code for Clearpath Debt Relief, ${staffEmail}` });
    await expect(qr).toBeVisible();
    // The QR code is a data: URL image; the CSP must let it load.
    expect(await qr.evaluate((img) => img instanceof HTMLImageElement && img.naturalWidth > 0)).toBe(true);
    const key = base32Decode((await page.getByLabel('Set-up key').innerText()).replace(/\s/g, ''));
    await checkAccessibility(page, '/two-factor/setup (QR code)');
    await snap(page, 'two-factor-setup-390');
    const enrolmentCode = authenticatorCode(key);
    await page.getByLabel('Authentication code').fill(enrolmentCode);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = await codes.first().innerText();
    await checkAccessibility(page, '/two-factor/setup (recovery codes)');
    await snap(page, 'two-factor-recovery-codes-390');
    await page.getByRole('button', { name: 'I have saved my codes, continue' }).click();
    await page.waitForURL(/\/summary$/);
    await expect(page.getByRole('status').filter({ hasText: / applications$/ })).toBeVisible();
    await checkAccessibility(page, '/summary');
    await context.close();

    // A later sign-in asks for the code after the password; the code used at enrolment is refused.
    const later = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await watchContext(later);
    const again = await later.newPage();
    await again.goto(`${server.url}/sign-in`);
    await again.getByLabel('Email address').fill(staffEmail);
    await again.getByLabel('Password', { exact: true }).fill('Staff#Pass9');
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.waitForURL(/\/two-factor$/);
    await again.getByLabel('Authentication code').fill(enrolmentCode);
    await again.getByRole('button', { name: 'Verify' }).click();
    await expect(again.getByText('That code is not valid. Please try again.')).toBeVisible();
    await checkAccessibility(again, '/two-factor (code refused)');
    await snap(again, 'two-factor-code-1280');
    await again.getByLabel('Authentication code').fill(authenticatorCode(key, 1));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL(/\/summary$/);
    await later.close();

    // A recovery code works once in place of the app.
    const recovery = await browser.newContext();
    await watchContext(recovery);
    const third = await recovery.newPage();
    await third.goto(`${server.url}/sign-in`);
    await third.getByLabel('Email address').fill(staffEmail);
    await third.getByLabel('Password', { exact: true }).fill('Staff#Pass9');
    await third.getByRole('button', { name: 'Sign In' }).click();
    await third.waitForURL(/\/two-factor$/);
    await third.getByLabel('Authentication code').fill(recoveryCode);
    await third.getByRole('button', { name: 'Verify' }).click();
    await third.waitForURL(/\/summary$/);
    await recovery.close();
    expect(errors).toEqual([]);

    // The service-portal guard keeps borrowers and strangers out.
    const stranger = await browser.newContext();
    await watchContext(stranger);
    const other = await stranger.newPage();
    await other.goto(`${server.url}/change-password`);
    await other.waitForURL(/\/sign-in$/);
    await stranger.close();
  });
});
