import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph';

// A save on the borrower's own application routes (/api/application/…) leaves the person's session copy in
// memory (src/server/plugins/viewer.ts, keepsSessionCopy): those routes must never change a session or a user
// row, or the next request could be answered from a copy made before the change. The features that serve them
// (apply, payments, signing) therefore never reach the auth tables or better-auth: only the accounts feature
// and the auth routes do.
const FEATURES = [
  'src/server/features/apply/',
  'src/server/features/payments/',
  'src/server/features/signing/',
];
const AUTH = /#server\/db\/schema\/auth|db\/schema\/auth'|\bauth\.api\b|from '#server\/plugins\/auth'/;

/** The product files of those features that reach the auth tables or better-auth. */
export const authWriters = (files: { file: string; text: string }[]) =>
  files
    .filter(({ file }) => FEATURES.some((f) => file.startsWith(f)) && !/\.test\.tsx?$/.test(file))
    .filter(({ text }) => AUTH.test(text))
    .map(({ file }) => file);

describe('the application routes keep the session copy', () => {
  it('their features reach neither the session and user tables nor better-auth', () => {
    const files = sourceFiles(process.cwd(), ['src/server/features']).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.some(({ file }) => file.startsWith(FEATURES[0]!))).toBe(true);
    expect(authWriters(files)).toEqual([]);
  }, 120_000);

  it('finds the shape it forbids: a save that updates the user row', () => {
    const text = `import { user } from '#server/db/schema/auth';\nawait tx.update(user).set({ firstName });`;
    expect(authWriters([{ file: 'src/server/features/apply/save-household.ts', text }])).toEqual([
      'src/server/features/apply/save-household.ts',
    ]);
  });
});
