import { BlockList, isIP } from 'node:net';

/**
 * Which reverse proxies stand in front (TRUST_PROXY): none, a fixed number of them, or those at
 * listed addresses and networks. Only the X-Forwarded-For entries a trusted proxy appended name
 * the client; the entries to their left are whatever the client wrote.
 */
export type TrustProxy = false | { readonly hops: number } | { readonly proxies: readonly string[] };

/** proxy-addr's (and so Fastify's) named ranges. */
const NAMED: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export const TRUST_PROXY_HELP =
  'must be true (one proxy), false, a number of proxies (e.g. 2) or proxy addresses and networks separated by commas (e.g. 10.0.0.1,192.168.0.0/16)';

interface Subnet {
  address: string;
  prefix: number;
  type: 'ipv4' | 'ipv6';
}

function subnetOf(entry: string): Subnet | undefined {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { address, prefix, type: version === 4 ? 'ipv4' : 'ipv6' };
}

/** TRUST_PROXY's value, or undefined when it is none of the accepted forms. `true` is one proxy. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(v)) return Number(v) === 0 ? false : { hops: Number(v) };
  const proxies = v.split(',').map((p) => p.trim());
  const known = proxies.every((p) => Object.hasOwn(NAMED, p) || subnetOf(p) !== undefined);
  return known && proxies.length > 0 ? { proxies } : undefined;
}

/**
 * The trust function Fastify (proxy-addr) walks X-Forwarded-For with, from the TCP peer (hop 0)
 * leftwards: the client is the first address not trusted. Fastify's request.ip and, for HSTS,
 * request.protocol (X-Forwarded-Proto only from a trusted peer) both follow it, so every
 * per-address limit counts the one address this decides.
 */
export function proxyTrust(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const subnet of setting.proxies.flatMap((p) => (Object.hasOwn(NAMED, p) ? NAMED[p]! : [p])).map(subnetOf)) {
    if (subnet) list.addSubnet(subnet.address, subnet.prefix, subnet.type);
  }
  return (address) => {
    const host = address.split('%')[0] ?? ''; // a zone index (fe80::1%eth0) names the interface
    const version = isIP(host);
    return version !== 0 && list.check(host, version === 4 ? 'ipv4' : 'ipv6');
  };
}
