import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { smsOutbox } from '#server/db/schema/ops';
import { createFieldCipher, encryptionKeyId } from '#server/security/field-encryption';
import { createApplication } from '#tests/factories/application';
import { createPostgresTestDatabase } from '#tests/setup/test-database';

// The command itself, as an operator runs it: on its own embedded database, or on a PostgreSQL database of
// its own in the PostgreSQL pass.

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const oldKey = randomBytes(32).toString('hex');
const newKey = randomBytes(32).toString('hex');

async function rotate(env: Record<string, string>, args: string[] = []) {
  try {
    const { stdout, stderr } = await run(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/rotate-keys.ts', ...args],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run keys:rotate', () => {
  it('re-seals under the new key, prints counts only, and --check tells when an old key may go', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-rotate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pg = await createPostgresTestDatabase();
    if (pg) cleanups.push(pg.drop);
    const where = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };

    const database = await openDatabase({ databaseUrl: pg?.url, dataDir });
    try {
      await database.migrate();
      const before = createFieldCipher(Buffer.from(oldKey, 'hex'));
      await createApplication(database, { borrower: { dateOfBirth: before.encrypt('1961-07-04') } });
      await database.db
        .insert(smsOutbox)
        .values({ to: '+14155550123', eventType: 'test', body: 'Clearpath Debt Relief: Hi Robin' });
    } finally {
      await database.close();
    }

    const unknown = await rotate({ ...where, ENCRYPTION_KEY: newKey }, ['--check']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain(
      `borrower.date_of_birth: ${encryptionKeyId(Buffer.from(oldKey, 'hex'))} 1 (UNKNOWN KEY)`,
    );
    expect(unknown.out).toContain('sms_outbox.body: clear 1 (to re-seal)');
    // The document store is walked too (its re-sealing is tested in src/server/security/rotate-documents.test.ts).
    expect(unknown.out).toContain('documents (local): empty');

    const rotated = await rotate({ ...where, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey });
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain('borrower.date_of_birth: 1/1 under the current key (1 re-sealed now)');
    expect(rotated.out).toContain('sms_outbox.body: 1/1 under the current key (1 re-sealed now)');
    expect(rotated.out).toContain('documents (local): 0/0 under the current key (0 re-sealed now)');
    expect(rotated.out).toContain('Done: every sealed value is under the current key');
    expect(rotated.out).not.toMatch(/1961|Robin|4155550123/);
    expect(rotated.out).not.toContain(oldKey);
    expect(rotated.out).not.toContain(newKey);

    const retired = await rotate({ ...where, ENCRYPTION_KEY: newKey }, ['--check']);
    expect(retired.code).toBe(0);
    expect(retired.out).toContain(
      `borrower.date_of_birth: ${encryptionKeyId(Buffer.from(newKey, 'hex'))} 1 (current)`,
    );
  }, 120_000);

  it('refuses a bad --batch-size', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-rotate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const result = await rotate({ DATA_DIR: dataDir }, ['--batch-size', '0']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage: npm run keys:rotate');
  }, 60_000);
});
