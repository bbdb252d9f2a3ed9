import { type BrowserContext, expect, type Page } from '@playwright/test';
import { checkAccessibility } from './axe';
import { snap } from './browser';

// Steps of the borrower application as a person does them (labels and texts are the spec's), shared by the
// application journeys. Each step checks with axe the page it arrives on, once per test.

const once = { oncePerTest: true } as const;

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Who applies. The sandbox bureau picks the file from the first name, last name and date of birth. */
export type Applicant = {
  firstName: string;
  lastName: string;
  email: string;
  /** As typed: 10 digits. */
  phone: string;
  /** As typed: MMddyyyy (the field adds the dashes). */
  dateOfBirth: string;
};

export type HouseholdAnswers = {
  /** The dependents select's label ('One' … 'Four+'), or null for 'No'. */
  dependents: 'One' | 'Two' | 'Three' | 'Four+' | null;
  isHomeowner: boolean;
  /** Whole dollars, as typed. */
  housingCost: string;
  isCarOwner: boolean;
  /** What is typed in the street address to get suggestions, and the suggestion picked. */
  addressQuery: string;
  addressChoice: string | RegExp;
  /** A screenshot's name, to keep a picture of the open suggestions. */
  snapSuggestions?: string;
};

/**
 * A screenshot of the page as it is now at 1280 px and at 390 px wide ('<name>-1280', '<name>-390'), for
 * review; the page is left at the width it had.
 */
export async function snapAtWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  // The width the page already has first, so it re-lays out once less.
  const widths = original.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
  for (const size of widths) {
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
    await snap(page, `${name}-${size.width}`);
    // Nothing may push the page wider than the screen (a phone would scroll it sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} width`).toBe(size.width);
  }
  if (page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
}

/**
 * Waits until the browser shows `path` (the query string is ignored), and checks it stays there once the page
 * has drawn. A page that acts on data read before (a cache still holding the application as it was) can show
 * the address for an instant and then send the borrower elsewhere; `waitForURL` alone passes on that instant
 * (it once hid "Apply again" leading straight back to the refusal).
 */
export async function waitForPath(page: Page, path: string, timeout = 30_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
  // Two frames after a short pause: a redirect made while drawing the page (React Router's <Navigate>) is done.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 100),
      ),
  );
  expect(new URL(page.url()).pathname, `the browser stays on ${path}`).toBe(path);
}

/** Waits until a text is visible: the page has rendered past its loading state. */
export async function expectText(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect(page.getByText(text).first(), `text ${String(text)}`).toBeVisible({ timeout });
}

/** '$3,740' → 3740 (whole dollars as shown); '-$5' → -5. */
export function shownDollars(text: string | null): number {
  const match = /(-?)\$([\d,]+)/.exec(text ?? '');
  if (!match) throw new Error(`no dollar amount in '${text}'`);
  return Number(`${match[1]}${match[2]!.replaceAll(',', '')}`);
}

/** /lead: the form filled and sent; the person (signed in by the lead) stands on /hardships. */
export async function startApplication(page: Page, baseUrl: string, applicant: Applicant): Promise<void> {
  await page.goto(`${baseUrl}/lead`);
  const form = page.getByRole('form', { name: 'Start your application' });
  await expect(form).toBeVisible();
  await checkAccessibility(page, '/lead', once);
  await form.getByLabel('First name').fill(applicant.firstName);
  await form.getByLabel('Last name').fill(applicant.lastName);
  await form.getByLabel('Email address').fill(applicant.email);
  await form.getByLabel('Phone number').fill(applicant.phone);
  await form.getByRole('checkbox').check();
  // Sent by the form's script (sent earlier, the browser's own submission would do the same). The script and
  // the page's messages are fetched at the first use: with eight applicants at once on two cores that can
  // take longer than an assertion's usual five seconds.
  await expect(form).toHaveAttribute('data-taken-over', { timeout: 20_000 });
  await form.getByRole('button', { name: 'Get Started' }).click();
  await waitForPath(page, '/hardships');
  await expectText(page, 'Are you currently facing any of the following situations?');
  await checkAccessibility(page, '/hardships', once);
}

/** /hardships: the situations ticked, then Continue to /household. */
export async function chooseHardships(page: Page, labels: readonly string[] = ['Reduction in income']) {
  for (const label of labels) await page.getByLabel(label).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/household');
  await expectText(page, 'Tell us about your household');
  await checkAccessibility(page, '/household', once);
}

/** A Yes/No question: its fieldset is named by the question. */
export async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page
    .getByRole('group', { name: question })
    .getByLabel(yes ? 'Yes' : 'No', { exact: true })
    .check();
}

/**
 * Types in the street address until the suggestions show, then picks one with the mouse; returns what the
 * suggestion filled in.
 */
export async function pickAddress(page: Page, query: string, choice: string | RegExp, snapName?: string) {
  const street = page.getByRole('combobox', { name: 'Street address' });
  await street.fill('');
  await street.pressSequentially(query, { delay: 30 });
  const option = page.getByRole('option', { name: choice });
  // The suggestions wait for the typing to pause and then for the server: on a loaded machine (load 20 and
  // more on 2 cores) that took longer than 10 s.
  await expect(option).toBeVisible({ timeout: 30_000 });
  if (snapName) await snap(page, `${snapName}-${page.viewportSize()?.width}`);
  await option.click();
  await expect(page.getByRole('listbox', { name: 'Street address suggestions' })).toBeHidden();
  return {
    street: await street.inputValue(),
    city: await page.getByLabel('City', { exact: true }).inputValue(),
    state: await page.getByLabel('State', { exact: true }).inputValue(),
    zipCode: await page.getByLabel('Zip code').inputValue(),
  };
}

/** /household: every field answered (the names and phone come from the lead). Does not press Continue. */
export async function fillHousehold(page: Page, applicant: Applicant, answers: HouseholdAnswers) {
  await answer(page, 'Do you have any dependents?', answers.dependents !== null);
  if (answers.dependents) {
    await page.getByLabel('Number of dependents').selectOption({ label: answers.dependents });
  }
  await answer(page, 'Do you own your home?', answers.isHomeowner);
  if (answers.isHomeowner) {
    await answer(
      page,
      'Are your homeowners insurance and property taxes included in your mortgage payment (escrow)?',
      false,
    );
  }
  await page.getByLabel('Estimated monthly housing cost').pressSequentially(answers.housingCost);
  await answer(page, 'Do you own a car?', answers.isCarOwner);
  // The lead's answers are already there.
  expect(await page.getByLabel('First name').inputValue()).toBe(applicant.firstName);
  expect(await page.getByLabel('Last name').inputValue()).toBe(applicant.lastName);
  expect(await page.getByLabel('Email address').inputValue()).toBe(applicant.email);
  const address = await pickAddress(
    page,
    answers.addressQuery,
    answers.addressChoice,
    answers.snapSuggestions,
  );
  await page.getByLabel('Date of birth').pressSequentially(applicant.dateOfBirth);
  await answer(page, 'Are you applying with a spouse?', false);
  return address;
}

/** /household Continue → /credit. */
export async function continueFromHousehold(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/credit');
  await expectText(page, "Let's verify your debts");
  await checkAccessibility(page, '/credit', once);
}

/** /credit: consent given and Continue; returns where the server sent the person. */
export async function consentToCredit(page: Page, expectedPath = '/eligible-debts'): Promise<void> {
  await page.getByRole('checkbox', { name: /I authorize .* to obtain my credit report/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, expectedPath);
}

export type ShownDebt = { name: string; balance: number; selected: boolean };

/** /eligible-debts: each debt's name, balance (whole dollars) and whether it is kept, in the order shown. */
export async function readEligibleDebts(page: Page): Promise<ShownDebt[]> {
  const list = page.getByRole('list', { name: 'Eligible debts' });
  await expect(list).toBeVisible();
  await checkAccessibility(page, '/eligible-debts', once);
  const tiles = await list.getByRole('listitem').all();
  const debts: ShownDebt[] = [];
  for (const tile of tiles) {
    const name = (await tile.locator('p').first().textContent()) ?? '';
    const balance = shownDollars(
      await tile.locator('dt', { hasText: 'Balance' }).locator('+ dd').textContent(),
    );
    debts.push({ name: name.trim(), balance, selected: await tile.getByRole('checkbox').isChecked() });
  }
  return debts;
}

/** /income/provide-monthly-income: the income typed and sent; confirmed on /income/confirm-income when asked. */
export async function provideIncome(
  page: Page,
  dollars: string,
  onConfirm?: () => Promise<void>,
): Promise<'confirmed' | 'direct'> {
  await expectText(page, 'Tell us about your income');
  await checkAccessibility(page, '/income/provide-monthly-income', once);
  await page.getByLabel('Total monthly household income after taxes').pressSequentially(dollars);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => ['/income/confirm-income', '/expenses'].includes(url.pathname), {
    timeout: 30_000,
  });
  if (new URL(page.url()).pathname === '/expenses') {
    await arriveOnExpenses(page);
    return 'direct';
  }
  await expectText(page, 'Is this your correct total monthly household income after taxes?');
  await checkAccessibility(page, '/income/confirm-income', once);
  await onConfirm?.();
  await answer(page, 'Is this your correct total monthly household income after taxes?', true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/expenses');
  await arriveOnExpenses(page);
  return 'confirmed';
}

/** /expenses, once its lines have loaded, checked with axe. */
async function arriveOnExpenses(page: Page): Promise<void> {
  await expectText(page, 'Verify Your Household Expenses');
  await checkAccessibility(page, '/expenses', once);
}

/** /expenses: a group's total as shown in its header, in whole dollars. */
export async function groupTotal(page: Page, group: string): Promise<number> {
  const header = page.getByRole('region', { name: group, exact: true }).locator('header p');
  return shownDollars(await header.textContent());
}

/** /expenses: the total of every group, in whole dollars. */
export async function expensesTotal(page: Page): Promise<number> {
  const row = page.locator('p', { hasText: 'Total monthly expenses' }).locator('+ p');
  return shownDollars(await row.textContent());
}

/** /expenses: Save and Continue; the decision sends the person on. */
export async function saveExpenses(page: Page, expectedPath: string): Promise<void> {
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await waitForPath(page, expectedPath);
}

/** /offers/review: the creditor offers as shown, from the table or, under 640 px, the cards (dollars whole). */
export async function readOffers(page: Page) {
  const table = page.getByRole('table', { name: 'Your creditor offers' });
  const cards = page.locator('[data-offer-card]');
  // From 640 px the offers are a table; under it, one card per creditor.
  await expect(table.or(cards).locator('visible=true').first()).toBeVisible();
  await checkAccessibility(page, '/offers/review', once);
  const offers: ShownOffer[] = [];
  if (await table.isVisible()) {
    // A row per offer (a left-out offer's note is a row of its own, without a row header); the first cell
    // holds the offer's "In my plan" box.
    for (const row of await table.locator('tbody tr:has(th)').all()) {
      const cells = row.getByRole('cell').filter({ hasNot: page.getByRole('checkbox') });
      const header = row.getByRole('rowheader');
      offers.push({
        // The lender's friendly name, then the account's last four digits under it.
        name: ((await header.evaluate((h) => h.firstChild?.textContent)) ?? '').trim(),
        last4: last4In(await header.textContent()),
        balance: shownDollars(await cells.nth(0).textContent()),
        currentApr: ((await cells.nth(1).textContent()) ?? '').trim(),
        planApr: ((await cells.nth(2).textContent()) ?? '').trim(),
        currentPayment: shownDollars(await cells.nth(3).textContent()),
        newPayment: shownDollars(await cells.nth(4).textContent()),
      });
    }
    return offers;
  }
  for (const card of await cards.all()) {
    // Each figure is read by its label, as a screen reader hears it.
    const figure = async (label: string) =>
      (
        (await card
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('+ dd')
          .textContent()) ?? ''
      ).trim();
    offers.push({
      name: ((await card.locator('h3').evaluate((h) => h.firstChild?.textContent)) ?? '').trim(),
      last4: last4In(await card.locator('h3').textContent()),
      balance: shownDollars(await figure('Current balance')),
      currentApr: await figure('Current APR'),
      planApr: await figure('Plan APR'),
      currentPayment: shownDollars(await figure('Estimated current monthly payment')),
      newPayment: shownDollars(await figure('New monthly payment')),
    });
  }
  return offers;
}

/** 'Capital OneAccount ...1234' → '1234' (null when the account number is not shown). */
const last4In = (text: string | null): string | null => /\.\.\.(\d{4})\b/.exec(text ?? '')?.[1] ?? null;

/** The label of an offer's "In my plan" box: 'Include Capital One ...1234 in my plan'. */
export const keepOfferBoxName = (offer: Pick<ShownOffer, 'name' | 'last4'>): string =>
  `Include ${offer.name}${offer.last4 ? ` ...${offer.last4}` : ''} in my plan`;

export type ShownOffer = {
  name: string;
  /** The account's last four digits, as shown beside the name. */
  last4: string | null;
  balance: number;
  currentApr: string;
  planApr: string;
  currentPayment: number;
  newPayment: number;
};

/** '21.9%' → 21.9. */
export const shownPercent = (text: string): number => {
  const match = /^([\d.]+)%$/.exec(text);
  if (!match) throw new Error(`no percentage in '${text}'`);
  return Number(match[1]);
};

/**
 * Sets the first password from the dev mailbox's email (as in account-journey.e2e.ts), in a tab of its own
 * that is closed afterwards. The reset ends the person's other sessions.
 */
export async function setPasswordFromMailbox(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const mailbox = await context.newPage();
  await mailbox.goto(`${baseUrl}/dev/mailbox`);
  const mail = mailbox.locator('article', { hasText: email }).filter({ hasText: 'Set your password' });
  // The job queue delivers the email shortly after the lead.
  await expect
    .poll(
      async () => {
        await mailbox.reload();
        return mail.getByText(/delivered/).count();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await checkAccessibility(mailbox, '/dev/mailbox', once);
  await mail.getByRole('link', { name: 'Set your password' }).first().click();
  await mailbox.waitForURL(/\/reset-password\?/);
  await expect(mailbox.getByLabel('New password', { exact: true })).toBeVisible();
  await checkAccessibility(mailbox, '/reset-password', once);
  await mailbox.getByLabel('New password', { exact: true }).fill(password);
  await mailbox.getByLabel('Confirm password').fill(password);
  await mailbox.getByRole('button', { name: 'Set Password' }).click();
  await mailbox.waitForURL(/\/sign-in$/);
  await mailbox.close();
}

/** /sign-in: the person signs in and lands where the application stands. */
export async function signIn(page: Page, email: string, password: string, landing: string): Promise<void> {
  await waitForPath(page, '/sign-in');
  await expect(page.getByLabel('Email address')).toBeVisible();
  await checkAccessibility(page, '/sign-in', once);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, landing);
}

/** The Sign Out button above every application page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await waitForPath(page, '/sign-in');
}
