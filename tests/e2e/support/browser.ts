import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

// Chromium itself is launched by @playwright/test (playwright.config.ts: executablePath and args); the journeys
// use its page, context and browser fixtures.

/** Keeps a screenshot of what the person saw, for review (test-results/ is git-ignored). */
export async function snap(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
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
