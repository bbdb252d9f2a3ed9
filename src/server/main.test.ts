import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PHONE_LOOKUP_SANDBOX_IN_PRODUCTION } from '#providers/phone-lookup/index';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server start (main.ts)', () => {
  it('refuses sandbox providers in production before migrating: one line, no stack trace, exit code 1', async () => {
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
    expect(failure.stderr).toBe(`${PHONE_LOOKUP_SANDBOX_IN_PRODUCTION}\n`);
    expect(failure.stdout).toBe('');
  });
});
