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
  /** Told (without the key) when a 403 on a read that may find nothing is read as a missing document. */
  warn?: (message: string) => void;
  /** How long a call may wait; S3_TIMEOUTS unless a test wants them short. */
  timeouts?: S3Timeouts;
};

export type S3Timeouts = {
  /** To open the connection. */
  connectMs: number;
  /** One attempt, from sending the request to the end of the answer. */
  requestMs: number;
  /** The whole call, its retries included: after that it rejects, whatever the attempt is doing. */
  totalMs: number;
};

/**
 * Without timeouts the SDK waits for a bucket that stopped answering for as long as the socket lives, and
 * whatever waits on the document (a staff download, the proposals' job) waits with it. A proposal is a few
 * kilobytes: seconds are plenty, and a slow bucket then fails the call, which its caller retries later.
 */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, requestMs: 15_000, totalMs: 45_000 };

/**
 * AWS documents GetObject's answer for a missing object: "If you have the s3:ListBucket permission on the
 * bucket, Amazon S3 returns an HTTP status code 404 Not Found error. If you don't have the s3:ListBucket
 * permission, Amazon S3 returns an HTTP status code 403 Access Denied error." docs/providers.md gives the
 * policy, which needs no s3:ListBucket.
 */
const isAccessDenied = (error: unknown): boolean => {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return e?.name === 'AccessDenied' && e.$metadata?.httpStatusCode === 403;
};

const DENIED_AS_MISSING =
  'Document store: S3 answered 403 AccessDenied to a read that may find nothing; read as a missing document ' +
  '(without s3:ListBucket S3 answers so for a missing object; if documents that exist read as missing, the ' +
  'bucket policy lacks s3:GetObject on them)';
const DENIED =
  'Document store: S3 refused the read (403 AccessDenied): the document is missing (S3 answers so without ' +
  's3:ListBucket) or the bucket policy does not grant s3:GetObject on it';

/**
 * Documents as objects of one bucket, through the official AWS SDK. Checksums are sent and checked only where
 * the service requires them: several S3-compatible services refuse the SDK's newer default checksums, and the
 * documents are sealed with an authenticated cipher, which detects any change when they are opened.
 */
export function createS3DocumentStore(o: S3DocumentStoreOptions): DocumentStore {
  const timeouts = o.timeouts ?? S3_TIMEOUTS;
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle ?? false,
    ...(o.credentials ? { credentials: o.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      // Without it the SDK only warns when an attempt runs past requestTimeout, and goes on waiting.
      throwOnRequestTimeout: true,
    },
  });
  const deadline = () => ({ abortSignal: AbortSignal.timeout(timeouts.totalMs) });
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
        deadline(),
      );
    },
    async get(key, options) {
      assertDocumentKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }), deadline());
        if (!answer.Body) return null;
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        if (isAccessDenied(error)) {
          if (options?.mayBeMissing) {
            o.warn?.(DENIED_AS_MISSING);
            return null;
          }
          // A message of our own: the SDK's error carries the request, whose path holds the key.
          throw new Error(DENIED);
        }
        throw error;
      }
    },
  };
}
