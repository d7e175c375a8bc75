import { fileURLToPath } from 'node:url';

export interface S3Target {
  kind: 's3';
  /** Scheme, host and port, e.g. https://s3.eu-central-1.amazonaws.com; never carries credentials. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type StorageTarget = { kind: 'file'; root: string } | S3Target;

const S3_URL_FORMAT = 's3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=eu-central-1&tls=false]';

// AWS bucket naming rules; MinIO, Ceph, Garage and R2 accept the same names.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const S3_PARAMS = new Set(['region', 'tls']);

export class StorageUrlError extends Error {
  override name = 'StorageUrlError';
}

/**
 * Reads STORAGE_URL. Messages name the part that is wrong but never repeat the URL, which
 * carries the secret key.
 */
export function parseStorageUrl(value: string): StorageTarget {
  if (!URL.canParse(value)) throw new StorageUrlError(`is not a URL; expected file:///absolute/dir or ${S3_URL_FORMAT}`);
  const url = new URL(value);
  if (url.protocol === 'file:') return { kind: 'file', root: fileRoot(url) };
  if (url.protocol === 's3:') return s3Target(url);
  throw new StorageUrlError(`must start with file: or s3: (e.g. ${S3_URL_FORMAT})`);
}

function fileRoot(url: URL): string {
  if (url.search || url.hash) throw new StorageUrlError('a file: URL takes no ?query or #fragment');
  if (url.host && url.host !== 'localhost') {
    throw new StorageUrlError('a file: URL names a directory on this machine: file:///absolute/dir (three slashes)');
  }
  const root = fileURLToPath(url);
  if (root === '/' || root === '') throw new StorageUrlError('a file: URL must name a directory, not /');
  return root;
}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new StorageUrlError(`the ${what} in the s3: URL has a broken %-escape`);
  }
}

function s3Target(url: URL): S3Target {
  if (!url.hostname) throw new StorageUrlError(`needs a host: ${S3_URL_FORMAT}`);
  if (!url.username || !url.password) {
    throw new StorageUrlError(`needs an access key and a secret before the host: ${S3_URL_FORMAT} (percent-encode / @ : in the secret)`);
  }
  const bucket = url.pathname.replace(/^\//, '').replace(/\/$/, '');
  if (!BUCKET.test(bucket)) {
    throw new StorageUrlError('needs exactly one bucket name as its path (3-63 of a-z 0-9 . -), e.g. s3://KEY:SECRET@host/funkeln-photos');
  }
  if (url.hash) throw new StorageUrlError('an s3: URL takes no #fragment');
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMS.has(name)) throw new StorageUrlError(`unknown parameter "${name}" in the s3: URL (known: region, tls)`);
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new StorageUrlError('region must look like eu-central-1 (a-z 0-9 -)');
  const tls = url.searchParams.get('tls') ?? 'true';
  if (tls !== 'true' && tls !== 'false') throw new StorageUrlError('tls must be true or false');
  return {
    kind: 's3',
    endpoint: `${tls === 'true' ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    accessKeyId: decoded(url.username, 'access key'),
    secretAccessKey: decoded(url.password, 'secret'),
  };
}
