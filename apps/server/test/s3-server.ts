import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'funkeln-photos';

export interface S3Server {
  /** STORAGE_URL for the bucket, with the credentials s3rver knows (S3RVER:S3RVER). */
  storageUrl: string;
  endpoint: string;
  /** The keys in the bucket, read over plain HTTP (ListObjectsV2), not through the driver. */
  keys(): Promise<string[]>;
  /** An object's bytes, read over plain HTTP; undefined on 404. */
  object(key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** A real S3 REST server (s3rver) on a free port, its files in a temp directory, one bucket. */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'funkeln-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${S3_BUCKET}?tls=false`,
    endpoint,
    async keys() {
      const res = await fetch(`${endpoint}/${S3_BUCKET}?list-type=2`);
      if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
      return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] ?? '').sort();
    },
    async object(key) {
      const res = await fetch(`${endpoint}/${S3_BUCKET}/${key}`);
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new Error(`get failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
