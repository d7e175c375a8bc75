import type { Statement } from '@funkeln/contracts/decisions';
import type { NsfwScores } from '../src/modules/photos/moderation/decision.js';
import type { Moderator } from '../src/modules/photos/moderation/moderator.js';
import { createTestApp, register, type TestApp } from './harness.js';
import { apiAs, buyPack, type ApiMember } from './members.js';
import { startSmtpServer, type CapturedMail, type TestSmtp } from './smtp.js';
import { memberWithPhoto } from './swipers.js';

const SAFE: NsfwScores = { Drawing: 0.02, Hentai: 0.01, Neutral: 0.95, Porn: 0.01, Sexy: 0.01 };
const EXPLICIT: NsfwScores = { Drawing: 0.0, Hentai: 0.05, Neutral: 0.02, Porn: 0.9, Sexy: 0.03 };

/** A moderator whose next verdicts the test sets: safe unless `explicit` is switched on. */
export function scriptedModerator() {
  const state = { explicit: false };
  const moderator: Moderator = { classify: async () => (state.explicit ? EXPLICIT : SAFE), close: async () => undefined };
  return { moderator, state };
}

export interface DecisionsWorld {
  t: TestApp;
  smtp: TestSmtp;
  api: ReturnType<typeof apiAs>;
  admin: ApiMember;
  moderation: { explicit: boolean };
  berlin: number;
}

/** An app with a real SMTP server, a scripted moderator, Berlin looked up and a confirmed admin. */
export async function startDecisionsWorld(adminEmail: string): Promise<DecisionsWorld> {
  const smtp = await startSmtpServer();
  const { moderator, state } = scriptedModerator();
  const t = await createTestApp({ ADMIN_EMAILS: adminEmail, SMTP_URL: smtp.url }, {}, { moderator });
  const api = apiAs(t.app);
  await t.c.places.ensureLoaded();
  const berlin = (await t.c.places.search('Berlin'))[0]!.id;
  const { token } = await register(t.app, adminEmail, undefined, 'Admina');
  await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', [adminEmail]);
  const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
  return { t, smtp, api, admin: { id, token, name: 'Admina' }, moderation: state, berlin };
}

export async function stopDecisionsWorld(w: DecisionsWorld | undefined): Promise<void> {
  await w?.t.close();
  await w?.smtp.close();
}

/** A member with an approved photo; their address is answered too (for the mails). */
export async function photoMember(w: DecisionsWorld, name: string, gender: 'female' | 'male' = 'female'): Promise<ApiMember & { email: string; photoId: string }> {
  const m = await memberWithPhoto(w.t.app, { name, gender, wants: gender === 'female' ? ['male'] : ['female'], placeId: w.berlin });
  const [row] = await w.t.c.db.query<{ email: string; photo: string }>('SELECT u.email, p.id AS photo FROM users u JOIN photos p ON p.user_id = u.id WHERE u.id = $1', [m.id]);
  return { ...m, email: row!.email, photoId: row!.photo };
}

/** Two matched members; the man has credits and has written `body` to the woman. Answers both and the message id. */
export async function conversation(w: DecisionsWorld, body: string) {
  const eva = await photoMember(w, 'Eva', 'female');
  const bodo = await photoMember(w, 'Bodo', 'male');
  await w.api('POST', `/api/likes/${eva.id}?type=like`, bodo.token);
  await w.api('POST', `/api/likes/${bodo.id}?type=like`, eva.token);
  await buyPack(w.t.app, bodo.token, 'starter');
  const sent = await w.api('POST', `/api/messages/${eva.id}`, bodo.token, { body });
  if (sent.statusCode !== 200) throw new Error(`message failed: ${sent.statusCode} ${sent.body}`);
  const [row] = await w.t.c.db.query<{ id: string }>('SELECT id FROM messages WHERE sender_id = $1 ORDER BY created_at DESC LIMIT 1', [bodo.id]);
  return { eva, bodo, messageId: row!.id };
}

/** Delivers the outbox through the real SMTP server; answers the mails to `address` with `subject`. */
export async function mailsTo(w: DecisionsWorld, address: string, subject: string): Promise<CapturedMail[]> {
  await w.t.c.mailSender.drain();
  return w.smtp.mailsTo(address).filter((m) => m.subject === subject);
}

/** The token of the /widerspruch link in a statement mail. */
export function objectionToken(mail: CapturedMail | undefined): string {
  const match = mail?.text.match(/https?:\/\/[^\s]+\/widerspruch\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no objection link in mail: ${mail?.text ?? '(none)'}`);
  return match[1];
}

/** The statement behind a token, through the visitor endpoint. */
export async function statementByToken(w: DecisionsWorld, token: string): Promise<{ status: number; statement: Statement; body: string }> {
  const res = await w.t.app.inject({ method: 'POST', url: '/api/decisions/by-link', payload: { token }, remoteAddress: '10.9.9.9' });
  return { status: res.statusCode, statement: res.json<Statement>(), body: res.body };
}
