import { defineConfig } from '@playwright/test';

/**
 * Browser journeys (tests/e2e/*.e2e.ts) on @playwright/test: two files at a time (a file's tests one after
 * another in its worker), each journey against its own server on a fresh database and port
 * (tests/e2e/support/server.ts). A failing test keeps its
 * trace and a screenshot under test-results/artifacts/ (`npx playwright show-trace <...>/trace.zip`); the
 * journeys' own pictures go to test-results/screenshots/.
 */

/** Debian's Chromium (scripts/ensure-chromium.sh installs it), or the one CHROMIUM_PATH names. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  // Stops the run with a clear message when Chromium is missing, then migrates the database every journey's
  // server starts from (tests/e2e/support/migrated-database.ts).
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Per test; each beforeAll and afterAll hook gets the same again.
  timeout: 120_000,
  // One journey keeps about three quarters of one core busy (its server, Chromium and the runner: 79 s of CPU in
  // 104 s for application-outcomes on a quiet 2-core machine), so two at a time use the machine instead of
  // leaving most of it idle (docs/decisions/0204-two-journeys-at-a-time.md). JOURNEY_WORKERS=1 runs them one
  // after another, to tell a fault from a race for the CPU.
  workers: Number(process.env.JOURNEY_WORKERS ?? 2),
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
    // A failing test keeps its trace (each step's DOM, network and console) for a person to open, without the
    // screencast: filming every test cost Chromium about a fifth of its CPU, most of it on tests that pass
    // (enrollment.e2e.ts: 81 s of Chromium's CPU with the film, 63 s without, 49 s with no trace, measured with
    // the processes' CPU times). JOURNEY_TRACE_FILM=1 films again. In CI (CI set) no trace is recorded: nobody
    // can open a CI run's files, only read its output, where a failure prints its own account.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: process.env.JOURNEY_TRACE_FILM === '1', snapshots: true },
    screenshot: 'only-on-failure',
  },
});
