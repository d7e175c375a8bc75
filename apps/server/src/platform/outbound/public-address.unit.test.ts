import { describe, expect, it } from 'vitest';
import { isPublicAddress, outboundUrlRefusal } from './public-address.js';
import { publicLookup, type Resolve } from './public-lookup.js';

describe('isPublicAddress', () => {
  it('refuses every non-public IPv4 range', () => {
    const internal = ['0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1', '172.31.255.255'];
    const more = ['192.0.0.8', '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.51.100.7', '203.0.113.8', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255'];
    for (const ip of [...internal, ...more]) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('accepts public IPv4 next to those ranges', () => {
    for (const ip of ['8.8.8.8', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '142.250.185.10', '223.255.255.255']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('refuses non-public IPv6 and IPv6 forms that carry an internal IPv4 address', () => {
    const refused = [
      '::1', '::', '[::1]', '[::]', 'fe80::1', 'febf::1', 'fc00::1', 'fd00::1', 'ff02::1', 'ff0e::1',
      '::ffff:127.0.0.1', '[::ffff:7f00:1]', '0:0:0:0:0:ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::127.0.0.1',
      '64:ff9b::7f00:1', '[64:ff9b::127.0.0.1]', '64:ff9b:1::8.8.8.8', '2002:7f00:1::', '2002:c0a8:101::1',
      '2001::1', '2001:db8::1', '3fff::1', '100::1', 'fe80::1%eth0',
    ];
    for (const ip of refused) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('accepts global unicast IPv6 and the mapped, NAT64 and 6to4 forms of a public IPv4 address', () => {
    for (const ip of ['2a00:1450:4001:80b::200a', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('answers false for names and garbage', () => {
    for (const v of ['localhost', 'example.com', '', '1.2.3', '1.2.3.4.5', '999.1.1.1', '[1.2.3.4]']) expect(isPublicAddress(v), v).toBe(false);
  });
});

describe('outboundUrlRefusal', () => {
  const strict = { allowPrivate: false };
  it('refuses internal hosts however the URL spells them', () => {
    const refused = [
      'https://127.0.0.1/p', 'https://2130706433/p', 'https://0x7f000001/p', 'https://0177.0.0.1/p', 'https://127.1/p', 'https://127.0.0.1./p',
      'https://[::ffff:127.0.0.1]/p', 'https://[::ffff:7f00:1]/p', 'https://[64:ff9b::7f00:1]/p', 'https://[2002:7f00:1::]/p',
      'https://0.0.0.0/p', 'https://[::]/p', 'https://[::1]/p', 'https://169.254.169.254/latest', 'https://[fe80::1]/p', 'https://[fd00::1]/p',
      'https://224.0.0.1/p', 'https://localhost/p', 'https://localhost./p', 'https://LOCALHOST/p', 'https://push.localhost/p', 'https://metadata/p',
    ];
    for (const url of refused) expect(outboundUrlRefusal(url, strict), url).toBeDefined();
  });

  it('refuses credentials, another scheme and another port', () => {
    expect(outboundUrlRefusal('https://user:pw@fcm.googleapis.com/p', strict)).toBe('credentials in the URL');
    expect(outboundUrlRefusal('https://user@fcm.googleapis.com/p', strict)).toBe('credentials in the URL');
    expect(outboundUrlRefusal('http://fcm.googleapis.com/p', strict)).toBe('not https');
    expect(outboundUrlRefusal('https://fcm.googleapis.com:8443/p', strict)).toBe('a port other than 443');
    expect(outboundUrlRefusal('nonsense', strict)).toBe('not a URL');
  });

  it('accepts the public push services, port 443 spelled out included', () => {
    for (const url of ['https://fcm.googleapis.com/fcm/send/x', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com:443/x', 'https://[2a00:1450:4001:80b::200a]/x']) {
      expect(outboundUrlRefusal(url, strict), url).toBeUndefined();
    }
  });

  it('with the test-only setting allows loopback and any port, never credentials or http', () => {
    const local = { allowPrivate: true };
    expect(outboundUrlRefusal('https://127.0.0.1:40123/push/a', local)).toBeUndefined();
    expect(outboundUrlRefusal('https://user:pw@127.0.0.1:40123/push/a', local)).toBe('credentials in the URL');
    expect(outboundUrlRefusal('http://127.0.0.1:40123/push/a', local)).toBe('not https');
  });
});

describe('publicLookup', () => {
  const lookupWith = (answers: Awaited<ReturnType<Resolve>>, allowPrivate = false) => {
    const lookup = publicLookup({ allowPrivate }, async () => answers);
    return (all: boolean, family = 0) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
        lookup('push.example', { all, family }, (err, address, fam) => resolve({ err, address, family: fam })),
      );
  };

  it('hands out the checked addresses, one or all, of the family asked for', async () => {
    const answers = [
      { address: '2a00:1450:4001:80b::200a', family: 6 },
      { address: '142.250.185.10', family: 4 },
    ];
    expect(await lookupWith(answers)(false)).toEqual({ err: null, address: '2a00:1450:4001:80b::200a', family: 6 });
    expect(await lookupWith(answers)(false, 4)).toEqual({ err: null, address: '142.250.185.10', family: 4 });
    expect(await lookupWith(answers)(true)).toMatchObject({ err: null, address: answers });
  });

  it('refuses a name with any internal address, whole', async () => {
    for (const answers of [[{ address: '127.0.0.1', family: 4 }], [{ address: '142.250.185.10', family: 4 }, { address: '::ffff:169.254.169.254', family: 6 }]]) {
      const { err } = await lookupWith(answers)(true);
      expect(err).toMatchObject({ code: 'EREFUSEDADDRESS' });
    }
    expect((await lookupWith([{ address: '127.0.0.1', family: 4 }], true)(false)).address).toBe('127.0.0.1');
  });

  it('answers ENOTFOUND when nothing of the wanted family came back', async () => {
    expect((await lookupWith([{ address: '142.250.185.10', family: 4 }])(false, 6)).err).toMatchObject({ code: 'ENOTFOUND' });
  });
});
