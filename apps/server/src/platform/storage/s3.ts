import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { checkedKey, contentTypeOf, type BlobStorage } from './blob-storage.js';
import type { S3Target } from './storage-url.js';

export interface S3Options {
  /** Per attempt; a photo is a few hundred kB. */
  timeoutMs?: number;
  /** Extra attempts after a 5xx, 429, timeout or network error (every call here is idempotent). */
  retries?: number;
  retryDelayMs?: number;
}

type Method = 'PUT' | 'GET' | 'DELETE';

/** One request's outcome: its status and (small, or the photo for a GET) body. */
interface S3Response {
  status: number;
  body: Buffer;
}

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, Garage, R2) over fetch, signed with SigV4.
 * Path-style addressing (endpoint/bucket/key) so no DNS per bucket is needed.
 */
export function createS3Storage(target: S3Target, options: S3Options = {}): BlobStorage {
  const { timeoutMs = 15_000, retries = 1, retryDelayMs = 200 } = options;
  // Retries are ours (with a timeout per attempt), so aws4fetch only signs.
  const client = new AwsClient({
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    service: 's3',
    region: target.region,
    retries: 0,
  });

  async function attempt(method: Method, key: string, body: Buffer | undefined): Promise<S3Response> {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex'),
    };
    if (body) headers['content-type'] = contentTypeOf(key);
    const request = await client.sign(`${target.endpoint}/${target.bucket}/${key}`, {
      method,
      headers,
      body: body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : undefined,
    });
    const res = await fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  async function send(method: Method, key: string, body?: Buffer): Promise<S3Response> {
    checkedKey(key);
    const what = `S3 ${method} ${target.bucket}/${key}`;
    for (let i = 0; ; i++) {
      const last = i >= retries;
      let res: S3Response;
      try {
        res = await attempt(method, key, body);
      } catch (err) {
        if (last) throw new Error(`${what} failed: ${networkReason(err, timeoutMs)}`);
        await sleep(retryDelayMs);
        continue;
      }
      if ((res.status >= 500 || res.status === 429) && !last) {
        await sleep(retryDelayMs);
        continue;
      }
      return res;
    }
  }

  const failure = (method: Method, key: string, res: S3Response) =>
    new Error(`S3 ${method} ${target.bucket}/${key} failed: HTTP ${res.status}${s3ErrorText(res.body)}`);

  return {
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (res.status !== 200) throw failure('PUT', key, res);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 200) return res.body;
      // A missing bucket is a configuration error, not a missing photo.
      if (res.status === 404 && s3ErrorCode(res.body) !== 'NoSuchBucket') return undefined;
      throw failure('GET', key, res);
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (res.status === 200 || res.status === 204) return;
      if (res.status === 404 && s3ErrorCode(res.body) !== 'NoSuchBucket') return;
      throw failure('DELETE', key, res);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function s3ErrorCode(body: Buffer): string | undefined {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body.toString('utf8', 0, 4096))?.[1];
}

/** " NoSuchBucket (The specified bucket does not exist)" from an S3 XML error body, if there is one. */
function s3ErrorText(body: Buffer): string {
  const code = s3ErrorCode(body);
  if (!code) return '';
  const message = /<Message>([^<]{1,200})<\/Message>/.exec(body.toString('utf8', 0, 4096))?.[1];
  return ` ${code}${message ? ` (${message})` : ''}`;
}

/** Why fetch threw, without the request (its headers carry the signature). */
function networkReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `network error (${cause.code})`;
  return `network error (${err instanceof Error ? err.message : String(err)})`;
}
