import path from 'node:path';
import { createLocalDocumentStore } from './local';
import type { DocumentStore } from './port';
import { createS3DocumentStore, type S3DocumentStoreOptions } from './s3';

export type DocumentStoreConfig = {
  dataDir: string;
  documentStore:
    | { kind: 'local' }
    | ({ kind: 's3' } & Pick<S3DocumentStoreOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>);
};

/**
 * The document store from configuration: a bucket when DOCUMENT_STORE=s3 (S3_BUCKET, S3_REGION, S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE; credentials from the SDK's default chain), else files under DATA_DIR/documents. Both are
 * real stores, so production may use either; a multi-instance deployment needs the bucket (or a shared disk).
 */
export function createDocumentStore(config: DocumentStoreConfig): DocumentStore {
  const c = config.documentStore;
  if (c.kind === 's3') return createS3DocumentStore(c);
  return createLocalDocumentStore({ directory: path.join(config.dataDir, 'documents') });
}
