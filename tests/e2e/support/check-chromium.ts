import { existsSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';

/**
 * Playwright's global setup (playwright.config.ts): before any journey runs, the Chromium the config launches
 * must exist, or the run stops here with what to do rather than with a launch error in every test.
 */
export default function checkChromium(config: FullConfig): void {
  for (const project of config.projects) {
    const executablePath = project.use.launchOptions?.executablePath;
    if (executablePath && !existsSync(executablePath)) {
      throw new Error(
        `Chromium not found at ${executablePath}: run 'bash scripts/ensure-chromium.sh' or set CHROMIUM_PATH`,
      );
    }
  }
}
