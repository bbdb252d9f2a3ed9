import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { formatDollars } from '#domain/money/cents';
import { checkAccessibility, expect, test } from './support/axe';
import { picture, reportFailure, SCREENSHOTS_DIR, visible, watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff, seedPortal } from './support/portal';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * The proposals screen on seeded applications in creditor review, whose proposals the server prepares at start
 * (the shipped creditors have no channel on file, so they are to be mailed). A staff member marks one proposal
 * mailed (it leaves the list, the count says so), then the rest with "All". Forty days later (the server
 * stopped, one mailed proposal dated back and its creditor given ACH numbers on file by a script) the
 * silent-creditor job flags it: the "Waiting for an answer" list shows it Flagged with the default assumed. The
 * staff member opens its application and records the creditor's real answer in the offer-status modal, keeping
 * the ACH numbers on file without typing them, and the flag is gone. Every page and dialog is checked with axe
 * and pictured at 1280 and 390 px.
 */
const APPLICATIONS = 12;
const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

let server: TestServer;
let env: Record<string, string>;
const staff: NewStaff = {
  email: 'jordan.post@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass6',
  firstName: 'Jordan',
  lastName: 'Post',
  phone: '3125550104',
};

test.beforeAll(async () => {
  env = await journeyEnv();
  // Both scripts write to the embedded database before the server opens it.
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

test.use({ viewport: DESKTOP });

/**
 * Pictures at 1280 and 390 px ('proposals-flow-<name>-1280', '-390'). A dialog is fixed to the screen, so it is
 * pictured as the screen shows it rather than as the whole page. A page wider than the screen fails softly.
 */
async function snapBoth(page: Page, name: string, o: { screenOnly?: boolean } = {}) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const file = `proposals-flow-${name}-${size.width}`;
    await picture(page, path.join(SCREENSHOTS_DIR, `${file}.png`), { screenOnly: o.screenOnly });
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size.width}`)
      .toBe(size.width);
  }
  await page.setViewportSize(DESKTOP);
}

/** The boxes of the proposals waiting to be mailed (one per row, 'Mailed: <creditor>, application <id>'). */
const mailBoxes = (toMail: Locator) => toMail.getByRole('checkbox', { name: /^Mailed: / });

/** Reloads until the proposals the server prepares at start are all listed (the same count twice running). */
async function preparedProposals(page: Page, toMail: Locator): Promise<number> {
  let last = -1;
  for (let tries = 0; tries < 40; tries++) {
    const count = await mailBoxes(toMail).count();
    if (count > 0 && count === last) return count;
    last = count;
    await page.waitForTimeout(2_000);
    await page.reload();
    // The region, not the page's heading: the heading is drawn before the list is read, and counting then
    // finds no box at all (on a busy machine, at every try).
    await visible(toMail);
  }
  throw new Error('the proposals prepared at start never settled');
}

test.describe('proposals to mail, and a flagged silent creditor', () => {
  test.describe.configure({ timeout: 300_000 });

  test('staff mark proposals mailed, see a silent creditor flagged, and record its answer with the ACH numbers on file', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'proposals-flow-failure', async () => {
      await firstStaffSignIn(page, server.url, staff);
      await checkAccessibility(page, '/summary');
      const nav = page.getByRole('navigation', { name: 'Service portal' });
      await nav.getByRole('link', { name: 'Proposals' }).click();
      await expect(page).toHaveURL(/\/proposals$/);
      const toMail = page.getByRole('region', { name: 'To mail' });
      await visible(toMail);

      // --- To mail: the seeded plans' proposals, prepared by the server at start.
      const prepared = await preparedProposals(page, toMail);
      expect(prepared, 'proposals of the seeded plans in creditor review').toBeGreaterThanOrEqual(2);
      await expect(toMail.getByRole('button', { name: 'Mark as mailed' })).toBeDisabled();
      await checkAccessibility(page, '/proposals (to mail)');
      await snapBoth(page, 'to-mail');

      // One proposal, printed and mailed: ticked, marked, and gone from the list.
      const first = mailBoxes(toMail).first();
      const firstName = (await first.getAttribute('aria-label'))!;
      const sameName = toMail.getByRole('checkbox', { name: firstName, exact: true });
      const sameBefore = await sameName.count();
      await first.check();
      await toMail.getByRole('button', { name: 'Mark 1 proposal as mailed' }).click();
      await expect(toMail.getByRole('status')).toHaveText('Marked 1 proposal as mailed.');
      await expect(mailBoxes(toMail)).toHaveCount(prepared - 1);
      await expect(sameName).toHaveCount(sameBefore - 1);
      await checkAccessibility(page, '/proposals (one marked mailed)');
      await snapBoth(page, 'one-mailed');

      // The rest at once, with "All".
      await toMail.getByRole('checkbox', { name: 'All' }).check();
      await toMail.getByRole('button', { name: `Mark ${prepared - 1} proposals as mailed` }).click();
      await expect(toMail.getByRole('status')).toHaveText(`Marked ${prepared - 1} proposals as mailed.`);
      await visible(toMail.getByText('No proposal is waiting to be mailed.'));
      // Sent just now: none is waiting past its creditor's answer time.
      await visible(page.getByText('No proposal is waiting past its answer time.'));
      await checkAccessibility(page, '/proposals (all mailed)');
      await snapBoth(page, 'all-mailed');
    });
    expect(errors).toEqual([]);

    // --- Forty days on: one creditor never answered; its programme's default is applied at the next start.
    await server.stop({ keepData: true });
    const chosen = JSON.parse(await runScript(env, 'tests/e2e/support/silent-creditor.ts', [])) as {
      applicationId: string;
      offerCreditor: string;
      offerBalance: number;
      creditorName: string;
    };
    server = await startServer(env);

    await reportFailure(page, errors, 'proposals-flow-failure-flagged', async () => {
      const group = page.getByRole('region', { name: chosen.creditorName, exact: true });
      const flaggedRow = group.getByRole('row').filter({ hasText: chosen.applicationId.slice(0, 8) });
      // The job runs at start, after the server says it is ready: read again until it has.
      await expect(async () => {
        await page.goto(`${server.url}/proposals`);
        await expect(flaggedRow.getByText('Flagged', { exact: true })).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 90_000 });
      await visible(
        flaggedRow.getByText('No answer: accepted by default. Record the creditor’s answer to clear.'),
      );
      await expect(flaggedRow).toContainText('(mail)');
      await expect(flaggedRow).toContainText('40 days');
      await checkAccessibility(page, '/proposals (a flagged silent creditor)');
      await snapBoth(page, 'flagged');

      // --- The creditor's real answer, from the application: accepted, paid by ACH to the numbers on file.
      await flaggedRow.getByRole('link', { name: chosen.applicationId.slice(0, 8) }).click();
      await page.waitForURL((url) => url.pathname === '/borrower-summary');
      await page
        .getByRole('tablist', { name: 'Borrower details' })
        .getByRole('tab', { name: 'Decision' })
        .click();
      const offers = page.getByRole('tabpanel').getByRole('region', { name: /^Offers \(\d+\)$/ });
      await visible(offers);
      await checkAccessibility(page, '/borrower-summary (Decision tab, a flagged offer)');
      // Two accounts at one creditor have their balance in the button's name, so exactly one button is this one.
      const byBalance = offers.getByRole('button', {
        name: `Change answer for ${chosen.offerCreditor}, balance ${formatDollars(chosen.offerBalance)}`,
        exact: true,
      });
      const change =
        (await byBalance.count()) > 0
          ? byBalance
          : offers.getByRole('button', { name: `Change answer for ${chosen.offerCreditor}`, exact: true });
      await expect(change).toHaveCount(1);
      await change.click();
      const modal = page.getByRole('dialog', { name: chosen.offerCreditor });
      await visible(modal);
      await modal
        .getByRole('group', { name: 'Was the offer accepted or declined?' })
        .getByLabel('Accepted')
        .check();
      await expect(
        modal.getByRole('group', { name: 'Payment method' }).getByLabel('ACH', { exact: true }),
      ).toBeChecked();
      const keep = modal.getByLabel('Use the ACH numbers on file');
      await expect(keep).toBeChecked();
      await visible(modal.getByText(/Routing •••• 0021, account •••• 8899, copied by the server\./));
      await expect(modal.getByLabel('Account Number')).toHaveCount(0);
      await checkAccessibility(page, '/borrower-summary (offer accepted, ACH numbers on file)');
      await snapBoth(page, 'modal-ach-on-file', { screenOnly: true });
      // Unticked, the numbers are typed for this account only.
      await keep.uncheck();
      await visible(modal.getByLabel('Account Number'));
      await checkAccessibility(page, '/borrower-summary (offer accepted, typing other ACH numbers)');
      await snapBoth(page, 'modal-ach-typed', { screenOnly: true });
      await keep.check();
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(modal).toBeHidden();

      // The flag is cleared: the proposal is answered.
      await page
        .getByRole('navigation', { name: 'Service portal' })
        .getByRole('link', { name: 'Proposals' })
        .click();
      await expect(page).toHaveURL(/\/proposals$/);
      await visible(page.getByRole('heading', { level: 1, name: 'Proposals' }));
      await expect(page.getByText('Flagged', { exact: true })).toHaveCount(0);
      await checkAccessibility(page, '/proposals (flag cleared)');
      await snapBoth(page, 'flag-cleared');
    });
    expect(errors).toEqual([]);
  });
});
