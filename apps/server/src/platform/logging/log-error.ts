/** Database error fields worth logging: names and codes, never values (`detail` quotes them). */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine'] as const;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/**
 * An error as it may appear in a log line. Drivers attach what failed to their errors (PGlite the
 * query and its parameters, pg the offending values in `detail`), and parameters can be password
 * hashes, message texts or token hashes; so only an allow-list of fields is kept, causes included.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const out: LoggedError = { type: err.name || err.constructor.name, message: err.message, stack: err.stack };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}
