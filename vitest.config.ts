import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/providers/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/test-now.ts'],
        },
      },
      {
        test: {
          name: 'api',
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
