import { errorMessage } from '@funkeln/contracts/errors';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';

// What Node's HTTP parser refuses before Fastify sees the request answers in German too (it was
// Fastify's English 'Request Header Fields Too Large' / 'Client Error': red team, session 60).

const t = useTestApp({ listen: true });

/** Sends `head` as it is over a raw socket and answers the status line's code and the body. */
function raw(head: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(t.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), body });
    });
  });
}

describe('refusals of the HTTP parser', () => {
  it('answers a header over the size limit with a German 431', async () => {
    const res = await raw(`GET /api/new-counts HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${'1.1.1.1,'.repeat(6000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'headers_too_large', message: errorMessage('headers_too_large') });
  });

  it('answers a control character in a header with a German 400', async () => {
    const res = await raw('GET /api/new-counts HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 1.2.3.4\x01\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', message: errorMessage('bad_request') });
  });
});
