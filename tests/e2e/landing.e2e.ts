import { checkAccessibility, expect, test } from './support/axe';
import { snap, watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The landing pages arrive prerendered: without JavaScript a visitor already sees the page and its lead form;
 * with it, the page is taken over where it stands (no error, nothing drawn twice) and the form validates,
 * its validation code fetched only once the visitor starts on the form.
 */
let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe('landing pages', () => {
  test('without JavaScript, the pages show their heading and the lead form', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    // axe runs as a script in the page, so it cannot check a page with JavaScript off: this context is not
    // watched, and the next test checks the same three pages with it on.
    const page = await context.newPage();

    await page.goto(`${server.url}/lead?utm_source=x`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The free way to pay off your credit cards',
    );
    await expect(page).toHaveTitle(/^Pay off your credit cards \| /);
    const form = page.getByRole('form', { name: 'Start your application' });
    for (const label of ['First name', 'Last name', 'Email address', 'Phone number']) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await snap(page, 'lead-no-javascript-390');

    await page.goto(`${server.url}/debt-analysis`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'A free debt analysis, in under 5 minutes',
    );
    await page.goto(`${server.url}/debt-relief`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Debt relief with a debt management plan',
    );
    await context.close();
  });

  test('with JavaScript, /lead is taken over without an error and its form validates', async ({ page }) => {
    const errors = watchErrors(page);
    // Every script the page loads, and whether it holds zod (its classes keep their names when minified).
    const scripts: Promise<{ path: string; zod: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      scripts.push(response.text().then((text) => ({ path, zod: text.includes('ZodType') })));
    });
    const withZod = async () =>
      (await Promise.all(scripts)).filter((script) => script.zod).map((script) => script.path);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/lead`);
    const form = page.getByRole('form', { name: 'Start your application' });
    // The button waits for the script: enabled means the page has been taken over.
    await expect(form.getByRole('button', { name: 'Get Started' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // The page runs without the form's validation code: no script so far carries zod.
    expect(await withZod()).toEqual([]);

    await checkAccessibility(page, '/lead');

    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Email address').fill('jordan@example');
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect(form.getByText('Email address is invalid')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    expect((await withZod()).length).toBeGreaterThan(0);
    // Corrected, the error goes away as the visitor types.
    await form.getByLabel('Email address').fill('jordan@example.com');
    await expect(form.getByText('Email address is invalid')).toHaveCount(0);
    await snap(page, 'lead-validated-390');

    // The other two landing pages, taken over like /lead, for axe.
    for (const [path, heading] of [
      ['/debt-analysis', 'A free debt analysis, in under 5 minutes'],
      ['/debt-relief', 'Debt relief with a debt management plan'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.waitForLoadState('networkidle');
      await checkAccessibility(page, path);
    }

    expect(errors).toEqual([]);
  });
});
