import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries are rules of eslint.config.js; these cases show they hold: features never import each
// other (server and web, by alias or relative path), a web feature never imports the app shell that imports it,
// while a feature's own files and the shared modules stay open, and the one-way layers still hold.

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the configuration and its plugins, which takes seconds on a busy machine: done once
// here, so no case pays it within its own time limit.
beforeAll(async () => {
  await eslint.lintText('export const warm = 1;\n', { filePath: 'src/server/warm.ts' });
}, 120_000);

/** The boundary messages ESLint gives for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
    .map((m) => m.message);
}

const use = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('feature boundaries', () => {
  it.each([
    ['src/server/features/payments/routes.ts', '#server/features/signing/start-signing'],
    ['src/server/features/payments/routes.ts', '../signing/start-signing'],
    ['src/server/features/payments/nested/deep.ts', '../../signing/start-signing'],
    ['src/server/features/payments/routes.ts', '../../features/signing/start-signing'],
    ['src/web/features/apply/household-page.tsx', '#web/features/service-portal/summary/summary-page'],
    ['src/web/features/apply/household-page.tsx', '../service-portal/summary-page'],
    ['src/web/features/apply/payments/next-steps-page.tsx', '../../signing/sign-letter-page'],
  ])('%s may not import %s', async (filePath, specifier) => {
    const errors = await boundaryErrors(filePath, use(specifier));
    expect(errors.join('\n')).toMatch(/Features never import each other/);
  });

  it.each([
    ['src/server/features/payments/routes.ts', './connect-bank'],
    ['src/server/features/payments/routes.ts', '#server/features/payments/connect-bank'],
    ['src/server/features/payments/routes.ts', '#server/application/application-state'],
    ['src/server/features/signing/start-signing.ts', '#server/email/outbox'],
    ['src/server/features/staff-actions/hand-over.ts', '#server/audit/record-audit'],
    ['src/web/features/apply/payments/next-steps-page.tsx', '../apply-page'],
    ['src/web/features/apply/household-page.tsx', '#web/components/ui/modal'],
    ['src/web/features/apply/household-page.tsx', '#domain/validation/application'],
    ['src/server/app.ts', './features/signing/start-signing'],
    ['src/server/seed/advance.ts', '#server/features/staff-actions/hand-over'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await boundaryErrors(filePath, use(specifier))).toEqual([]);
  });
});

describe('the app shell', () => {
  it.each([
    ['src/web/features/apply/household-page.tsx', '#web/app/router'],
    ['src/web/features/apply/household-page.tsx', '#web/app'],
    ['src/web/features/apply/household-page.tsx', '../../app/borrower-guard'],
    ['src/web/features/apply/payments/next-steps-page.tsx', '../../../app/query-layout'],
  ])('%s may not import %s', async (filePath, specifier) => {
    const errors = await boundaryErrors(filePath, use(specifier));
    expect(errors.join('\n')).toMatch(/Features never import the app shell/);
  });

  it.each([
    ['src/web/features/apply/household-page.tsx', '#web/lib/api'],
    ['src/web/features/apply/household-page.tsx', '../../lib/session'],
    ['src/web/features/apply/payments/next-steps-page.tsx', '../application-query'],
    ['src/web/app/router.tsx', '#web/features/apply/household-page'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await boundaryErrors(filePath, use(specifier))).toEqual([]);
  });
});

describe('layers', () => {
  it.each([
    ['src/web/features/apply/household-page.tsx', '#server/db/client', /src\/web imports only domain/],
    ['src/domain/money/cents.ts', '#server/db/client', /src\/domain is pure/],
    ['src/providers/sms/sandbox.ts', '#server/db/client', /src\/providers import only domain/],
    ['src/server/app.ts', '#web/app/router', /src\/server never imports the web app/],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    expect((await boundaryErrors(filePath, use(specifier))).join('\n')).toMatch(message);
  });
});

describe('units of work (features converted so far)', () => {
  /** The units-of-work messages ESLint gives for `code` as if it were the file at `filePath`. */
  async function unitErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }
  const counselling = 'src/server/features/counselling/some-use-case.ts';

  it.each([
    [
      'the database handle',
      `import type { Db } from '#server/db/client';\nexport type X = Db;\n`,
      /database handle/,
    ],
    [
      'Tx by a relative path',
      `import type { Tx } from '../../db/client';\nexport type X = Tx;\n`,
      /database handle/,
    ],
    [
      'the whole services',
      `import type { Services } from '#server/services';\nexport type X = Services;\n`,
      /whole services/,
    ],
    [
      'the services by a relative path',
      `import type { Services } from '../../services';\nexport type X = Services;\n`,
      /whole services/,
    ],
    [
      'the services as an import type',
      `export type X = import('#server/services').Services;\n`,
      /even as a type/,
    ],
    [
      'a transaction of its own',
      `export const f = (db: { transaction: (f: () => void) => void }) => db.transaction(() => {});\n`,
      /opens no transaction/,
    ],
    [
      "a vendor's port beside the unit",
      `import type { Unit } from '#server/unit-of-work';\nimport type { SchedulingProvider } from '#providers/scheduling/port';\nexport type X = [Unit, SchedulingProvider];\n`,
      /vendor's port/,
    ],
  ])('a converted feature refuses %s', async (_what, code, message) => {
    expect((await unitErrors(counselling, code)).join('\n')).toMatch(message);
  });

  it.each([
    'src/server/features/text-messages/inbound-keyword.ts',
    'src/server/features/mailbox/routes.ts',
    'src/server/features/customer-portal/settings.ts',
    'src/server/features/payments/payment-account.ts',
    'src/server/features/apply/save-credit.ts',
  ])('%s is on units of work too: it refuses the database handle', async (filePath) => {
    const code = `import type { Db } from '#server/db/client';\nexport type X = Db;\n`;
    expect((await unitErrors(filePath, code)).join('\n')).toMatch(/database handle/);
  });

  it.each([
    ['the unit', counselling, `import type { Unit } from '#server/unit-of-work';\nexport type X = Unit;\n`],
    [
      "a vendor's port where no unit is",
      'src/server/features/counselling/outside-flow.ts',
      `import type { OpenUnit } from '#server/unit-of-work';\nimport type { SchedulingProvider } from '#providers/scheduling/port';\nexport type X = [OpenUnit, SchedulingProvider];\n`,
    ],
    [
      'the database handle in its tests',
      'src/server/features/counselling/x.test.ts',
      `import type { Db } from '#server/db/client';\nexport type X = Db;\n`,
    ],
    [
      'the database handle outside the features on units (a shared helper of application/)',
      'src/server/application/x.ts',
      `import type { Db } from '#server/db/client';\nexport type X = Db;\n`,
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await unitErrors(filePath, code)).toEqual([]);
  });
});

describe('the translated files', () => {
  // A hard-coded English text in a borrower's page fails lint, so nothing English slips into a Spanish page.
  // The files it covers are every component and feature file but the staff's, not a list kept by hand that a
  // new page can be left out of (the counselling pages were, for a while).
  const untranslated = async (filePath: string): Promise<number> => {
    const [result] = await eslint.lintText('export const P = () => <p>Hello there</p>;\n', { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'formatjs/no-literal-string-in-jsx').length;
  };

  it.each([
    'src/web/features/counselling/book-call-form.tsx',
    'src/web/features/counselling/counselling-call-page.tsx',
    'src/web/features/counselling/slot-picker.tsx',
    'src/web/features/counselling/time-zone-select.tsx',
    'src/web/features/customer-portal/upcoming-call-card.tsx',
    'src/web/features/some-new-feature/new-page.tsx',
    'src/web/components/layout/site-layout.tsx',
  ])('%s may not show English written in its JSX', async (filePath) => {
    expect(await untranslated(filePath)).toBe(1);
  });

  it.each([
    'src/web/features/service-portal/summary/summary-page.tsx',
    'src/web/features/account/two-factor-page.tsx',
    'src/web/features/counselling/book-call-form.test.tsx',
  ])('%s stays in English (staff pages and tests)', async (filePath) => {
    expect(await untranslated(filePath)).toBe(0);
  });
});

describe('one PDF layout', () => {
  // The shape this replaced: each document with its own copy of the layout, on the unmaintained pdf-lib.
  it.each([
    ['src/server/application/render-letter.ts', 'pdf-lib', /pdf-lib is no longer maintained/],
    ['src/server/features/proposals/render-proposal.ts', 'pdf-lib', /pdf-lib is no longer maintained/],
    ['src/server/pdf/layout.ts', 'pdf-lib', /pdf-lib is no longer maintained/],
    ['src/providers/e-signature/sandbox.ts', 'pdf-lib', /pdf-lib is no longer maintained/],
    ['tests/contracts/e-signature.contract.ts', 'pdf-lib', /pdf-lib is no longer maintained/],
    ['src/server/application/render-letter.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
    ['src/server/features/proposals/render-proposal.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
    ['src/server/features/statements/render-statement.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
    ['src/domain/enrollment/letter.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
    ['tests/support/pdf-text.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
    ['scripts/render.ts', '@cantoo/pdf-lib', /through the one PDF layout/],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const errors = await boundaryErrors(filePath, use(specifier));
    expect(errors.join('\n')).toMatch(message);
  });

  it.each([
    ['src/server/pdf/layout.ts', '@cantoo/pdf-lib'],
    ['src/server/pdf/layout.test.ts', '@cantoo/pdf-lib'],
    ['src/providers/e-signature/sandbox.ts', '@cantoo/pdf-lib'],
    ['tests/contracts/e-signature.contract.ts', '@cantoo/pdf-lib'],
    ['src/server/features/proposals/render-proposal.ts', '#server/pdf/layout'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await boundaryErrors(filePath, use(specifier))).toEqual([]);
  });

  it('keeps the layer boundaries in the files allowed the PDF library', async () => {
    const errors = await boundaryErrors('src/providers/e-signature/sandbox.ts', use('#server/db/client'));
    expect(errors.join('\n')).toMatch(/src\/providers import only domain/);
  });
});
