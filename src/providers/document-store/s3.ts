import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertDocumentKey, type DocumentStore } from './port';

export type S3DocumentStoreOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, a local fake); unset for AWS itself. */
  endpoint?: string;
  /** Path-style addresses (https://host/bucket/key), which most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Tests only: fixed credentials. Otherwise the SDK's default chain (environment, profile, instance role). */
  credentials?: S3ClientConfig['credentials'];
};

/**
 * Documents as objects of one bucket, through the official AWS SDK. Checksums are sent and checked only where
 * the service requires them: several S3-compatible services refuse the SDK's newer default checksums, and the
 * documents are sealed with an authenticated cipher, which detects any change when they are opened.
 */
export function createS3DocumentStore(o: S3DocumentStoreOptions): DocumentStore {
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle ?? false,
    ...(o.credentials ? { credentials: o.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertDocumentKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      assertDocumentKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        if (!answer.Body) return null;
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
  };
}
