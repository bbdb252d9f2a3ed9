import { checkAccessibility, expect, test } from './support/axe';
import {
  answer,
  type Applicant,
  chooseHardships,
  consentToCredit,
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
 * Journeys 3 and 4 of the borrower application: the outcomes that end before an offer. A borrower
 * living in the District of Columbia (not licensed) asks to be told when the service comes; a thin credit
 * file (the sandbox's last name Thinfile, docs/providers.md) has nothing eligible and is not qualified.
 */
const PHONE_DISPLAY = '(800) 555-0199';
const HOURS = 'Monday - Friday 9AM - 5PM EST';

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: DESKTOP });

test.describe('application: outcomes without an offer', () => {
  test('a borrower in DC is not served yet, answers Yes and is told they will be notified', async ({
    page,
  }) => {
    const dana: Applicant = {
      firstName: 'Dana',
      lastName: 'Brooks',
      email: 'dana.brooks@example.com',
      phone: '2025550111',
      dateOfBirth: '11031990',
    };
    const errors = watchErrors(page);

    await startApplication(page, server.url, dana);
    await chooseHardships(page, ['Unemployment']);
    // The zip code narrows the suggestions to Washington, DC.
    const address = await fillHousehold(page, dana, {
      dependents: null,
      isHomeowner: false,
      housingCost: '1800',
      isCarOwner: false,
      addressQuery: '123 Main 20001',
      addressChoice: '123 Main St, Washington, DC 20001',
    });
    expect(address).toEqual({ street: '123 Main St', city: 'Washington', state: 'DC', zipCode: '20001' });
    await continueFromHousehold(page);
    await consentToCredit(page, '/notify-when-eligible');

    await expectText(page, 'Our service is not available in your state yet');
    expect(await page.getByText('District of Columbia', { exact: true }).isVisible()).toBe(true);
    await checkAccessibility(page, '/notify-when-eligible');
    await snapAtWidths(page, 'apply-notify-when-eligible');
    // The question must be answered.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('group', { name: /notify you when our service/ }).getByRole('alert'),
    ).toHaveCount(1);
    await answer(
      page,
      'Would you like us to notify you when our service becomes available in your state?',
      true,
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForPath(page, '/we-will-notify-you');
    await expectText(page, 'We will notify you');
    const notice = `Thank you. We will notify you at ${dana.email} when our service becomes available in your state.`;
    expect(await page.locator('p', { hasText: notice }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: PHONE_DISPLAY }).getAttribute('href')).toBe(
      'tel:+18005550199',
    );
    await checkAccessibility(page, '/we-will-notify-you');
    await snapAtWidths(page, 'apply-we-will-notify-you');

    expect(errors).toEqual([]);
  });

  test('a thin credit file has no eligible debts and ends not qualified, with the phone and hours', async ({
    page,
  }) => {
    const taylor: Applicant = {
      firstName: 'Taylor',
      lastName: 'Thinfile',
      email: 'taylor.thinfile@example.com',
      phone: '2025550122',
      dateOfBirth: '06151988',
    };
    // On a phone.
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);

    await startApplication(page, server.url, taylor);
    await chooseHardships(page, ['Other']);
    await fillHousehold(page, taylor, {
      dependents: 'One',
      isHomeowner: true,
      housingCost: '1200',
      isCarOwner: true,
      addressQuery: '12 elm av',
      addressChoice: '12 Elm Ave, Abingdon, VA 24211',
    });
    await continueFromHousehold(page);
    await consentToCredit(page);

    // The empty state: nothing to choose, Continue still leads on.
    await expectText(page, 'We did not find any eligible debts on your credit report.');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await checkAccessibility(page, '/eligible-debts (none eligible)');
    await snapAtWidths(page, 'apply-eligible-debts-empty');
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForPath(page, '/offers/not-qualified');
    await expectText(page, 'Thank you for your application');
    const call = page.getByRole('main').getByRole('link', { name: PHONE_DISPLAY });
    expect(await call.getAttribute('href')).toBe('tel:+18005550199');
    expect(await page.getByRole('main').getByText(HOURS, { exact: true }).isVisible()).toBe(true);
    await checkAccessibility(page, '/offers/not-qualified');
    await snapAtWidths(page, 'apply-not-qualified');

    // The outcome is final: the earlier pages send the borrower back here.
    await page.goto(`${server.url}/income/provide-monthly-income`);
    await waitForPath(page, '/offers/not-qualified');

    expect(errors).toEqual([]);
  });
});
