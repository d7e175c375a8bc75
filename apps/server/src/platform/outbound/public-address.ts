import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses an outbound request chosen by a member (a push endpoint) may reach: public
 * unicast only. Pure (no DNS); platform/outbound/public-lookup.ts applies it to resolved addresses.
 */

/** IPv4 ranges that are not public unicast (RFC 6890 and friends): [network, prefix length]. */
const IPV4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const ipv4Ranges = IPV4_NOT_PUBLIC.map(([base, bits]) => ({ base: ipv4ToNumber(base), size: 2 ** (32 - bits) }));

function isPublicIPv4(ip: string): boolean {
  const n = ipv4ToNumber(ip);
  return !ipv4Ranges.some((r) => n >= r.base && n < r.base + r.size);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included); undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  if (!isIPv6(ip) || ip.includes('%')) return undefined;
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const n = ipv4ToNumber(dotted);
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [front, back] = [parse(head), parse(tail ?? '')];
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : undefined;
}

const ipv4Of = (high: number, low: number) => `${high >>> 8}.${high & 0xff}.${low >>> 8}.${low & 0xff}`;

function isPublicIPv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  // Forms that carry an IPv4 address: judged by that address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPublicIPv4(ipv4Of(g6, g7)); // IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicIPv4(ipv4Of(g6, g7)); // NAT64 (RFC 6052)
  if (g0 === 0x2002) return isPublicIPv4(ipv4Of(g1, g2)); // 6to4
  // Otherwise global unicast (2000::/3) only, less its special blocks; everything else (loopback,
  // unspecified, IPv4-compatible, link-local fe80::/10, unique-local fc00::/7, multicast ff00::/8,
  // local-use NAT64 64:ff9b:1::/48) is not public.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments: Teredo, ORCHID, benchmarking
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if ((g0 & 0xfff0) === 0x3ff0) return false; // documentation (3fff::/20)
  return true;
}

/** True for a public unicast IPv4 or IPv6 address; false for anything else, names included. */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return isPublicIPv4(ip);
  const groups = ipv6Groups(ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip);
  return groups !== undefined && isPublicIPv6(groups);
}

export interface OutboundPolicy {
  /** Tests only: loopback and private addresses, and any port (a local push service). */
  allowPrivate: boolean;
}

/**
 * Why a member-chosen https URL must not be requested, or undefined when it may (its host name
 * still has to resolve to public addresses only: platform/outbound/public-lookup.ts). WHATWG URL parsing
 * has already turned decimal, hex and octal IPv4 hosts into dotted quads.
 */
export function outboundUrlRefusal(endpoint: string, policy: OutboundPolicy): string | undefined {
  if (!URL.canParse(endpoint)) return 'not a URL';
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (url.port !== '' && !policy.allowPrivate) return 'a port other than 443';
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const literal = host.startsWith('[') || isIPv4(host);
  if (literal) return isPublicAddress(host) || policy.allowPrivate ? undefined : 'an address that is not public';
  if (policy.allowPrivate) return undefined;
  // Names that never lead out of the house: localhost, and single labels an internal resolver may complete.
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'an internal host name';
  return undefined;
}
