import type { Browser, Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './support/axe';
import { snap, visible, watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff, PHONE, snapScreen, WIDE } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * Creditor relations in the service portal: a member of the creditor relations group finds a creditor, reads
 * its programme and revises it with a reason; the new version is in force and heads the history with who made
 * it and why. They then give the creditor a remittance address with a reason, seen in the details' history
 * before → after. A counsellor then reads the same creditor, with no form to change it. Every page is checked
 * with axe and pictured at 1440 and 390 px.
 */
let server: TestServer;
const relations: NewStaff = {
  email: 'robin.relations@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Robin',
  lastName: 'Relations',
  phone: '3125550101',
};
const counsellor: NewStaff = {
  email: 'casey.reads@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass8',
  firstName: 'Casey',
  lastName: 'Reads',
  phone: '3125550102',
};
const REASON = 'Agreement renewed with the issuer for 2027';
const ADDRESS_REASON = 'Remittance address confirmed by the issuer';

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The script writes to the embedded database before the server opens it.
  relations.temporaryPassword = await createStaffUser(env, {
    email: relations.email,
    name: `${relations.firstName} ${relations.lastName}`,
    creditorRelations: true,
  });
  counsellor.temporaryPassword = await createStaffUser(env, {
    email: counsellor.email,
    name: `${counsellor.firstName} ${counsellor.lastName}`,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: WIDE });

test.describe('creditor relations', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a creditor relations member revises a programme and reads its history; a counsellor only reads', async ({
    page,
    browser,
  }) => {
    const errors = watchErrors(page);
    try {
      await revise(page);
      await editDetails(page);
      await readOnly(browser);
      expect(errors).toEqual([]);
    } catch (failure) {
      await snap(page, 'creditors-failure').catch(() => undefined);
      if (errors.length > 0) console.log(`Page errors before the failure:\n${errors.join('\n')}`);
      throw failure;
    }
  });
});

async function revise(page: Page) {
  // The portal opens on /summary, whose header links to the creditors.
  await firstStaffSignIn(page, server.url, relations);
  await checkAccessibility(page, 'summary');
  await page
    .getByRole('navigation', { name: 'Service portal' })
    .getByRole('link', { name: 'Creditors' })
    .click();
  await expect(page).toHaveURL(/\/creditors$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Creditors' }));
  const table = page.getByRole('table', { name: 'Creditors and their programmes in force' });
  await visible(table.getByRole('link', { name: 'American Express' }));
  await checkAccessibility(page, 'creditors');
  await snapScreen(page, 'creditors');
  // On a phone the table fits its box too (the figures go under each creditor's name), not only the page.
  await page.setViewportSize(PHONE);
  await expect(table.getByText(/^Payment 2%, with a hardship/).first()).toBeVisible();
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
  await page.setViewportSize(WIDE);

  // A search by a word the bureau reports: JPMCB is Chase.
  await page.getByRole('searchbox', { name: 'Search creditors' }).fill('jpmcb');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Chase Card Services' }).click();

  await visible(page.getByRole('heading', { level: 1, name: 'Chase Card Services' }));
  const inForce = page.getByRole('region', { name: /In force: version 1/ });
  await expect(inForce).toContainText('Plan APR8%');
  await checkAccessibility(page, 'creditor');
  await snapScreen(page, 'creditor');

  // Without a reason nothing is saved; then the new rate with its reason.
  const apr = page.getByLabel('Plan APR (percent)');
  await apr.fill('6.5');
  await page.getByRole('button', { name: 'Save the new version' }).click();
  await visible(page.getByText('Reason for the change is required'));
  await page.getByLabel('Reason for the change').fill(REASON);
  await page.getByRole('button', { name: 'Save the new version' }).click();
  await visible(page.getByText('Version 2 saved: the next offers are made on it.'));
  await expect(page.getByRole('region', { name: /In force: version 2/ })).toContainText('Plan APR6.5%');
  const history = page.getByRole('table', { name: 'Every version, newest first' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('Robin Relations');
  await expect(newest).toContainText(REASON);
  await expect(newest).toContainText('6.5%');
  await expect(history.getByRole('row').nth(2)).toContainText('Shipped with the product');
  await checkAccessibility(page, 'creditor-revised');
  await snapScreen(page, 'creditor-revised');
}

async function editDetails(page: Page) {
  const details = page.getByRole('region', { name: 'Payment and proposal details' });
  await expect(details).toContainText('No change has been made to these details yet.');
  await details.getByRole('button', { name: 'Edit the details' }).click();
  const form = page.getByRole('form', { name: 'Edit the details' });
  await form.getByLabel('Address line 1').fill('PO Box 15298');
  await form.getByLabel('City').fill('Wilmington');
  await form.getByLabel('State').selectOption('DE');
  await form.getByLabel('Zip code').fill('19850');
  await form.getByLabel('Check, mailed to the remittance address').check();
  await form.getByLabel('Proposals by').selectOption('mail');
  await form.getByLabel('Usual response time (days)').fill('21');
  await checkAccessibility(page, 'creditor-details-form');
  await snapScreen(page, 'creditor-details-form');
  // The reason is required here too.
  await form.getByRole('button', { name: 'Save the details' }).click();
  await visible(form.getByText('Reason for the change is required'));
  await form.getByLabel('Reason for the change').fill(ADDRESS_REASON);
  await form.getByRole('button', { name: 'Save the details' }).click();
  await visible(page.getByText('Details saved, with your reason, in the history below.'));
  await expect(details).toContainText('PO Box 15298');
  await expect(details).toContainText('Wilmington, DE 19850');
  const history = page.getByRole('table', { name: 'Every change of the details, newest first' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('Robin Relations');
  await expect(newest).toContainText(ADDRESS_REASON);
  await expect(newest).toContainText('Address line 1: — → PO Box 15298');
  await expect(newest).toContainText('Proposals by: — → Mail');
  await checkAccessibility(page, 'creditor-details-history');
  await snapScreen(page, 'creditor-details-history');
}

async function readOnly(browser: Browser) {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  try {
    await firstStaffSignIn(page, server.url, counsellor);
    await page.goto(`${server.url}/creditors/chase`);
    await expect(page.getByRole('region', { name: /In force: version 2/ })).toContainText('Plan APR6.5%');
    await visible(page.getByText('Only creditor relations staff change a programme.', { exact: false }));
    await expect(page.getByRole('button', { name: 'Save the new version' })).toHaveCount(0);
    // The details and their history are read, not edited.
    const details = page.getByRole('region', { name: 'Payment and proposal details' });
    await expect(details).toContainText('PO Box 15298');
    await expect(details).toContainText(ADDRESS_REASON);
    await expect(details.getByRole('button', { name: 'Edit the details' })).toHaveCount(0);
    await checkAccessibility(page, 'creditor-read-only');
    await snapScreen(page, 'creditor-read-only');
  } finally {
    await context.close();
  }
}
