import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './support/axe';
import { picture, SCREENSHOTS_DIR, snap, visible, watchErrors } from './support/browser';
import {
  createStaffUser,
  firstStaffSignIn,
  type NewStaff,
  seededBorrowers,
  seedPortal,
  snapScreen,
  toggleQueueFilter,
  PHONE,
  WIDE,
} from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The counsellor and what the agency reported after the hand-over, on seeded data (one block of the seed: one
 * plan handed over, whose seeded ledger has a returned draft, a payment not posted in time and a month to
 * reconcile): the queue filtered to returned drafts and to late payments finds it, and its borrower summary's
 * ledger shows the months with the flagged one. Each screen pictured at two widths and checked with axe.
 */
const APPLICATIONS = 12;

let server: TestServer;
const staff: NewStaff = {
  email: 'lee.ledger@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Lee',
  lastName: 'Ledger',
  phone: '3125550101',
};

test.beforeAll(async () => {
  // The seed drives twelve applications through the live flow: longer than a step's default on a busy machine.
  test.setTimeout(300_000);
  const env = await journeyEnv();
  await seedPortal(env, APPLICATIONS);
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

test.describe('the ledger journey', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a counsellor finds the returned draft and the late payment in the queue and reads the ledger', async ({
    page,
  }) => {
    const [plan] = seededBorrowers(APPLICATIONS, 'transferred');
    if (!plan) throw new Error('the seed plans no application handed over');
    const name = `${plan.firstName} ${plan.lastName}`;
    const errors = watchErrors(page);
    try {
      await journey(page, name);
    } catch (failure) {
      await snap(page, 'ledger-failure').catch(() => undefined);
      if (errors.length > 0) console.log(`Page errors before the failure:\n${errors.join('\n')}`);
      throw failure;
    }
    expect(errors).toEqual([]);
  });
});

async function journey(page: Page, name: string) {
  await firstStaffSignIn(page, server.url, staff);
  const nav = page.getByRole('navigation', { name: 'Service portal' });
  await visible(page.getByRole('status').filter({ hasText: / applications$/ }));
  await checkAccessibility(page, '/summary');
  await nav.getByRole('link', { name: 'Borrower Queue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/borrower-queue');
  const tiles = page.getByRole('list', { name: 'Borrower tiles' }).getByRole('listitem');

  for (const filter of ['Returned draft only', 'Payment not posted within 10 business days only']) {
    await toggleQueueFilter(page, filter, true);
    await expect.poll(async () => tiles.getByRole('heading').allInnerTexts()).toEqual([name]);
    await toggleQueueFilter(page, filter, false);
  }
  await toggleQueueFilter(page, 'Returned draft only', true);
  await expect.poll(async () => tiles.getByRole('heading').allInnerTexts()).toEqual([name]);
  await checkAccessibility(page, '/borrower-queue (returned drafts)');
  await snapScreen(page, 'queue-returned-drafts');

  await tiles.getByRole('link', { name }).click();
  await page.waitForURL((url) => url.pathname === '/borrower-summary' && url.searchParams.has('id'));
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await visible(ledger.getByText('1 month to reconcile'));
  await visible(ledger.getByText('Flagged for reconciliation'));
  await visible(ledger.getByText('R01: There was not enough money in the account.'));
  await visible(ledger.getByText('Not posted in time'));
  await ledger.scrollIntoViewIfNeeded();
  await checkAccessibility(page, '/borrower-summary (ledger)');
  await snapScreen(page, 'borrower-summary-ledger');
  // The card itself at both widths, for review: the whole page is long.
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await picture(ledger, path.join(SCREENSHOTS_DIR, `portal-ledger-card-${size.width}.png`));
  }
}
