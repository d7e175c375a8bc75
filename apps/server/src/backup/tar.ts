/**
 * A minimal ustar (POSIX tar) writer and reader: regular files only, names up to 100 bytes, one
 * entry held in memory at a time. Enough for Funkeln's backup archives, small enough to test whole.
 */
export interface TarEntry {
  name: string;
  data: Buffer;
  mtime?: Date;
}

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // 11 octal digits in the size field

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

export function tarHeader(entry: TarEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  if (name.length === 0 || name.length > 100) throw new TarFormatError(`tar entry name must be 1-100 bytes: ${entry.name}`);
  if (entry.data.length > MAX_SIZE) throw new TarFormatError(`tar entry too large: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  name.copy(header, 0);
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.data.length, 12), 124, 'ascii');
  header.write(octal(Math.floor((entry.mtime ?? new Date()).getTime() / 1000), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Yields the archive's bytes: header, data and padding per entry, then the two zero blocks. */
export async function* tarBytes(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield tarHeader(entry);
    yield entry.data;
    yield padding(entry.data.length);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Pulls exact byte counts out of a chunked stream. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer | string>) {}

  async read(n: number): Promise<Buffer | undefined> {
    while (this.length < n) {
      const next = await this.source.next();
      if (next.done) return undefined;
      const chunk = Buffer.from(next.value);
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = [all.subarray(n)];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
}

function field(header: Buffer, start: number, width: number): string {
  const raw = header.subarray(start, start + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? width : end).toString('utf8');
}

function parseOctal(header: Buffer, start: number, width: number, what: string): number {
  const text = field(header, start, width).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`bad ${what} field in tar header`);
  return parseInt(text, 8);
}

/** Reads entries back; refuses anything but regular files and any damaged or truncated header. */
export async function* readTar(source: AsyncIterable<Buffer | string>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header) throw new TarFormatError('archive is truncated (no end-of-archive marker)');
    if (header.every((b) => b === 0)) return;
    if (!field(header, 257, 6).startsWith('ustar')) throw new TarFormatError('not a ustar archive');
    if (parseOctal(header, 148, 8, 'checksum') !== checksum(header)) throw new TarFormatError('tar header checksum mismatch');
    const type = String.fromCharCode(header[156]!);
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    if (type !== '0' && type !== '\0') throw new TarFormatError(`unsupported tar entry type '${type}' for ${name}`);
    const size = parseOctal(header, 124, 12, 'size');
    const data = size === 0 ? Buffer.alloc(0) : await reader.read(size);
    const pad = padding(size).length;
    if (!data || (pad > 0 && !(await reader.read(pad)))) throw new TarFormatError(`archive is truncated inside ${name}`);
    yield { name, data, mtime: new Date(parseOctal(header, 136, 12, 'mtime') * 1000) };
  }
}
