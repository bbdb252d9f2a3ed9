import type { FullConfig } from '@playwright/test';
import checkChromium from './check-chromium';
import { prepareMigratedDatabase } from './migrated-database';

/**
 * Playwright's global setup (playwright.config.ts): Chromium must exist, then one migrated database is made for
 * every journey to start from (migrated-database.ts). The function it returns is the global teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => void> {
  checkChromium(config);
  return prepareMigratedDatabase();
}
