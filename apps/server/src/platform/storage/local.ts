import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedKey, type BlobStorage } from './blob-storage.js';

/**
 * Files under root, fanned out by the key's first two characters. Several processes may share
 * root (one host, or an NFS mount): keys are random and written before any row names them.
 */
export function createLocalStorage(root: string): BlobStorage {
  const ready = mkdir(root, { recursive: true });
  const dir = (key: string) => join(root, checkedKey(key).slice(0, 2));
  return {
    async put(key, data) {
      await ready;
      await mkdir(dir(key), { recursive: true });
      await writeFile(join(dir(key), key), data, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(join(dir(key), key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(join(dir(key), key), { force: true });
    },
  };
}
