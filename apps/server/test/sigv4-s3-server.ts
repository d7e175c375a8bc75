import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Why the signature was refused, or null when it checked out. */
  signatureProblem: string | null;
}

export interface SigV4Server {
  endpoint: string;
  requests: RecordedRequest[];
  objects: Map<string, Buffer>;
  /** Answers the next requests with these statuses (500, 503, ...) or 'hang' (never answer). */
  script: (number | 'hang')[];
  close(): Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks an AWS Signature Version 4 header signature the way S3 does, written from the AWS
 * spec independently of the driver's signing library: canonical request, scope, signing key.
 */
export function sigV4Problem(req: Omit<RecordedRequest, 'signatureProblem'>, creds: { accessKeyId: string; secretAccessKey: string; region: string }): string | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'no AWS4-HMAC-SHA256 Authorization header';
  const [, accessKeyId, date, region, signedHeaders = '', signature] = m;
  if (accessKeyId !== creds.accessKeyId) return 'unknown access key';
  if (region !== creds.region) return `wrong region ${region}`;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date ?? '-')) return 'x-amz-date does not match the credential scope';
  const skew = Math.abs(Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) - Date.now());
  if (!(skew < 15 * 60_000)) return 'x-amz-date is too far from now';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(req.body)) return 'x-amz-content-sha256 is not the hash of the body';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) if (!names.includes(required)) return `${required} is not signed`;
  const [path = '', query = ''] = req.path.split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .sort()
    .join('&');
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date ?? ''), region ?? ''), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? null : 'signature does not match';
}

const xmlError = (res: ServerResponse, status: number, code: string) =>
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code} here</Message></Error>`);

/** A tiny S3 (PUT/GET/DELETE on one bucket) that refuses any request whose SigV4 signature is wrong. */
export async function startSigV4Server(creds: { accessKeyId: string; secretAccessKey: string; region: string }, bucket: string): Promise<SigV4Server> {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, Buffer>();
  const script: (number | 'hang')[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
    const signatureProblem = sigV4Problem(seen, creds);
    requests.push({ ...seen, signatureProblem });
    const next = script.shift();
    if (next === 'hang') return;
    if (next !== undefined) return xmlError(res, next, 'InternalError');
    if (signatureProblem) return xmlError(res, 403, 'SignatureDoesNotMatch');
    const prefix = `/${bucket}/`;
    if (!seen.path.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket');
    const key = seen.path.slice(prefix.length);
    if (seen.method === 'PUT') return void (objects.set(key, body), res.writeHead(200).end());
    if (seen.method === 'DELETE') return void (objects.delete(key), res.writeHead(204).end());
    const data = objects.get(key);
    if (!data) return xmlError(res, 404, 'NoSuchKey');
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(data);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    objects,
    script,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
