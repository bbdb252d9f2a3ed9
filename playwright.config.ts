import { defineConfig } from '@playwright/test';

/**
 * Browser journeys (tests/e2e/*.e2e.ts) on @playwright/test: one worker, the files one after another, each
 * journey against its own server on a fresh database (tests/e2e/support/server.ts). A failing test keeps its
 * trace and a screenshot under test-results/artifacts/ (`npx playwright show-trace <...>/trace.zip`); the
 * journeys' own pictures go to test-results/screenshots/.
 */

/** Debian's Chromium (scripts/ensure-chromium.sh installs it), or the one CHROMIUM_PATH names. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  // Stops the run with a clear message when Chromium is missing.
  globalSetup: './tests/e2e/support/check-chromium.ts',
  // Per test; each beforeAll and afterAll hook gets the same again.
  timeout: 120_000,
  workers: 1,
  fullyParallel: false,
  retries: 0,
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
