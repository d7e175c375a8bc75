import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, type OutboundPolicy } from './public-address.js';

/** Resolves a host name to all its addresses (the system resolver by default; tests answer for themselves). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The socket was not opened: the name resolved to an address that is not public. */
class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'EREFUSEDADDRESS';
}

function wantedFamily(family: LookupAddress['family'] | 'IPv4' | 'IPv6' | undefined): number {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * A socket `lookup` (for an https Agent) that resolves once and hands the socket only addresses it
 * checked, so the connection goes to exactly what was checked and no second resolution can swap
 * the answer (DNS rebinding). A name with any address that is not public is refused whole.
 * Address literals never reach a lookup: check the URL itself first (outboundUrlRefusal).
 */
export function publicLookup(policy: OutboundPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const family = wantedFamily(options.family);
    resolve(hostname).then(
      (all) => {
        const candidates = all.filter((a) => family === 0 || a.family === family);
        const [first] = candidates;
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (!policy.allowPrivate && all.some((a) => !isPublicAddress(a.address))) {
          return callback(new RefusedAddressError(`refused: ${hostname} resolves to an address that is not public`), '', 0);
        }
        if (options.all) callback(null, candidates);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
