import { checkAccessibility, expect, test } from './support/axe';
import {
  type Applicant,
  chooseHardships,
  consentToCredit,
  continueFromHousehold,
  DESKTOP,
  expectText,
  fillHousehold,
  readEligibleDebts,
  setPasswordFromMailbox,
  signIn,
  signOut,
  startApplication,
  waitForPath,
} from './support/apply';
import { watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * Journey 5 of the borrower application: the flow can be left on any page and resumed. After a
 * reload, and after signing out and in again, the borrower is on the same page with the answers saved, also
 * when that page is an earlier one they went back to (the last viewed page).
 */
const CASEY: Applicant = {
  firstName: 'Casey',
  lastName: 'Nguyen',
  email: 'casey.nguyen@example.com',
  phone: '2025550165',
  dateOfBirth: '07221983',
};
const PASSWORD = 'Resume#Later7';

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: DESKTOP });

test.describe('application: resume', () => {
  test('reloads and signs out mid-flow, and comes back to the same page with the answers kept', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    // Session recording is off unless configured: the borrower's pages load nothing from another origin.
    const origin = new URL(server.url).origin;
    const elsewhere: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) elsewhere.push(new URL(request.url()).host);
    });

    await startApplication(page, server.url, CASEY);
    // The password from the email; it ends the lead's session, so the first tab signs in.
    await setPasswordFromMailbox(context, server.url, CASEY.email, PASSWORD);
    await page.reload();
    await signIn(page, CASEY.email, PASSWORD, '/hardships');

    await chooseHardships(page, ['Housing issues (repairs, foreclosure or eviction)', 'Reduction in income']);
    await fillHousehold(page, CASEY, {
      dependents: 'Three',
      isHomeowner: true,
      housingCost: '2100',
      isCarOwner: false,
      addressQuery: '123 Main',
      addressChoice: '123 Main St, Waukesha, WI 53189',
    });
    await continueFromHousehold(page);
    await consentToCredit(page);

    // A reload keeps the page, the session and the list.
    const debts = await readEligibleDebts(page);
    expect(debts.length).toBeGreaterThan(1);
    await page.reload();
    await waitForPath(page, '/eligible-debts');
    expect(await readEligibleDebts(page)).toEqual(debts);

    // One debt left out, then on to the income page.
    const leftOut = debts.at(-1)!;
    await page
      .getByRole('list', { name: 'Eligible debts' })
      .getByRole('listitem')
      .last()
      .getByRole('checkbox')
      .uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/income/provide-monthly-income');
    await expectText(page, 'Tell us about your income');
    await checkAccessibility(page, '/income/provide-monthly-income');

    // Signed out and in again: the same page.
    await signOut(page);
    await page.goto(`${server.url}/income/provide-monthly-income`);
    await signIn(page, CASEY.email, PASSWORD, '/income/provide-monthly-income');
    await expectText(page, 'Tell us about your income');

    // The earlier answers are all there.
    await page.goto(`${server.url}/eligible-debts`);
    await waitForPath(page, '/eligible-debts');
    const kept = await readEligibleDebts(page);
    expect(kept.map((d) => d.balance)).toEqual(debts.map((d) => d.balance));
    expect(kept.filter((d) => !d.selected).map((d) => d.name)).toEqual([leftOut.name]);

    await page.goto(`${server.url}/household`);
    await expectText(page, 'Tell us about your household');
    const yes = (question: string) =>
      page.getByRole('group', { name: question }).getByLabel('Yes', { exact: true }).isChecked();
    await expect.poll(() => yes('Do you have any dependents?')).toBe(true);
    const selected = page.getByLabel('Number of dependents').locator('option:checked');
    expect(await selected.textContent()).toBe('Three');
    expect(await yes('Do you own your home?')).toBe(true);
    expect(await page.getByLabel('Estimated monthly housing cost').inputValue()).toBe('$2,100');
    expect(await yes('Do you own a car?')).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Street address' }).inputValue()).toBe('123 Main St');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Waukesha');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('WI');
    expect(await page.getByLabel('Zip code').inputValue()).toBe('53189');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('07-22-1983');

    // A reload here too keeps what was saved.
    await page.reload();
    await expectText(page, 'Tell us about your household');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Waukesha');

    await page.goto(`${server.url}/hardships`);
    await expectText(page, 'Are you currently facing any of the following situations?');
    await expect(page.getByLabel('Reduction in income')).toBeChecked();
    expect(await page.getByLabel('Housing issues (repairs, foreclosure or eviction)').isChecked()).toBe(true);
    expect(await page.getByLabel('Unemployment').isChecked()).toBe(false);

    // Signed out here and in again: back on /hardships, the page last viewed, not the page after the last save.
    await signOut(page);
    await signIn(page, CASEY.email, PASSWORD, '/hardships');
    await expectText(page, 'Are you currently facing any of the following situations?');
    await checkAccessibility(page, '/hardships (resumed where last viewed)');

    expect(elsewhere).toEqual([]);
    expect(await page.locator('script[src*="logr"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
