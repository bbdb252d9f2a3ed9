import type { Page } from '@playwright/test';
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
  provideIncome,
  readEligibleDebts,
  startApplication,
  waitForPath,
} from './support/apply';
import { watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A borrower who goes back through pages already saved and presses Continue without changing anything sends
 * none of them again: the browser goes on to the next page itself, and only tells the server which page is now
 * open (the viewed-page call, so a later sign-in resumes there). At a phone's width and a desktop's.
 */
const APPLICANTS: Record<number, Applicant> = {
  [PHONE.width]: {
    firstName: 'Rowan',
    lastName: 'Ellis',
    email: 'rowan.ellis@example.com',
    phone: '2025550171',
    dateOfBirth: '03141986',
  },
  [DESKTOP.width]: {
    firstName: 'Tessa',
    lastName: 'Marsh',
    email: 'tessa.marsh@example.com',
    phone: '2025550172',
    dateOfBirth: '09301979',
  },
};

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every PUT and POST the page sends to the application's API, as 'METHOD /path', from now on. */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['PUT', 'POST'].includes(request.method()) && url.pathname.startsWith('/api/application')) {
      writes.push(`${request.method()} ${url.pathname} ${request.postData() ?? ''}`.trim());
    }
  });
  return writes;
}

const continueTo = async (page: Page, path: string) => {
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, path);
};

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`application: Continue without changes at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('goes back through saved pages and sends none of them again', async ({ page }) => {
      const errors = watchErrors(page);
      const applicant = APPLICANTS[viewport.width]!;
      await startApplication(page, server.url, applicant);
      await chooseHardships(page, ['Reduction in income']);
      await fillHousehold(page, applicant, {
        dependents: null,
        isHomeowner: false,
        housingCost: '1400',
        isCarOwner: true,
        addressQuery: '123 Main',
        addressChoice: '123 Main St, Waukesha, WI 53189',
      });
      await continueFromHousehold(page);
      await consentToCredit(page);
      const debts = await readEligibleDebts(page);
      expect(debts.length).toBeGreaterThan(1);

      // The first time, Continue saves the page.
      let writes = watchWrites(page);
      await continueTo(page, '/income/provide-monthly-income');
      await expectText(page, 'Tell us about your income');
      await checkAccessibility(page, '/income/provide-monthly-income');
      expect(writes.filter((w) => w.startsWith('PUT /api/application/eligible-debts'))).toHaveLength(1);

      // Back (the browser's own button) and Continue with nothing changed: no save, the income page again.
      writes = watchWrites(page);
      await page.goBack();
      await waitForPath(page, '/eligible-debts');
      expect(await readEligibleDebts(page)).toEqual(debts);
      await checkAccessibility(page, '/eligible-debts (back)');
      await continueTo(page, '/income/provide-monthly-income');
      await expectText(page, 'Tell us about your income');
      expect(writes).toEqual([
        'PUT /api/application/viewed-page {"page":"EligibleDebts"}',
        'PUT /api/application/viewed-page {"page":"ProvideMonthlyIncome"}',
      ]);

      // Further back, to the first pages: each Continue goes on without a save.
      writes = watchWrites(page);
      await page.goto(`${server.url}/hardships`);
      await expectText(page, 'Are you currently facing any of the following situations?');
      await expect(page.getByLabel('Reduction in income')).toBeChecked();
      await checkAccessibility(page, '/hardships (back)');
      await continueTo(page, '/household');
      await expectText(page, 'Tell us about your household');
      await expect(page.getByLabel('City', { exact: true })).toHaveValue('Waukesha');
      await checkAccessibility(page, '/household (back)');
      await continueTo(page, '/credit');
      await expectText(page, "Let's verify your debts");
      await checkAccessibility(page, '/credit (back)');
      expect(writes).toEqual([
        'PUT /api/application/viewed-page {"page":"Hardships"}',
        'PUT /api/application/viewed-page {"page":"Household"}',
        'PUT /api/application/viewed-page {"page":"Credit"}',
      ]);
      expect(writes.filter((w) => !w.startsWith('PUT /api/application/viewed-page'))).toEqual([]);

      // A change is saved as before.
      writes = watchWrites(page);
      await page.goto(`${server.url}/eligible-debts`);
      await readEligibleDebts(page);
      const first = page.getByRole('list', { name: 'Eligible debts' }).getByRole('listitem').first();
      await first.getByRole('checkbox').uncheck();
      await continueTo(page, '/income/provide-monthly-income');
      await expectText(page, 'Tell us about your income');
      expect(writes.filter((w) => w.startsWith('PUT /api/application/eligible-debts'))).toHaveLength(1);

      // An income the plan would need more than: asked to confirm it, Yes is saved once. Back on the page,
      // Yes again goes on to /expenses without a save.
      expect(await provideIncome(page, '1500')).toBe('confirmed');
      writes = watchWrites(page);
      await page.goBack();
      await waitForPath(page, '/income/confirm-income');
      await expectText(page, 'Is this your correct total monthly household income after taxes?');
      await checkAccessibility(page, '/income/confirm-income (back)');
      await answer(page, 'Is this your correct total monthly household income after taxes?', true);
      await continueTo(page, '/expenses');
      await expectText(page, 'Verify Your Household Expenses');
      expect(writes).toEqual([
        'PUT /api/application/viewed-page {"page":"ConfirmIncome"}',
        'PUT /api/application/viewed-page {"page":"Expenses"}',
      ]);
      expect(errors).toEqual([]);
    });
  });
}
