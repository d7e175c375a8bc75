import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@funkeln/contracts/admin';
import type { AdminObjection, Statement } from '@funkeln/contracts/decisions';
import { MESSAGE_REMOVED_TEXT } from '@funkeln/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { conversation, type DecisionsWorld, mailsTo, objectionToken, photoMember, startDecisionsWorld, statementByToken, stopDecisionsWorld } from '../../../test/decisions.js';

// Issue 57 item 3 (DSA Art. 20): the member objects through the mailed link (while suspended too) or in
// the app, once per decision, for six months; a person decides in the admin queue; the answer is mailed.

let w: DecisionsWorld;
beforeAll(async () => {
  w = await startDecisionsWorld('objections-admin@example.org');
}, 60_000);
afterAll(() => stopDecisionsWorld(w));

let address = 0;
/** Each call from its own client address, so the per-address limit stays out of the way (one test checks it). */
const visitor = (url: string, payload: object, remoteAddress = `10.77.${Math.floor(++address / 250)}.${address % 250}`) =>
  w.t.app.inject({ method: 'POST', url, payload, remoteAddress });
const objectByLink = (token: string, text: string) => visitor('/api/decisions/by-link/objection', { token, text });
const queue = async () => (await w.api('GET', '/api/admin/objections', w.admin.token)).json<AdminObjection[]>();
const decide = (id: string, outcome: 'uphold' | 'reverse', answer: string, token = w.admin.token) =>
  w.api('POST', `/api/admin/objections/${id}/decide`, token, { outcome, answer });

/** Suspends a fresh member and answers them with the token of their statement mail. */
async function suspended(name: string) {
  const m = await photoMember(w, name, 'male');
  expect((await w.api('POST', `/api/admin/users/${m.id}/suspend`, w.admin.token, { rule: 'respect' })).statusCode).toBe(200);
  const [mail] = await mailsTo(w, m.email, 'Dein Konto wurde gesperrt');
  return { ...m, link: objectionToken(mail) };
}

describe('objections', () => {
  it('a suspended member objects through the link; an admin reverses it: unsuspended, answer mailed, audit lines for all three steps', async () => {
    const kai = await suspended('Kai');
    const filed = await objectByLink(kai.link, 'Ich habe niemanden beleidigt, das war ein Missverständnis.');
    expect(filed.statusCode).toBe(200);
    expect(filed.json<Statement>()).toMatchObject({ canObject: false, objection: { status: 'open', answer: null, text: 'Ich habe niemanden beleidigt, das war ein Missverständnis.' } });

    // Only admins see and decide the queue.
    const other = await photoMember(w, 'Nele');
    expect((await w.api('GET', '/api/admin/objections', other.token)).statusCode).toBe(403);
    const item = (await queue()).find((o) => o.member?.id === kai.id);
    expect(item).toMatchObject({ reversal: 'Sperre aufheben', statement: { kind: 'account_suspended', objection: { status: 'open' } }, thumbUrl: null });
    expect((await decide(item!.id, 'reverse', 'Du hast recht.', other.token)).statusCode).toBe(403);

    const res = await decide(item!.id, 'reverse', 'Du hast recht, wir haben die Sperre aufgehoben. Entschuldige bitte.');
    expect(res.statusCode).toBe(200);
    const [row] = await w.t.c.db.query<{ suspended: boolean }>('SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1', [kai.id]);
    expect(row?.suspended).toBe(false);
    const login = await w.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: kai.email, password: 'Kiwi-Wolke-Geheim-42' }, remoteAddress: '10.55.0.1' });
    expect(login.statusCode).toBe(200);

    const [answer] = await mailsTo(w, kai.email, 'Dein Widerspruch war erfolgreich');
    expect(answer?.text).toContain('Du hast recht, wir haben die Sperre aufgehoben.');
    // The link still shows the statement, now with the answer.
    expect((await statementByToken(w, kai.link)).statement.objection).toMatchObject({ status: 'reversed', answer: 'Du hast recht, wir haben die Sperre aufgehoben. Entschuldige bitte.' });

    const audit = (await w.api('GET', '/api/admin/audit', w.admin.token)).json<AuditEntry[]>();
    const statementId = (await statementByToken(w, kai.link)).statement.id;
    expect(audit.filter((a) => a.target === statementId).map((a) => a.action)).toEqual(['decision.issued']);
    expect(audit.filter((a) => a.target === item!.id).map((a) => [a.action, a.admin])).toEqual([
      ['objection.reversed', 'objections-admin@example.org'],
      ['objection.filed', 'Mitglied'],
    ]);
    // Decided once.
    expect((await decide(item!.id, 'uphold', 'Doch nicht.')).json()).toMatchObject({ error: 'objection_decided' });
    expect((await decide(randomUUID(), 'uphold', 'Nichts.')).json()).toMatchObject({ error: 'not_found', message: 'Diesen Widerspruch gibt es nicht.' });
  });

  it('a reversal does not lift a newer restriction of the same account or photo; the objection stays open (red team)', async () => {
    const ole = await suspended('Ole');
    expect((await objectByLink(ole.link, 'Das war ich nicht.')).statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/users/${ole.id}/unsuspend`, w.admin.token)).statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/users/${ole.id}/suspend`, w.admin.token, { rule: 'no_scam' })).statusCode).toBe(200);
    const item = (await queue()).find((o) => o.member?.id === ole.id && o.statement.objection?.status === 'open');
    const res = await decide(item!.id, 'reverse', 'Du hast recht.');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'objection_superseded' });
    const [row] = await w.t.c.db.query<{ suspended: boolean }>('SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1', [ole.id]);
    expect(row?.suspended).toBe(true);
    expect((await queue()).find((o) => o.id === item!.id)?.statement.objection?.status).toBe('open');
    // Upholding it (and saying why) is still possible.
    expect((await decide(item!.id, 'uphold', 'Die neuere Sperre bleibt; dazu kannst du gesondert widersprechen.')).statusCode).toBe(200);

    const pia = await photoMember(w, 'Pia');
    expect((await w.api('POST', `/api/admin/photos/${pia.photoId}/disable`, w.admin.token, { rule: 'own_photos' })).statusCode).toBe(200);
    const [first] = (await w.api('GET', '/api/me/decisions', pia.token)).json<{ items: Statement[] }>().items;
    expect((await w.api('POST', `/api/me/decisions/${first!.id}/objection`, pia.token, { text: 'Das bin ich.' })).statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/photos/${pia.photoId}/enable`, w.admin.token)).statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/photos/${pia.photoId}/disable`, w.admin.token, { rule: 'sexual_content' })).statusCode).toBe(200);
    const photoItem = (await queue()).find((o) => o.member?.id === pia.id);
    expect((await decide(photoItem!.id, 'reverse', 'Stimmt.')).json()).toMatchObject({ error: 'objection_superseded' });
    const [photo] = await w.t.c.db.query<{ disabled: boolean }>('SELECT disabled_at IS NOT NULL AS disabled FROM photos WHERE id = $1', [pia.photoId]);
    expect(photo?.disabled).toBe(true);
  });

  it("an admin cannot decide an objection about her own account (red team)", async () => {
    const admin = w.admin;
    const other = await photoMember(w, 'Quinn');
    // The admin's own account restricted by another admin: her objection is in the queue.
    await w.t.c.db.query("UPDATE users SET role = 'admin' WHERE id = $1", [other.id]);
    expect((await w.api('POST', `/api/admin/users/${admin!.id}/suspend`, other.token, { rule: 'respect' })).statusCode).toBe(200);
    const [mail] = await mailsTo(w, 'objections-admin@example.org', 'Dein Konto wurde gesperrt');
    expect((await objectByLink(objectionToken(mail), 'Irrtum.')).statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/users/${admin!.id}/unsuspend`, other.token)).statusCode).toBe(200);
    const login = await w.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'objections-admin@example.org', password: 'Kiwi-Wolke-Geheim-42' }, remoteAddress: '10.56.0.1' });
    const token = login.json<{ token: string }>().token;
    const own = (await w.api('GET', '/api/admin/objections', token)).json<AdminObjection[]>().find((o) => o.member?.id === admin!.id);
    const res = await decide(own!.id, 'reverse', 'Passt.', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'objection_own' });
    expect((await decide(own!.id, 'reverse', 'Passt.', other.token)).statusCode).toBe(200);
    w.admin.token = token;
  });

  it('upheld: the restriction stays, the answer names the further ways (Art. 21 DSA)', async () => {
    const lia = await photoMember(w, 'Lia');
    expect((await w.api('POST', `/api/admin/photos/${lia.photoId}/disable`, w.admin.token, { rule: 'sexual_content' })).statusCode).toBe(200);
    const [statement] = (await w.api('GET', '/api/me/decisions', lia.token)).json<{ items: Statement[] }>().items;
    const filed = await w.api('POST', `/api/me/decisions/${statement!.id}/objection`, lia.token, { text: 'Das ist ein Bikinifoto vom Strand.' });
    expect(filed.statusCode).toBe(200);
    const item = (await queue()).find((o) => o.member?.id === lia.id);
    expect(item?.thumbUrl).toMatch(/^\/api\/photos\//);
    expect((await decide(item!.id, 'uphold', 'Auf dem Foto ist leider zu viel zu sehen.')).statusCode).toBe(200);
    const [row] = await w.t.c.db.query<{ disabled: boolean }>('SELECT disabled_at IS NOT NULL AS disabled FROM photos WHERE id = $1', [lia.photoId]);
    expect(row?.disabled).toBe(true);
    const [answer] = await mailsTo(w, lia.email, 'Antwort auf deinen Widerspruch');
    expect(answer?.text).toContain('bleibt bestehen');
    expect(answer?.text).toContain('Art. 21 DSA');
    const [after] = (await w.api('GET', '/api/me/decisions', lia.token)).json<{ items: Statement[] }>().items;
    expect(after?.objection).toMatchObject({ status: 'upheld', answer: 'Auf dem Foto ist leider zu viel zu sehen.' });
  });

  it('reversal restores a removed message for both, and a refused photo shows again', async () => {
    const { eva, bodo, messageId } = await conversation(w, 'Du bist echt witzig');
    await w.api('POST', `/api/admin/messages/${messageId}/remove`, w.admin.token, { rule: 'respect' });
    const [statement] = (await w.api('GET', '/api/me/decisions', bodo.token)).json<{ items: Statement[] }>().items;
    await w.api('POST', `/api/me/decisions/${statement!.id}/objection`, bodo.token, { text: 'Das war ein Kompliment.' });
    const item = (await queue()).find((o) => o.member?.id === bodo.id);
    expect(item?.reversal).toBe('Nachricht wiederherstellen');
    expect((await decide(item!.id, 'reverse', 'Stimmt, das war freundlich.')).statusCode).toBe(200);
    const seen = await w.api('GET', `/api/conversations/${bodo.id}`, eva.token);
    expect(seen.body).toContain('Du bist echt witzig');
    expect(seen.body).not.toContain(MESSAGE_REMOVED_TEXT);

    const ole = await photoMember(w, 'Ole', 'male');
    await w.api('POST', `/api/admin/photos/${ole.photoId}/disable`, w.admin.token);
    const [photoStatement] = (await w.api('GET', '/api/me/decisions', ole.token)).json<{ items: Statement[] }>().items;
    await w.api('POST', `/api/me/decisions/${photoStatement!.id}/objection`, ole.token, { text: 'Das bin ich.' });
    const photoItem = (await queue()).find((o) => o.member?.id === ole.id);
    expect((await decide(photoItem!.id, 'reverse', 'Freigegeben.')).statusCode).toBe(200);
    const [row] = await w.t.c.db.query<{ status: string; disabled: boolean }>('SELECT status, disabled_at IS NOT NULL AS disabled FROM photos WHERE id = $1', [ole.photoId]);
    expect(row).toEqual({ status: 'approved', disabled: false });
  });

  it('reversal of a photo the model refused approves it; of a refused verification gives the badge (with the consent standing)', async () => {
    const uma = await photoMember(w, 'Uma');
    w.moderation.explicit = true;
    const body = multipart(await makeJpeg(520, 400));
    const upload = await w.t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(uma.token) } });
    w.moderation.explicit = false;
    const refused = upload.json<{ photo: { id: string } }>().photo.id;
    const [auto] = (await w.api('GET', '/api/me/decisions', uma.token)).json<{ items: Statement[] }>().items;
    await w.api('POST', `/api/me/decisions/${auto!.id}/objection`, uma.token, { text: 'Da ist nichts Nacktes zu sehen.' });
    const autoItem = (await queue()).find((o) => o.statement.id === auto!.id);
    expect(autoItem?.reversal).toBe('Foto freigeben');
    expect((await decide(autoItem!.id, 'reverse', 'Stimmt, die automatische Prüfung hat sich geirrt.')).statusCode).toBe(200);
    const [photo] = await w.t.c.db.query<{ status: string }>('SELECT status FROM photos WHERE id = $1', [refused]);
    expect(photo?.status).toBe('approved');

    expect((await w.api('PUT', '/api/me/verification/consent', uma.token, { given: true })).statusCode).toBe(200);
    const attemptId = randomUUID();
    await w.t.c.db.query(
      "INSERT INTO verification_attempts (id, user_id, instruction, expires_at, status, main_photo_id, matched_photo_ids) VALUES ($1, $2, 'turn_left', now() + interval '10 minutes', 'uncertain', $3, ARRAY[$3]::uuid[])",
      [attemptId, uma.id, uma.photoId],
    );
    await w.api('POST', `/api/admin/verifications/${attemptId}/decision`, w.admin.token, { approve: false });
    const verification = (await w.api('GET', '/api/me/decisions', uma.token)).json<{ items: Statement[] }>().items.find((i) => i.kind === 'verification_refused');
    await w.api('POST', `/api/me/decisions/${verification!.id}/objection`, uma.token, { text: 'Das bin wirklich ich.' });
    const item = (await queue()).find((o) => o.statement.id === verification!.id);
    expect((await decide(item!.id, 'reverse', 'Wir haben noch einmal hingeschaut: Du bist es.')).statusCode).toBe(200);
    expect((await w.api('GET', '/api/me/verification', uma.token)).json()).toMatchObject({ verified: true });
  });

  it('one objection per decision: parallel submits make one, a replayed link changes nothing', async () => {
    const tom = await suspended('Tom');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => objectByLink(tom.link, `Widerspruch Nummer ${i}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const statementId = (await statementByToken(w, tom.link)).statement.id;
    const rows = await w.t.c.db.query<{ body: string }>('SELECT body FROM objections WHERE decision_id = $1', [statementId]);
    expect(rows).toHaveLength(1);
    const replay = await objectByLink(tom.link, 'Noch ein Versuch');
    expect(replay.json<Statement>().objection?.text).toBe(rows[0]!.body);
    expect((await queue()).filter((o) => o.member?.id === tom.id)).toHaveLength(1);
  });

  it('unknown, altered and expired links get the same answer; the app refuses after six months and hides other members’ decisions', async () => {
    const jan = await suspended('Jan');
    const invalid = { error: 'decision_link_invalid', message: 'Dieser Link ist ungültig oder abgelaufen.' };
    const altered = `${jan.link.slice(0, -1)}${jan.link.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['x'.repeat(43), altered]) {
      expect((await visitor('/api/decisions/by-link', { token })).json()).toEqual(invalid);
      expect((await objectByLink(token, 'Hallo')).json()).toEqual(invalid);
    }
    const statementId = (await statementByToken(w, jan.link)).statement.id;
    await w.t.c.db.query("UPDATE decisions SET created_at = now() - interval '7 months', objection_until = now() - interval '1 month' WHERE id = $1", [statementId]);
    const expired = await visitor('/api/decisions/by-link', { token: jan.link });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(invalid);
    expect((await objectByLink(jan.link, 'Zu spät')).json()).toEqual(invalid);

    // In the app: the statement stays listed, the period is over.
    const ute = await photoMember(w, 'Ute');
    await w.api('POST', `/api/admin/photos/${ute.photoId}/disable`, w.admin.token);
    const [own] = (await w.api('GET', '/api/me/decisions', ute.token)).json<{ items: Statement[] }>().items;
    await w.t.c.db.query("UPDATE decisions SET created_at = now() - interval '7 months', objection_until = now() - interval '1 minute' WHERE id = $1", [own!.id]);
    const late = await w.api('POST', `/api/me/decisions/${own!.id}/objection`, ute.token, { text: 'Zu spät?' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'objection_period_over' });
    expect((await w.api('GET', '/api/me/decisions', ute.token)).json<{ items: Statement[] }>().items[0]).toMatchObject({ canObject: false });

    // Another member's decision id is unknown to her.
    const lou = await photoMember(w, 'Lou');
    expect((await w.api('POST', `/api/me/decisions/${own!.id}/objection`, lou.token, { text: 'Fremd' })).json()).toMatchObject({ error: 'not_found', message: 'Diese Entscheidung gibt es nicht.' });
    expect((await w.api('POST', `/api/me/decisions/${statementId}/objection`, lou.token, { text: 'Fremd' })).statusCode).toBe(404);
  });

  it('bad input is a German 400 and writes nothing: NUL bytes, empty and overlong texts, broken ids and tokens', async () => {
    const eli = await suspended('Eli');
    for (const text of ['Hallo\u0000Welt', '   ', '\u200b\u200b', 'x'.repeat(2001)]) {
      const res = await objectByLink(eli.link, text);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/[äöüÄÖÜß]|Zeichen|widersprichst/);
    }
    expect((await visitor('/api/decisions/by-link', { token: 42 })).statusCode).toBe(400);
    expect((await visitor('/api/decisions/by-link', {})).statusCode).toBe(400);
    expect((await w.api('POST', '/api/me/decisions/keine-id/objection', w.admin.token, { text: 'x' })).statusCode).toBe(400);
    expect((await w.api('POST', `/api/admin/objections/${randomUUID()}/decide`, w.admin.token, { outcome: 'vielleicht', answer: 'x' })).statusCode).toBe(400);
    expect((await w.api('POST', `/api/admin/objections/${randomUUID()}/decide`, w.admin.token, { outcome: 'uphold', answer: '' })).statusCode).toBe(400);
    const statementId = (await statementByToken(w, eli.link)).statement.id;
    expect(await w.t.c.db.query('SELECT 1 FROM objections WHERE decision_id = $1', [statementId])).toEqual([]);
  });

  it('the link endpoints are limited per client address, whichever token is tried', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await visitor('/api/decisions/by-link', { token: `guess-${i}-${'y'.repeat(40)}` }, '10.99.99.99')).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(answers[30]).toBe(429);
  });
});
