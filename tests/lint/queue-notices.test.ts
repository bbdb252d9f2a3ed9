import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph';

// An email, a text or a partner event written in a unit of work is handed to the job queue by the unit itself,
// once its transaction has committed (src/server/unit-of-work.ts). A hand-written notice after a commit was
// forgotten in some places and made before the commit in others; only the wiring of that hand-over may name
// the hooks: where they are declared (services.ts), called (unit-of-work.ts) and given (main.ts for requests,
// jobs/queue.ts for jobs).
const WIRING = [
  'src/server/jobs/queue.ts',
  'src/server/main.ts',
  'src/server/services.ts',
  'src/server/unit-of-work.ts',
];
const HOOK = /\bon(Email|Sms|Webhook)Queued\b/;

/** The files, other than the wiring and tests, that name a queue hook. */
export const handWrittenNotices = (files: { file: string; text: string }[]) =>
  files
    .filter(({ file }) => !WIRING.includes(file) && !/\.test\.tsx?$/.test(file))
    .filter(({ text }) => HOOK.test(text))
    .map(({ file }) => file);

describe('the queue notices', () => {
  it('are given only by the unit of work: no product file names the queue hooks but their wiring', () => {
    const files = sourceFiles(process.cwd(), ['src', 'scripts', 'bench']).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    expect(handWrittenNotices(files)).toEqual([]);
    // The wiring itself is still found, so the check reads the files it means to.
    expect(files.filter(({ text }) => HOOK.test(text)).map(({ file }) => file)).toEqual(
      expect.arrayContaining(WIRING),
    );
  }, 120_000);

  it('finds the old shape: a use case announcing its email after the commit', () => {
    const old = `const id = await db.transaction((tx) => enqueueEmail(tx, cipher, message));
services.onEmailQueued?.(id);`;
    expect(handWrittenNotices([{ file: 'src/server/features/accounts/change-email.ts', text: old }])).toEqual(
      ['src/server/features/accounts/change-email.ts'],
    );
  });
});
