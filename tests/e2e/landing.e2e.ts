import { mkdirSync } from 'node:fs';
import { checkAccessibility, expect, test } from './support/axe';
import { picture, snap, watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The landing pages arrive prerendered: without JavaScript a visitor already sees the page and can send its
 * lead form (the server answers); with it, the page is taken over at the visitor's first use, where it stands
 * (no error, nothing drawn twice), and the form validates, its validation code fetched only once the visitor
 * starts on the form.
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
    await page.waitForLoadState('networkidle');
    // Read, not used: only the entry came (no React before the first interaction).
    expect((await Promise.all(scripts)).map((script) => script.path)).toHaveLength(1);
    // The first use (a pointer moving over the page) brings the app; the How it Works modal (a script of its
    // own) then answers its link.
    await page.mouse.move(100, 200);
    await expect
      .poll(async () => (await Promise.all(scripts)).some((s) => s.path.includes('landing-app')))
      .toBe(true);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'See how it works' }).click();
    await expect(page.getByRole('dialog', { name: 'How it works' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    // The page runs without the form's code: no script so far carries zod.
    expect(await withZod()).toEqual([]);

    await checkAccessibility(page, '/lead');
    await form.getByLabel('First name').focus();

    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Email address').fill('jordan@example');
    await expect(form).toHaveAttribute('data-taken-over');
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

  test('a marketing page loads no app until it is used; its Get Started then opens /lead in place, on the form', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/debt-analysis`);
    await page.waitForLoadState('networkidle');
    // Read, not used: only the entry came.
    expect(scripts).toHaveLength(1);
    await checkAccessibility(page, '/debt-analysis');

    // The first use (a pointer moving over the page) brings the app; Get Started then stays in the page.
    await page.mouse.move(100, 200);
    await expect.poll(() => scripts.some((path) => path.includes('landing-app'))).toBe(true);
    await page.waitForLoadState('networkidle');
    // The app has taken the page over once React has hydrated the link (React then keeps its props on the
    // element). A tap before then is an ordinary page load, checked below.
    const getStarted = page.getByRole('link', { name: 'Get Started' }).first();
    await expect
      .poll(() =>
        getStarted.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps$'))),
      )
      .toBe(true);
    const loads = scripts.length;
    await getStarted.click();
    await expect(page).toHaveURL(`${server.url}/lead#get-started`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The free way to pay off your credit cards',
    );
    // Focus lands on the lead form's first field, and the form's code follows (it is fetched on the way: on
    // a busy machine that takes more than the default 5 s).
    await expect(
      page.getByRole('form', { name: 'Start your application' }).getByLabel('First name'),
    ).toBeFocused({ timeout: 15_000 });
    await expect(
      page.getByRole('form', { name: 'Start your application' }).getByRole('button', { name: 'Get Started' }),
    ).toBeEnabled();
    // No page load: the lead page came as a module, not as a new document with its entry script again.
    expect(scripts.slice(loads).some((path) => /\/index-[^/]+\.js$/.test(path))).toBe(false);
    await checkAccessibility(page, '/lead (from a marketing page)');

    // A tap on Get Started before the app has taken the page over loads /lead as a new page, at its form.
    await page.goto(`${server.url}/debt-relief`);
    await page.waitForLoadState('networkidle');
    await checkAccessibility(page, '/debt-relief');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(`${server.url}/lead#get-started`);
    await expect(
      page.getByRole('form', { name: 'Start your application' }).getByLabel('First name'),
    ).toBeInViewport();
    await checkAccessibility(page, '/lead (loaded from a marketing page)');
    expect(errors).toEqual([]);
  });

  test("Get Started answers at the first tap while the page's scripts are held: the server shows the messages", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    // Every script of the page held back, as on a slow connection before the form's script has arrived.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/\/assets\/.*\.js$/, (route) => {
      if (!holding) return route.continue();
      held.push(() => route.continue().catch(() => undefined));
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The page's module script, held, keeps the document from finishing: the page is used as it is drawn.
      await page.goto(`${server.url}/lead?utm_source=held`, { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Start your application' });
      await expect(form.getByRole('button', { name: 'Get Started' })).toBeVisible();
      // Nothing touched: the first tap is on Get Started.
      await form.getByRole('button', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(`${server.url}/lead?utm_source=held#get-started`);
      for (const message of [
        'First name is required',
        'Last name is required',
        'Email address is required',
        'Phone number is required',
      ]) {
        await expect(form.getByText(message)).toBeVisible();
      }
      await expect(form.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
      await snap(page, `lead-first-tap-answered-${width}`);
    }
    expect(held.length).toBeGreaterThan(0);
    await checkAccessibility(page, '/lead (answered by the server)');

    // The scripts arrive; the page and its form are taken over as they stand, the messages kept.
    const arrived: string[] = [];
    page.on('response', (response) => arrived.push(new URL(response.url()).pathname));
    holding = false;
    for (const release of held.splice(0)) await release();
    const form = page.getByRole('form', { name: 'Start your application' });
    // The entry runs (the document finishes loading); the first use then brings the page's app, starting on
    // the form its code.
    await page.waitForLoadState('load');
    await page.mouse.move(100, 200);
    await page.mouse.move(120, 220);
    await expect.poll(() => arrived.some((path) => path.includes('/landing-app-'))).toBe(true);
    await page.waitForLoadState('networkidle');
    await form.getByLabel('First name').fill('Jordan');
    await expect(form).toHaveAttribute('data-taken-over');
    await expect(form.getByText('Last name is required')).toBeVisible();
    // Sent again with the script: the script's own validation answers, in place.
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect(form.getByText('First name is required')).toHaveCount(0);
    await expect(form.getByText('Last name is required')).toBeVisible();
    await expect(form.getByLabel('Last name')).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('without JavaScript, the lead form is sent, answered with its messages, and then starts the application', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/lead?utm_source=nojs`);
    const form = page.getByRole('form', { name: 'Start your application' });
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Email address').fill('robin.nojs@example');
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect(form.getByText('Email address is invalid')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    // What was typed is still there.
    await expect(form.getByLabel('First name')).toHaveValue('Robin');
    await snap(page, 'lead-no-javascript-answered-390');

    await form.getByLabel('Last name').fill('Nojs');
    await form.getByLabel('Email address').fill(`robin.nojs.${Date.now()}@example.com`);
    await form.getByLabel('Phone number').fill('2025550111');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Get Started' }).click();
    // Signed in by the lead, at the application's next step.
    // (The form's own section, in the address it was sent from, stays in the address: harmless there.)
    await expect(page).toHaveURL(new RegExp(`^${server.url}/hardships(#get-started)?$`));
    expect((await context.cookies()).some((cookie) => cookie.name.includes('session_token'))).toBe(true);
    await context.close();
  });

  test('the consent to calls and texts reads plainly, and the policies are pages of the product', async ({
    page,
    context,
  }) => {
    const errors = watchErrors(page);
    const shots = '/tmp/shots-consent';
    mkdirSync(shots, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/lead`);
      const form = page.getByRole('form', { name: 'Start your application' });
      await page.waitForLoadState('networkidle');
      const consent = form.getByText(/By selecting Get Started/);
      await expect(consent).toBeVisible();
      for (const words of [
        'may call you and send you text messages at the number above about your application and your debt management plan',
        'Agreeing is not a condition of our service',
        'Message and data rates may apply',
        'Reply STOP to stop text messages, or HELP for help.',
      ]) {
        await expect(consent).toContainText(words);
      }
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await form.scrollIntoViewIfNeeded();
      await picture(form, `${shots}/lead-consent-${width}.png`);
    }
    // Without a configured video or business-bureau profile, neither is offered.
    await expect(page.getByRole('link', { name: /Watch the video/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Watch the video/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Accredited Business seal' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await checkAccessibility(page, '/lead');

    // The form's policy links open the product's page in a new tab, the form left as it was.
    const form = page.getByRole('form', { name: 'Start your application' });
    const [policyTab] = await Promise.all([
      context.waitForEvent('page'),
      form.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' }).click(),
    ]);
    await expect(policyTab.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    expect(new URL(policyTab.url()).pathname).toBe('/privacy-policy');
    await expect(policyTab.getByText('Template — the agency must review this text.')).toBeVisible();
    await expect(policyTab).toHaveTitle(/^Privacy Policy \| /);
    await checkAccessibility(policyTab, '/privacy-policy');
    await policyTab.close();

    // The footer's links, in the same tab; each page reads and passes axe.
    for (const [name, path, section] of [
      ['Privacy Policy', '/privacy-policy', 'Text messages'],
      ['Terms and Conditions', '/terms-and-conditions', 'Calls and text messages'],
      ['Credit Report Policy', '/credit-report-policy', 'A soft check that does not affect your score'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/lead`);
      await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await checkAccessibility(page, path);
      await picture(page, `${shots}${path}-1280.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await picture(page, `${shots}${path}-390.png`);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('landing pages on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the first tap on "See how it works" opens the video, though that tap brings the page\'s script', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/lead`);
    await page.waitForLoadState('networkidle');
    // Read, not used: only the entry came.
    expect(scripts).toHaveLength(1);
    const scrolled = await page.evaluate(() => window.scrollY);
    // The one tap: it fetches the app, and the video opens once the app has taken the page over (the plain
    // link would only scroll to the section).
    await page.getByRole('link', { name: 'See how it works' }).tap();
    await expect(page.getByRole('dialog', { name: 'How it works' })).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await checkAccessibility(page, '/lead (How it works, from the first tap)');
    await snap(page, 'lead-first-tap-how-it-works-390');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
