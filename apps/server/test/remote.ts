import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../src/db/client.js';
import { randomToken, sha256 } from '../src/platform/crypto/crypto.js';

/** A session for a member inserted straight into the database; the server authenticates it like any other. */
export async function sessionFor(q: Queryable, userId: string): Promise<string> {
  const token = randomToken();
  await q.query(`INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`, [
    randomUUID(),
    userId,
    sha256(token),
  ]);
  return token;
}

export interface RemoteResponse<T = unknown> {
  status: number;
  body: T;
}

/** JSON over real HTTP to a server process (with a member's token and extra headers). */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RemoteResponse<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A member registered over HTTP with a profile (18+, open to everyone), ready to write messages. */
export async function remoteMember(base: string, name: string, gender: 'female' | 'male'): Promise<{ id: string; token: string; email: string }> {
  const email = `${name.toLowerCase()}.${randomBytes(4).toString('hex')}@example.org`;
  const reg = await call<{ token: string }>(base, 'POST', '/api/auth/register', { body: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: name } });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const { token } = reg.body;
  const me = await call<{ id: string }>(base, 'GET', '/api/me', { token });
  const profile = { birthDate: '1990-01-01', gender, interestedIn: ['female', 'male'], ageMin: 18, ageMax: 80 };
  const saved = await call(base, 'PUT', '/api/me/profile', { token, body: profile });
  if (saved.status !== 200) throw new Error(`profile failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { id: me.body.id, token, email };
}

/** Resolves with the first `event` the socket receives that satisfies `match` (fails after 10 s). */
export function nextEvent<T>(socket: { once(e: string, l: (p: T) => void): unknown; on(e: string, l: (p: T) => void): unknown; off(e: string, l: (p: T) => void): unknown }, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching '${event}' event within 10 s`));
    }, 10_000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}
