import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server start (main.ts)', () => {
  // The sandbox providers' own refusal (the next check) is tested in providers.test.ts: a production start
  // with the shipped examples is refused before it, here.
  it('refuses the shipped example addresses and template legal texts in production before migrating: a line per setting, no stack trace, exit code 1', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-main-')),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://dmp.example',
      SMTP_URL: 'smtp://mail.dmp.example',
      // Nothing listens there: had the start migrated first, it would fail on the connection instead.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      LOG_LEVEL: 'silent',
    };
    const run = promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: root,
      env,
      timeout: 60_000,
    });
    const failure = (await run.then(
      () => expect.unreachable('the server started'),
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string };
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Customer-facing settings still hold examples or templates/);
    expect(lines).toContain(
      "  SITE.schedulingUrl (src/domain/site.ts): https://example.org/schedule-a-call is an example; set the agency's own",
    );
    expect(lines).toContain(
      "  LEGAL_PRIVACY_POLICY: unset, so the privacy policy is still the template text; set the agency's page or file",
    );
    expect(failure.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(failure.stdout).toBe('');
  });

  it('refuses an embedded database another process has open: one line naming the process, exit code 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-main-'));
    // The other process: one that runs for the length of the test, named in the lock as an opener would.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120_000)']);
    try {
      writeFileSync(path.join(dataDir, 'pglite.lock'), `${holder.pid}\n`);
      const env = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      };
      const failure = (await promisify(execFile)(
        path.join(root, 'node_modules/.bin/tsx'),
        ['src/server/main.ts'],
        {
          cwd: root,
          env,
          timeout: 60_000,
        },
      ).then(
        () => expect.unreachable('the server started'),
        (error: unknown) => error,
      )) as { code: number; stdout: string; stderr: string };
      expect(failure.code).toBe(1);
      expect(failure.stderr.trimEnd().split('\n')).toEqual([
        `The embedded database in ${path.join(dataDir, 'pglite')} is open in process ${holder.pid}. Stop that ` +
          'process first (the server, or a command run beside it), or set DATABASE_URL to use PostgreSQL, ' +
          'which many processes can share.',
      ]);
    } finally {
      holder.kill();
    }
  });
});
