import { describe, expect, it } from 'vitest';
import { clientBucket } from './client-ip.js';

describe('clientBucket', () => {
  it('keeps an IPv4 address whole, also when it arrives IPv4-mapped', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientBucket('0:0:0:0:0:ffff:203.0.113.8')).toBe('203.0.113.8');
    expect(clientBucket('203.0.113.7')).not.toBe(clientBucket('203.0.113.8'));
  });

  it('counts IPv6 per /64, written out or compressed', () => {
    const full = clientBucket('2001:0db8:0000:0042:0000:8a2e:0370:7334');
    expect(full).toBe('2001:db8:0:42::/64');
    expect(clientBucket('2001:db8:0:42::1')).toBe(full);
    expect(clientBucket('2001:db8::42:ffff:ffff:ffff:ffff')).toBe(full);
    expect(clientBucket('2001:DB8:0:42:1:2:3:4')).toBe(full);
    expect(clientBucket('2001:db8:0:43::1')).not.toBe(full);
    expect(clientBucket('2001:db8:1:42::1')).not.toBe(full);
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an address with a port or in brackets as the address (proxies that append ip:port)', () => {
    expect(clientBucket('203.0.113.41:2001')).toBe('203.0.113.41');
    expect(clientBucket(' 203.0.113.41:65535 ')).toBe('203.0.113.41');
    expect(clientBucket('[2001:db8:0:42::1]:443')).toBe('2001:db8:0:42::/64');
    expect(clientBucket('[2001:db8:0:42::2]')).toBe('2001:db8:0:42::/64');
    expect(clientBucket('[::ffff:203.0.113.41]:80')).toBe('203.0.113.41');
  });

  it('counts everything that is no address in one bucket, so junk never escapes a limit', () => {
    const junk = ['unknown', 'garbage1', 'garbage2', '203.0.113.41:', '203.0.113.41:99999x', '[203.0.113.41]', '999.1.1.1', '', '[::1', '::1]:80'];
    expect(new Set(junk.map(clientBucket))).toEqual(new Set(['unreadable']));
  });
});
