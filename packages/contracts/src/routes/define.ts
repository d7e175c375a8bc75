import type { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors.js';
import type { RateLimitPolicy } from './limits.js';

/**
 * Who may call an endpoint, checked by the server's one authentication hook before anything of the
 * request is parsed or validated (an anonymous request with a bad body is a 401, not a 400):
 * visitor: anyone; member: a live session; verified: a live session of a member whose e-mail is
 * confirmed; admin: a live session with the admin role.
 */
export type AuthLevel = 'visitor' | 'member' | 'verified' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint, declared once: the server registers it from this (routes, validation, OpenAPI,
 * the auth hook, the rate limits) and the web app calls it through it. `path` is the full URL path
 * with `:name` parameters. Without `response` the endpoint answers something other than JSON (a
 * page, a redirect, image bytes) and the web app links to it (hrefOf) instead of calling it.
 */
export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthLevel;
  /**
   * 'optional' on a visitor endpoint: a valid bearer session is read and becomes the request's
   * member; none, or one that has ended, is a visitor (never a 401).
   */
  readonly session?: 'optional';
  /** The 'email_not_verified' variant a `verified` endpoint answers with (its message names the feature). */
  readonly unverified?: ErrorParams<'email_not_verified'>;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  /**
   * A JSON body's schema; 'multipart' for a file upload (read by the handler as a stream); 'raw' for
   * bytes checked by the handler itself (a provider's signed webhook).
   */
  readonly body?: z.ZodType | 'multipart' | 'raw';
  readonly response?: z.ZodType;
  /** The catalogue codes the endpoint's own rules answer; those of its auth level and limits are added. */
  readonly errors: readonly ErrorCode[];
  /** Fixed-window limits counted by the server's hook, after authentication and before the body is read. */
  readonly limits?: readonly RateLimitPolicy[];
  /** The OpenAPI tag (the domain). */
  readonly tag: string;
  /** A line for the OpenAPI document. */
  readonly summary?: string;
  /** Left out of the OpenAPI document (a provider's webhook). */
  readonly hidden?: boolean;
}

/** Declares an endpoint, keeping its literal path and schema types for the server and the web client. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** The parameter names of a path such as '/api/likes/received/:flirtId/accept'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<PathParamNames<P>, string>;

/** The codes an endpoint may answer: its own plus those its auth level and limits imply. */
export function endpointErrors(e: EndpointSpec): ErrorCode[] {
  const codes: ErrorCode[] = [...e.errors];
  if (e.auth !== 'visitor') codes.push('unauthorized');
  if (e.auth === 'verified') codes.push('email_not_verified');
  if (e.auth === 'admin') codes.push('forbidden');
  if (e.limits?.length) codes.push('rate_limited');
  return [...new Set(codes)];
}

/** The endpoint's path with its parameters filled in (each encoded as one path segment). */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  const values: Record<string, string> = params;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
