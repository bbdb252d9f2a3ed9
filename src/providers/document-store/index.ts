import path from 'node:path';
import { createLocalDocumentStore } from './local';
import type { DocumentStore } from './port';
import { createS3DocumentStore, type S3DocumentStoreOptions } from './s3';

export type DocumentStoreConfig = {
  dataDir: string;
  documentStore:
    | { kind: 'local' }
    | { kind: 'database' }
    | ({ kind: 's3' } & Pick<S3DocumentStoreOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>);
};

/**
 * The document store from configuration: a bucket when DOCUMENT_STORE=s3 (S3_BUCKET, S3_REGION, S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE; credentials from the SDK's default chain); the database's own table when
 * DOCUMENT_STORE=database (the default on PostgreSQL: `database` is that store, built by the server, which
 * owns the tables); else files under DATA_DIR/documents. Several instances share the database and the bucket;
 * files are shared only by a shared disk.
 */
export function createDocumentStore(
  config: DocumentStoreConfig,
  o: Pick<S3DocumentStoreOptions, 'warn'> & { database?: DocumentStore } = {},
): DocumentStore {
  const c = config.documentStore;
  if (c.kind === 's3') return createS3DocumentStore({ ...c, warn: o.warn });
  if (c.kind === 'database') {
    if (!o.database) throw new Error('Document store: DOCUMENT_STORE=database needs the database');
    return o.database;
  }
  return createLocalDocumentStore({ directory: path.join(config.dataDir, 'documents') });
}
