import type { FastifyInstance } from 'fastify';

/** Scrapes /metrics from the loopback address (or with a token) and returns the text. */
export async function scrape(app: FastifyInstance, token?: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '127.0.0.1',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`scrape failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

/**
 * The value of one sample in Prometheus text: `name` with exactly these labels (in any order);
 * undefined when there is no such sample.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean).sort().join(',');
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}
