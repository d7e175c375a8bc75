import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../test/harness.js';
import { startServerProcess } from '../test/server-process.js';
import { connectClient } from '../test/sockets.js';

/** A login whose body arrives in two parts, `pauseMs` apart: a request in flight for that long. */
function slowLogin(base: string, email: string, password: string, pauseMs: number, onHalf: () => void) {
  const body = JSON.stringify({ email, password });
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { hostname, port, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(onHalf, 50);
    setTimeout(() => req.end(body.slice(10)), pauseMs);
  });
}

describe('graceful shutdown', () => {
  it('SIGTERM lets an open request finish, sends sockets off to reconnect, then exits 0', async () => {
    const server = await startServerProcess({ DATA_DIR: mkdtempSync(join(tmpdir(), 'funkeln-drain-')), SHUTDOWN_GRACE_MS: '10000' });
    try {
      const email = `drain.${Date.now()}@example.org`;
      const reg = await fetch(`${server.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Drain' }),
      });
      const { token } = (await reg.json()) as { token: string };
      const socket = connectClient(server.base, token);
      await socket.connected();
      const reason = new Promise<string>((resolve) => socket.socket.once('disconnect', (r) => resolve(r)));
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      let exitedAt = 0;
      void exited.then(() => (exitedAt = Date.now()));

      let answered = false;
      const login = slowLogin(server.base, email, 'Kiwi-Wolke-Geheim-42', 3000, () => server.child.kill('SIGTERM')).finally(() => (answered = true));
      // The socket is closed at the transport, not told "server disconnect": the client reconnects by itself.
      expect(await reason).toBe('transport close');
      // New connections are refused while the open request is still running.
      let refused = false;
      for (let i = 0; i < 50 && !refused; i++) {
        refused = await fetch(`${server.base}/healthz`).then(() => false, () => true);
        if (!refused) await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused).toBe(true);
      expect(answered).toBe(false);

      const answer = await login;
      const answeredAt = Date.now();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('token');
      expect(await exited).toBe(0);
      expect(exitedAt).toBeGreaterThanOrEqual(answeredAt - 50);
      socket.close();
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('readiness while draining', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('/readyz answers 503 "draining" from the first shutdown signal on; /healthz stays 200', async () => {
    t = await createTestApp();
    await register(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.c.lifecycle.draining = true;
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
