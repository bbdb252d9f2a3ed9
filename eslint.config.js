// @ts-check
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md), one `no-restricted-imports` per layer:
 * domain imports nothing of ours; providers import only domain; server imports domain and providers;
 * web imports only domain. Aliases (`#server/*`) and relative paths are both covered.
 */

/** The borrower-facing files that are translated (see the 'project/translated' block below). */
const TRANSLATED = [
  'src/web/components/bank-link/bank-link-dialog.tsx',
  'src/web/components/layout/footer.tsx',
  'src/web/components/layout/header.tsx',
  'src/web/components/layout/language-switch.tsx',
  'src/web/components/layout/legal-document-titles.ts',
  'src/web/components/layout/not-found-page.tsx',
  'src/web/components/layout/site-shell.tsx',
  'src/web/components/ui/busy-overlay.tsx',
  'src/web/components/ui/confirm-dialog.tsx',
  'src/web/components/ui/error-modal.tsx',
  'src/web/components/ui/form/checkbox-field.tsx',
  'src/web/components/ui/form/choice-field.tsx',
  'src/web/components/ui/form/currency-field.tsx',
  'src/web/components/ui/form/date-field.tsx',
  'src/web/components/ui/form/email-field.tsx',
  'src/web/components/ui/form/field-error.tsx',
  'src/web/components/ui/form/password-checklist.tsx',
  'src/web/components/ui/form/password-field.tsx',
  'src/web/components/ui/form/phone-field.tsx',
  'src/web/components/ui/form/select-field.tsx',
  'src/web/components/ui/form/status-banner.tsx',
  'src/web/components/ui/form/submit-button.tsx',
  'src/web/components/ui/form/text-area-field.tsx',
  'src/web/components/ui/form/text-field.tsx',
  'src/web/components/ui/form/yes-no-field.tsx',
  'src/web/components/ui/help-tip.tsx',
  'src/web/components/ui/how-it-works-modal.tsx',
  'src/web/components/ui/load-failure.tsx',
  'src/web/components/ui/loading-screen.tsx',
  'src/web/components/ui/modal.tsx',
  'src/web/components/ui/pagination.tsx',
  'src/web/components/ui/password-input.tsx',
  'src/web/components/ui/video-modal.tsx',
  'src/web/features/account/account-page.tsx',
  'src/web/features/account/back-link.tsx',
  'src/web/features/account/change-email-page.tsx',
  'src/web/features/account/change-password-page.tsx',
  'src/web/features/account/forgot-password-page.tsx',
  'src/web/features/account/new-password-fields.tsx',
  'src/web/features/account/please-check-your-email-page.tsx',
  'src/web/features/account/reset-password-page.tsx',
  'src/web/features/account/sign-in-page.tsx',
  'src/web/features/account/user-information-page.tsx',
  'src/web/features/account/verification-code-page.tsx',
  'src/web/features/account/verify-new-email-page.tsx',
  'src/web/features/apply/address-autocomplete.tsx',
  'src/web/features/apply/apply-page.tsx',
  'src/web/features/apply/budget-page.tsx',
  'src/web/features/apply/budget-warning.tsx',
  'src/web/features/apply/confirm-income-page.tsx',
  'src/web/features/apply/credit-page.tsx',
  'src/web/features/apply/creditor-offers.tsx',
  'src/web/features/apply/eligible-debts-page.tsx',
  'src/web/features/apply/expense-group.tsx',
  'src/web/features/apply/expense-labels.ts',
  'src/web/features/apply/expenses-page.tsx',
  'src/web/features/apply/hardships-page.tsx',
  'src/web/features/apply/household-page.tsx',
  'src/web/features/apply/income-bank-connection.tsx',
  'src/web/features/apply/missing-debt-form.tsx',
  'src/web/features/apply/not-qualified-page.tsx',
  'src/web/features/apply/notify-when-eligible-page.tsx',
  'src/web/features/apply/offers-comparison-chart.tsx',
  'src/web/features/apply/offers-review-page.tsx',
  'src/web/features/apply/payments/cheque-illustration.tsx',
  'src/web/features/apply/payments/confirm-payment-account-page.tsx',
  'src/web/features/apply/payments/next-steps-page.tsx',
  'src/web/features/apply/payments/payment-account-options-page.tsx',
  'src/web/features/apply/payments/payments-page.tsx',
  'src/web/features/apply/payments/provide-payment-account-page.tsx',
  'src/web/features/apply/payments/submitted-page.tsx',
  'src/web/features/apply/progress-bar.tsx',
  'src/web/features/apply/provide-income-page.tsx',
  'src/web/features/apply/save-page.tsx',
  'src/web/features/apply/we-will-notify-you-page.tsx',
  'src/web/features/customer-portal/alerts-page.tsx',
  'src/web/features/customer-portal/customer-portal-header.tsx',
  'src/web/features/customer-portal/draft-day-setting.tsx',
  'src/web/features/customer-portal/next-steps-page.tsx',
  'src/web/features/customer-portal/payoff-chart.tsx',
  'src/web/features/customer-portal/plan-page.tsx',
  'src/web/features/customer-portal/portal-page.tsx',
  'src/web/features/customer-portal/reauthorization-step.tsx',
  'src/web/features/customer-portal/settings-page.tsx',
  'src/web/features/landing/become-debt-free-section.tsx',
  'src/web/features/landing/debt-analysis-page.tsx',
  'src/web/features/landing/debt-relief-page.tsx',
  'src/web/features/landing/deferred-lead-form.tsx',
  'src/web/features/landing/faq-section.tsx',
  'src/web/features/landing/hero-section.tsx',
  'src/web/features/landing/how-it-works-section.tsx',
  'src/web/features/landing/icons.tsx',
  'src/web/features/landing/lead-form.tsx',
  'src/web/features/landing/lead-page.tsx',
  'src/web/features/landing/legal-disclosure.tsx',
  'src/web/features/landing/marketing-page.tsx',
  'src/web/features/landing/partners-section.tsx',
  'src/web/features/landing/plan-fee-messages.tsx',
  'src/web/features/landing/security-banner.tsx',
  'src/web/features/landing/why-section.tsx',
  'src/web/features/legal/legal-page.tsx',
  'src/web/features/signing/sign-letter-page.tsx',
];

/** Node built-ins that do I/O: the domain stays pure, so none of these. */
const IO_BUILTINS = [
  'child_process',
  'cluster',
  'dgram',
  'dns',
  'dns/promises',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'inspector',
  'net',
  'os',
  'readline',
  'readline/promises',
  'repl',
  'sqlite',
  'tls',
  'worker_threads',
];

/** Every node built-in, bare and `node:` prefixed (the browser has none of them). */
const ALL_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));

const withNodePrefix = (/** @type {string[]} */ names) => names.flatMap((n) => [n, `node:${n}`]);

/** Packages that only make sense on the server: database drivers, HTTP server, auth server, mail, jobs, logs. */
const SERVER_PACKAGES = [
  'pg',
  'pg-*',
  '@electric-sql/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'drizzle-kit',
  'fastify',
  'fastify*',
  '@fastify/*',
  'close-with-grace',
  'nodemailer',
  'pino',
  'pino-*',
  '@node-rs/*',
  'tsx',
  'tsx/*',
];

/**
 * Relative imports that climb out of a layer into another one. The number of `..` needed depends on how deep
 * the importing file sits, so one block per depth (the blocks' file globs do not overlap, which matters
 * because a later block replaces, not merges, an earlier block's options for the same rule).
 * Climbing further, to the repository root (tests/, data/), is left to the named patterns below.
 */
const MAX_DEPTH = 6;

/**
 * @param {string} layer e.g. 'src/domain'
 * @param {{ message: string, aliases: string[], folders: string[], packages: string[], regexes?: string[], builtins: string[] }} rules
 * @returns {import('eslint').Linter.Config[]}
 */
function layer(layer, { message, aliases, folders, packages, regexes = [], builtins }) {
  const layerName = layer.split('/').pop();
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const files = [`${layer}/${'*/'.repeat(depth)}*.{ts,tsx}`];
    return {
      name: `boundaries/${layerName}/depth-${depth}`,
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: builtins.map((name) => ({ name, message: `${message}.` })),
            patterns: [
              ...(aliases.length > 0 ? [{ regex: `^#(${aliases.join('|')})/`, message: `${message}.` }] : []),
              {
                // Exactly depth+1 `..` lands in src/; the next segment names another layer.
                regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./)[^/]+`,
                message: `${message}: a relative path climbing out of ${layer}.`,
              },
              ...(folders.length > 0
                ? [{ group: folders.flatMap((f) => [`**/${f}`, `**/${f}/**`]), message: `${message}.` }]
                : []),
              ...(packages.length > 0 ? [{ group: packages, message: `${message}.` }] : []),
              ...regexes.map((regex) => ({ regex, message: `${message}.` })),
            ],
          },
        ],
      },
    };
  });
}

/**
 * Features never import each other (server and web): what two features share lives in a shared module (on the
 * server src/server/application, audit, email, security, ...; on the web src/web/app and src/web/components),
 * or app.ts hands one feature's function to another. Each feature folder found on disk gets one block per
 * depth, on `@typescript-eslint/no-restricted-imports` so that the layer blocks above (on the base rule) keep
 * their own options.
 * @param {string} featuresDir e.g. 'src/server/features'
 * @param {string} alias e.g. 'server' for `#server/features/...`
 * @returns {import('eslint').Linter.Config[]}
 */
function featureBoundaries(featuresDir, alias) {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const message = `Features never import each other: move what both need to a shared module outside ${featuresDir}, or hand it in from the app's wiring`;
  return features.flatMap((feature) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `boundaries/${featuresDir}/${feature}/depth-${depth}`,
      files: [`${featuresDir}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^#${alias}/features/(?!${feature}/)`, message: `${message}.` },
              {
                // Exactly depth+1 \`..\` lands in the features folder; the next segment names another feature.
                regex: `^(\\.\\./){${depth + 1}}(?!${feature}/)(?!\\.\\./)[^/]+/`,
                message: `${message}: a relative path into another feature.`,
              },
              {
                // Climbing further and back down into the features folder.
                regex: `^(\\.\\./){${depth + 2},}(.*/)?features/(?!${feature}/)`,
                message: `${message}: a relative path into another feature.`,
              },
            ],
          },
        ],
      },
    })),
  );
}

export default defineConfig([
  globalIgnores([
    'dist/**',
    'node_modules/**',
    'data/**',
    'src/server/db/migrations/**',
    '.tmp/**',
    'test-results/**',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'project/defaults',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark deliberately unused arguments and destructured rest siblings.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },

  {
    ...reactHooks.configs.flat.recommended,
    name: 'project/web',
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },

  ...layer('src/domain', {
    message:
      'src/domain is pure TypeScript: it imports nothing of ours outside domain, no I/O, no framework (docs/architecture.md)',
    aliases: ['providers', 'server', 'web'],
    folders: ['providers', 'server', 'web'],
    packages: [
      ...SERVER_PACKAGES,
      'better-auth',
      'better-auth/*',
      'react*',
      '@tanstack/*',
      'radix-ui',
      'recharts',
    ],
    builtins: withNodePrefix(IO_BUILTINS),
  }),

  ...layer('src/providers', {
    message: 'src/providers import only domain, never server or web (docs/architecture.md)',
    aliases: ['server', 'web'],
    folders: ['server', 'web'],
    packages: [],
    builtins: [],
  }),

  ...layer('src/web', {
    message:
      'src/web imports only domain: no server, no providers, no server-side packages or node built-ins (docs/architecture.md)',
    aliases: ['providers', 'server'],
    folders: ['providers', 'server'],
    packages: [...SERVER_PACKAGES],
    regexes: [
      // The auth server is refused; its browser client (better-auth/react, better-auth/client/*) is allowed.
      '^better-auth(?!/react$|/client(/|$))(/.*)?$',
      // Built-ins that exist only with the prefix (node:test, node:sqlite) are not in builtinModules.
      '^node:',
    ],
    builtins: withNodePrefix(ALL_BUILTINS),
  }),

  ...layer('src/server', {
    message: 'src/server never imports the web app (docs/architecture.md)',
    aliases: ['web'],
    folders: ['web'],
    packages: [],
    builtins: [],
  }),

  {
    // Every message in the source: valid ICU, a default (English) text, placeholders given their values.
    name: 'project/messages',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-invalid-icu': 'error',
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
    },
  },
  {
    // Borrower-facing files that are translated: a hard-coded English text in their JSX (text, aria-label,
    // title, placeholder, alt) fails, so nothing English slips into a Spanish page
    // (docs/decisions/0096-translations-with-formatjs.md). A file joins this list when it is translated.
    name: 'project/translated',
    files: TRANSLATED,
    plugins: { formatjs },
    rules: { 'formatjs/no-literal-string-in-jsx': 'error' },
  },

  {
    // The unit and API test files share their worker's modules (vitest.config.ts): a module another file
    // already loaded would not be replaced, so a module mock there would test the real module, or leak into
    // the next file.
    name: 'project/no-module-mocks-in-shared-workers',
    files: [
      'src/domain/**/*.test.ts',
      'src/providers/**/*.test.ts',
      'src/server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message:
            "These test files share their worker's modules, where a module mock does not hold: hand the test a fake through the code's own parameters instead (docs/decisions/0130-test-files-share-a-worker.md).",
        },
      ],
    },
  },

  ...featureBoundaries('src/server/features', 'server'),
  ...featureBoundaries('src/web/features', 'web'),
]);
