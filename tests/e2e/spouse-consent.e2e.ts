import type { Page } from '@playwright/test';
import { checkAccessibility, expect, test, watchContext } from './support/axe';
import {
  answer,
  type Applicant,
  chooseHardships,
  continueFromHousehold,
  DESKTOP,
  expectText,
  fillHousehold,
  PHONE,
  snapAtWidths,
  startApplication,
  waitForPath,
} from './support/apply';
import { watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A joint application's credit page: the spouse gives their own consent to the check of their credit report.
 * At 390 px the spouse is at the applicant's screen (their tick and their typed name; a name that is not theirs
 * is refused); at 1280 px the applicant emails the spouse a link, the spouse opens it from the dev mailbox,
 * reads the authorization, ticks it and types their name, and the applicant, who waited, goes on.
 */
const HOUSEHOLD = {
  dependents: null,
  isHomeowner: false,
  housingCost: '1200',
  isCarOwner: false,
  addressQuery: '123 Main',
  addressChoice: '123 Main St, Durango, CO 81303',
} as const;

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

/** /household with a spouse (Jordan Morgan, living at the same address), then Continue to /credit. */
async function householdWithSpouse(page: Page, applicant: Applicant, spouseEmail?: string) {
  await fillHousehold(page, applicant, HOUSEHOLD);
  await answer(page, 'Are you applying with a spouse?', true);
  const spouse = page.getByRole('group', { name: 'About your spouse' });
  await spouse.getByLabel('First name').fill('Jordan');
  await spouse.getByLabel('Last name').fill('Morgan');
  if (spouseEmail) await spouse.getByLabel('Email address (optional)').fill(spouseEmail);
  await spouse.getByLabel('Date of birth').pressSequentially('07151984');
  await answer(page, 'Does your spouse live at the same address as above?', true);
  await continueFromHousehold(page);
}

const applicant = (email: string): Applicant => ({
  firstName: 'Alex',
  lastName: 'Morgan',
  email,
  phone: '9705550142',
  dateOfBirth: '03141980',
});

test('the spouse at the screen ticks and types their own name at 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const errors = watchErrors(page);
  const person = applicant('alex.present@example.com');
  await startApplication(page, server.url, person);
  await chooseHardships(page);
  await householdWithSpouse(page, person);

  await expectText(page, 'Your spouse’s consent');
  await page.getByRole('checkbox', { name: /I authorize .* to obtain my credit report/ }).check();
  await expect(page.getByRole('radio', { name: 'Jordan is here with me' })).toBeChecked();
  // The applicant's tick for the spouse is not enough: the spouse types their own name.
  await page.getByRole('checkbox', { name: /My spouse authorizes/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const name = page.getByLabel('Spouse’s full name, typed by the spouse');
  await expect(name).toHaveAccessibleDescription(/Full name is required/);
  await name.fill('Alex Morgan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(name).toHaveAccessibleDescription(/does not match the spouse’s name on the application/);
  await checkAccessibility(page, '/credit (the spouse’s name refused)');
  await snapAtWidths(page, 'spouse-consent-at-screen');
  await name.fill('  jordan   MORGAN ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/eligible-debts', 60_000);
  await expectText(page, /debts/i);
  await checkAccessibility(page, '/eligible-debts');
  expect(errors).toEqual([]);
});

test('the spouse consents from the emailed link at 1280 px while the applicant waits', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const errors = watchErrors(page);
  const person = applicant('alex.link@example.com');
  const spouseEmail = 'jordan.link@example.com';
  await startApplication(page, server.url, person);
  await chooseHardships(page);
  await householdWithSpouse(page, person, spouseEmail);

  await page.getByRole('checkbox', { name: /I authorize .* to obtain my credit report/ }).check();
  await page.getByRole('radio', { name: 'Email Jordan a link' }).check();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByLabel('Spouse’s email address')).toHaveValue(spouseEmail);
  await page.getByRole('button', { name: 'Email the link' }).click();
  await expectText(page, 'Your spouse’s consent is awaited');
  await expectText(page, `We have just emailed a link to ${spouseEmail}`);
  await checkAccessibility(page, '/credit (the spouse’s consent awaited)');
  await snapAtWidths(page, 'spouse-consent-awaited');

  // The spouse's email, in the dev mailbox; its link opens the consent page.
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${server.url}/dev/mailbox`);
  const mail = mailbox.locator('article', { hasText: spouseEmail }).filter({
    has: mailbox.getByRole('heading', { name: 'Your consent for a credit check', exact: true }),
  });
  await expect(async () => {
    await mailbox.reload();
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await checkAccessibility(mailbox, '/dev/mailbox');
  await expect(mail.first()).toContainText('Alex Morgan is applying for a Debt Management Plan with you');
  const href = (await mail.first().getByRole('link', { name: 'Give your consent' }).getAttribute('href'))!;
  expect(href).toMatch(/\/spouse-consent(\?lang=en)?#t=[A-Za-z0-9_-]{43}$/);

  // The spouse's own browser: no session of the applicant's.
  const spousePage = await page.context().browser()!.newContext({ viewport: DESKTOP });
  await watchContext(spousePage);
  const spouse = await spousePage.newPage();
  const spouseErrors = watchErrors(spouse);
  await spouse.goto(href);
  await expect(
    spouse.getByRole('heading', { level: 1, name: 'Your consent for a credit check' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expectText(spouse, 'Hi Jordan, Alex is applying with you');
  await checkAccessibility(spouse, '/spouse-consent');
  await snapAtWidths(spouse, 'spouse-consent-link-page');
  await spouse.getByRole('checkbox', { name: /I authorize .* to obtain my credit report/ }).check();
  await spouse.getByLabel('Your full name').fill('Jordan Smith');
  await spouse.getByRole('button', { name: 'Give my consent' }).click();
  await expect(spouse.getByLabel('Your full name')).toHaveAccessibleDescription(
    /does not match the spouse’s name on the application/,
  );
  await spouse.getByLabel('Your full name').fill('Jordan Morgan');
  await spouse.getByRole('button', { name: 'Give my consent' }).click();
  await expect(spouse.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await checkAccessibility(spouse, '/spouse-consent (consent recorded)');
  // The link works once.
  await spouse.reload();
  await expect(spouse.getByRole('heading', { level: 1, name: 'Your consent is recorded' })).toBeVisible({
    timeout: 20_000,
  });
  await checkAccessibility(spouse, '/spouse-consent (link used)');
  await spousePage.close();
  await mailbox.close();
  expect(spouseErrors).toEqual([]);

  // The applicant, who waited, sees the consent and goes on: both reports are checked.
  await page.getByRole('button', { name: 'Check again' }).click();
  await expectText(page, /Jordan gave their consent on/);
  await checkAccessibility(page, '/credit (the spouse’s consent given)');
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/eligible-debts', 60_000);
  await checkAccessibility(page, '/eligible-debts');
  expect(errors).toEqual([]);
});
