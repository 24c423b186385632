import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * The local object store: an S3-speaking server on loopback for the careercard uploads (S3Storage) in tests,
 * holding objects in memory. It speaks the REST subset the AWS SDK's object calls use, path-style only
 * (`/{bucket}/{key}`, so clients set S3_FORCE_PATH_STYLE=true as for MinIO):
 *   PUT    PutObject     (Content-MD5 and x-amz-checksum-crc32 checked when sent)
 *   GET    GetObject     (Content-Type, Content-Length, ETag, Last-Modified)
 *   HEAD   HeadObject
 *   DELETE DeleteObject  (204 whether or not the key was there, as S3)
 * Every request must carry an AWS Signature Version 4 Authorization header made with the store's key pair for
 * its region and service `s3`: a wrong secret is refused with 403 SignatureDoesNotMatch, an unknown key id with
 * 403 InvalidAccessKeyId, a payload not matching its signed hash with 400 XAmzContentSHA256Mismatch, as S3 does.
 * Errors are S3's XML documents, so the SDK raises the same named errors (NoSuchKey, NoSuchBucket...).
 */
export interface ObjectStoreOptions {
  /** The buckets that exist; any other answers NoSuchBucket. */
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  /** The region the signatures must be scoped to (default us-east-1). */
  region?: string;
  port?: number;
  host?: string;
}

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface LocalObjectStore {
  /** http://host:port, the S3_ENDPOINT of a client. */
  endpoint: string;
  region: string;
  /** The keys in the bucket, sorted. */
  keys(bucket: string): string[];
  object(bucket: string, key: string): StoredObject | undefined;
  /** How many requests were refused for their signature or credentials. */
  refusedRequests(): number;
  close(): Promise<void>;
}

/** Far more than any upload the platform takes (5 MB); a larger body is EntityTooLarge. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** S3 refuses a request signed further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters percent-encoded, in upper case. */
const uriEscape = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return [uriEscape(decode(name)), uriEscape(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Checks the request's SigV4 signature against the store's key pair; throws S3's error when it does not hold. */
function verifySignature(
  request: http.IncomingMessage,
  body: Buffer,
  options: Required<Pick<ObjectStoreOptions, 'accessKeyId' | 'secretAccessKey' | 'region'>>,
): void {
  const authorization = request.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed.');
  const match = AUTHORIZATION.exec(authorization);
  if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, accessKeyId, scopeDate, region, signedHeaderList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== options.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== options.region)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${options.region}'.`,
    );

  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!time || amzDate.slice(0, 8) !== scopeDate)
    throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the credential scope.');
  const signedAt = Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!, +time[6]!);
  if (Math.abs(Date.now() - signedAt) > MAX_CLOCK_SKEW_MS)
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );

  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (sha256(body) !== payloadHash)
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    throw new S3Error(
      400,
      'InvalidRequest',
      'Missing or unsupported x-amz-content-sha256 (this store takes a payload hash or UNSIGNED-PAYLOAD).',
    );
  }

  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date'))
    throw new S3Error(403, 'AccessDenied', 'host and x-amz-date must be signed.');
  const rawUrl = request.url ?? '/';
  const queryAt = rawUrl.indexOf('?');
  const canonicalRequest = [
    request.method,
    queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt),
    canonicalQuery(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1)),
    ...signedHeaders.map((name) => {
      const value = request.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}`;
    }),
    '',
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, scopeDate), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/** Refuses bytes that do not match the digests the client sent along (Content-MD5, x-amz-checksum-crc32). */
function checkDigests(request: http.IncomingMessage, body: Buffer): void {
  const md5 = request.headers['content-md5'];
  if (md5 && createHash('md5').update(body).digest('base64') !== md5)
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  const crc = request.headers['x-amz-checksum-crc32'];
  if (crc) {
    const computed = Buffer.alloc(4);
    computed.writeUInt32BE(crc32(body) >>> 0);
    if (computed.toString('base64') !== crc)
      throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
  }
}

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startObjectStore(options: ObjectStoreOptions): Promise<LocalObjectStore> {
  const region = options.region ?? 'us-east-1';
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, StoredObject>()]));
  let refused = 0;
  let requestNumber = 0;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readBody(request);
    try {
      verifySignature(request, body, {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        region,
      });
    } catch (error) {
      refused++;
      throw error;
    }
    const path = (request.url ?? '/').split('?')[0]!;
    const slash = path.indexOf('/', 1);
    const bucketName = decodeURIComponent(slash === -1 ? path.slice(1) : path.slice(1, slash));
    const key = slash === -1 ? '' : decodeURIComponent(path.slice(slash + 1));
    const bucket = buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    if (!key) throw new S3Error(501, 'NotImplemented', 'This store implements object calls only.');

    switch (request.method) {
      case 'PUT': {
        if (request.headers['x-amz-copy-source'])
          throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented.');
        checkDigests(request, body);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, {
          bytes: body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          etag,
          lastModified: new Date(),
        });
        response.writeHead(200, { etag }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const stored = bucket.get(key);
        if (!stored) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'content-type': stored.contentType,
          'content-length': stored.bytes.length,
          etag: stored.etag,
          'last-modified': stored.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        });
        response.end(request.method === 'GET' ? stored.bytes : undefined);
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        response.writeHead(204).end();
        return;
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = http.createServer((request, response) => {
    const requestId = String(++requestNumber).padStart(16, '0');
    response.setHeader('x-amz-request-id', requestId);
    handle(request, response).catch((error: unknown) => {
      const s3 =
        error instanceof S3Error
          ? error
          : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (response.headersSent) return void response.destroy();
      // HEAD answers carry no body: the SDK names the error from the status alone (NotFound, Forbidden).
      const document =
        request.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3.code}</Code><Message>${xml(s3.message)}</Message><RequestId>${requestId}</RequestId></Error>`;
      response.writeHead(s3.status, { 'content-type': 'application/xml' }).end(document);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;

  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    region,
    keys: (bucket) => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    refusedRequests: () => refused,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
