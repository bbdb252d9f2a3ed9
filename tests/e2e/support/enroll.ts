import { expect, type Locator, type Page } from '@playwright/test';
import {
  type Applicant,
  chooseHardships,
  consentToCredit,
  continueFromHousehold,
  expectText,
  fillHousehold,
  provideIncome,
  readEligibleDebts,
  readOffers,
  saveExpenses,
  snapAtWidths,
  startApplication,
  waitForPath,
} from './apply';
import { checkAccessibility } from './axe';
import { visible } from './browser';

// Steps of enrolment, from the application to the signed Letter of Authorization, shared by the journeys that
// need an enrolled borrower. Like apply.ts, each step checks with axe the page it arrives on, once per test.

const once = { oncePerTest: true } as const;

/**
 * application-offer.e2e.ts's Alex Morgan: the sandbox bureau picks the credit file from the name and date of
 * birth, so with QUALIFYING_HOUSEHOLD and QUALIFYING_INCOME the offer is known to qualify. Each journey adds
 * an email and phone of its own.
 */
export const QUALIFYING_PERSON = { firstName: 'Alex', lastName: 'Morgan', dateOfBirth: '04121985' } as const;
export const QUALIFYING_HOUSEHOLD = {
  dependents: 'Two',
  isHomeowner: false,
  housingCost: '1500',
  isCarOwner: true,
  addressQuery: '123 Main',
  addressChoice: '123 Main St, Durango, CO 81303',
} as const;
export const QUALIFYING_INCOME = '6250';
const RESTAURANTS = 'Restaurants including delivery';
const REVIEW_HEADLINE = 'Congratulations! You may be eligible for a Debt Management Plan';

// The sandbox bank link (docs/providers.md, 'Bank link').
export const BANK_USER = 'user_good';
export const BANK_PASSWORD = 'pass_good';

const SIGN_EMAIL_SUBJECT = 'Please sign your Letter of Authorization';
const AGREE_LABEL = 'I agree to sign this Letter of Authorization electronically';
const OPEN_LETTER = 'Open the Letter of Authorization (PDF)';
const CONSENT_LABEL =
  'I have read the disclosures above, I could open the letter, and I agree to receive records and sign electronically';
const CONSENT_BUTTON = 'I agree to electronic records';
const OPEN_LETTER_FIRST = 'Open the letter first to check you can read it.';

/** From /lead to /income/provide-monthly-income as `applicant`, with the household known to qualify. */
export async function applyToIncome(page: Page, baseUrl: string, applicant: Applicant): Promise<void> {
  await startApplication(page, baseUrl, applicant);
  await chooseHardships(page, ['Reduction in income', 'Increased medical expenses']);
  await fillHousehold(page, applicant, QUALIFYING_HOUSEHOLD);
  await continueFromHousehold(page);
  await consentToCredit(page);
  expect((await readEligibleDebts(page)).length).toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/income/provide-monthly-income');
  await expectText(page, 'Tell us about your income');
}

/**
 * From /lead to /offers/review as `applicant` (application-offer.e2e.ts's first journey, without its
 * pictures); the offers as shown.
 */
export async function applyToOffers(page: Page, baseUrl: string, applicant: Applicant) {
  await applyToIncome(page, baseUrl, applicant);
  expect(await provideIncome(page, QUALIFYING_INCOME)).toBe('direct');
  return expensesToOffers(page);
}

/** /expenses, with the restaurants line cut to $200, to /offers/review; the offers as shown. */
export async function expensesToOffers(page: Page) {
  await expectText(page, 'Verify Your Household Expenses');
  await checkAccessibility(page, '/expenses', once);
  // The restaurants line cut to $200, as application-offer.e2e.ts does, so the offer is the one known.
  await page.getByRole('button', { name: `Edit ${RESTAURANTS}` }).click();
  const input = page.getByLabel(RESTAURANTS, { exact: true });
  await input.fill('');
  await input.pressSequentially('200');
  await page.getByRole('button', { name: `Submit ${RESTAURANTS}` }).click();
  await expect(input).toBeHidden();
  await saveExpenses(page, '/offers/review');
  await expectText(page, REVIEW_HEADLINE);
  const offers = await readOffers(page);
  expect(offers.length).toBeGreaterThanOrEqual(2);
  return offers;
}

/** The plan accepted on /offers/review: the agreement ticked after reading the disclosures, then Accept. */
export async function acceptPlanOnReview(page: Page): Promise<void> {
  await page
    .getByLabel(/I have read the plan’s terms and the disclosures above, and I accept the plan/)
    .check();
  await page.getByRole('button', { name: 'Accept my plan' }).click();
}

/**
 * /offers/review Accept my plan → /payments/next-steps → Continue → /payments/payment-account-options (not checked
 * with axe here: the journeys check it in the state they want). `snapPrefix` keeps pictures of next steps.
 */
export async function acceptOfferToOptions(page: Page, o: { snapPrefix?: string } = {}): Promise<void> {
  await acceptPlanOnReview(page);
  await waitForPath(page, '/payments/next-steps');
  await visible(page.getByRole('heading', { level: 1, name: 'Next steps' }));
  await visible(page.getByText('Connect your bank so we can set up your monthly payment.'));
  await checkAccessibility(page, '/payments/next-steps', once);
  if (o.snapPrefix) await snapAtWidths(page, `${o.snapPrefix}-next-steps`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/payments/payment-account-options');
  await visible(page.getByRole('heading', { level: 1, name: 'Connect your bank' }));
}

/** In the sandbox link dialog: the bank chosen, signed in with the password given, on to the accounts. */
export async function chooseBankAndSignIn(dialog: Locator, bank: string, password: string): Promise<void> {
  await dialog.getByRole('button', { name: new RegExp(`^${bank}`) }).click();
  await visible(dialog.getByRole('heading', { name: `Sign in to ${bank}` }));
  await dialog.getByLabel('Username').fill(BANK_USER);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * In the sandbox link dialog, from its first step: the bank chosen, signed in as the steady-pay user, every
 * account shared. `checkAccounts` looks at the accounts step before Continue.
 */
export async function linkSandboxBank(
  dialog: Locator,
  bank: string,
  checkAccounts?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await visible(dialog.getByRole('heading', { name: 'Choose your bank' }));
  await chooseBankAndSignIn(dialog, bank, BANK_PASSWORD);
  await visible(dialog.getByRole('heading', { name: 'Choose accounts' }));
  await checkAccounts?.(dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/** The dev mailbox, in `mailbox`: follows the newest signing email's 'Review and sign' link. */
export async function openSigningLink(mailbox: Page, baseUrl: string, email: string): Promise<void> {
  await mailbox.goto(`${baseUrl}/dev/mailbox`);
  const mail = mailbox.locator('article', { hasText: email }).filter({ hasText: SIGN_EMAIL_SUBJECT });
  // The job queue sends it shortly after the payment account is set.
  await expect
    .poll(
      async () => {
        await mailbox.reload();
        return mail.count();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  const link = mail.first().getByRole('link', { name: 'Review and sign' });
  await checkAccessibility(mailbox, '/dev/mailbox', once);
  // The link names the letter's language (English too), then carries the token in its fragment.
  expect(await link.getAttribute('href')).toMatch(/\/sign-letter\?lang=(en|es)#t=.+/);
  await link.click();
  await waitForPath(mailbox, '/sign-letter');
}

/**
 * /sign-letter's step before the signature: the disclosures read, the consent refused until the letter is
 * opened (the PDF downloads), then given. `snapPrefix` keeps pictures of the step before and after opening.
 */
export async function consentToElectronicRecords(page: Page, snapPrefix?: string): Promise<void> {
  await visible(
    page.getByRole('heading', { level: 2, name: 'Your consent to electronic records and signatures' }),
  );
  await visible(page.getByText('Paper copies are free: there is no fee.', { exact: false }));
  const consent = page.getByLabel(CONSENT_LABEL);
  await expect(consent).toBeDisabled();
  await expect(consent).toHaveAccessibleDescription(OPEN_LETTER_FIRST);
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await checkAccessibility(page, '/sign-letter (consent)', once);
  if (snapPrefix) await snapAtWidths(page, `${snapPrefix}-sign-letter-consent`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: OPEN_LETTER }).click();
  expect((await download).suggestedFilename()).toBe('letter-of-authorization.pdf');
  await expect(consent).toBeEnabled();
  await consent.check();
  if (snapPrefix) await snapAtWidths(page, `${snapPrefix}-sign-letter-consent-ready`);
  await page.getByRole('button', { name: CONSENT_BUTTON }).click();
  await visible(page.getByText('you agreed to receive records and sign electronically', { exact: false }));
}

/**
 * /sign-letter: signed as `name`; the thank-you shows. `wrongNameFirst` types a wrong name first, to see it
 * refused on its field; `snapPrefix` keeps pictures of each state. The page is checked with axe before
 * signing; `checkSigned` checks it again once signed, for the journeys that want that state looked at too.
 */
export async function signLetter(
  page: Page,
  name: string,
  o: { wrongNameFirst?: boolean; snapPrefix?: string; checkSigned?: boolean } = {},
): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: 'Sign your Letter of Authorization' }));
  await visible(page.getByText(`Signing as ${name}`));
  await consentToElectronicRecords(page, o.snapPrefix);
  // The consent step was checked; the main journey checks the signature form too.
  if (o.snapPrefix) await checkAccessibility(page, '/sign-letter (signature)');
  if (o.snapPrefix) await snapAtWidths(page, `${o.snapPrefix}-sign-letter`);
  const fullName = page.getByLabel('Full name');
  await page.getByLabel(AGREE_LABEL).check();
  if (o.wrongNameFirst) {
    await fullName.fill(`${name.split(' ')[0]} Morganson`);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await visible(page.getByText('The name you typed does not match the name on the letter.'));
    expect(await fullName.getAttribute('aria-invalid')).toBe('true');
    if (o.snapPrefix) await snapAtWidths(page, `${o.snapPrefix}-sign-letter-mismatch`);
  }
  await fullName.fill(name);
  expect(await page.getByLabel(AGREE_LABEL).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Letter of Authorization signed' }));
  await visible(page.getByText(`Thank you, ${name}. Your Letter of Authorization is signed.`));
  if (o.snapPrefix) await snapAtWidths(page, `${o.snapPrefix}-signed`);
  if (o.checkSigned) await checkAccessibility(page, '/sign-letter (signed)');
}
