import type { Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './support/axe';
import {
  type Applicant,
  chooseHardships,
  consentToCredit,
  continueFromHousehold,
  DESKTOP,
  expensesTotal,
  fillHousehold,
  groupTotal,
  PHONE,
  provideIncome,
  readEligibleDebts,
  shownDollars,
  snapAtWidths,
  startApplication,
  waitForPath,
} from './support/apply';
import { watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A renter whose housing cost has six digits ($123,456 a month, the most digits the household page takes):
 * the amount reaches the expenses page's rent line, which takes the same six digits, while every other line
 * takes five and says "Please confirm this amount is correct." when a sixth is typed (decision 0144).
 */
const JORDAN: Applicant = {
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'jordan.avery@example.com',
  phone: '2025550191',
  dateOfBirth: '07221982',
};
const WARNING = 'Please confirm this amount is correct.';

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: DESKTOP });

/** The amount an expense line ('housing:rent') shows while closed, e.g. '$123,456'. */
const lineAmount = (page: Page, line: string) =>
  page.locator(`li[data-line="${line}"]`).getByText(/^\$[\d,]+$/);

test.describe('application: amounts at and past their limits', () => {
  test('a six-digit rent: the income confirmed with its reason, the rent edited, a sixth digit elsewhere refused', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await startApplication(page, server.url, JORDAN);
    await chooseHardships(page);
    await fillHousehold(page, JORDAN, {
      dependents: null,
      isHomeowner: false,
      housingCost: '123456',
      isCarOwner: false,
      addressQuery: '123 Main',
      addressChoice: '123 Main St, Durango, CO 81303',
    });
    // A seventh digit is shown with the warning, and the household page refuses it on Continue.
    const housing = page.getByLabel('Estimated monthly housing cost');
    await housing.press('End');
    await housing.pressSequentially('7');
    await expect(housing).toHaveValue('$1,234,567');
    await expect(housing).toHaveAccessibleDescription(WARNING);
    await housing.pressSequentially('8');
    await expect(housing).toHaveValue('$1,234,567');
    await checkAccessibility(page, '/household (an amount past its limit)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(housing).toHaveAccessibleDescription(
      `Estimated monthly housing cost must be at most 6 characters long ${WARNING}`,
    );
    expect(new URL(page.url()).pathname).toBe('/household');
    await housing.press('Backspace');
    await expect(housing).toHaveValue('$123,456');
    await continueFromHousehold(page);
    await consentToCredit(page);
    await readEligibleDebts(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/income/provide-monthly-income');
    // Such a rent leaves the income far short of the expenses: the income is confirmed first, and the page
    // says why, with the income a plan would need (income + estimated shortfall − $100).
    let threshold = 0;
    expect(
      await provideIncome(page, '5500', async () => {
        const reason = page.getByTestId('income-threshold');
        await expect(reason).toHaveText(
          /^We are asking because, with your debts and the expenses we estimated for your household, a debt management plan usually needs a monthly household income of at least \$[\d,]+\. If the amount above is not right, choose No to change it\.$/,
        );
        threshold = shownDollars(await reason.textContent());
        await snapAtWidths(page, 'confirm-income-reason');
      }),
    ).toBe('confirmed');
    // The shortfall is 1.75% of the eligible balances less what the income leaves after the expenses, so the
    // threshold is the expenses plus that share of the balances (a typical file: $14,000 to $28,000), less $100.
    const expenses = await expensesTotal(page);
    expect(threshold).toBeGreaterThanOrEqual(expenses + Math.floor(14_000 * 0.0175) - 100 - 1);
    expect(threshold).toBeLessThanOrEqual(expenses + Math.ceil(28_000 * 0.0175) - 100 + 1);

    // /expenses: the rent as entered on the household page, editable with its six digits.
    await expect(lineAmount(page, 'housing:rent')).toHaveText('$123,456');
    const housingBefore = await groupTotal(page, 'Housing');
    await page.getByRole('button', { name: 'Edit Rent', exact: true }).click();
    const rent = page.getByLabel('Rent', { exact: true });
    await expect(rent).toHaveValue('$123,456');
    await expect(rent).not.toHaveAccessibleDescription(WARNING);
    await rent.fill('');
    await rent.pressSequentially('123400');
    await expect(rent).toHaveValue('$123,400');
    await page.getByRole('button', { name: 'Submit Rent', exact: true }).click();
    await expect(lineAmount(page, 'housing:rent')).toHaveText('$123,400');
    expect(await groupTotal(page, 'Housing')).toBe(housingBefore - 56);

    // Another line takes five digits: a sixth is shown with the warning, a seventh is not taken.
    const line = 'Renters insurance';
    await page.getByRole('button', { name: `Edit ${line}` }).click();
    const insurance = page.getByLabel(line, { exact: true });
    await insurance.fill('');
    await insurance.pressSequentially('1234567');
    await expect(insurance).toHaveValue('$123,456');
    await expect(insurance).toHaveAccessibleDescription(WARNING);
    await expect(page.getByRole('status').filter({ hasText: WARNING })).toBeVisible();
    await checkAccessibility(page, '/expenses (an amount past its limit)');
    await snapAtWidths(page, 'expenses-amount-past-limit');
    await page.setViewportSize(PHONE);
    await checkAccessibility(page, '/expenses (an amount past its limit, 390 px)');
    await page.setViewportSize(DESKTOP);
    // Submit refuses it with the field's message; the line stays open and the total unchanged.
    await page.getByRole('button', { name: `Submit ${line}` }).click();
    await expect(insurance).toHaveAccessibleDescription(
      `${line} must be at most 5 characters long ${WARNING}`,
    );
    expect(await groupTotal(page, 'Housing')).toBe(housingBefore - 56);
    await snapAtWidths(page, 'expenses-amount-refused');
    await page.getByRole('button', { name: `Cancel ${line}` }).click();
    await expect(page.getByRole('status').filter({ hasText: WARNING })).toHaveCount(0);

    expect(errors).toEqual([]);
  });
});
