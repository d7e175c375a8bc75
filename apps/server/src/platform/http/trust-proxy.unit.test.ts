import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { parseTrustProxy, proxyTrust } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('reads true as one proxy, a number as that many, false and 0 as none', () => {
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy(' 2 ')).toEqual({ hops: 2 });
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
  });

  it('takes addresses, CIDR networks and the named ranges, and refuses anything else', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8,loopback')).toEqual({ proxies: ['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback'] });
    for (const bad of ['yes', '10.0.0.0/33', '::/129', '10.0.0.1/8/8', 'proxy.example.org', '10.0.0.1,', 'toString', '-1', '1.5']) {
      expect(parseTrustProxy(bad), bad).toBeUndefined();
    }
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true \(one proxy\), false, a number of proxies/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
  });

  it('trusts by hop for a count and by the peer address for a list (IPv4-mapped and zoned included)', () => {
    const hops = proxyTrust({ hops: 2 });
    expect(hops && [hops('203.0.113.1', 0), hops('203.0.113.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
    const list = proxyTrust({ proxies: ['10.0.0.1', '192.168.0.0/16', 'loopback', 'fe80::/10'] });
    if (!list) throw new Error('a list trusts someone');
    const trusted = ['10.0.0.1', '::ffff:10.0.0.1', '192.168.200.3', '127.9.9.9', '::1', 'fe80::1%eth0'];
    const untrusted = ['10.0.0.2', '203.0.113.7', '2001:db8::1', 'unknown', ''];
    expect(trusted.map((a) => list(a, 0))).toEqual(trusted.map(() => true));
    expect(untrusted.map((a) => list(a, 0))).toEqual(untrusted.map(() => false));
    expect(proxyTrust(false)).toBe(false);
  });
});
