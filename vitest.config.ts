import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/*
 * The unit and API projects run a worker's test files one after another in one module graph instead of loading
 * the server afresh for each file: loading was about half of a worker's time (the whole run took 422 s instead
 * of 893 s on a 2-core machine; docs/decisions/0130-test-files-share-a-worker.md). A test file there must not
 * leave state behind (each already makes its own database and server), nor replace a module with vi.mock, which
 * a module another file already loaded would not honour; ESLint refuses vi.mock outside src/web. The web
 * project keeps fresh modules per file: its borrower summary test replaces components with vi.mock.
 * `npx vitest run --isolate` gives every file fresh modules, to tell a leak from a fault.
 */
export default defineConfig({
  test: {
    // At least two test files at a time. Vitest's default (one fewer than the cores) runs one at a time on a
    // 2-core machine, where a test file leaves about a third of the second core idle while it waits on its
    // database: two at a time measured 22% faster there (src/server/features/apply and customer-portal: 94 s
    // to 73 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false, // the files share their worker's modules (above)
          include: [
            'src/domain/**/*.test.ts',
            'src/providers/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            // The adapters against the vendors' own published API documents, served by Prism.
            'tests/contracts/vendor/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/test-now.ts'],
          // The vendor contract files start Prism in beforeAll: loading a vendor's document took over Vitest's
          // default 10 s on a busy 2-core CI machine (startPrism itself waits up to 60 s).
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          isolate: false, // the files share their worker's modules (above)
          include: [
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/scale/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/setup/global-database.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/test-now.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test/setup.ts', 'tests/setup/test-now.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
