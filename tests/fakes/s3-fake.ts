import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Amazon S3's REST API with path-style addresses (http://host/<bucket>/<key>), for the S3
 * document store's tests. It answers the documented shapes of the two calls the adapter makes, and nothing
 * else:
 * - PutObject: PUT /<bucket>/<key> with the object as the body → 200, an empty body and the ETag header (the
 *   body's MD5 in quotes);
 * - GetObject: GET /<bucket>/<key> → 200 with the object, its Content-Type, Content-Length and ETag; a key
 *   never put → 404 and the XML error body with Code NoSuchKey; another bucket → 404 NoSuchBucket.
 * A request not signed with AWS Signature Version 4 by the fake's access key is refused as S3 does (403,
 * AccessDenied). The signature itself is not recomputed: the SDK's signing is its own, tested by AWS.
 *
 * `listBucket` is whether the credentials' policy grants s3:ListBucket (true at start). Without it, as AWS
 * documents for GetObject, "If you don't have the s3:ListBucket permission, Amazon S3 returns an HTTP status
 * code 403 Access Denied error" for a key that does not exist: the least-privilege policy of docs/providers.md.
 * `unreadable` holds key prefixes the policy grants no s3:GetObject on: any read there is 403 AccessDenied.
 */

export type S3FakeRequest = { method: string; bucket: string; key: string; contentType: string | undefined };

export type S3Fake = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Objects as stored, by key. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: S3FakeRequest[];
  /** Answers the next request with a 503 SlowDown (an outage), as S3 does under load. */
  failNext(count?: number): void;
  /** Whether requests are left unanswered (a bucket that hangs): read, then never answered. */
  hang: boolean;
  /** Whether the policy grants s3:ListBucket: without it a missing key answers 403 AccessDenied, not 404. */
  listBucket: boolean;
  /** Key prefixes the policy grants no s3:GetObject on. */
  unreadable: Set<string>;
  close(): Promise<void>;
};

const xmlError = (code: string, message: string, resource: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource>` +
  `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Fake(): Promise<S3Fake> {
  const bucket = 'dmp-documents';
  const region = 'us-east-1';
  const credentials = {
    accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('base64'),
  };
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3FakeRequest[] = [];
  let failures = 0;
  let hang = false;
  let listBucket = true;
  const unreadable = new Set<string>();

  const answer = (
    response: ServerResponse,
    status: number,
    code: string,
    message: string,
    resource: string,
  ) => {
    const body = xmlError(code, message, resource);
    response.writeHead(status, {
      'content-type': 'application/xml',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const [first = '', ...rest] = url.pathname.slice(1).split('/');
      const requestBucket = decodeURIComponent(first);
      const key = rest.map((s) => decodeURIComponent(s)).join('/');
      const body = await readBody(request);
      requests.push({
        method: request.method ?? '',
        bucket: requestBucket,
        key,
        contentType: request.headers['content-type'],
      });
      if (hang) return;
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/`)) {
        return answer(response, 403, 'AccessDenied', 'Access Denied', url.pathname);
      }
      if (failures > 0) {
        failures -= 1;
        return answer(response, 503, 'SlowDown', 'Please reduce your request rate.', url.pathname);
      }
      if (requestBucket !== bucket) {
        return answer(response, 404, 'NoSuchBucket', 'The specified bucket does not exist', url.pathname);
      }
      const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
      if (request.method === 'PUT' && key) {
        objects.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        });
        response.writeHead(200, { etag: etag(body), 'content-length': 0 });
        return response.end();
      }
      if (request.method === 'GET' && key) {
        const object = objects.get(key);
        const readable = ![...unreadable].some((prefix) => key.startsWith(prefix));
        if (!readable || (!object && !listBucket))
          return answer(response, 403, 'AccessDenied', 'Access Denied', url.pathname);
        if (!object)
          return answer(response, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: etag(object.body),
          'last-modified': new Date().toUTCString(),
        });
        return response.end(object.body);
      }
      return answer(response, 405, 'MethodNotAllowed', 'The specified method is not allowed.', url.pathname);
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    credentials,
    objects,
    requests,
    failNext: (count = 1) => {
      failures = count;
    },
    get hang() {
      return hang;
    },
    set hang(on: boolean) {
      hang = on;
    },
    get listBucket() {
      return listBucket;
    },
    set listBucket(granted: boolean) {
      listBucket = granted;
    },
    unreadable,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
