import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (compressed, or with a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address in an X-Forwarded-For entry as proxies write it: bare, or with a port
 * (`203.0.113.7:5555`, `[2001:db8::1]:5555`, Azure Application Gateway and others), or in brackets.
 * Undefined when it is no address at all.
 */
function addressOf(entry: string): string | undefined {
  const value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIPv6(bracketed[1]?.split('%')[0] ?? '') ? bracketed[1] : undefined;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  const address = withPort ? (withPort[1] ?? '') : value;
  return isIPv4(address) || isIPv6(address.split('%')[0] ?? '') ? address : undefined;
}

/** Where every entry that is no address counts: one bucket, so writing junk never escapes a limit. */
const UNREADABLE = 'unreadable';

/**
 * The key a per-IP limit counts a client under. The address is read the same whatever a proxy
 * appended (a port or brackets are dropped). An IPv6 host usually holds a whole /64 (it can pick
 * any address in it), so IPv6 counts per /64; IPv4 and IPv4-mapped IPv6 per address. Anything
 * else shares one bucket.
 */
export function clientBucket(ip: string): string {
  const found = addressOf(ip);
  if (found === undefined) return UNREADABLE;
  if (isIPv4(found)) return found;
  const address = found.split('%')[0] ?? found; // a zone index (fe80::1%eth0) names the interface, not the host
  const g = ipv6Groups(address);
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  if (mapped) return [g[6] ?? 0, g[7] ?? 0].flatMap((x) => [x >> 8, x & 0xff]).join('.');
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** What requestBucket reads of a request (a FastifyRequest has all of it). */
interface AddressedRequest {
  ip: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/**
 * The bucket of a request's per-address limits. When the address came from X-Forwarded-For (a
 * trusted proxy, TRUST_PROXY) and the header holds an empty entry, the address is junk: proxy-addr
 * skips empty entries, so `client, ` would otherwise name an address the client wrote itself (a
 * proxy that appends never writes an empty entry).
 */
export function requestBucket(request: AddressedRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const fromHeader = forwarded !== undefined && request.ip !== request.socket.remoteAddress;
  const entries = fromHeader ? [forwarded].flat().join(',').split(',') : [];
  return entries.some((e) => e.trim() === '') ? UNREADABLE : clientBucket(request.ip);
}
