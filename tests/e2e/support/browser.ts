import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

// Chromium itself is launched by @playwright/test (playwright.config.ts: executablePath and args); the journeys
// use its page, context and browser fixtures.

/**
 * Whether journeys keep their pictures: yes, unless JOURNEY_SCREENSHOTS=0. They are for a person to look at;
 * CI, where nobody does, turns them off (each costs a second or two of a busy machine). The checks made beside
 * them (axe, the page not scrolling sideways) run either way.
 */
export const KEEP_PICTURES = process.env.JOURNEY_SCREENSHOTS !== '0';

/** A picture at `file`: of the whole page (of the screen only with `screenOnly`), or of one element. */
export async function picture(target: Page | Locator, file: string, o: { screenOnly?: boolean } = {}) {
  if (!KEEP_PICTURES) return;
  mkdirSync(path.dirname(file), { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, fullPage: !o.screenOnly });
  else await target.screenshot({ path: file });
}

/** Where journeys keep their pictures (test-results/ is git-ignored). */
export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** Keeps a screenshot of what the person saw, for review. */
export async function snap(page: Page, name: string) {
  await picture(page, path.join(SCREENSHOTS_DIR, `${name}.png`));
}

/** Fails the test on any uncaught page error or console error. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('Failed to load resource'))
      errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Waits until `locator` is visible. */
export async function visible(locator: Locator, timeout = 15_000): Promise<void> {
  await expect(locator).toBeVisible({ timeout });
}

/**
 * Runs a step of a journey. When it fails: a screenshot named `name` (each journey starts it with a prefix of
 * its own, so journeys do not overwrite each other's pictures), the page errors seen before it, the failure.
 */
export async function reportFailure<T>(page: Page, errors: string[], name: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (failure) {
    await snap(page, name).catch(() => undefined);
    if (errors.length > 0) console.log(`Page errors before the failure:\n${errors.join('\n')}`);
    throw failure;
  }
}
