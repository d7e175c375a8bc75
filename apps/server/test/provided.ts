import { inject, type ProvidedContext } from 'vitest';

/**
 * What the integration projects' global setup provides (test/global-setup.ts), inside a vitest run;
 * undefined where these helpers run outside one (the benches start servers through them), so each
 * caller falls back as it would without a template: tsx, an empty DATA_DIR, migrating itself.
 */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  return process.env.VITEST ? inject(key) : undefined;
}
