import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './support/axe';
import { picture, reportFailure, visible, watchErrors } from './support/browser';
import { pickSlot } from './support/counselling';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * An anonymous visitor books a call with a counsellor from the lead page's "Talk to a counsellor", receives
 * the confirmation email with its calendar invitation (the .ics parses and starts at the booked instant, in
 * UTC; the confirmation page offers the same file to download), moves the call from the email's link and then cancels it from the moved email's (the first email's link
 * is replaced); at 390 and 1440 px. A link
 * that is not valid opens a page that offers a new booking. Every state passes axe and none scrolls sideways;
 * the pictures are test-results/screenshots/counselling-<state>-<width>.png.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const shots = path.resolve(import.meta.dirname, '../../test-results/screenshots');

let server: TestServer;

test.beforeAll(async () => {
  const env = await journeyEnv();
  // One counsellor who works every day, all day: open times exist at whatever hour the journey runs.
  await runScript(env, 'tests/e2e/support/seed-counsellor.ts', [
    '--email',
    'ana.counsellor@example.org',
    '--name',
    'Ana Ruiz',
  ]);
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Checks the page with axe, pictures it and says it does not scroll sideways. */
async function state(page: Page, name: string, width: number): Promise<void> {
  await checkAccessibility(page, `${name} at ${width}`);
  await picture(page, path.join(shots, `counselling-${name}-${width}.png`));
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`)
    .toBeLessThanOrEqual(width);
}

/** An instant as the invitation writes it: '2026-11-30T14:00:00.000Z' → '20261130T140000Z'. */
const icsInstant = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** The newest email to `to` with `subject` in the dev mailbox, waited for: its links and its invitation. */
async function emailTo(page: Page, to: string, subject: string) {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${server.url}/dev/mailbox`);
  const mail = mailbox.locator('article', { hasText: to }).filter({
    has: mailbox.getByRole('heading', { name: subject, exact: true }),
  });
  await expect(async () => {
    await mailbox.reload();
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await checkAccessibility(mailbox, '/dev/mailbox', { oncePerTest: true });
  const article = mail.first();
  // A cancelled call's email has no links to move or cancel it: none is waited for.
  const linkOf = async (label: string) => {
    const link = article.getByRole('link', { name: label, exact: true });
    return (await link.count()) === 0 ? '' : ((await link.getAttribute('href')) ?? '');
  };
  const invitationHref = await article
    .getByRole('link', { name: 'counselling-call.ics' })
    .getAttribute('href');
  const invitation = await (await mailbox.request.get(`${server.url}${invitationHref}`)).text();
  const links = {
    reschedule: await linkOf('Choose another time'),
    cancel: await linkOf('Cancel the call'),
  };
  await mailbox.close();
  return { invitation, links };
}

for (const size of SIZES) {
  test(`an anonymous visitor books, moves and cancels a call at ${size.width} px`, async ({ page }) => {
    // Three emails are waited for in the dev mailbox, and every state is checked at one width.
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const email = `visitor.${size.width}@example.com`;
    await page.setViewportSize(size);
    await reportFailure(page, errors, `counselling-failure-${size.width}`, async () => {
      // From the lead page's footer to the booking page.
      await page.goto(`${server.url}/lead`);
      await checkAccessibility(page, '/lead', { oncePerTest: true });
      await page.getByRole('link', { name: 'Talk to a counsellor' }).click();
      await page.waitForURL((url) => url.pathname === '/counselling-call', { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Talk to a credit counsellor' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page).toHaveTitle(/^Talk to a credit counsellor \| /);
      await visible(page.getByRole('group', { name: 'Day', exact: true }), 30_000);
      // The time zone is the browser's (Playwright's default is the machine's), and can be changed.
      await expect(page.getByLabel('Times are shown in')).toBeVisible();
      await state(page, 'book', size.width);

      // Submitting with nothing chosen says what is missing.
      await page.getByRole('button', { name: 'Book the call' }).click();
      await expect(page.getByText('Choose a time for the call.')).toBeVisible();
      await expect(page.getByText('First name is required')).toBeVisible();
      await state(page, 'book-errors', size.width);

      const startsAt = await pickSlot(page, 1);
      await page.getByLabel('First name').fill('Rosa');
      await page.getByLabel('Last name').fill('Diaz');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Phone number').fill('2025550143');
      // A text reminder shows what the person agrees to.
      await page.getByLabel('By email and text message').check();
      await expect(page.getByText(/you agree that .* may text you reminders of this call/)).toBeVisible();
      await state(page, 'book-filled', size.width);
      await page.getByLabel('By email', { exact: true }).check();
      await page.getByRole('button', { name: 'Book the call' }).click();

      // The confirmation: the call's time in words, in the visitor's zone.
      await page.waitForURL(/\/counselling-call\?token=.+&booked=1/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
      const words = await page.evaluate(
        (at) =>
          new Intl.DateTimeFormat('en-US', {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
          }).format(new Date(at)),
        startsAt,
      );
      await expect(page.getByText(words)).toBeVisible();
      await expect(page.getByText('Ana', { exact: true })).toBeVisible();
      await state(page, 'booked', size.width);
      // The page offers the invitation too: the same call, downloaded as a calendar file.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Add the call to my calendar (.ics)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('counselling-call.ics');
      const downloaded = readFileSync((await file.path())!, 'utf8');
      expect(downloaded).toContain('METHOD:PUBLISH');
      expect(downloaded).toMatch(new RegExp(`DTSTART:${icsInstant(startsAt)}\\r?\\n`));

      // The email: its invitation starts at the booked instant, written in UTC.
      const booked = await emailTo(page, email, 'Your call with a credit counsellor');
      expect(booked.invitation).toContain('BEGIN:VCALENDAR');
      expect(booked.invitation).toContain('METHOD:PUBLISH');
      expect(booked.invitation).toMatch(new RegExp(`DTSTART:${icsInstant(startsAt)}\\r?\\n`));
      expect(booked.links.reschedule).toContain('/counselling-call?token=');
      expect(booked.links.cancel).toContain('action=cancel');

      // Its "Choose another time" opens the picker, without signing in.
      await page.goto(booked.links.reschedule);
      await expect(page.getByRole('heading', { name: 'Choose another time', level: 2 })).toBeVisible({
        timeout: 30_000,
      });
      await visible(page.getByRole('group', { name: 'Day', exact: true }), 30_000);
      await state(page, 'reschedule', size.width);
      const movedTo = await pickSlot(page, 2);
      expect(movedTo).not.toBe(startsAt);
      await page.getByRole('button', { name: 'Move the call' }).click();
      await expect(page.getByRole('heading', { name: 'Your call has moved' })).toBeVisible();
      await state(page, 'moved', size.width);
      const moved = await emailTo(page, email, 'Your call with a credit counsellor has moved');
      expect(moved.invitation).toMatch(new RegExp(`DTSTART:${icsInstant(movedTo)}\\r?\\n`));

      // The first email's links no longer work: one live link per call, the moved email's.
      await page.goto(booked.links.cancel);
      await expect(
        page.getByText('This link was replaced by the one in your latest email about this call.'),
      ).toBeVisible({ timeout: 30_000 });
      expect(moved.links.cancel).toContain('action=cancel');
      await page.goto(moved.links.cancel);
      await expect(page.getByRole('heading', { name: 'Cancel the call?' })).toBeVisible({ timeout: 30_000 });
      await state(page, 'cancel', size.width);
      await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
      await expect(page.getByRole('heading', { name: 'Your call is cancelled' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book a call' })).toBeVisible();
      await state(page, 'cancelled', size.width);
      const cancelled = await emailTo(page, email, 'Your call with a credit counsellor is cancelled');
      expect(cancelled.invitation).toContain('METHOD:CANCEL');

      // A link that is not ours: a clear page and a way to book anew.
      await page.goto(`${server.url}/counselling-call?token=${'A'.repeat(22)}.${'B'.repeat(22)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('This link is not valid.')).toBeVisible();
      await state(page, 'invalid-link', size.width);
      await page.getByRole('link', { name: 'Book a call' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Talk to a credit counsellor' }),
      ).toBeVisible();
      await checkAccessibility(page, 'book again');
    });
    expect(errors).toEqual([]);
  });
}

test('the booking page reads in Spanish at 390 and 1440 px', async ({ page }) => {
  const errors = watchErrors(page);
  await reportFailure(page, errors, 'counselling-failure-es', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // ?lang=es keeps the choice, as an email's link in Spanish does.
      await page.goto(`${server.url}/counselling-call?lang=es`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Hable con un consejero de crédito' }),
      ).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await visible(page.getByRole('group', { name: 'Día', exact: true }), 30_000);
      await expect(page.getByRole('button', { name: 'Reservar la llamada' })).toBeVisible();
      await state(page, 'book-es', size.width);
    }
  });
  expect(errors).toEqual([]);
});
