import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentStoreContract } from '#tests/contracts/document-store.contract';
import { type S3Fake, startS3Fake } from '#tests/fakes/s3-fake';
import { createDocumentStore } from './index';
import { createLocalDocumentStore } from './local';
import { createS3DocumentStore, S3_TIMEOUTS } from './s3';

let directory: string;
let fake: S3Fake;
beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'document-store-'));
  fake = await startS3Fake();
});
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await fake.close();
});

const s3 = () =>
  createS3DocumentStore({
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.endpoint,
    forcePathStyle: true,
    credentials: fake.credentials,
  });

documentStoreContract('local', () => createLocalDocumentStore({ directory }));
documentStoreContract('s3', s3);

describe('the local document store', () => {
  it('writes one file per key under its directory, and no temporary file is left', async () => {
    const store = createLocalDocumentStore({ directory });
    await store.put('layout/app-1/offer-1.pdf', new Uint8Array([7, 8, 9]), 'application/pdf');
    const folder = path.join(directory, 'layout', 'app-1');
    expect(readdirSync(folder)).toEqual(['offer-1.pdf']);
    expect([...readFileSync(path.join(folder, 'offer-1.pdf'))]).toEqual([7, 8, 9]);
  });

  it('is picked by default, under DATA_DIR/documents', async () => {
    const store = createDocumentStore({ dataDir: directory, documentStore: { kind: 'local' } });
    expect(store.kind).toBe('local');
    await store.put('picked/x', new Uint8Array([1]), 'text/plain');
    expect(readdirSync(path.join(directory, 'documents', 'picked'))).toEqual(['x']);
  });
});

describe('the S3 document store', () => {
  it('puts objects with their content type in the bucket, path-style and signed', async () => {
    await s3().put('shape/a.pdf', new Uint8Array([1, 2]), 'application/octet-stream');
    expect(fake.requests.at(-1)).toEqual({
      method: 'PUT',
      bucket: fake.bucket,
      key: 'shape/a.pdf',
      contentType: 'application/octet-stream',
    });
    expect([...fake.objects.get('shape/a.pdf')!.body]).toEqual([1, 2]);
  });

  it('retries a passing outage, and rejects when the service keeps refusing', async () => {
    const store = s3();
    fake.failNext(1);
    await store.put('retry/a', new Uint8Array([5]), 'text/plain');
    expect([...(await store.get('retry/a'))!]).toEqual([5]);
    fake.failNext(10);
    await expect(store.get('retry/a')).rejects.toThrow();
    fake.failNext(0);
  });

  it('gives up on a bucket that stops answering, instead of waiting for it forever', async () => {
    const store = createS3DocumentStore({
      bucket: fake.bucket,
      region: fake.region,
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: fake.credentials,
      timeouts: { connectMs: 200, requestMs: 300, totalMs: 1_500 },
    });
    fake.hang = true;
    try {
      const started = Date.now();
      const outcome = (p: Promise<unknown>) =>
        Promise.race([
          p.then(
            () => 'answered',
            () => 'rejected',
          ),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
        ]);
      expect(await outcome(store.put('hang/a', new Uint8Array([1]), 'text/plain'))).toBe('rejected');
      expect(await outcome(store.get('hang/a'))).toBe('rejected');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      fake.hang = false;
    }
  });

  it('has timeouts by default', () => {
    expect(S3_TIMEOUTS.totalMs).toBeLessThanOrEqual(60_000);
    expect(S3_TIMEOUTS.requestMs).toBeLessThan(S3_TIMEOUTS.totalMs);
  });

  it('rejects wrong credentials and an unknown bucket instead of answering null', async () => {
    const wrong = createS3DocumentStore({
      bucket: fake.bucket,
      region: fake.region,
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' },
    });
    await expect(wrong.get('shape/a.pdf')).rejects.toThrow();
    const elsewhere = createS3DocumentStore({
      bucket: 'another-bucket',
      region: fake.region,
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: fake.credentials,
    });
    await expect(elsewhere.get('shape/a.pdf')).rejects.toThrow();
  });

  describe('with a least-privilege policy (s3:GetObject and s3:PutObject, no s3:ListBucket)', () => {
    // AWS, GetObject: "If the object that you request doesn’t exist, the error that Amazon S3 returns depends
    // on whether you also have the s3:ListBucket permission. If you have the s3:ListBucket permission on the
    // bucket, Amazon S3 returns an HTTP status code 404 Not Found error. If you don’t have the s3:ListBucket
    // permission, Amazon S3 returns an HTTP status code 403 Access Denied error."
    afterEach(() => {
      fake.listBucket = true;
      fake.unreadable.clear();
    });

    it('reads a missing key as missing when the caller says it may be, and warns without the key', async () => {
      const warnings: string[] = [];
      const store = createS3DocumentStore({
        bucket: fake.bucket,
        region: fake.region,
        endpoint: fake.endpoint,
        forcePathStyle: true,
        credentials: fake.credentials,
        warn: (message) => warnings.push(message),
      });
      await store.put('least/present.pdf', new Uint8Array([4, 2]), 'application/octet-stream');
      fake.listBucket = false;
      expect([...(await store.get('least/present.pdf', { mayBeMissing: true }))!]).toEqual([4, 2]);
      expect(await store.get('least/app-7/missing.pdf', { mayBeMissing: true })).toBeNull();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('403 AccessDenied');
      expect(warnings.join('\n')).not.toMatch(/least|app-7|missing\.pdf/);
    });

    it('rejects the same refusal when the caller expects the document, naming neither key nor request', async () => {
      fake.listBucket = false;
      const error = await s3()
        .get('least/app-7/expected.pdf')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain('403 AccessDenied');
      expect(JSON.stringify(error) + String((error as Error).message)).not.toMatch(/app-7|expected\.pdf/);
    });

    it('reads a document the policy does not let us read as missing only when asked to', async () => {
      const store = s3();
      await store.put('hidden/a.pdf', new Uint8Array([1]), 'application/octet-stream');
      fake.unreadable.add('hidden/');
      await expect(store.get('hidden/a.pdf')).rejects.toThrow('403 AccessDenied');
      expect(await store.get('hidden/a.pdf', { mayBeMissing: true })).toBeNull();
    });
  });

  it('is picked by DOCUMENT_STORE=s3', () => {
    const store = createDocumentStore({
      dataDir: directory,
      documentStore: {
        kind: 's3',
        bucket: 'b',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
      },
    });
    expect(store.kind).toBe('s3');
  });
});
