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
 * The key a per-IP limit counts a client under. An IPv6 host usually holds a whole /64 (it can
 * pick any address in it), so IPv6 counts per /64; IPv4 and IPv4-mapped IPv6 per address.
 */
export function clientBucket(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0] ?? ip; // a zone index (fe80::1%eth0) names the interface, not the host
  if (!isIPv6(address)) return ip;
  const g = ipv6Groups(address);
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  if (mapped) return [g[6] ?? 0, g[7] ?? 0].flatMap((x) => [x >> 8, x & 0xff]).join('.');
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}
