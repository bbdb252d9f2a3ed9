import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// Accessibility in every journey: checkAccessibility runs axe on the page as it is, and any violation of any
// impact fails the journey. The journeys import `test` from here rather than from @playwright/test: it watches
// every page of the test's browser context (and of any context handed to watchContext) and, at the end of the
// test, fails if the journey visited a page it never checked. A page the app left at once by a redirect
// (history.replaceState within REDIRECT_MS of arriving) was passed through, not visited, and needs no check.

export { expect };

/** Leaving a page by replaceState this soon after arriving on it is a redirect: nobody saw that page. */
const REDIRECT_MS = 5_000;

type Visits = { arrivals: number; redirects: number; lastArrival: number; checked: boolean };

class Coverage {
  private readonly visits = new Map<string, Visits>();
  private readonly watched = new WeakSet<BrowserContext>();
  private readonly started = Date.now();
  /** What the coverage heard, in order: printed when a page is missed, to tell a missed check from a miscount. */
  private readonly events: string[] = [];

  private hear(event: string): void {
    this.events.push(`${((Date.now() - this.started) / 1000).toFixed(2)}s ${event}`);
  }

  /** Watches the context's pages, open and future, for the paths they show. */
  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    await context.exposeBinding('__axeLeftByReplace', (_source, from: string) => this.leftByReplace(from));
    await context.addInitScript(() => {
      const replace = history.replaceState.bind(history);
      history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
        const from = location.pathname;
        const to = url == null ? from : new URL(url, location.href).pathname;
        // Told before the address changes, so the test hears of the redirect before it sees the new page.
        const report = (window as unknown as { __axeLeftByReplace?: (from: string) => void })
          .__axeLeftByReplace;
        if (to !== from) void report?.(from);
        replace(data, unused, url);
      };
    });
    const watchPage = (page: Page) => {
      let shown: string | undefined;
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        const url = new URL(frame.url());
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
        // A new query string or a reload of the same path is the same page.
        if (url.pathname === shown) return;
        shown = url.pathname;
        this.arrive(url.pathname);
      });
    };
    context.on('page', watchPage);
    for (const page of context.pages()) watchPage(page);
  }

  private entry(pathname: string): Visits {
    let visits = this.visits.get(pathname);
    if (!visits) {
      visits = { arrivals: 0, redirects: 0, lastArrival: 0, checked: false };
      this.visits.set(pathname, visits);
    }
    return visits;
  }

  private arrive(pathname: string): void {
    const visits = this.entry(pathname);
    visits.arrivals += 1;
    visits.lastArrival = Date.now();
    this.hear(`arrived on ${pathname}`);
  }

  private leftByReplace(from: string): void {
    const visits = this.visits.get(from);
    const redirect = visits !== undefined && Date.now() - visits.lastArrival < REDIRECT_MS;
    if (redirect) visits.redirects += 1;
    this.hear(`left ${from} by replaceState${redirect ? ' (a redirect)' : ''}`);
  }

  checked(pathname: string, endedOn: string): void {
    this.entry(pathname).checked = true;
    this.hear(
      `checked ${pathname}${endedOn === pathname ? '' : ` (the page was on ${endedOn} when axe ended)`}`,
    );
  }

  /** The events heard, one a line. */
  history(): string {
    return this.events.join('\n');
  }

  isChecked(pathname: string): boolean {
    return this.visits.get(pathname)?.checked ?? false;
  }

  /** Paths shown to the person (not only passed through) that no check covered. */
  unchecked(): string[] {
    return [...this.visits]
      .filter(([, v]) => !v.checked && v.arrivals > v.redirects)
      .map(([pathname]) => pathname)
      .sort();
  }
}

let coverage: Coverage | undefined;

/** `test` of @playwright/test, which at its end fails on any page visited and not checked with axe. */
export const test = base.extend<{ axeCoverage: void }>({
  axeCoverage: [
    async ({ context }, use) => {
      coverage = new Coverage();
      await coverage.watch(context);
      await use();
      // A redirect's report may still be on its way from the page when the journey ends on the new page.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const missed = coverage.unchecked();
      const history = coverage.history();
      coverage = undefined;
      expect
        .soft(
          missed,
          `pages this journey visited and never checked with checkAccessibility; heard:\n${history}`,
        )
        .toEqual([]);
    },
    { auto: true },
  ],
});

/** Pages of a context the journey opened itself (browser.newContext()) are watched too. */
export async function watchContext(context: BrowserContext): Promise<void> {
  await coverage?.watch(context);
}

/**
 * axe on the page as it is now, against every rule it runs by default: a violation of any impact fails the
 * journey (softly, so the journey goes on and every page's findings are reported in one run). Wait until the
 * page shows what is to be checked first. `name` tells states of one page apart in the report; `oncePerTest`
 * skips a path this test already checked (for the shared steps).
 */
export async function checkAccessibility(
  page: Page,
  name?: string,
  o: { oncePerTest?: boolean } = {},
): Promise<void> {
  const pathname = new URL(page.url()).pathname;
  // The shared steps check the pages they arrive on; a journey passing one twice needs it checked once.
  if (o.oncePerTest && coverage?.isChecked(pathname)) return;
  // Every page has a level-one heading once it is drawn: a check made while the app is still drawing the page
  // (just after a sign-in's redirect, on a busy machine) would measure a half-drawn page. A page that never
  // gets one is checked after the wait, and fails on axe's own rule for it.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => undefined);
  // A dialog fading in would be measured half transparent: let finite animations end (spinners never do).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  const results = await runAxe(page);
  const found = results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, `axe on ${name ?? pathname}`).toEqual([]);
  coverage?.checked(pathname, new URL(page.url()).pathname);
}

/** axe-core's browser build, read once per test process. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's default rules on the page. AxeBuilder would inject axe's 500 KB script again and open a second page
 * for every check (about 5 s each on a busy 2-core machine, a third of the journeys' time); here the script
 * is injected once per document (kept across the app's own navigations) and run in place, and only the
 * violations come back, which is all a check reads. A page with frames (the video modal's) goes through
 * AxeBuilder, which injects axe into each frame so their content is checked too.
 */
async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).setLegacyMode(true).analyze();
  type WithAxe = {
    axe?: { version?: string; run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  };
  const ready = await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function');
  if (!ready) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as WithAxe).axe!.run(document, options), {
    resultTypes: ['violations'],
  } satisfies RunOptions);
}
