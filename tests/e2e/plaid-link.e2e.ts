import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { startPlaidFake, type PlaidFake } from '../fakes/plaid-fake';
import { type Applicant, DESKTOP, PHONE, snapAtWidths, waitForPath } from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { reportFailure, visible, watchErrors } from './support/browser';
import { acceptOfferToOptions, applyToIncome, applyToOffers, QUALIFYING_PERSON } from './support/enroll';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A real bank connection through Plaid Link, in the browser: the server is configured with Plaid (its API a local
 * stand-in, tests/fakes/plaid-fake.ts, through PLAID_BASE_URL), so the bank dialog loads Link's script from
 * cdn.plaid.com under the pages' security policy and opens Link with the link token. Link's script cannot be
 * had offline: Playwright answers its address (and Link's frame) with a stand-in (support/plaid-link-stand-in.*)
 * that implements the part of window.Plaid the page uses, and whose success asks the fake for a public token of
 * that link token, as Link's onSuccess hands one out. The page then exchanges it, as with the real Link.
 *
 * One borrower connects at the payment step (Link ends in an institution error first: the dialog says so and
 * offers to try again), another at the income step.
 */

const LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
const LINK_FRAME_URL = 'https://cdn.plaid.com/link/v2/stable/link.html';
const STAND_IN = path.resolve(import.meta.dirname, 'support');
const EXIT_ERROR =
  'The connection to your bank did not finish. You can try again, or enter your checking account details instead.';

const PAYER: Applicant = {
  ...QUALIFYING_PERSON,
  email: 'alex.plaid.payments@example.com',
  phone: '2025550161',
};
const EARNER: Applicant = {
  ...QUALIFYING_PERSON,
  email: 'alex.plaid.income@example.com',
  phone: '2025550162',
};

let plaid: PlaidFake;
let server: TestServer;

test.beforeAll(async () => {
  plaid = await startPlaidFake();
  const env = await journeyEnv();
  server = await startServer({
    ...env,
    PLAID_CLIENT_ID: plaid.clientId,
    PLAID_SECRET: plaid.secret,
    PLAID_ENV: 'sandbox',
    PLAID_BASE_URL: plaid.basePath,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await plaid?.close();
});

test.use({ viewport: DESKTOP });

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name) ?? '';

/**
 * Link's script and frame answered by the stand-ins, the fake's public tokens handed to the stand-in, and the
 * page's reports of anything its security policy refused.
 */
async function standInForLink(page: Page): Promise<{ scriptRequests: Request[]; refusals: string[] }> {
  const scriptRequests: Request[] = [];
  const refusals: string[] = [];
  page.on('request', (request) => {
    if (request.url() === LINK_SCRIPT_URL) scriptRequests.push(request);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  await page.exposeFunction('plaidFakeCompleteLink', (linkToken: string) => plaid.completeLink(linkToken));
  await page.route(LINK_SCRIPT_URL, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: readFileSync(path.join(STAND_IN, 'plaid-link-stand-in.js'), 'utf8'),
    }),
  );
  await page.route(`${LINK_FRAME_URL}?*`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: readFileSync(path.join(STAND_IN, 'plaid-link-stand-in.html'), 'utf8'),
    }),
  );
  return { scriptRequests, refusals };
}

/** The pages' security policy allows Link's script and frame (read from a page the dialog opens on). */
async function expectPolicyAllowsLink(page: Page, pathname: string): Promise<void> {
  const response = await page.request.get(`${server.url}${pathname}`);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(directive(csp, 'script-src')).toContain(LINK_SCRIPT_URL);
  expect(directive(csp, 'frame-src')).toContain('https://cdn.plaid.com/');
  expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
}

/** The parts of a Plaid fake that plays Plaid's transaction pulls (a fake whose items have their history at once lacks them). */
type PullingFake = {
  itemIdOf(accessToken: string): string;
  finishInitialUpdate(itemId: string): string;
  finishHistoricalUpdate(itemId: string): string;
};
const played = new Set<string>();

/**
 * Plaid reads a new item's transactions in the background and says so by webhook: where the fake plays that
 * (finishInitialUpdate, finishHistoricalUpdate), its pulls are made for each item the server has asked about
 * and their webhooks delivered to the server, signed as Plaid signs them. False when the fake gives an item
 * its history at once (nothing to play).
 */
async function playPlaidHistory(): Promise<boolean> {
  const fake = plaid as unknown as Partial<PullingFake>;
  if (!fake.itemIdOf || !fake.finishInitialUpdate || !fake.finishHistoricalUpdate) return false;
  const pulls = fake as PullingFake;
  let accessTokens: string[] = [];
  await expect
    .poll(() => {
      accessTokens = [
        ...new Set(plaid.requests.map((r) => r.body.access_token).filter((t) => typeof t === 'string')),
      ] as string[];
      return accessTokens.filter((t) => !played.has(t)).length;
    })
    .toBeGreaterThan(0);
  for (const accessToken of accessTokens.filter((t) => !played.has(t))) {
    played.add(accessToken);
    const itemId = pulls.itemIdOf(accessToken);
    for (const body of [pulls.finishInitialUpdate(itemId), pulls.finishHistoricalUpdate(itemId)]) {
      const response = await fetch(`http://127.0.0.1:${server.env.PORT}/api/webhooks/bank-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...plaid.signWebhook(body) },
        body,
      });
      expect(response.status, 'the server took Plaid’s webhook').toBeLessThan(300);
    }
  }
  return true;
}

const linkFrame = (page: Page) => page.frameLocator('iframe[title="Plaid Link"]');

test.describe('Plaid Link', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a borrower connects the payment account through Plaid Link, after an institution error', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const link = await standInForLink(page);
    await reportFailure(page, errors, 'plaid-payments-failure', async () => {
      await applyToOffers(page, server.url, PAYER);
      await acceptOfferToOptions(page);
      await checkAccessibility(page, '/payments/payment-account-options');
      await expectPolicyAllowsLink(page, '/payments/payment-account-options');

      // Connect: the dialog asks for Link's script by Plaid's address, and Link opens with the link token.
      const scriptAsked = page.waitForRequest(LINK_SCRIPT_URL);
      await page.getByRole('button', { name: 'Connect your bank' }).click();
      await scriptAsked;
      const frame = linkFrame(page);
      await visible(frame.getByRole('heading', { name: 'Plaid Link (stand-in)' }));
      // Our dialog steps aside while Link's frame is open.
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Link ends in an institution error: the dialog says so, with a new try and the manual entry.
      await frame.getByRole('button', { name: 'Fail with an institution error' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect your bank' });
      await visible(dialog.getByRole('alert').filter({ hasText: EXIT_ERROR }));
      await visible(dialog.getByRole('button', { name: 'Provide manually' }));
      await snapAtWidths(page, 'plaid-link-exit-error');
      await checkAccessibility(page, '/payments/payment-account-options (Link ended in an error)');

      // Again, and this time the bank is connected: the public token is exchanged with Plaid (the fake).
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await frame.getByRole('button', { name: 'Connect First Platypus Bank' }).click();
      await playPlaidHistory();
      await waitForPath(page, '/payments/confirm-payment-account');
      await visible(page.getByRole('heading', { level: 1, name: 'Confirm your payment account' }));
      await visible(page.getByRole('radio', { name: /Plaid Checking/ }), 30_000);
      expect(plaid.requests.map((r) => r.path)).toContain('/item/public_token/exchange');
      await snapAtWidths(page, 'plaid-link-confirm');
      await checkAccessibility(page, '/payments/confirm-payment-account');

      expect(link.scriptRequests.length).toBeGreaterThanOrEqual(1);
      expect(link.refusals, 'the security policy refused something').toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  test('a borrower connects the bank at the income step through Plaid Link, and the income follows', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const link = await standInForLink(page);
    await reportFailure(page, errors, 'plaid-income-failure', async () => {
      await applyToIncome(page, server.url, EARNER);
      await checkAccessibility(page, '/income/provide-monthly-income');
      await expectPolicyAllowsLink(page, '/income/provide-monthly-income');
      await page.setViewportSize(PHONE);

      const scriptAsked = page.waitForRequest(LINK_SCRIPT_URL);
      await page.getByRole('button', { name: 'Connect your bank' }).click();
      await scriptAsked;
      await linkFrame(page).getByRole('button', { name: 'Connect First Platypus Bank' }).click();

      // The bank is connected. Its history may still be being read (the page then says so and asks again
      // every few seconds); once it is read, the income is offered.
      const connected = page.getByRole('heading', { level: 2, name: 'Connected to First Platypus Bank' });
      await visible(connected, 30_000);
      const reading = page.getByText(/^We are reading your bank’s history/);
      if (await reading.isVisible()) {
        await snapAtWidths(page, 'plaid-link-income-reading');
        await checkAccessibility(page, '/income/provide-monthly-income (history being read)');
      }
      // Plaid's pulls and their webhooks, where the fake plays them: the page hears of them by asking again.
      await playPlaidHistory();
      await visible(
        page.getByText(/^Your income deposits over the last 90 days average \$[\d,]+ a month/),
        150_000,
      );
      await expect(page.getByLabel('Total monthly household income after taxes')).toHaveValue(/^\$[\d,]+$/);
      await snapAtWidths(page, 'plaid-link-income-ready');
      await checkAccessibility(page, '/income/provide-monthly-income (income from the bank)');

      expect(link.scriptRequests.length).toBeGreaterThanOrEqual(1);
      expect(link.refusals, 'the security policy refused something').toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
