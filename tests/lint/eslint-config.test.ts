import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries are rules of eslint.config.js; these cases show they hold: features never import each
// other (server and web, by alias or relative path), while a feature's own files and the shared modules stay
// open, and the one-way layers still hold.

const eslint = new ESLint({ cwd: process.cwd() });

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
