import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTar, tarBytes, type TarEntry, tarHeader } from './tar.js';

async function archive(entries: TarEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of tarBytes(entries)) parts.push(part);
  return Buffer.concat(parts);
}

async function read(bytes: Buffer, chunk = 777): Promise<TarEntry[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  const out: TarEntry[] = [];
  for await (const entry of readTar(chunks())) out.push(entry);
  return out;
}

/** The ustar header checksum, computed independently of the code under test. */
function headerSum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

describe('ustar writer and reader', () => {
  it('round-trips names, contents and times across block and chunk boundaries', async () => {
    const mtime = new Date('2025-05-01T12:00:00Z');
    const entries = [0, 1, 511, 512, 513, 70_000].map((size, i) => ({ name: `photos/a${i}/${'x'.repeat(i * 10)}.webp`, data: randomBytes(size), mtime }));
    const bytes = await archive(entries);
    expect(bytes.length % 512).toBe(0);
    const back = await read(bytes);
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    back.forEach((e, i) => {
      expect(e.data.equals(entries[i]!.data)).toBe(true);
      expect(e.mtime).toEqual(mtime);
    });
  });

  it('writes headers other tar tools accept: magic, octal size, checksum', () => {
    const header = tarHeader({ name: 'manifest.json', data: Buffer.alloc(1000) });
    expect(header.subarray(257, 263).toString('latin1')).toBe('ustar\0');
    expect(header.subarray(124, 136).toString('latin1')).toBe('00000001750\0');
    expect(parseInt(header.subarray(148, 154).toString('latin1'), 8)).toBe(headerSum(header));
  });

  it('refuses a damaged header, a truncated archive, other entry types and long names', async () => {
    const bytes = await archive([{ name: 'a.txt', data: Buffer.from('hello') }]);
    const flipped = Buffer.from(bytes);
    flipped[3] = flipped[3]! ^ 1;
    await expect(read(flipped)).rejects.toThrow(/checksum/);
    await expect(read(bytes.subarray(0, 512 + 100))).rejects.toThrow(/truncated inside a.txt/);
    await expect(read(bytes.subarray(0, 1024))).rejects.toThrow(/no end-of-archive/);
    const symlink = Buffer.from(bytes);
    symlink[156] = '2'.charCodeAt(0);
    symlink.write(`${headerSum(symlink).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    await expect(read(symlink)).rejects.toThrow(/unsupported tar entry type '2'/);
    expect(() => tarHeader({ name: 'n'.repeat(101), data: Buffer.alloc(0) })).toThrow(/1-100 bytes/);
  });
});
