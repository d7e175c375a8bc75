import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { generate } from 'selfsigned';

/** A browser's side of a subscription: its ECDH key pair and auth secret, made in the test. */
export interface TestDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  deviceId: string;
  ttl: number;
  /** The VAPID public key (k=) the sender identified with; its JWT was verified against it. */
  vapidKey: string;
  payload: unknown;
}

/** RFC 8291 §3.4 + RFC 8188: decrypts a single-record aes128gcm body with the device's keys. */
export function decryptAes128gcm(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends in a 0x02 delimiter followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; checks the signature, audience and expiry. */
export function verifyVapid(header: string | undefined, audience: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid authorization: ${header}`);
  const [jwt, k] = [match[1], match[2]];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('vapid signature does not verify');
  }
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number };
  if (aud !== audience || exp * 1000 < Date.now()) throw new Error(`vapid claims rejected: ${aud} ${exp}`);
  return k;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/**
 * A push service as RFC 8030 has it, over TLS on a loopback port (the sender trusts `ca`):
 * POST /push/<device> with an aes128gcm
 * body, TTL and VAPID authorization; answers 201, or 410 for a device marked gone, or 500 while a
 * device is set to fail; a silent device's pushes are never answered. Every accepted push is decrypted with the device's keys and kept.
 */
export async function startPushService() {
  const devices = new Map<string, TestDevice>();
  const gone = new Set<string>();
  const failures = new Map<string, number>();
  const silent = new Set<string>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      if (req.method !== 'POST' || !device) return res.writeHead(404).end();
      if (silent.has(id)) return; // takes the push and never answers
      if (gone.has(id)) return res.writeHead(410).end();
      const failing = failures.get(id) ?? 0;
      if (failing > 0) {
        failures.set(id, failing - 1);
        return res.writeHead(500).end();
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL missing');
        const vapidKey = verifyVapid(req.headers.authorization, new URL(device.endpoint).origin);
        received.push({ deviceId: id, ttl, vapidKey, payload: JSON.parse(decryptAes128gcm(body, device).toString('utf8')) });
        res.writeHead(201, { location: `${device.endpoint}/message/${received.length}` }).end();
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    rejected,
    /** The service's self-signed certificate, for the sender to trust. */
    ca: tls.cert,
    /** A new browser subscription (fresh P-256 key pair and auth secret). */
    device(): TestDevice {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device = { id, endpoint: `${base}/push/${id}`, ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
      devices.set(id, device);
      return device;
    },
    markGone: (d: TestDevice) => gone.add(d.id),
    failNext: (d: TestDevice, times: number) => failures.set(d.id, times),
    markSilent: (d: TestDevice) => silent.add(d.id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback TCP port that accepts connections and never says a word (no TLS handshake, no answer); counts them. */
export async function startSilentPort() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
