/**
 * One simulated member's HTTP: their bearer token and their own client address (X-Forwarded-For,
 * believed by a server started with TRUST_PROXY=true, as behind the reverse proxy). Every answer is
 * timed from just before the request until its whole body has been read, and counted under the
 * endpoint's route template (e.g. `POST /api/likes/:id`) in the stats of the current ramp step.
 */
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
  /** The stats requests count into (the scheduler's current step). */
  stats: () => Stats;
}

export function templateOf(spec: EndpointRef): string {
  return `${spec.method} ${spec.path}`;
}

export async function call(m: MemberClient, spec: EndpointRef, input: CallInput = {}): Promise<Answer> {
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const headers: Record<string, string> = { authorization: `Bearer ${m.token}`, 'x-forwarded-for': m.ip, ...input.headers };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const name = templateOf(spec);
  const stats = m.stats();
  const t0 = performance.now();
  try {
    const res = await fetch(`${m.base}${path}${query}`, {
      method: spec.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const text = await res.text();
    stats.record(name, performance.now() - t0);
    if (!res.ok) stats.fail(name, `${res.status} ${errorCode(text)}`.trim());
    return { status: res.status, ok: res.ok, headers: res.headers, text };
  } catch (err) {
    stats.fail(name, `network: ${(err as Error).message}`);
    return { status: 0, ok: false, headers: new Headers(), text: '' };
  }
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
