import type { Db, Queryable } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';
import { AppError } from '../../platform/http/errors.js';
import { insertLoginCode, takeLoginCode } from './login-codes.repo.js';
import type { SessionService } from './sessions.service.js';

export const LOGIN_CODE_TTL_SECONDS = 60;

/**
 * What an OAuth callback puts into /login?token=: a one-time code, not a session. It is redeemed
 * once, within a minute, and only together with the binding secret that went to the same browser
 * as an HttpOnly cookie, so a leaked or planted link signs no one in.
 */
export class LoginCodeService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  async issue(q: Queryable, userId: string): Promise<{ code: string; binding: string }> {
    const code = randomToken();
    const binding = randomToken();
    await insertLoginCode(q, { codeHash: sha256(code), bindingHash: sha256(binding), userId, ttlSeconds: LOGIN_CODE_TTL_SECONDS });
    return { code, binding };
  }

  /** Returns a new session token; the code is gone afterwards, whether it was accepted or not. */
  async exchange(code: string, binding: string | undefined): Promise<string> {
    const row = await takeLoginCode(this.db, sha256(code));
    if (!row?.live || !binding || sha256(binding) !== row.binding_hash) throw new AppError('invalid_login_code');
    return this.sessions.create(this.db, row.user_id);
  }
}
