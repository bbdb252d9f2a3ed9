import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env';
import { DEV_WEB_URL, staffCreatedLines } from '#server/features/accounts/create-staff';

const run = promisify(execFile);
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dmp-staff-create-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The sign-in line printed for this environment, as `npm run staff:create` works it out. */
function signInLines(env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: dataDir(), ...env });
  return staffCreatedLines({
    created: true,
    email: 'casey@agency.org',
    password: 'Temp0rary7!',
    publicUrl: config.publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    production: config.nodeEnv === 'production',
  }).filter((line) => line.includes('/sign-in'));
}

describe('npm run staff:create: the address it prints', () => {
  it.each([
    [{}, ['Sign in: http://localhost:3000/sign-in', `(with npm run dev: ${DEV_WEB_URL}/sign-in`]],
    [{ PORT: '4321' }, ['Sign in: http://localhost:4321/sign-in', `${DEV_WEB_URL}/sign-in`]],
    [{ PUBLIC_URL: 'https://apply.agency.org/' }, ['Sign in: https://apply.agency.org/sign-in']],
    [{ PUBLIC_URL: 'http://localhost:5173', PORT: '3001' }, ['Sign in: http://localhost:5173/sign-in']],
  ])('%o prints %o', (env, expected) => {
    const lines = signInLines(env);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((text, i) => expect(lines[i]).toContain(text));
  });

  it('the script itself prints the address of PORT', async () => {
    const { stdout } = await run(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/staff-create.ts', '--email', 'casey.counsellor@agency.org', '--name', 'Casey Counsellor'],
      // Its own embedded database: never the test run's DATABASE_URL.
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir(), PORT: '4321' } },
    );
    expect(stdout).toContain('Created staff user casey.counsellor@agency.org');
    expect(stdout).toContain('Sign in: http://localhost:4321/sign-in');
    expect(stdout).toContain('Enrolment: http://localhost:4321/two-factor/setup');
    expect(stdout).not.toContain('localhost:3000');
  }, 60_000);
});
