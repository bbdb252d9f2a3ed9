import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedDocument } from '#server/db/schema/ops';
import { createDocumentStore } from '#providers/document-store/index';
import type { DocumentStore } from '#providers/document-store/port';
import type { Database } from '#server/db/client';
import { loadConfig } from '#server/env';
import { documentStoreContract } from '#tests/contracts/document-store.contract';
import { createTestDatabase } from '#tests/setup/test-database';
import { sealedDocuments } from './sealed-documents';
import { createDatabaseDocumentStore } from './database-documents';
import { createFieldCipher } from '#server/security/field-encryption';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The document store in the database: what several instances on one PostgreSQL share without a bucket.

let database: Database;
let store: DocumentStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = createDatabaseDocumentStore(database.db);
}, 60_000);
afterAll(async () => {
  await database.close();
});

documentStoreContract('database', () => store);

const configWith = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-documents-')),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });

describe('the document store picked by default', () => {
  it('is the database on PostgreSQL, which every instance shares', () => {
    const config = configWith({ DATABASE_URL: 'postgres://dmp@db.internal:5432/dmp' });
    expect(config.documentStore).toEqual({ kind: 'database' });
    expect(createDocumentStore(config, { database: store }).kind).toBe('database');
  });

  it('is the files beside the embedded database, which one process owns', () => {
    expect(configWith({}).documentStore).toEqual({ kind: 'local' });
  });

  it('is what DOCUMENT_STORE says when set', () => {
    const url = { DATABASE_URL: 'postgres://dmp@db.internal:5432/dmp' };
    expect(configWith({ ...url, DOCUMENT_STORE: 'local' }).documentStore).toEqual({ kind: 'local' });
    expect(configWith({ ...url, DOCUMENT_STORE: 's3', S3_BUCKET: 'b' }).documentStore.kind).toBe('s3');
    expect(configWith({ DOCUMENT_STORE: 'database' }).documentStore).toEqual({ kind: 'database' });
  });

  it('keeps only sealed bytes in the table', async () => {
    const cipher = createFieldCipher(randomBytes(32));
    const sealed = sealedDocuments(store, cipher);
    await sealed.put('sealed/app-1/offer-1.pdf', new TextEncoder().encode('%PDF Jane Borrower'));
    const [row] = await database.db
      .select({ body: storedDocument.body })
      .from(storedDocument)
      .where(eq(storedDocument.key, 'sealed/app-1/offer-1.pdf'));
    const raw = Buffer.from(row!.body).toString('utf8');
    expect(raw).not.toContain('Jane');
    expect((await sealed.get('sealed/app-1/offer-1.pdf'))!.toString('utf8')).toBe('%PDF Jane Borrower');
  });
});
