import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { parseStorageUrl } from './storage-url.js';

describe('STORAGE_URL', () => {
  it('reads an s3 URL: path-style endpoint, bucket, region, tls, percent-decoded credentials', () => {
    expect(parseStorageUrl('s3://AKIA123:wJalr%2FXUtn+F%40x@minio.internal:9000/funkeln-photos?region=eu-central-1&tls=false')).toEqual({
      kind: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'funkeln-photos',
      region: 'eu-central-1',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'wJalr/XUtn+F@x',
    });
  });

  it('defaults to TLS and us-east-1', () => {
    expect(parseStorageUrl('s3://K:S@s3.amazonaws.com/photos/')).toMatchObject({ endpoint: 'https://s3.amazonaws.com', region: 'us-east-1', bucket: 'photos' });
    expect(parseStorageUrl('s3://K:S@[::1]:9000/photos?tls=true')).toMatchObject({ endpoint: 'https://[::1]:9000' });
  });

  it('reads a file URL as an absolute directory', () => {
    expect(parseStorageUrl('file:///srv/funkeln/photos')).toEqual({ kind: 'file', root: '/srv/funkeln/photos' });
    expect(parseStorageUrl('file:///mnt/nfs%20share/')).toEqual({ kind: 'file', root: '/mnt/nfs share/' });
  });

  it.each([
    ['http://x/y', /must start with file: or s3:/],
    ['s3://host/bucket', /needs an access key and a secret/],
    ['s3://KEY@host/bucket', /needs an access key and a secret/],
    ['s3://K:S@host', /exactly one bucket name/],
    ['s3://K:S@host/bucket/extra', /exactly one bucket name/],
    ['s3://K:S@host/Bucket_Name', /exactly one bucket name/],
    ['s3://K:S@host/bucket?ssl=false', /unknown parameter "ssl"/],
    ['s3://K:S@host/bucket?tls=no', /tls must be true or false/],
    ['s3://K:S@host/bucket?region=EU%20central', /region must look like/],
    ['s3://K:%E0%A4%A@host/bucket', /secret in the s3: URL has a broken %-escape/],
    ['file://fileserver/photos', /three slashes/],
    ['file:///', /not \//],
    ['file:///srv/photos?x=1', /no \?query/],
  ])('refuses %s', (url, message) => {
    expect(() => parseStorageUrl(url)).toThrow(message);
  });

  it('config names the problem without repeating the secret', () => {
    let message = '';
    try {
      loadConfig({ STORAGE_URL: 's3://AKIA123:TopSecret99@host/bucket?ssl=false' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('STORAGE_URL: unknown parameter "ssl" in the s3: URL (known: region, tls)');
    expect(message).not.toContain('TopSecret99');
    expect(loadConfig({ STORAGE_URL: ' file:///srv/photos ' }).storageUrl).toBe('file:///srv/photos');
    expect(loadConfig({}).storageUrl).toBeUndefined();
  });
});
