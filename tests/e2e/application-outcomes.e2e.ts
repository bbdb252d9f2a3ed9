import type { Browser, Page } from '@playwright/test';
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
  snapAtWidths,
  startApplication,
  waitForPath,
} from './support/apply';
import { watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * Journeys 3 and 4 of the borrower application: the outcomes that end before an offer. A borrower
 * living in the District of Columbia (not licensed) asks to be told when the service comes; a thin credit
 * file (the sandbox's last name Thinfile, docs/providers.md) has nothing eligible and is not qualified.
 * Each not-qualified borrower reads why and what to do next (the reasons the sandbox files and incomes
 * reach: not enough debt, cash flow too high with the payoff plan, insufficient income, no credit file; the
 * hardships page requires one, so 'no hardship' is shown by the page's component test), after a reload too, and finds the same in the email in the dev mailbox. On /eligible-debts a
 * borrower adds a missing debt, unticks everything and is asked before the application ends; a counsellor
 * sees the added debt marked self-reported.
 */
const PHONE_DISPLAY = '(800) 555-0199';
const HOURS = 'Monday - Friday 9AM - 5PM EST';

const staff: NewStaff = {
  email: 'robin.reviewer@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Robin',
  lastName: 'Reviewer',
  phone: '3125550101',
};

/**
 * Alex Morgan's household (application-offer.e2e.ts): a renter at $1,500 with a car and two dependents in
 * Durango, CO. Found through the flow's API: from $6,750 a month the cash flow covers the current payments
 * with $500 to spare (cashflowTooHigh); at $3,000 the plan payment cannot be afforded (insufficientIncome).
 */
const MORGAN_HOUSEHOLD = {
  dependents: 'Two',
  isHomeowner: false,
  housingCost: '1500',
  isCarOwner: true,
  addressQuery: '123 Main',
  addressChoice: '123 Main St, Durango, CO 81303',
} as const;

let server: TestServer;

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The staff script writes to the embedded database before the server opens it.
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

test.describe('application: outcomes without an offer', () => {
  // The typical file's journey walks every outcome page, the staff portal and the warnings before disqualifying:
  // about a minute on a quiet machine, over two on a busy one.
  test.describe.configure({ timeout: 240_000 });
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
    const call = page.getByRole('main').getByRole('link', { name: PHONE_DISPLAY, exact: true });
    expect(await call.getAttribute('href')).toBe('tel:+18005550199');
    expect(await page.getByRole('main').getByText(HOURS, { exact: true }).isVisible()).toBe(true);
    await expectOutcome(page, 'Why: Not enough debt for a plan', 'What a plan covers');
    await checkAccessibility(page, '/offers/not-qualified');
    await snapAtWidths(page, 'apply-not-qualified');
    await expectOutcomeEmail(page, taylor.email, 'Not enough debt for a plan');

    // The outcome is final: the earlier pages send the borrower back here.
    await page.goto(`${server.url}/income/provide-monthly-income`);
    await waitForPath(page, '/offers/not-qualified');

    expect(errors).toEqual([]);
  });

  test('a typical file: plain words, a missing debt added, every debt unticked asks first, Cancel keeps, Confirm ends', async ({
    browser,
    page,
  }) => {
    const jamie: Applicant = {
      firstName: 'Jamie',
      lastName: 'Rivera',
      email: 'jamie.rivera@example.com',
      phone: '2025550133',
      dateOfBirth: '02141984',
    };
    const errors = watchErrors(page);
    await startApplication(page, server.url, jamie);
    await chooseHardships(page, ['Reduction in income']);
    await fillHousehold(page, jamie, MORGAN_HOUSEHOLD);
    await continueFromHousehold(page);
    await consentToCredit(page);

    const debts = await readEligibleDebts(page);
    const list = page.getByRole('list', { name: 'Eligible debts' });
    // Each checkbox says what it does; the account types are words, never the bureau's codes.
    await expect(list.getByRole('checkbox', { name: /Include in my plan$/ })).toHaveCount(debts.length);
    await expect(list.getByText('Credit card', { exact: true }).first()).toBeVisible();
    expect(await list.textContent()).not.toMatch(/\([A-Z]{2}\)/);

    // 'A debt is missing?': the form, then the debt in the list, selected and marked.
    await page.getByRole('button', { name: 'A debt is missing?' }).click();
    const form = page.getByRole('form', { name: 'Add a missing debt' });
    await expect(form).toBeVisible();
    await form.getByLabel('Creditor name').fill('Hometown Credit Union');
    await form.getByLabel('Balance').pressSequentially('25000');
    await form.getByLabel('Monthly payment').pressSequentially('450');
    await checkAccessibility(page, '/eligible-debts (add a missing debt)');
    await snapAtWidths(page, 'apply-eligible-debts-add');
    await form.getByRole('button', { name: 'Add debt' }).click();
    await expect(form).toBeHidden();
    const added = list.getByRole('listitem').filter({ hasText: 'Hometown Credit Union' });
    await expect(added).toContainText('Added by you: a counsellor will check it');
    await expect(added.getByRole('checkbox')).toBeChecked();
    await expect(list.getByRole('listitem')).toHaveCount(debts.length + 1);
    const applicationId = await page.evaluate(async () => {
      const res = await fetch('/api/application');
      return ((await res.json()) as { id: string }).id;
    });

    // Every debt unticked: Continue asks first; Cancel keeps the borrower on the page.
    for (const box of await list.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'End your application?' });
    await expect(dialog).toBeVisible();
    await checkAccessibility(page, '/eligible-debts (confirm ending)');
    await snapAtWidths(page, 'apply-eligible-debts-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/eligible-debts');
    // Confirm ends the application.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End my application' }).click();
    await waitForPath(page, '/offers/not-qualified');
    await expectOutcome(page, 'Why: Not enough debt for a plan', 'What a plan covers');
    await checkAccessibility(page, '/offers/not-qualified (nothing kept)');

    // A counsellor sees the added debt marked self-reported, to verify.
    await counsellorSeesSelfReported(browser, applicationId, 'Hometown Credit Union');
    expect(errors).toEqual([]);
  });

  test('cash flow too high: the reason and a payoff plan with its debt-free date, after a reload and by email', async ({
    page,
  }) => {
    const sam: Applicant = {
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'alex.morgan.cashflow@example.com',
      phone: '2025550144',
      dateOfBirth: '04121985',
    };
    const errors = watchErrors(page);
    await toExpenses(page, sam, '9000');
    // Warned first, with what would change the result: how much less the budget would have to leave.
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    const warning = page.getByRole('alertdialog', { name: 'You may not need a plan' });
    await expect(warning).toContainText(
      /Your budget leaves \$[\d,]+ a month, enough to pay the estimated \$[\d,]+ a month on these debts now with \$[\d,]+ to spare, so a plan is not needed\. A plan is offered when your budget leaves less than \$[\d,]+ a month: \$[\d,]+ less than now\./,
    );
    await expect(warning).toContainText('If an expense is missing');
    await expect(warning.getByRole('button', { name: 'Revise my expenses' })).toBeFocused();
    await checkAccessibility(page, '/expenses (no plan needed)');
    await snapAtWidths(page, 'apply-expenses-plan-not-needed');
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/expenses');
    // The figures are right: finished without a plan, on purpose.
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await warning.getByRole('button', { name: 'Finish without a plan' }).click();
    await waitForPath(page, '/offers/not-qualified');
    await expectOutcome(
      page,
      'Why: You can pay your debts without a plan',
      'Follow a do-it-yourself payoff plan',
    );
    const plan = page.getByRole('region', { name: 'Your payoff plan' });
    await expect(
      plan.getByRole('list', { name: 'Debts in payoff order' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(plan.getByText(/you will be debt-free by [A-Z][a-z]+ \d{4}/)).toBeVisible();
    await expect(
      plan.getByText(
        /^Paying \$50 more a month makes you debt-free by .* sooner, and saves \$[\d,]+ in interest\.$/,
      ),
    ).toBeVisible();
    await checkAccessibility(page, '/offers/not-qualified (cash flow too high)');
    await snapAtWidths(page, 'apply-not-qualified-cashflow');
    // The page reads the application from the server: a reload shows the same.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Your payoff plan' }).getByText(/you will be debt-free by/),
    ).toBeVisible();
    await checkAccessibility(page, '/offers/not-qualified (reloaded)');
    await expectOutcomeEmail(page, sam.email, 'Your payoff plan, highest interest rate first');
    // The borrower's income has since dropped, so they apply again, on the same account.
    const again = page.getByRole('region', { name: 'Apply again' });
    await again.getByRole('radio', { name: 'My income changed' }).check();
    await checkAccessibility(page, '/offers/not-qualified (apply again)');
    await snapAtWidths(page, 'apply-not-qualified-apply-again');
    await again.getByRole('button', { name: 'Apply again' }).click();
    await waitForPath(page, '/hardships');
    // The new application's first page stays: the refused one, still read in the browser, must not send the
    // borrower back (the address alone was once /hardships for an instant, then the refusal again).
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Are you currently facing any of the following situations?',
      }),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/hardships');
    await checkAccessibility(page, '/hardships (applying again)');
    expect(errors).toEqual([]);
  });

  test('insufficient income: a counsellor, the creditors’ hardship programmes and HUD housing counselling', async ({
    page,
  }) => {
    const lee: Applicant = {
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'alex.morgan.income@example.com',
      phone: '2025550145',
      dateOfBirth: '04121985',
    };
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);
    await toExpenses(page, lee, '3000');
    // Warned first, with the figures: going back to revise keeps the page and the lines.
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    const warning = page.getByRole('alertdialog', { name: 'The plan does not fit this budget' });
    await expect(warning).toContainText(/The plan needs about \$[\d,]+ a month of room; your budget leaves/);
    await expect(warning.getByRole('button', { name: 'Revise my expenses' })).toBeFocused();
    await checkAccessibility(page, '/expenses (no room for the plan)');
    await snapAtWidths(page, 'apply-expenses-no-room');
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/expenses');
    // The figures are right: finished without a plan, on purpose.
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await warning.getByRole('button', { name: 'Finish without a plan' }).click();
    await waitForPath(page, '/offers/not-qualified');
    await expectOutcome(
      page,
      'Why: The plan payment does not fit your budget',
      'Ask your creditors about hardship programmes',
    );
    await expect(page.getByRole('link', { name: /Find a HUD-approved housing counselor/ })).toHaveAttribute(
      'href',
      'https://www.hud.gov/counseling',
    );
    await checkAccessibility(page, '/offers/not-qualified (insufficient income)');
    await snapAtWidths(page, 'apply-not-qualified-income');
    expect(errors).toEqual([]);
  });

  test('a 16-year-old is stopped before the credit pull, told why and what to do, and can correct a mistyped date', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const sixteenYearsAgo = new Date().getFullYear() - 16;
    const young: Applicant = {
      firstName: 'Jamie',
      lastName: 'Young',
      email: 'jamie.young@example.com',
      phone: '2025550156',
      dateOfBirth: `0301${sixteenYearsAgo}`,
    };
    await startApplication(page, server.url, young);
    await chooseHardships(page, ['Reduction in income']);
    await fillHousehold(page, young, MORGAN_HOUSEHOLD);
    await continueFromHousehold(page);
    // No consent is asked for: the page explains instead, with the agency's phone and hours.
    const notice = page.getByRole('region', { name: 'You need to be 18 to start a plan' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('A Debt Management Plan is a contract');
    await expect(notice).toContainText('A parent or guardian can apply');
    await expect(notice).toContainText(PHONE_DISPLAY);
    await expect(notice).toContainText(HOURS);
    await expect(page.getByRole('checkbox', { name: /I authorize/ })).toHaveCount(0);
    await checkAccessibility(page, '/credit (under 18)');
    await snapAtWidths(page, 'apply-credit-under-18');

    // The year was mistyped: corrected on /household, the credit pull goes ahead.
    await page.getByRole('link', { name: 'Correct the date of birth' }).click();
    await waitForPath(page, '/household');
    const dateOfBirth = page.getByLabel('Date of birth');
    await dateOfBirth.fill('');
    await dateOfBirth.pressSequentially('03011990');
    await continueFromHousehold(page);
    await consentToCredit(page);
    await readEligibleDebts(page);

    expect(errors).toEqual([]);
  });

  test('no credit file: what it means and what to do', async ({ page }) => {
    const errors = watchErrors(page);
    const nofile: Applicant = {
      firstName: 'Casey',
      lastName: 'Nofile',
      email: 'casey.nofile@example.com',
      phone: '2025550155',
      dateOfBirth: '07071990',
    };
    await startApplication(page, server.url, nofile);
    await chooseHardships(page, ['Unemployment']);
    await fillHousehold(page, nofile, MORGAN_HOUSEHOLD);
    await continueFromHousehold(page);
    await consentToCredit(page, '/offers/not-qualified');
    await expectOutcome(page, 'Why: We could not find your credit file', 'Call us');
    await checkAccessibility(page, '/offers/not-qualified (no credit file)');
    await snapAtWidths(page, 'apply-not-qualified-no-file');

    expect(errors).toEqual([]);
  });
});

/** From /lead to /expenses in the Morgan household with `income` dollars a month. */
async function toExpenses(page: Page, applicant: Applicant, income: string) {
  await startApplication(page, server.url, applicant);
  await chooseHardships(page, ['Reduction in income']);
  await fillHousehold(page, applicant, MORGAN_HOUSEHOLD);
  await continueFromHousehold(page);
  await consentToCredit(page);
  await readEligibleDebts(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/income/provide-monthly-income');
  await provideIncome(page, income);
}

/** /offers/not-qualified: the thanks, the reason's heading and one of its next steps. */
async function expectOutcome(page: Page, reason: string, nextStep: string) {
  await expectText(page, 'Thank you for your application');
  await expect(page.getByRole('heading', { name: reason })).toBeVisible();
  await expect(page.getByText(nextStep, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you can do next' }).first()).toBeVisible();
}

/** The dev mailbox holds the outcome email to `email`, once, with `text` in it. */
async function expectOutcomeEmail(page: Page, email: string, text: string) {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${server.url}/dev/mailbox`);
  const item = mailbox.locator('article.mail').filter({ hasText: email }).filter({
    hasText: 'About your Debt Management Plan application',
  });
  await expect
    .poll(
      async () => {
        await mailbox.reload();
        return item.count();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await checkAccessibility(mailbox, '/dev/mailbox');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(text);
  await mailbox.close();
}

/** A counsellor signs in for the first time and opens the borrower summary: the added debt is marked. */
async function counsellorSeesSelfReported(browser: Browser, applicationId: string, creditor: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const portal = await context.newPage();
  await firstStaffSignIn(portal, server.url, staff);
  await checkAccessibility(portal, '/summary');
  await portal.goto(`${server.url}/borrower-summary?id=${applicationId}`);
  await portal.getByRole('tab', { name: 'Debts' }).click();
  const row = portal.getByRole('row').filter({ hasText: creditor });
  await expect(row).toContainText('Self-reported — verify', { timeout: 15_000 });
  await checkAccessibility(portal, '/borrower-summary');
  await context.close();
}
