// Public face of the auth module (register, login, sessions, verification, password reset, Google; the members read service): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { AuthService } from './auth.service.js';
export { GoogleSignIn } from './google/google.service.js';
export { LoginCodeService } from './login-codes.service.js';
export { MailRequestQueue } from './mail-requests.js';
export { disableNotificationMail, extendPremium, findAccountAddress, findMailContact, findPremiumUntil, findShownMember, memberExists, recordTermsAcceptance, shownMember, type MailContact } from './members.js';
export { assertStrongPassword } from './password-policy.js';
export { PasswordResetService } from './password-reset.service.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { isPremium } from './premium.js';
export { MAIL_TOKEN_TTL_SECONDS } from './mail-tokens.service.js';
export { liveSessionsQuery, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SessionService } from './sessions.service.js';
export type { AuthContext } from './auth-context.js';
export { VerificationService } from './verification.service.js';
export { createAuthModule } from './module.js';
