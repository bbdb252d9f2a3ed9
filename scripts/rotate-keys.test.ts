import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/setup/test-app';
import { createS3DocumentStore } from '#providers/document-store/s3';
import { openDatabase } from '#server/db/client';
import { smsOutbox } from '#server/db/schema/ops';
import { proposal } from '#server/db/schema/proposal';
import { createFieldCipher, encryptionKeyId, sealedKeyId } from '#server/security/field-encryption';
import { createApplication } from '#tests/factories/application';
import { startS3Fake } from '#tests/fakes/s3-fake';
import { applicationIn } from '#tests/support/staff-actions';
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
    // The default store: files on the embedded database, the database itself on PostgreSQL (decision 0162).
    expect(unknown.out).toMatch(/documents \((local|database)\): empty/);

    const rotated = await rotate({ ...where, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey });
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain('borrower.date_of_birth: 1/1 under the current key (1 re-sealed now)');
    expect(rotated.out).toContain('sms_outbox.body: 1/1 under the current key (1 re-sealed now)');
    expect(rotated.out).toMatch(
      /documents \((local|database)\): 0\/0 under the current key \(0 re-sealed now\)/,
    );
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

  it('re-seals the proposals in a bucket without s3:ListBucket, counting a missing one instead of aborting', async () => {
    // AWS, GetObject: "If you don’t have the s3:ListBucket permission, Amazon S3 returns an HTTP status code
    // 403 Access Denied error" for an object that does not exist. The least-privilege policy of
    // docs/providers.md grants no s3:ListBucket, so a proposal missing from the bucket answers 403.
    const fake = await startS3Fake();
    cleanups.push(() => fake.close());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-rotate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pg = await createPostgresTestDatabase();
    if (pg) cleanups.push(pg.drop);
    const bucket = {
      DOCUMENT_STORE: 's3',
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ENDPOINT: fake.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: fake.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: fake.credentials.secretAccessKey,
    };
    const where = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}), ...bucket };

    // Proposals made by the server under the old key, in the bucket; then one object is lost.
    const database = await openDatabase({ databaseUrl: pg?.url, dataDir });
    await database.migrate();
    const t = await createTestApp(
      { DATA_DIR: dataDir, ENCRYPTION_KEY: oldKey },
      {
        database,
        documentStore: createS3DocumentStore({
          bucket: fake.bucket,
          region: fake.region,
          endpoint: fake.endpoint,
          forcePathStyle: true,
          credentials: fake.credentials,
        }),
      },
    );
    let keys: string[];
    try {
      const a = await applicationIn(t, 'creditorReview', 'Bucketrotation');
      await t.app.prepareProposals(a.applicationId);
      keys = (await t.db.select({ key: proposal.documentKey }).from(proposal)).map((r) => r.key);
    } finally {
      await t.close();
    }
    expect(keys.length).toBeGreaterThan(1);
    fake.objects.delete(keys[0]!);
    fake.listBucket = false;
    const total = keys.length;

    const check = await rotate({ ...where, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey }, [
      '--check',
    ]);
    // The line lists its counts in the order the documents were read, which the database does not fix.
    const documentsLine = check.out.split('\n').find((line) => line.startsWith('documents (s3): '));
    expect(documentsLine).toContain(`${encryptionKeyId(Buffer.from(oldKey, 'hex'))} ${total - 1} (old key)`);
    expect(documentsLine).toContain(
      'missing 1 (named in the database, absent from the store, or refused by the bucket policy (403 AccessDenied answers both))',
    );

    const rotated = await rotate({ ...where, ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_OLD: oldKey });
    expect(rotated.out).toContain(
      `documents (s3): ${total - 1}/${total} under the current key (${total - 1} re-sealed now); 1 named in the database but absent from the store`,
    );
    expect(rotated.code, rotated.out).toBe(0);
    const newKeyId = encryptionKeyId(Buffer.from(newKey, 'hex'));
    for (const key of keys.slice(1)) {
      expect(sealedKeyId(fake.objects.get(key)!.body.toString('utf8'))).toBe(newKeyId);
    }
    // Neither the keys (application and offer ids) nor anything read is printed.
    for (const key of keys) expect(rotated.out).not.toContain(key);
  }, 180_000);

  it('refuses a bad --batch-size', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-rotate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const result = await rotate({ DATA_DIR: dataDir }, ['--batch-size', '0']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage: npm run keys:rotate');
  }, 60_000);
});
