/**
 * One simulated member's HTTP: their bearer token and their own client address (X-Forwarded-For,
 * believed by a server started with TRUST_PROXY=true, as behind the reverse proxy). Every answer is
 * timed from just before the request until its whole body has been read, and counted under the
 * endpoint's route template (e.g. `POST /api/likes/:id`) in the stats of the current ramp step.
 */
import http from 'node:http';
import type { Stats } from './stats.js';

export interface EndpointRef {
  method: string;
  path: string;
}

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

export interface MemberClient {
  base: string;
  token: string;
  ip: string;
  /** This member's own keep-alive connections, as a member's browser holds its own. */
  agent: http.Agent;
  /** The stats requests count into (the scheduler's current step). */
  stats: () => Stats;
}

/**
 * A member's client: its own connections (up to 6, a browser's limit per origin), not a pool shared
 * by every simulated member. A shared pool reused the most recently freed connection first (node's
 * agent schedules LIFO), so at moderate load most requests rode a few connections, which the cluster
 * had handed to one worker: in a 100,000-member run one worker did 37.5 s of CPU and the other 14.3 s.
 * `closeClient` when the visit ends (the member left the app).
 */
export function memberClient(base: string, member: { token: string; ip: string }, stats: () => Stats): MemberClient {
  return { base, token: member.token, ip: member.ip, agent: new http.Agent({ keepAlive: true, maxSockets: 6 }), stats };
}

export function closeClient(client: MemberClient): void {
  client.agent.destroy();
}

export function templateOf(spec: EndpointRef): string {
  return `${spec.method} ${spec.path}`;
}

/**
 * node:http, not fetch: fetch cost the generator ~0.4 ms of CPU per call here against ~0.1 ms (a scratch
 * measurement of 8,000 calls), and the generator shares the box's 2 cores with the server.
 */
export async function call(m: MemberClient, spec: EndpointRef, input: CallInput = {}): Promise<Answer> {
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const headers: Record<string, string> = { authorization: `Bearer ${m.token}`, 'x-forwarded-for': m.ip, ...input.headers };
  const body = input.body === undefined ? undefined : JSON.stringify(input.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const name = templateOf(spec);
  const stats = m.stats();
  const t0 = performance.now();
  try {
    const res = await send(`${m.base}${path}${query}`, spec.method, headers, body, m.agent);
    stats.record(name, performance.now() - t0);
    if (!res.ok) stats.fail(name, `${res.status} ${errorCode(res.text)}`.trim());
    return res;
  } catch (err) {
    stats.fail(name, `network: ${(err as Error).message}`);
    return { status: 0, ok: false, headers: new Headers(), text: '' };
  }
}

function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const answerHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(key, value);
        resolve({ status, ok: status >= 200 && status < 300, headers: answerHeaders, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function errorCode(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}

/** The JSON body of a successful answer, else undefined. */
export function json<T>(a: Answer): T | undefined {
  if (!a.ok) return undefined;
  try {
    return JSON.parse(a.text) as T;
  } catch {
    return undefined;
  }
}
