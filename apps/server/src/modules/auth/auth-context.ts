import type { Role } from '@funkeln/contracts/auth';
import type { UserRow } from './users.repo.js';

/** The session a request is made in: what the auth hook puts on `request.auth`. */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session, set by the one authentication hook (platform/http/endpoint-auth.ts) on every endpoint above visitor. */
    auth: AuthContext | null;
  }
}
