import type { Locator, Page, Response } from '@playwright/test';
import {
  type Applicant,
  DESKTOP,
  PHONE,
  readOffers,
  setPasswordFromMailbox,
  shownDollars,
  signIn,
  snapAtWidths,
  waitForPath,
} from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { reportFailure, snap, visible, watchErrors } from './support/browser';
import {
  acceptOfferToOptions,
  acceptPlanOnReview,
  applyToIncome,
  applyToOffers,
  BANK_PASSWORD,
  chooseBankAndSignIn,
  expensesToOffers,
  linkSandboxBank,
  openSigningLink,
  QUALIFYING_INCOME,
  QUALIFYING_PERSON,
  signLetter,
} from './support/enroll';
import { createStaffUser, firstStaffSignIn, type NewStaff, WIDE } from './support/portal';
import { pickSlot } from './support/counselling';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * Enrollment, after the offer: two borrowers accept it and set up the account their plan is paid from, one by
 * connecting a bank in the sandbox link dialog (a bank with no checking account first, a wrong password
 * first), the other by typing the account and routing numbers (a wrong routing number first); each signs the
 * Letter of Authorization from the emailed link (a wrong name first). A counsellor then passes the first
 * borrower's quality control and records the creditors' answers (one declined), so the application moves to
 * transfer; the borrower signs in, lands on the customer portal and reads the plan.
 *
 * A third borrower connects a bank earlier, at the income step (after starting to skip it without a reason):
 * the income field takes the bank's figure, the borrower types their own instead, and after the offer the
 * payment pages reuse that bank (no second connection).
 *
 * All three borrowers are application-offer.e2e.ts's Alex Morgan (the sandbox bureau picks the credit file from
 * the name and date of birth), with the same household, income and edited restaurants line, so the offer is
 * known to qualify; only the email and phone differ. Every page is checked with axe (any violation fails the
 * journey, softly, so every page is reported) and the new ones are pictured at 1280 and 390 px.
 */
const FIRST: Applicant = { ...QUALIFYING_PERSON, email: 'alex.enrolls@example.com', phone: '2025550151' };
const SECOND: Applicant = { ...FIRST, email: 'alex.types.numbers@example.com', phone: '2025550152' };
const THIRD: Applicant = { ...FIRST, email: 'alex.connects.early@example.com', phone: '2025550153' };
const FULL_NAME = `${FIRST.firstName} ${FIRST.lastName}`;
const BORROWER_PASSWORD = 'Sunny#Day42';

// The sandbox bank link's refusals (docs/providers.md, 'Bank link').
const BANK_LOGIN_ERROR = 'The username or password you entered is incorrect.';
const NO_CHECKING = 'We did not find a checking account';

// The optional bank connection on /income/provide-monthly-income.
const INCOME_BANK_TITLE = 'Verify your income by connecting your bank';
const SKIP_QUESTION = 'Why are you skipping this step?';
const SKIP_REQUIRED = 'Why are you skipping this step is required';

const UNSIGNED_TITLE = 'Your signature is required';
const SIGNED_TITLE = 'Thank you for completing the Letter of Authorization';

const staff: NewStaff = {
  email: 'morgan.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Morgan',
  lastName: 'Counsellor',
  phone: '3125550100',
};

let server: TestServer;
/** What journey 1 saw on /offers/review, for the later checks of the plan. */
let firstOfferCount = 0;
let firstOffers: Awaited<ReturnType<typeof readOffers>> | undefined;
/** Whether journeys 1 and 3 reached their end (the later journeys build on them). */
let firstSigned = false;
let firstTransferred = false;
/** Whether journey 4 read the plan (the confirmation of a higher amount builds on it). */
let firstPlanRead = false;

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The CLI writes to the embedded database before the server opens it.
  staff.temporaryPassword = await createStaffUser(env, {
    email: staff.email,
    name: `${staff.firstName} ${staff.lastName}`,
  });
  // A counsellor free around the clock, so the borrower can book a call whatever the hour (journey 4).
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

test.use({ viewport: DESKTOP });

/** /submitted reloaded: the thank-you variant (the page also asks again every 10 s by itself). */
async function expectThankYou(page: Page): Promise<void> {
  await page.goto(`${server.url}/submitted`);
  await waitForPath(page, '/submitted');
  await visible(page.getByRole('heading', { level: 1, name: SIGNED_TITLE }), 25_000);
}

test.describe('enrollment', () => {
  // Journeys 3 and 4 build on journey 1's borrower; each journey may take up to 5 minutes.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test('a borrower connects a bank (no checking first), confirms the checking account and signs the letter', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-connect', async () => {
      firstOffers = await applyToOffers(page, server.url, FIRST);
      firstOfferCount = firstOffers.length;

      // --- On a phone: next steps, then the options.
      await page.setViewportSize(PHONE);
      await acceptOfferToOptions(page, { snapPrefix: 'enroll' });
      await checkAccessibility(page, '/payments/payment-account-options');

      // The sandbox link dialog: the bank without a checking account, a wrong password first.
      await page.getByRole('button', { name: 'Connect your bank' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sandbox bank connection' });
      await visible(dialog);
      await visible(dialog.getByRole('heading', { name: 'Choose your bank' }));
      await visible(dialog.getByRole('button', { name: /^First Platypus Bank/ }));
      await snapAtWidths(page, 'enroll-options-dialog');
      await checkAccessibility(page, '/payments/payment-account-options (bank dialog)');
      await chooseBankAndSignIn(dialog, 'Platypus Savings & Card', 'pass_wrong');
      await visible(dialog.getByRole('alert').filter({ hasText: BANK_LOGIN_ERROR }));
      await snapAtWidths(page, 'enroll-bank-sign-in-error');
      await dialog.getByLabel('Password', { exact: true }).fill(BANK_PASSWORD);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await visible(dialog.getByRole('heading', { name: 'Choose accounts' }));
      // Every account starts ticked: a savings account and a card, no checking.
      const boxes = dialog.getByRole('checkbox');
      expect(await boxes.count()).toBe(2);
      expect(await dialog.getByRole('checkbox', { name: /checking/i }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog).toBeHidden();
      // The page refuses the connection: no checking account, and the button offers another bank.
      await visible(page.getByRole('alert').filter({ hasText: NO_CHECKING }), 30_000);
      expect(new URL(page.url()).pathname).toBe('/payments/payment-account-options');
      await visible(page.getByRole('button', { name: 'Connect another bank' }));
      await snapAtWidths(page, 'enroll-no-checking');
      await checkAccessibility(page, '/payments/payment-account-options (no checking)');

      // --- On a wide screen: the bank with the checking account.
      await page.setViewportSize(DESKTOP);
      await page.getByRole('button', { name: 'Connect another bank' }).click();
      await visible(dialog);
      // A new link session starts again at the first step.
      await linkSandboxBank(dialog, 'First Platypus Bank', async () => {
        expect(await dialog.getByRole('checkbox').count()).toBe(3);
      });
      await waitForPath(page, '/payments/confirm-payment-account');

      // /payments/confirm-payment-account: Submit with nothing chosen, then the checking account.
      await visible(page.getByRole('heading', { level: 1, name: 'Confirm your payment account' }));
      const accounts = page.getByRole('group', { name: 'Payment account' }).getByRole('radio');
      await expect.poll(() => accounts.count()).toBeGreaterThan(0);
      const checking = page.getByRole('radio', { name: /Everyday Checking/ });
      await visible(checking);
      expect(await checking.isChecked()).toBe(false);
      // The bank connected here may show a payday the chosen day does not follow (the sandbox's paydays move
      // with the calendar): then one click moves the drafts to the day after it.
      const payday = page.getByRole('region', { name: 'Draw your plan the day after payday?' });
      if (await payday.isVisible()) {
        await visible(payday.getByText(/^Your pay arrives around the \d+(st|nd|rd|th); drafting on the /));
        await snapAtWidths(page, 'enroll-confirm-payday');
        await checkAccessibility(page, '/payments/confirm-payment-account (payday)');
        await payday.getByRole('button', { name: /^Draw on the \d+(st|nd|rd|th) instead$/ }).click();
        await visible(page.getByRole('status').filter({ hasText: /^Done: your plan will be drawn on the / }));
        await expect(payday).toHaveCount(0);
      }
      await snapAtWidths(page, 'enroll-confirm');
      await checkAccessibility(page, '/payments/confirm-payment-account');
      await page.getByRole('button', { name: 'Submit' }).click();
      await visible(page.getByText('Please select a payment account.'));
      expect(new URL(page.url()).pathname).toBe('/payments/confirm-payment-account');
      await snapAtWidths(page, 'enroll-confirm-required');
      await checking.check();
      await expect(page.getByText('Please select a payment account.')).toHaveCount(0);
      // Arriving at /submitted asks the server nothing it refuses (a refused read would show nothing).
      const refused: string[] = [];
      const onResponse = (response: Response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400)
          refused.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
      };
      page.on('response', onResponse);
      await page.getByRole('button', { name: 'Submit' }).click();
      await waitForPath(page, '/submitted');

      // --- /submitted, on a phone: the letter waits for the borrower's signature.
      await page.setViewportSize(PHONE);
      await visible(page.getByRole('heading', { level: 1, name: UNSIGNED_TITLE }));
      await page.waitForLoadState('networkidle');
      page.off('response', onResponse);
      expect(refused).toEqual([]);
      const signer = page.getByRole('listitem').filter({ hasText: FULL_NAME });
      await visible(signer.getByText('Not signed yet'));
      // The plan's terms as the letter states them: the draft with its fee, the dates, the creditors.
      const terms = page.getByRole('region', { name: "Your plan's terms" });
      await visible(terms);
      await visible(terms.getByText(/^\$[\d,]+\.\d{2}, including our \$[\d,]+\.\d{2} monthly fee$/));
      await visible(
        terms.getByText(/^\$[\d,]+\.\d{2}, drawn with the first draft on [A-Z][a-z]+ \d{1,2}, \d{4}$/),
      );
      await visible(
        terms.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}, then on the \d{1,2}(st|nd|rd|th) of each month$/),
      );
      await visible(terms.getByText(/^\d+, the last on [A-Z][a-z]+ \d{1,2}, \d{4}/));
      await visible(
        terms.getByText('A draft due on a weekend or a bank holiday is drawn on the next business day.'),
      );
      const onPlan = terms.getByRole('list').first().getByRole('listitem');
      expect(await onPlan.count()).toBe(firstOfferCount);
      for (const offer of firstOffers!) {
        await visible(onPlan.filter({ hasText: offer.name }).getByText(/^\$[\d,]+\.\d{2} a month$/));
      }
      await visible(
        terms.getByText('Keep paying every card yourself until its creditor accepts the plan.', {
          exact: false,
        }),
      );
      await snapAtWidths(page, 'enroll-submitted');
      await checkAccessibility(page, '/submitted');

      // The email's link, in a tab of its own.
      const signing = await context.newPage();
      const signingErrors = watchErrors(signing);
      await signing.setViewportSize(PHONE);
      await reportFailure(signing, signingErrors, 'enroll-failure-sign', async () => {
        await openSigningLink(signing, server.url, FIRST.email);
        await signLetter(signing, FULL_NAME, {
          wrongNameFirst: true,
          snapPrefix: 'enroll',
          checkSigned: true,
        });
      });
      expect(signingErrors).toEqual([]);
      await signing.close();

      // Back on /submitted: the thank-you variant.
      await expectThankYou(page);
      await visible(page.getByRole('heading', { name: 'What happens next' }));
      await snapAtWidths(page, 'enroll-submitted-thank-you');
      await checkAccessibility(page, '/submitted (signed)');
      firstSigned = true;
    });
    expect(errors).toEqual([]);
  });

  test('a borrower who does not connect a bank types the account and routing numbers, then signs', async ({
    page,
  }) => {
    // On a phone.
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-manual', async () => {
      await applyToOffers(page, server.url, SECOND);
      await acceptOfferToOptions(page);

      // 'Provide manually': the reason, then Continue.
      const provideManually = page.getByRole('button', { name: 'Provide manually' });
      await provideManually.click();
      expect(await provideManually.getAttribute('aria-expanded')).toBe('true');
      const reason = page.getByRole('group', { name: 'Why are you entering your account by hand?' });
      await visible(reason);
      await reason.getByLabel('I prefer not to share my online banking sign-in').check();
      await snapAtWidths(page, 'enroll-manual-choice');
      await checkAccessibility(page, '/payments/payment-account-options (manual)');
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/payments/provide-payment-account-information');
      await visible(page.getByRole('heading', { level: 1, name: 'Enter your checking account' }));

      // The help: the drawn cheque, opened from the keyboard (focus, then Enter), closed with Escape.
      const help = page.getByRole('button', { name: 'Where to find these numbers' });
      await help.focus();
      await help.press('Enter');
      const popover = page.getByRole('dialog', { name: 'Where to find these numbers' });
      await visible(popover);
      await visible(popover.getByRole('img', { name: /A sample cheque/ }));
      await snapAtWidths(page, 'enroll-cheque-help');
      await checkAccessibility(page, '/payments/provide-payment-account-information (cheque help)');
      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();

      // The account number confirmed with two digits swapped, and a routing number with a wrong check digit.
      await page.getByLabel('Account Number', { exact: true }).pressSequentially('000123456789');
      await page.getByLabel('Confirm Account Number').pressSequentially('000123456798');
      await page.getByLabel('Routing Number').pressSequentially('021000022');
      await page.getByRole('button', { name: 'Submit' }).click();
      await visible(page.getByText('Account numbers do not match'));
      await visible(page.getByText('Routing Number is invalid'));
      await expect(page.getByLabel('Confirm Account Number')).toBeFocused();
      expect(new URL(page.url()).pathname).toBe('/payments/provide-payment-account-information');
      await snapAtWidths(page, 'enroll-manual-account-invalid');
      await checkAccessibility(page, '/payments/provide-payment-account-information (invalid)');
      // Corrected by pasting the number, as someone copying it from their bank's app would.
      await page.getByLabel('Confirm Account Number').fill('');
      await page.getByLabel('Confirm Account Number').focus();
      await page.evaluate(() => document.execCommand('insertText', false, '0001 2345 6789'));
      await expect(page.getByLabel('Confirm Account Number')).toHaveValue('000123456789');
      await expect(page.getByText('Account numbers do not match')).toBeHidden();
      await page.getByLabel('Routing Number').fill('');
      await page.getByLabel('Routing Number').pressSequentially('021000021');
      await page.getByRole('button', { name: 'Submit' }).click();
      await waitForPath(page, '/submitted');
      await visible(page.getByRole('heading', { level: 1, name: UNSIGNED_TITLE }));
      await checkAccessibility(page, '/submitted');

      // Signs from the email, in this tab.
      await openSigningLink(page, server.url, SECOND.email);
      await signLetter(page, FULL_NAME, { wrongNameFirst: true });
      await expectThankYou(page);
    });
    expect(errors).toEqual([]);
  });

  test('a counsellor passes quality control and records the creditors’ answers: the plan goes to transfer', async ({
    page,
  }) => {
    expect(firstSigned, 'the first borrower signed (journey 1)').toBe(true);
    // The portal's wide screen.
    await page.setViewportSize(WIDE);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-staff', async () => {
      await firstStaffSignIn(page, server.url, staff);
      const nav = page.getByRole('navigation', { name: 'Service portal' });

      // The borrower queue, searched by the first borrower's email.
      await visible(page.getByRole('button', { name: 'Date range Last 72 hours' }));
      await checkAccessibility(page, '/summary');
      await nav.getByRole('link', { name: 'Borrower Queue', exact: true }).click();
      await waitForPath(page, '/borrower-queue');
      await visible(page.getByRole('list', { name: 'Borrower tiles' }));
      await checkAccessibility(page, '/borrower-queue');
      await page.getByLabel('Search borrowers').fill(FIRST.email);
      await page.getByLabel('Search borrowers').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('searchValue') === FIRST.email);
      const tiles = page.getByRole('list', { name: 'Borrower tiles' }).getByRole('listitem');
      await expect(tiles).toHaveCount(1);
      await visible(tiles.getByText('Counselor Review'));
      await tiles.getByRole('link', { name: FULL_NAME }).click();
      await page.waitForURL((url) => url.pathname === '/borrower-summary' && url.searchParams.has('id'));

      // The summary: claimed, then quality control passed.
      await visible(page.getByRole('heading', { level: 1, name: new RegExp(FULL_NAME) }));
      const overview = page.getByRole('region', { name: 'Overview' });
      await visible(overview.getByText('Counselor Review'));
      await checkAccessibility(page, '/borrower-summary');
      await overview.getByRole('button', { name: 'Claim', exact: true }).click();
      await visible(overview.getByRole('button', { name: 'Unclaim' }));
      await overview.getByRole('button', { name: 'Quality control' }).click();
      const qc = page.getByRole('dialog', { name: 'Quality control' });
      await visible(qc);
      // Every item of the checklist, then Passed.
      const checklist = qc.getByRole('group', { name: 'Checklist' });
      for (const box of await checklist.getByRole('checkbox').all()) await box.check();
      await qc.getByLabel('Passed', { exact: true }).check();
      await qc.getByRole('button', { name: 'Submit' }).click();
      await expect(qc).toBeHidden();
      await visible(overview.getByText('Creditor Review'));

      // The creditors' answers, on the Decision tab.
      await page
        .getByRole('tablist', { name: 'Borrower details' })
        .getByRole('tab', { name: 'Decision' })
        .click();
      const offersRegion = page.getByRole('tabpanel').getByRole('region', { name: /^Offers \(\d+\)$/ });
      await visible(offersRegion);
      const answerButtons = offersRegion.getByRole('button', { name: /^Answer for / });
      await expect(answerButtons).toHaveCount(firstOfferCount);
      const offer = page.getByRole('dialog');
      const accepted = (o: Locator) =>
        o.getByRole('group', { name: 'Was the offer accepted or declined?' }).getByLabel('Accepted').check();

      // 1. Accepted, paid by ACH.
      await answerButtons.first().click();
      await visible(offer);
      await accepted(offer);
      await offer.getByRole('group', { name: 'Payment method' }).getByLabel('ACH', { exact: true }).check();
      await offer.getByLabel('Email for remittance information').fill('remittance@creditor.example.com');
      await offer.getByLabel('Account Number').fill('123456789012');
      await offer.getByLabel('Routing Number').fill('021000021');
      await offer.getByRole('button', { name: 'Submit' }).click();
      await expect(offer).toBeHidden();
      await expect(answerButtons).toHaveCount(firstOfferCount - 1);

      // 2. Declined, with a reason.
      await answerButtons.first().click();
      await visible(offer);
      await offer
        .getByRole('group', { name: 'Was the offer accepted or declined?' })
        .getByLabel('Declined')
        .check();
      await offer.getByLabel('term too long').check();
      await offer.getByRole('button', { name: 'Submit' }).click();
      await expect(offer).toBeHidden();
      await expect(answerButtons).toHaveCount(firstOfferCount - 2);

      // 3. The rest accepted, paid by check to the creditor's address.
      while ((await answerButtons.count()) > 0) {
        const left = await answerButtons.count();
        await answerButtons.first().click();
        await visible(offer);
        await accepted(offer);
        await offer
          .getByRole('group', { name: 'Payment method' })
          .getByLabel('Check', { exact: true })
          .check();
        await offer.getByLabel('Address line 1').fill('PO Box 30285');
        await offer.getByLabel('City').fill('Salt Lake City');
        await offer.getByLabel('State').selectOption('UT');
        await offer.getByLabel('Zip code').fill('84130');
        await offer.getByRole('button', { name: 'Submit' }).click();
        await expect(offer).toBeHidden();
        await expect(answerButtons).toHaveCount(left - 1);
      }

      // Every offer answered with one accepted at least: transfer.
      await visible(overview.getByText('Transfer', { exact: true }));
      await snap(page, 'enroll-staff-transfer-1440');
      firstTransferred = true;
    });
    expect(errors).toEqual([]);
  });

  test('the borrower signs in, lands on the customer portal and reads the plan', async ({
    context,
    page,
  }) => {
    expect(firstTransferred, 'the first borrower is in transfer (journey 3)').toBe(true);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-portal', async () => {
      // The first password, from the initial email (as application-resume.e2e.ts does).
      await setPasswordFromMailbox(context, server.url, FIRST.email, BORROWER_PASSWORD);
      await page.goto(`${server.url}/sign-in`);
      await signIn(page, FIRST.email, BORROWER_PASSWORD, '/customer-portal/next-steps');
      expect(new URL(page.url()).pathname).toBe('/customer-portal/next-steps');
      await visible(page.getByRole('heading', { name: 'Talk with your credit counsellor' }));
      await snapAtWidths(page, 'enroll-portal-next-steps');
      await checkAccessibility(page, '/customer-portal/next-steps');

      // "Schedule Your Call Now!" books the call in the product: signed in, only the time is asked.
      await page.getByRole('link', { name: 'Schedule Your Call Now!' }).click();
      await waitForPath(page, '/counselling-call');
      await expect(page.getByLabel('Email address')).toHaveCount(0);
      await pickSlot(page, 1);
      await page.getByLabel('By email', { exact: true }).check();
      await page.getByRole('button', { name: 'Book the call' }).click();
      await visible(page.getByRole('heading', { name: 'Your call is booked' }));
      await checkAccessibility(page, '/counselling-call (booked, signed in)');
      const booked = await page
        .getByText(/ at \d{1,2}:\d{2} [AP]M /)
        .first()
        .textContent();
      // Next Steps shows the call, at the time the confirmation gave, with its links to move or cancel it.
      await page.goto(`${server.url}/customer-portal/next-steps`);
      const card = page.getByRole('region', { name: 'Your upcoming call' });
      await visible(card);
      await expect(card.getByText(booked!.trim(), { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Choose another time' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Cancel the call' })).toBeVisible();
      await snapAtWidths(page, 'enroll-portal-upcoming-call');
      await checkAccessibility(page, '/customer-portal/next-steps (upcoming call)');

      // 'My Plan' in the portal's bar.
      await page
        .getByRole('navigation', { name: 'Customer portal' })
        .getByRole('link', { name: 'My Plan' })
        .first()
        .click();
      await waitForPath(page, '/customer-portal/plan');
      const summary = page.getByRole('region', { name: 'Your plan', exact: true });
      await visible(summary);
      await visible(page.getByText('Your plan is being set up.'));

      const tile = (term: string) =>
        summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
      const monthly = shownDollars(await tile('Amount drawn each month').textContent());
      expect(monthly).toBeGreaterThan(0);
      // The next draft, on the day of the month chosen when the plan was accepted.
      expect(await tile('Next draft').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(await tile('Term').textContent()).toMatch(/^\d+ months$/);
      // What each draft is made of: the creditors' payments and the agency's monthly fee.
      const summaryText = (await summary.textContent()) ?? '';
      const split =
        /Of each draft, \$([\d,]+) goes to your creditors and \$([\d,]+) is the agency's monthly fee\./.exec(
          summaryText,
        );
      expect(split, 'the split of each draft is stated').not.toBeNull();
      const [toCreditors, fee] = [shownDollars(`$${split![1]}`), shownDollars(`$${split![2]}`)];
      // The decline changed the amount: the split is the new amount's. While the next draft is still due
      // before the change applies (it depends on today's date), the tile shows the old amount and the split
      // says from which draft it holds.
      const change = /Your monthly draft changes from \$([\d,]+) to \$([\d,]+), from the draft on /.exec(
        summaryText,
      );
      expect(change, 'the change is announced').not.toBeNull();
      const [was, now] = [shownDollars(`$${change![1]}`), shownDollars(`$${change![2]}`)];
      expect(Math.abs(now - (toCreditors + fee))).toBeLessThanOrEqual(1);
      if (/From the draft on [A-Z][a-z]+ \d{1,2}, \d{4}: Of each draft/.test(summaryText))
        expect(monthly).toBe(was);
      else expect(monthly).toBe(now);

      // The creditors (a table on a wide screen): one declined, the rest accepted.
      const table = page.getByRole('table', { name: /Your creditors/ });
      await visible(table);
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(firstOfferCount);
      const declinedRow = rows.filter({ hasText: 'Declined' });
      expect(await declinedRow.count()).toBe(1);
      // The declined creditor: paid directly by the borrower, and said so in plain words.
      await visible(declinedRow.getByText(/^Pay .+ yourself: about \$[\d,]+ a month\.$/));
      const acceptedRows = rows.filter({ hasText: 'Accepted' });
      expect(await acceptedRows.count()).toBe(firstOfferCount - 1);
      // The creditors' share is the accepted offers' payments together (each shown rounded to the dollar).
      let acceptedPayments = 0;
      for (const row of await acceptedRows.all())
        acceptedPayments += shownDollars(await row.getByRole('cell').nth(1).textContent());
      expect(Math.abs(toCreditors - acceptedPayments)).toBeLessThanOrEqual(firstOfferCount);
      // The decline changed the amount the letter authorized: the change is announced with the new amount.
      await visible(
        summary
          .getByRole('status')
          .getByText(/^Your monthly draft changes from \$[\d,]+ to \$[\d,]+, from the draft on /),
      );

      const payoff = page.getByRole('region', { name: 'Your path to debt-free' });
      await visible(
        payoff.getByText(
          // The interest saved, with the plan's fees beside it and the two netted.
          /^Debt-free in \d+ months on the plan, \d+ months at current minimum payments\. Interest saved \$[\d,]+, (less the plan’s fees of \$[\d,]+: \$[\d,]+ saved in all|but the plan’s fees are \$[\d,]+: the plan costs \$[\d,]+ more in all)\.$/,
        ),
      );
      await expect(page.getByText('Loading the chart...')).toHaveCount(0);
      await visible(page.getByRole('region', { name: 'Letter of Authorization' }).getByText(/^Signed on /));
      await snapAtWidths(page, 'enroll-plan');
      await checkAccessibility(page, '/customer-portal/plan');

      // On a phone the creditors are cards, with the same answers.
      await page.setViewportSize(PHONE);
      await expect(table).toBeHidden();
      // One card per creditor (each card holds its proposal's own short list).
      const cards = page
        .getByRole('region', { name: 'Your creditors' })
        .getByRole('list')
        .first()
        .locator(':scope > li');
      expect(await cards.count()).toBe(firstOfferCount);
      expect(await cards.filter({ hasText: 'Declined' }).count()).toBe(1);
      expect(await cards.filter({ hasText: 'Accepted' }).count()).toBe(firstOfferCount - 1);
      await checkAccessibility(page, '/customer-portal/plan (phone)');

      // Settings: the borrower stops text messages, the choice holds after a reload, then turns them back on.
      await page.setViewportSize(DESKTOP);
      await page
        .getByRole('navigation', { name: 'Customer portal' })
        .getByRole('link', { name: 'Settings' })
        .first()
        .click();
      await waitForPath(page, '/customer-portal/settings');
      const texts = page.getByRole('checkbox', { name: 'Send me text messages about my plan' });
      await expect(texts).toBeChecked();
      await texts.uncheck();
      await visible(page.getByRole('status').filter({ hasText: 'We will not text you.' }));
      await page.reload();
      await expect(
        page.getByRole('checkbox', { name: 'Send me text messages about my plan' }),
      ).not.toBeChecked();
      await page.getByRole('checkbox', { name: 'Send me text messages about my plan' }).check();
      await visible(page.getByRole('status').filter({ hasText: 'We will text you about your plan.' }));
      await checkAccessibility(page, '/customer-portal/settings');
      await snapAtWidths(page, 'enroll-settings-texts');

      // Settings: the borrower, now paid later in the month, moves the monthly draft to another day. The page
      // says from which draft, the choice holds after a reload, and My plan's next draft agrees.
      const draftRow = page.locator('li', { hasText: 'Monthly draft day' });
      const stated = /We draw \$[\d,.]+ on the (\d+)(?:st|nd|rd|th) of each month\./.exec(
        (await draftRow.textContent()) ?? '',
      );
      expect(stated, 'Settings states the draft day').not.toBeNull();
      const newDay = ((Number(stated![1]) + 6) % 28) + 1;
      const newDayWord = `${newDay}${newDay % 10 === 1 && newDay !== 11 ? 'st' : newDay % 10 === 2 && newDay !== 12 ? 'nd' : newDay % 10 === 3 && newDay !== 13 ? 'rd' : 'th'}`;
      await draftRow.getByRole('button', { name: 'Change the draft day' }).click();
      await page.getByRole('combobox', { name: 'New day of the month' }).selectOption({ label: newDayWord });
      const preview = draftRow.getByText(
        new RegExp(`From ([A-Z][a-z]+ \\d{1,2}, \\d{4}), drafts are on the ${newDayWord} of each month`),
      );
      await visible(preview);
      const from = /From ([A-Z][a-z]+ \d{1,2}, \d{4})/.exec((await preview.textContent()) ?? '')![1]!;
      await checkAccessibility(page, '/customer-portal/settings (draft day)');
      await snapAtWidths(page, 'enroll-settings-draft-day');
      await page
        .getByRole('checkbox', { name: new RegExp(`on the ${newDayWord} of each month from ${from}\\.$`) })
        .check();
      await page.getByRole('button', { name: 'Save the new day' }).click();
      await visible(
        draftRow
          .getByRole('status')
          .filter({ hasText: `Saved. From ${from}, drafts are on the ${newDayWord}` }),
      );
      await page.reload();
      const afterReload = (await page.locator('li', { hasText: 'Monthly draft day' }).textContent()) ?? '';
      const nextShown = /Your next draft is on ([A-Z][a-z]+ \d{1,2}, \d{4})\./.exec(afterReload)![1]!;
      // Either the next draft is already on the new day, or a later one is, as saved.
      if (!nextShown.startsWith(from))
        expect(afterReload).toContain(`From ${from}, drafts are on the ${newDayWord}.`);
      await page
        .getByRole('navigation', { name: 'Customer portal' })
        .getByRole('link', { name: 'My Plan' })
        .first()
        .click();
      await waitForPath(page, '/customer-portal/plan');
      const planSummary = page.getByRole('region', { name: 'Your plan', exact: true });
      await expect(planSummary.locator('dt', { hasText: /^Next draft$/ }).locator('+ dd')).toHaveText(
        nextShown,
      );
      await page.setViewportSize(PHONE);
      firstPlanRead = true;
    });
    expect(errors).toEqual([]);
  });

  test('the plan needs more than the borrower authorized: they confirm the new amount on My plan', async ({
    page,
    context,
  }) => {
    expect(firstPlanRead, 'the first borrower read the plan (journey 4)').toBe(true);
    // As after a creditor's counter-offer: the letter authorized $25 less than the terms now need. The server
    // owns the embedded database, so it stops while the stand-in writes.
    await server.stop({ keepData: true });
    expect(await runScript(server.env, 'tests/e2e/support/authorize-less.ts', [FIRST.email, '2500'])).toMatch(
      /^Authorized \d+ of \d+\./,
    );
    server = await startServer(server.env);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-reauthorize', async () => {
      await page.goto(`${server.url}/sign-in`);
      await signIn(page, FIRST.email, BORROWER_PASSWORD, '/customer-portal/next-steps');
      await visible(page.getByRole('heading', { name: 'Talk with your credit counsellor' }));
      await checkAccessibility(page, '/customer-portal/next-steps');
      await page
        .getByRole('navigation', { name: 'Customer portal' })
        .getByRole('link', { name: 'My Plan' })
        .first()
        .click();
      await waitForPath(page, '/customer-portal/plan');
      const summary = page.getByRole('region', { name: 'Your plan', exact: true });
      await visible(summary);
      const drawnTile = summary.getByTestId('monthly-draft');

      // Until confirmed, the authorized amount is the draft; the notice and the step say what the plan needs.
      const change = /^Your plan now needs \$([\d,]+) a month instead of the \$([\d,]+) you authorized\.$/;
      const notice = summary.getByRole('status').getByText(change);
      await visible(notice);
      const [, needed, authorized] = change.exec((await notice.textContent()) ?? '')!;
      expect(shownDollars(await drawnTile.textContent())).toBe(shownDollars(`$${authorized}`));
      // Every tile is the authorized plan's until the borrower confirms: the new figures are the step's.
      await visible(
        summary.getByText('Until you confirm, these are the figures of the plan you authorized:'),
      );
      const step = page.getByRole('region', { name: 'Confirm your new plan payment' });
      await visible(step);
      await visible(step.getByText(/^Until you confirm, we keep drawing \$[\d,]+\.\d{2} each month/));
      const agreement = step.getByRole('checkbox', {
        name: /^I authorize .+ to draw \$[\d,]+\.\d{2} each month from my account ending \d{4} from [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
      });
      await visible(agreement);
      // The creditors on the plan and the agency's fee, each with what it receives.
      const paid = step.getByRole('table').locator('tbody tr');
      expect(await paid.count()).toBe(firstOfferCount);
      await snapAtWidths(page, 'enroll-plan-reauthorize');
      await checkAccessibility(page, '/customer-portal/plan (confirm the new amount)');

      // Without the agreement nothing is sent; with it, the new amount is confirmed.
      await step.getByRole('button', { name: 'Confirm the new amount' }).click();
      await visible(step.getByText('Please tick the box to authorize the new amount'));
      await agreement.check();
      await step.getByRole('button', { name: 'Confirm the new amount' }).click();
      await visible(
        summary
          .getByRole('status')
          .getByText(/^You confirmed the new amount: \$[\d,]+\.\d{2} each month, drawn from your draft on /),
      );
      await expect(step).toHaveCount(0);
      expect(shownDollars(await drawnTile.textContent())).toBe(shownDollars(`$${needed}`));
      // The borrower's copy of the new authorization, beside the signed letter, theirs to download.
      const letter = page.getByRole('region', { name: 'Letter of Authorization' });
      const addendum = letter.getByText(
        /^Addendum confirmed on [A-Z][a-z]+ \d{1,2}, \d{4}: \$[\d,]+ a month$/,
      );
      await visible(addendum);
      expect(shownDollars(await addendum.textContent())).toBe(shownDollars(`$${needed}`));
      const download = letter.getByRole('link', { name: /^Download the addendum of / });
      const pdf = await page.request.get(`${server.url}${await download.getAttribute('href')}`);
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await snapAtWidths(page, 'enroll-plan-reauthorized');
      await checkAccessibility(page, '/customer-portal/plan (new amount confirmed)');

      // The email with the copy attached, in the dev mailbox: the amount the page shows.
      const mailbox = await context.newPage();
      await mailbox.goto(`${server.url}/dev/mailbox`);
      const mail = mailbox
        .locator('article.mail')
        .filter({ hasText: FIRST.email })
        .filter({
          has: mailbox.getByRole('heading', { name: /^Your new authorization: \$[\d,.]+ a month$/ }),
        });
      await expect
        .poll(
          async () => {
            await mailbox.reload();
            return mail.count();
          },
          { timeout: 20_000, intervals: [500] },
        )
        .toBe(1);
      const body = (await mail.locator('pre').textContent()) ?? '';
      expect(body).toMatch(/you confirmed on My plan that .+ may draw \$[\d,]+\.\d{2} each month instead of/);
      expect(shownDollars(/may draw (\$[\d,]+)/.exec(body)![1]!)).toBe(shownDollars(`$${needed}`));
      const attached = mail.getByRole('link', { name: 'Addendum to Letter of Authorization.pdf' });
      await visible(attached);
      const file = await mailbox.request.get(`${server.url}${await attached.getAttribute('href')}`);
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await checkAccessibility(mailbox, '/dev/mailbox (the new authorization)');
      await mailbox.setViewportSize(PHONE);
      await checkAccessibility(mailbox, '/dev/mailbox (the new authorization, phone)');
      await mailbox.close();
    });
    expect(errors).toEqual([]);
  });

  test('a borrower connects a bank at the income step, types their own income, and the payment pages reuse the bank', async ({
    page,
  }) => {
    // On a phone.
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'enroll-failure-income-bank', async () => {
      await applyToIncome(page, server.url, THIRD);

      // /income/provide-monthly-income: the box above an empty income field.
      const box = page.getByRole('region', { name: INCOME_BANK_TITLE });
      await visible(box);
      const income = page.getByLabel('Total monthly household income after taxes');
      expect(await income.inputValue()).toBe('');
      await snapAtWidths(page, 'enroll-income-bank');
      await checkAccessibility(page, '/income/provide-monthly-income (bank box)');

      // Skip first: the reason is required.
      const skip = box.getByRole('button', { name: 'Skip', exact: true });
      expect(await skip.getAttribute('aria-expanded')).toBe('false');
      await skip.click();
      expect(await skip.getAttribute('aria-expanded')).toBe('true');
      const reason = box.getByRole('group', { name: SKIP_QUESTION });
      await visible(reason);
      expect(await reason.getByRole('radio').count()).toBeGreaterThan(1);
      await box.getByRole('button', { name: 'Skip this step' }).click();
      await visible(reason.getByRole('alert').filter({ hasText: SKIP_REQUIRED }));
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/income/provide-monthly-income');
      await snapAtWidths(page, 'enroll-income-skip-required');
      await checkAccessibility(page, '/income/provide-monthly-income (skip reason required)');

      // Then connect instead, the skip question still open under the buttons: Tartan Bank as user_good.
      await box.getByRole('button', { name: 'Connect your bank', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Sandbox bank connection' });
      await visible(dialog);
      await linkSandboxBank(dialog, 'Tartan Bank', async () => {
        expect(await dialog.getByRole('checkbox', { name: /Tartan Checking/ }).isChecked()).toBe(true);
      });
      await expect(dialog).toBeHidden();

      // The box names the bank and its 90-day average; the skip question and its error are gone.
      const connected = page.getByRole('region', { name: 'Connected to Tartan Bank' });
      await visible(connected, 30_000);
      await visible(
        connected.getByText(/^Your income deposits over the last 90 days average \$[\d,]+ a month\./),
      );
      expect(await page.getByRole('region', { name: INCOME_BANK_TITLE }).count()).toBe(0);
      expect(await page.getByRole('group', { name: SKIP_QUESTION }).count()).toBe(0);
      expect(await page.getByText(SKIP_REQUIRED).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Skip', exact: true }).count()).toBe(0);
      // The income field offers the bank's figure.
      const average = shownDollars(await connected.locator('strong').textContent());
      expect(average).toBeGreaterThan(0);
      await expect(income).toHaveValue(/^\$[\d,]+$/);
      expect(shownDollars(await income.inputValue())).toBe(average);
      expect(new URL(page.url()).pathname).toBe('/income/provide-monthly-income');
      await snapAtWidths(page, 'enroll-income-connected');
      await checkAccessibility(page, '/income/provide-monthly-income (connected)');

      // The borrower's own figure instead (the first borrower's, so the offer is the same).
      await income.fill('');
      expect(await income.inputValue()).toBe('');
      await income.pressSequentially(QUALIFYING_INCOME);
      expect(shownDollars(await income.inputValue())).toBe(Number(QUALIFYING_INCOME));
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/expenses');
      const offers = await expensesToOffers(page);
      if (firstOffers) expect(offers).toEqual(firstOffers);

      // After the offer is accepted, next steps goes straight to the connected bank's accounts: no second
      // connection.
      await acceptPlanOnReview(page);
      await waitForPath(page, '/payments/next-steps');
      await visible(page.getByRole('heading', { level: 1, name: 'Next steps' }));
      await checkAccessibility(page, '/payments/next-steps');
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/payments/confirm-payment-account');
      await visible(page.getByRole('heading', { level: 1, name: 'Confirm your payment account' }));
      expect(await page.getByRole('dialog').count()).toBe(0);
      const accounts = page.getByRole('group', { name: 'Payment account' }).getByRole('radio');
      await expect.poll(() => accounts.count()).toBeGreaterThan(0);
      const checking = page.getByRole('radio', { name: /Tartan Checking/ });
      await visible(checking);
      await visible(page.getByRole('group', { name: 'Payment account' }).getByText('Tartan Bank').first());
      await checkAccessibility(page, '/payments/confirm-payment-account (the connected bank)');
      await checking.check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await waitForPath(page, '/submitted');
      await visible(page.getByRole('heading', { level: 1, name: UNSIGNED_TITLE }));
      await visible(page.getByRole('listitem').filter({ hasText: FULL_NAME }).getByText('Not signed yet'));
      await checkAccessibility(page, '/submitted');
    });
    expect(errors).toEqual([]);
  });
});
