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

/**
 * The borrower-facing files that are translated (see the 'project/translated' block below): every component and
 * feature file, so a new page is checked the day it is added instead of when someone remembers to list it. The
 * staff's pages stay in English by design, so they are left out, as are tests (which write English on purpose).
 */
const TRANSLATED = ['src/web/components/**/*.{ts,tsx}', 'src/web/features/**/*.{ts,tsx}'];
const NOT_TRANSLATED = [
  'src/web/features/service-portal/**',
  // The second step of a staff member's sign-in, reached only from the service portal
  'src/web/features/account/two-factor-page.tsx',
  'src/web/features/account/two-factor-setup-page.tsx',
  '**/*.test.{ts,tsx}',
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
 * The PDF library. Every document we draw (the Letter of Authorization and its addendum, the proposal to a
 * creditor) goes through the one layout module, so the documents cannot drift apart again as the copies of
 * the layout did, and the library is swapped in one place (docs/decisions/0186-one-pdf-layout.md). The
 * unmaintained pdf-lib is refused everywhere. Besides the layout, only code that reads or stamps a finished
 * PDF uses the library: the e-signature providers (a layer that cannot import the server's layout) and the
 * tests that check a rendered file.
 */
const PDF_LIBRARY = '@cantoo/pdf-lib';
const PDF_LIBRARY_ALLOWED = [
  'src/server/pdf/layout.ts',
  'src/server/pdf/layout.test.ts',
  'src/providers/e-signature/sandbox.ts',
  'src/providers/e-signature/sandbox.test.ts',
  'src/providers/e-signature/docusign.ts',
  'src/providers/e-signature/docusign.test.ts',
  'tests/contracts/e-signature.contract.ts',
  'src/server/features/signing/render-letter.test.ts',
  'src/server/features/signing/render-letter-es.test.ts',
  'src/server/features/proposals/render-proposal.test.ts',
];
const PDF_PATHS = [
  {
    name: 'pdf-lib',
    message: `pdf-lib is no longer maintained: documents are drawn through src/server/pdf/layout.ts, on ${PDF_LIBRARY} (docs/decisions/0186-one-pdf-layout.md).`,
  },
  {
    name: PDF_LIBRARY,
    message:
      'Documents are drawn through the one PDF layout, src/server/pdf/layout.ts: add what a document needs there (docs/decisions/0186-one-pdf-layout.md).',
  },
];
/** @param {boolean} allowed whether the file may use the PDF library (it never may use pdf-lib) */
const pdfPaths = (allowed) => (allowed ? PDF_PATHS.filter((p) => p.name !== PDF_LIBRARY) : PDF_PATHS);

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
  const depthOf = (/** @type {string} */ file) => file.slice(layer.length + 1).split('/').length - 1;
  // The files allowed the PDF library get their own block after their depth's, with the same options but that
  // one path (a later block replaces an earlier one's options for the same rule).
  const blocks = (/** @type {number} */ depth) => [
    { files: [`${layer}/${'*/'.repeat(depth)}*.{ts,tsx}`], pdfAllowed: false, suffix: '' },
    ...PDF_LIBRARY_ALLOWED.filter((f) => f.startsWith(`${layer}/`) && depthOf(f) === depth).map((f) => ({
      files: [f],
      pdfAllowed: true,
      suffix: `/pdf-library/${f.split('/').pop()}`,
    })),
  ];
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => blocks(depth)).flatMap((list, depth) =>
    list.map(({ files, pdfAllowed, suffix }) => ({
      name: `boundaries/${layerName}/depth-${depth}${suffix}`,
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [...builtins.map((name) => ({ name, message: `${message}.` })), ...pdfPaths(pdfAllowed)],
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
    })),
  );
}

/**
 * Features never import each other (server and web): what two features share lives in a shared module (on the
 * server src/server/application, audit, email, security, ...; on the web src/web/lib and src/web/components),
 * or app.ts hands one feature's function to another. Each feature folder found on disk gets one block per
 * depth, on `@typescript-eslint/no-restricted-imports` so that the layer blocks above (on the base rule) keep
 * their own options.
 *
 * `above` names folders next to the features folder that features must not import either: on the web the app
 * shell (src/web/app: router, guards, layouts) imports the features, never the other way round, so a feature
 * reaching into it would make a cycle. What both need lives in src/web/lib.
 * @param {string} featuresDir e.g. 'src/server/features'
 * @param {string} alias e.g. 'server' for `#server/features/...`
 * @param {{ folder: string, message: string }[]} [above]
 * @returns {import('eslint').Linter.Config[]}
 */
function featureBoundaries(featuresDir, alias, above = []) {
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
              ...above.flatMap(({ folder, message: aboveMessage }) => [
                { regex: `^#${alias}/${folder}(/|$)`, message: `${aboveMessage}.` },
                {
                  // Exactly depth+2 `..` lands next to the features folder.
                  regex: `^(\\.\\./){${depth + 2}}${folder}(/|$)`,
                  message: `${aboveMessage}: a relative path out of the features folder.`,
                },
              ]),
            ],
          },
        ],
      },
    })),
  );
}

/**
 * Features converted to units of work (src/server/unit-of-work.ts, docs/architecture.md "The unit of work"):
 * there a route or a job opens a unit, and a use case receives the unit and the few ports it uses. The list
 * grows feature by feature as each is converted, each a landed increment; a feature joins it once none of its
 * files needs the database handle or the app's whole services any more. Files a feature still has to convert
 * with someone else's work (a job whose registration is being rewritten) are listed in UNITS_NOT_YET.
 */
const UNITS_OF_WORK = [
  'src/server/features/apply',
  'src/server/features/counselling',
  'src/server/features/text-messages',
  'src/server/features/mailbox',
  'src/server/features/customer-portal',
  'src/server/features/payments',
  'src/server/features/staff-actions',
  'src/server/features/service-portal',
  'src/server/features/creditor-relations',
  'src/server/features/proposals',
  'src/server/features/signing',
  'src/server/features/monitoring',
  'src/server/features/accounts',
  'src/server/features/health',
  'src/server/features/legal',
  'src/server/features/session-recording',
];
const UNITS_NOT_YET = [
  // The portal's big reads, given to its routes as a port (service-portal/deps.ts, ServicePortalReads): each
  // prepares its statements once per connection pool and runs its queries side by side on several
  // connections, which one unit's transaction would serialise and prepare again; they move once measured.
  'src/server/features/service-portal/reads.ts',
  'src/server/features/service-portal/get-borrower-summary.ts',
  'src/server/features/service-portal/list-applications.ts',
  'src/server/features/service-portal/search-queue.ts',
  'src/server/features/service-portal/contact-summary.ts',
  // The e-signature sandbox's own storage, handed to the sandbox by enrollment-providers.ts: the vendor's side,
  // called only outside units (the sandbox refuses to be called inside one), on the database handle.
  'src/server/features/signing/envelope-store.ts',
  // Staff accounts made by `npm run staff:create`, the demo start and the tests' setup, outside any request or
  // job: each is given the database handle and writes the account in a transaction of its own.
  'src/server/features/accounts/create-staff.ts',
];

/**
 * Hand-written day arithmetic, refused outside the date module (the 'project/one-date-module' block). Kept here
 * because a later block that sets no-restricted-syntax replaces an earlier one's list for its files: the
 * units-of-work block repeats these, or its folders would lose them.
 */
const DAY_ARITHMETIC = [
  {
    selector: 'CallExpression[callee.property.name=/^set(UTC)?(FullYear|Month|Date)$/]',
    message:
      'Calendar arithmetic belongs to the date module: use addDays, addMonths, addBusinessDays… from #domain/calendar (docs/decisions/0180-one-date-module.md).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='UTC']",
    message:
      'A day built by hand with Date.UTC: use the date module (#domain/calendar: dayFromParts, dayInMonth, parseDay…) (docs/decisions/0180-one-date-module.md).',
  },
  {
    selector:
      "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']:matches([arguments.1.value=10], [arguments.1.value=7])",
    message:
      "An ISO string cut to its day is the UTC day, not the agency's: use dayIn / the calendar's today(), or utcDayOf for a day stored as midnight UTC (#domain/calendar, docs/decisions/0180-one-date-module.md).",
  },
  {
    selector:
      ":matches(NewExpression[callee.name='Date'], CallExpression[callee.object.name='Date'][callee.property.name='parse']) > TemplateLiteral.arguments:first-child[quasis.length=2][quasis.1.value.raw=/^T00:00:00(\\.000)?Z$/]",
    message:
      'A day turned into its midnight UTC by hand: use parseDay from the date module (#domain/calendar, docs/decisions/0180-one-date-module.md).',
  },
];

export default defineConfig([
  globalIgnores([
    'dist/**',
    'node_modules/**',
    'data/**',
    'src/data/**',
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
    // Outside the layers (tests, scripts), the PDF library too goes through the layout (PDF_LIBRARY_ALLOWED).
    name: 'project/pdf-library',
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js,mjs}', 'bench/**/*.{ts,js,mjs}', '*.{ts,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { paths: PDF_PATHS }] },
  },
  {
    name: 'project/pdf-library/allowed',
    files: PDF_LIBRARY_ALLOWED.filter((f) => !f.startsWith('src/')),
    rules: { 'no-restricted-imports': ['error', { paths: pdfPaths(true) }] },
  },

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
    // (docs/decisions/0096-translations-with-formatjs.md).
    name: 'project/translated',
    files: TRANSLATED,
    ignores: NOT_TRANSLATED,
    plugins: { formatjs },
    rules: { 'formatjs/no-literal-string-in-jsx': 'error' },
  },

  {
    // One date module (src/domain/calendar.ts, docs/decisions/0180-one-date-module.md): calendar days are made,
    // moved and taken apart there, over date-fns. Hand-written day arithmetic elsewhere (a Date's setters,
    // Date.UTC, an ISO string cut to its day, a day glued to 'T00:00:00Z') is how copies of add-months, business days and a UTC "today"
    // came about, each a little different; this refuses a new one. Tests may build dates as they like.
    name: 'project/one-date-module',
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['src/domain/calendar.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...DAY_ARITHMETIC],
    },
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

  {
    // Where a feature is converted to units of work, the unit is the only way to the database: no database
    // handle, no transaction of its own, no app-wide services; and a file that works inside a unit never sees
    // a vendor's port (the vendor is called outside, before or after, and its answer passed in).
    name: 'project/units-of-work',
    files: UNITS_OF_WORK.map((folder) => `${folder}/**/*.{ts,tsx}`),
    ignores: ['**/*.test.ts', ...UNITS_NOT_YET],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/(^|\\/)db\\/client$/]',
          message:
            'A feature on units of work does not use the database handle (Db, Tx): its use cases take the unit, whose `tx` is a real transaction (src/server/unit-of-work.ts).',
        },
        {
          selector: 'ImportDeclaration[source.value=/(^#server|\\.)\\/services$/]',
          message:
            "A feature on units of work does not receive the app's whole services: its routes get `openUnit` and the configuration, its use cases the unit and the few ports they use.",
        },
        {
          selector: 'TSImportType[source.value=/((^|\\/)db\\/client|\\/services)$/]',
          message:
            "A feature on units of work names neither the database handle nor the app's services, even as a type.",
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'A feature on units of work opens no transaction of its own: the route opens a unit (`openUnit`), and the unit is the transaction.',
        },
        {
          selector:
            'Program:has(ImportSpecifier[imported.name=/^(Unit|Transaction)$/]) ImportDeclaration[source.value=/^#providers\\/[^/]+\\/(port|index)$/]',
          message:
            "A file that works inside a unit does not import a vendor's port: call the vendor outside the unit (before or after it) and pass the vendor's answer in.",
        },
        // The date module's refusals, which this block's list would otherwise replace in these folders.
        ...DAY_ARITHMETIC,
      ],
    },
  },

  ...featureBoundaries('src/server/features', 'server'),
  ...featureBoundaries('src/web/features', 'web', [
    {
      folder: 'app',
      message:
        'Features never import the app shell (src/web/app imports them): move what both need to src/web/lib',
    },
  ]),
]);
