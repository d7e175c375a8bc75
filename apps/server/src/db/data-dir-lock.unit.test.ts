import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('refuses a directory held by a live process and releases on unlock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'funkeln.lock'), String(process.ppid)); // a live process that is not us
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Funkeln process/);
  });

  it('takes over a stale lock of a dead process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'funkeln.lock'), '999999');
    const unlock = lockDataDir(dir);
    expect(existsSync(join(dir, 'funkeln.lock'))).toBe(true);
    unlock();
    expect(existsSync(join(dir, 'funkeln.lock'))).toBe(false);
  });
});
