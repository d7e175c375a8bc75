import type { ErrorCode } from '@funkeln/contracts/errors';

/**
 * The typed failure of an API call. Side-effect free (no token storage, no window), so forms,
 * pure mapping functions and their tests import it without the HTTP client.
 */

/** Failures the client itself detects: no answer, an answer that breaks its contract, a body without a code. */
type ClientErrorCode = 'network_error' | 'invalid_response' | 'unknown_error';

/** A catalogue code (@funkeln/contracts/errors) or one the client detected itself. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** A failed call: HTTP status (0 without answer), the catalogue code and the server's German message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** The code of a failed call, or null for anything that is not an ApiError. */
export function errorCode(error: unknown): ApiErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The server's German message for a failed call, else the caller's German fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Failures worth one more try (no answer, the server briefly down or failing); a refusal by code stays a refusal. */
export function isTransient(error: unknown): boolean {
  const code = errorCode(error);
  return code === null || code === 'network_error' || code === 'unavailable' || code === 'internal_error';
}
