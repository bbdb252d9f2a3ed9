import {
  type Applicant,
  DESKTOP,
  PHONE,
  setPasswordFromMailbox,
  signIn,
  snapAtWidths,
  waitForPath,
} from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { reportFailure, visible, watchErrors } from './support/browser';
import {
  acceptOfferToOptions,
  applyToOffers,
  linkSandboxBank,
  openSigningLink,
  QUALIFYING_PERSON,
  signLetter,
} from './support/enroll';
import { createStaffUser, firstStaffSignIn, type NewStaff, snapScreen, WIDE } from './support/portal';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * An enrolled customer's bank connection stops, and both portals show it. A borrower applies, connects First
 * Platypus Bank in the sandbox link dialog, confirms the checking account and signs the Letter of
 * Authorization. The bank then revokes the connection (plaid_item.is_connected = false) and the alert rules run
 * (npm run monitor), with the server stopped in between (the embedded database has one owner at a time).
 *
 * A counsellor sees the new alert on the borrower's queue tile (its count and the most severe alert) and in
 * the summary list, opens the borrower summary, where the alert says what triggered it, and opening it marks
 * it seen. The customer signs in, sees the count of new alerts in the portal's bar, reads the alert's advice
 * on the Alerts page, marks it seen and reconnects the bank through the same dialog; the alert clears.
 * A month later the debt score has fallen 38 points: the rules run again and the customer's alert says the
 * score, its change in points and what the score means.
 * Every page is checked with axe; the new screens are pictured at 1280 (1440 in the service portal) and 390 px.
 */
const BORROWER: Applicant = { ...QUALIFYING_PERSON, email: 'alex.alerts@example.com', phone: '2025550161' };
const FULL_NAME = `${BORROWER.firstName} ${BORROWER.lastName}`;
const BORROWER_PASSWORD = 'Sunny#Day42';
const BANK = 'First Platypus Bank';

const staff: NewStaff = {
  email: 'riley.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Riley',
  lastName: 'Counsellor',
  phone: '3125550101',
};

let server: TestServer;
let env: Record<string, string>;
/** Whether the borrower signed the letter and the connection was cut (the later journeys build on it). */
let disconnected = false;
/** Whether the customer reconnected the bank (the debt score journey starts with no alerts). */
let reconnected = false;

test.beforeAll(async () => {
  env = await journeyEnv();
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

test.describe('alerts', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test('a borrower connects a bank and signs; the connection stops and the alert rules run', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'alerts-failure-enroll', async () => {
      // The application, as enrollment.e2e.ts's first borrower makes it (known to qualify).
      await applyToOffers(page, server.url, BORROWER);

      // The payment account: the sandbox bank's checking account.
      await acceptOfferToOptions(page);
      await checkAccessibility(page, '/payments/payment-account-options');
      await page.getByRole('button', { name: 'Connect your bank' }).click();
      await linkSandboxBank(page.getByRole('dialog', { name: 'Sandbox bank connection' }), BANK);
      await waitForPath(page, '/payments/confirm-payment-account');
      await visible(page.getByRole('radio', { name: /Everyday Checking/ }));
      await checkAccessibility(page, '/payments/confirm-payment-account');
      await page.getByRole('radio', { name: /Everyday Checking/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await waitForPath(page, '/submitted');
      await visible(page.getByRole('heading', { level: 1, name: 'Your signature is required' }));
      await checkAccessibility(page, '/submitted');

      // The letter, signed from the emailed link.
      const mailbox = await context.newPage();
      await openSigningLink(mailbox, server.url, BORROWER.email);
      await signLetter(mailbox, FULL_NAME, { checkSigned: true });
      await mailbox.close();
    });
    expect(errors).toEqual([]);

    // The bank revokes the connection, then the alert rules run; the server owns the database meanwhile.
    await server.stop({ keepData: true });
    expect(await runScript(env, 'tests/e2e/support/disconnect-bank.ts', [BORROWER.email])).toContain(
      '1 bank connection(s) disconnected.',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await runScript(env, 'scripts/monitor.ts', ['--as-of', today])).toContain(
      'bankAccountDisconnected 1',
    );
    server = await startServer(env);
    disconnected = true;
  });

  test('a counsellor sees the new alert on the queue tile, in the summary list and on the borrower summary', async ({
    page,
  }) => {
    expect(disconnected, 'the borrower is enrolled and disconnected (journey 1)').toBe(true);
    await page.setViewportSize(WIDE);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'alerts-failure-counsellor', async () => {
      await firstStaffSignIn(page, server.url, staff);

      // /summary: the alert column, most severe first.
      const row = page.getByRole('row').filter({ hasText: FULL_NAME });
      await visible(row);
      await visible(row.getByText(/Bank account disconnected · /));
      await visible(row.getByText(/1 new/));
      await checkAccessibility(page, '/summary');
      await snapScreen(page, 'alerts-summary');

      // /borrower-queue: the tile's count and most severe alert.
      const nav = page.getByRole('navigation', { name: 'Service portal' });
      await nav.getByRole('link', { name: 'Borrower Queue', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/borrower-queue');
      const tile = page
        .getByRole('list', { name: 'Borrower tiles' })
        .getByRole('listitem')
        .filter({ hasText: FULL_NAME });
      await visible(tile);
      await visible(tile.getByText('1 alert', { exact: true }));
      await visible(tile.getByText('1 new', { exact: true }));
      await visible(tile.getByText('Most severe: Bank account disconnected'));
      await checkAccessibility(page, '/borrower-queue');
      await snapScreen(page, 'alerts-queue');

      // /borrower-summary: what triggered it; opening it marks it seen.
      await tile.getByRole('link', { name: FULL_NAME }).click();
      await page.waitForURL((url) => url.pathname === '/borrower-summary');
      const alerts = page.getByRole('region', { name: 'Alerts' });
      const alert = alerts.getByRole('button', { name: /Bank account disconnected/ });
      await visible(alert);
      await visible(alert.getByText(`The connection to ${BANK} stopped`));
      await visible(alerts.getByText('1 new', { exact: true }));
      await checkAccessibility(page, '/borrower-summary');
      await alert.click();
      await expect(alert).toHaveAttribute('aria-expanded', 'true');
      await expect(alerts.getByText('1 new', { exact: true })).toHaveCount(0);
      await checkAccessibility(page, '/borrower-summary (alert open)');
      await snapScreen(page, 'alerts-borrower-summary');
      // Seen is kept: after a reload it is still not new.
      await page.reload();
      await visible(alert);
      await expect(alert).not.toContainText('New');
    });
    expect(errors).toEqual([]);
  });

  test('the customer reads the alert, marks it seen and reconnects the bank; the alert clears', async ({
    context,
    page,
  }) => {
    expect(disconnected, 'the borrower is enrolled and disconnected (journey 1)').toBe(true);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'alerts-failure-customer', async () => {
      await setPasswordFromMailbox(context, server.url, BORROWER.email, BORROWER_PASSWORD);
      await page.goto(`${server.url}/sign-in`);
      await signIn(page, BORROWER.email, BORROWER_PASSWORD, '/submitted');
      // Signed and with a counsellor: the thank-you, which links nowhere in the portal yet.
      await visible(
        page.getByRole('heading', { level: 1, name: 'Thank you for completing the Letter of Authorization' }),
      );
      await checkAccessibility(page, '/submitted');
      await page.goto(`${server.url}/customer-portal/plan`);
      await waitForPath(page, '/customer-portal/plan');

      // The count of new alerts in the portal's bar, on every page.
      const portalNav = page.getByRole('navigation', { name: 'Customer portal' });
      const alertsLink = portalNav.getByRole('link', { name: 'Alerts 1 new' }).first();
      await visible(alertsLink);
      await checkAccessibility(page, '/customer-portal/plan');
      await alertsLink.click();
      await waitForPath(page, '/customer-portal/alerts');
      const card = page.getByRole('listitem', { name: 'Your bank is no longer connected' });
      await visible(card);
      await visible(card.getByText(/We can no longer see your payment account/));
      await visible(card.getByText(/What to do: Reconnect your bank/));
      await checkAccessibility(page, '/customer-portal/alerts');
      await snapAtWidths(page, 'alerts-customer');

      // On a phone, the menu button carries the count too.
      await page.setViewportSize(PHONE);
      await visible(page.getByRole('button', { name: 'Menu (1 new alert)' }));
      await checkAccessibility(page, '/customer-portal/alerts (phone)');
      await page.setViewportSize(DESKTOP);

      await card.getByRole('button', { name: 'Mark as seen' }).click();
      await visible(card.getByText('Seen', { exact: true }));
      await expect(portalNav.getByRole('link', { name: 'Alerts', exact: true }).first()).toBeVisible();

      // Reconnect: the same sandbox dialog, for the same bank.
      await card.getByRole('button', { name: 'Reconnect your bank' }).click();
      const dialog = page.getByRole('dialog', { name: `Reconnect ${BANK}` });
      await visible(dialog);
      await checkAccessibility(page, '/customer-portal/alerts (reconnect dialog)');
      await snapAtWidths(page, 'alerts-customer-reconnect');
      await linkSandboxBank(dialog, BANK);
      await expect(dialog).toBeHidden();
      await visible(
        page.getByRole('status').filter({ hasText: `Your ${BANK} connection is working again.` }),
        30_000,
      );
      await expect(card).toHaveCount(0);
      await visible(page.getByText('You have no alerts.', { exact: false }));
      await checkAccessibility(page, '/customer-portal/alerts (reconnected)');
      await snapAtWidths(page, 'alerts-customer-reconnected');

      // It stays cleared after a reload.
      await page.reload();
      await visible(page.getByText('You have no alerts.', { exact: false }));
    });
    expect(errors).toEqual([]);
    reconnected = true;
  });

  test('the debt score falls: the customer reads the score, its change in points and what it means', async ({
    page,
  }) => {
    expect(reconnected, 'the customer has a password and no alerts (journey 3)').toBe(true);
    // A score 38 points higher 31 days ago, then the alert rules; the server owns the database meanwhile.
    await server.stop({ keepData: true });
    const scores = await runScript(env, 'tests/e2e/support/lower-debt-score.ts', [BORROWER.email, '38']);
    const [, now, before] = /Debt score (\d+), 31 days before (\d+)\./.exec(scores) ?? [];
    expect(Number(before) - Number(now), scores).toBe(38);
    const today = new Date().toISOString().slice(0, 10);
    expect(await runScript(env, 'scripts/monitor.ts', ['--as-of', today])).toContain(
      'debtScore30DayDecrease 1',
    );
    server = await startServer(env);

    const errors = watchErrors(page);
    await reportFailure(page, errors, 'alerts-failure-debt-score', async () => {
      await page.goto(`${server.url}/sign-in`);
      await signIn(page, BORROWER.email, BORROWER_PASSWORD, '/submitted');
      await visible(
        page.getByRole('heading', { level: 1, name: 'Thank you for completing the Letter of Authorization' }),
      );
      await checkAccessibility(page, '/submitted');
      await page.goto(`${server.url}/customer-portal/alerts`);
      await waitForPath(page, '/customer-portal/alerts');
      const card = page.getByRole('listitem', { name: 'Your debt score went down' });
      await visible(card);
      await visible(
        card.getByText(`Your debt score is ${now}, 38 points lower than 30 days ago (${before}).`, {
          exact: false,
        }),
      );
      await visible(
        card.getByText(/The score, from 0 to 1,000, shows how likely you are to complete your plan/),
      );
      await visible(card.getByText(/What to do: Try not to take on new credit/));
      await checkAccessibility(page, '/customer-portal/alerts (debt score)');
      await snapAtWidths(page, 'alerts-customer-debt-score');
    });
    expect(errors).toEqual([]);
  });
});
