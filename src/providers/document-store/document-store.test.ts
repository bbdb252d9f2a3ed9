import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentStoreContract } from '#tests/contracts/document-store.contract';
import { type S3Fake, startS3Fake } from '#tests/fakes/s3-fake';
import { createDocumentStore } from './index';
import { createLocalDocumentStore } from './local';
import { createS3DocumentStore } from './s3';

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
