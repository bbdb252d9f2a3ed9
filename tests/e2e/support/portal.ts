import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { DEFAULT_SEED } from '#server/seed/seed-applications';
import { planApplication, statusOf } from '#server/seed/plan';
import { MONTH_NAMES } from '#domain/calendar';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { checkAccessibility } from './axe';
import { picture, SCREENSHOTS_DIR, snap } from './browser';
import { runScript } from './server';

// Steps of the service portal as a counsellor does them, for the portal journeys: the seeded data, the staff
// member's first sign-in with the second factor (each page checked with axe), screenshots at the portal's two
// widths, the date calendar.

export const WIDE = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export type SeededBorrower = {
  index: number;
  firstName: string;
  lastName: string;
  status: ApplicationStatus;
};

/**
 * Seeds `applications` applications (npm run seed) into the journey's database, before the server opens it.
 * Returns what the script printed.
 */
export async function seedPortal(env: Record<string, string>, applications: number): Promise<string> {
  return runScript(env, 'scripts/seed.ts', ['--applications', String(applications)]);
}

/**
 * The seeded borrowers in `status`, from the seed's deterministic plan (the same people the seed made): which
 * index, and the names the portal shows. Those who opted out of texts come last.
 */
export function seededBorrowers(applications: number, status: ApplicationStatus): SeededBorrower[] {
  const today = new Date();
  const found: (SeededBorrower & { optedOut: boolean })[] = [];
  for (let index = 0; index < applications; index++) {
    if (statusOf(DEFAULT_SEED, index) !== status) continue;
    const plan = planApplication(DEFAULT_SEED, index, today);
    found.push({
      index,
      firstName: plan.lead.firstName,
      lastName: plan.lead.lastName,
      status,
      optedOut: plan.isOptedOutOfSMS,
    });
  }
  return found
    .sort((a, b) => Number(a.optedOut) - Number(b.optedOut))
    .map(({ optedOut: _, ...borrower }) => borrower);
}

/** npm run staff:create: a staff user with a temporary password (returned). */
export async function createStaffUser(
  env: Record<string, string>,
  o: { email: string; name: string; creditorRelations?: boolean; supervisor?: boolean },
): Promise<string> {
  const out = await runScript(env, 'scripts/staff-create.ts', [
    '--email',
    o.email,
    '--name',
    o.name,
    ...(o.creditorRelations ? ['--creditor-relations'] : []),
    ...(o.supervisor ? ['--supervisor'] : []),
  ]);
  const password = /Temporary password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`staff:create printed no temporary password:\n${out}`);
  return password;
}

export type NewStaff = {
  email: string;
  temporaryPassword: string;
  password: string;
  firstName: string;
  lastName: string;
  /** 10 digits, as typed. */
  phone: string;
};

/**
 * A new staff member's first sign-in: temporary password, user information, a new password, the authenticator
 * app enrolled (the key read from the page, the code computed as the app would), the recovery codes kept; the
 * portal opens on /summary. Returns the authenticator key.
 */
export async function firstStaffSignIn(page: Page, baseUrl: string, staff: NewStaff): Promise<Uint8Array> {
  const once = { oncePerTest: true } as const;
  await page.goto(`${baseUrl}/sign-in`);
  await expect(page.getByLabel('Email address')).toBeVisible();
  await checkAccessibility(page, '/sign-in', once);
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.temporaryPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/user-information$/);
  await expect(page.getByLabel('First name')).toBeVisible();
  await checkAccessibility(page, '/user-information', once);
  await page.getByLabel('First name').fill(staff.firstName);
  await page.getByLabel('Last name').fill(staff.lastName);
  await page.getByLabel('Phone number').fill(staff.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/reset-password/);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await checkAccessibility(page, '/reset-password (first password)', once);
  await page.getByLabel('New password', { exact: true }).fill(staff.password);
  await page.getByLabel('Confirm password').fill(staff.password);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.waitForURL(/\/two-factor\/setup$/);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await checkAccessibility(page, '/two-factor/setup (password)');
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const keyText = page.getByLabel('Set-up key');
  await expect(keyText).toBeVisible();
  await checkAccessibility(page, '/two-factor/setup (QR code)');
  const key = base32Decode((await keyText.innerText()).replace(/\s/g, ''));
  await page.getByLabel('Authentication code').fill(authenticatorCode(key));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await checkAccessibility(page, '/two-factor/setup (recovery codes)');
  await page.getByRole('button', { name: 'I have saved my codes, continue' }).click();
  await page.waitForURL((url) => url.pathname === '/summary');
  return key;
}

/**
 * Screenshots of the page as it is now at 1440 px and 390 px ('portal-<screen>-1440', '-390'); the page is
 * left at the width it had. A page wider than the screen (a phone would scroll it sideways) fails softly, so
 * the journey goes on and every such screen is reported. `screenOnly` keeps what the screen shows rather than
 * the whole page: a dialog is fixed to the screen, and a whole-page picture would show it cut off.
 */
export async function snapScreen(
  page: Page,
  screen: string,
  o: { screenOnly?: boolean } = {},
): Promise<void> {
  const original = page.viewportSize() ?? WIDE;
  const sizes = original.width === PHONE.width ? [PHONE, WIDE] : [WIDE, PHONE];
  for (const size of sizes) {
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
    // Let the new width lay out (a resize observer or a media query may re-render).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (o.screenOnly) await snapViewport(page, `portal-${screen}-${size.width}`);
    else await snap(page, `portal-${screen}-${size.width}`);
    expect
      .soft(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `portal-${screen} at ${size.width}`,
      )
      .toBe(size.width);
  }
  if (page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
}

/** What the screen shows, beside snap()'s whole-page pictures (test-results/ is git-ignored). */
async function snapViewport(page: Page, name: string): Promise<void> {
  await picture(page, path.join(SCREENSHOTS_DIR, `${name}.png`), { screenOnly: true });
}

/** A local calendar day as the portal's query and the calendar's data use it: yyyy-MM-dd. */
export function localDay(daysAgo = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() - daysAgo);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'March 5, 2025': how the calendar names a day button. */
export function calendarDayName(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTH_NAMES[m! - 1]} ${d}, ${y}`;
}

/** 'MM/dd/yyyy': how the filter shows a chosen day. */
export const filterDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * Picks a date range in the portal's calendar whose button is labelled `label` (first click the start, second
 * the end; the calendar closes itself), moving between months with its arrows as a person would.
 */
export async function chooseDateRange(page: Page, label: string, start: string, end: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  const calendar = page.getByRole('dialog', { name: `${label} calendar` });
  await expect(calendar).toBeVisible();
  for (const day of [start, end]) {
    const button = calendar.getByRole('button', { name: calendarDayName(day), exact: true });
    for (let moves = 0; !(await button.isVisible()); moves++) {
      if (moves > 24) throw new Error(`the calendar never showed ${day}`);
      // The month shown is the one to move from: before the day → next, after → previous.
      const shown = (await calendar.getByRole('grid').getAttribute('aria-label')) ?? '';
      const [monthName, year] = shown.split(' ');
      const shownMonth = `${year}-${String(MONTH_NAMES.indexOf(monthName as (typeof MONTH_NAMES)[number]) + 1).padStart(2, '0')}`;
      await calendar
        .getByRole('button', { name: shownMonth < day.slice(0, 7) ? 'Next month' : 'Previous month' })
        .click();
    }
    await button.click();
  }
  await expect(calendar).toBeHidden();
}

/**
 * Ticks or unticks a filter of the borrower queue and waits until the box shows it. The filters live in the
 * page's address, and the box follows once the router has moved, not at the click itself: Playwright's check()
 * and uncheck() look right after their click and, on a busy machine, saw the old state ("did not change its
 * state").
 */
export async function toggleQueueFilter(page: Page, filter: string, on: boolean): Promise<void> {
  const box = page.getByRole('checkbox', { name: filter });
  await box.click();
  if (on) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}
