import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@funkeln/contracts/admin';
import type { Statement } from '@funkeln/contracts/decisions';
import { MESSAGE_REMOVED_TEXT } from '@funkeln/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { conversation, type DecisionsWorld, mailsTo, objectionToken, photoMember, startDecisionsWorld, statementByToken, stopDecisionsWorld } from '../../../test/decisions.js';

// Issue 57 item 3 (DSA Art. 17): every restriction, automatic or by the team, comes with a statement of
// reasons in the same transaction, mailed through the real SMTP server and listed in the app.

let w: DecisionsWorld;
beforeAll(async () => {
  w = await startDecisionsWorld('statements-admin@example.org');
}, 60_000);
afterAll(() => stopDecisionsWorld(w));

const mine = async (token: string) => (await w.api('GET', '/api/me/decisions', token)).json<{ items: Statement[] }>().items;
const audit = async () => (await w.api('GET', '/api/admin/audit', w.admin.token)).json<AuditEntry[]>();

describe('statements of reasons', () => {
  it('a photo the automatic check refuses: statement (automated detection and decision), mail with a link, list entry, audit line', async () => {
    const mia = await photoMember(w, 'Mia');
    w.moderation.explicit = true;
    const body = multipart(await makeJpeg(500, 400));
    const upload = await w.t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(mia.token) } });
    w.moderation.explicit = false;
    expect(upload.statusCode).toBe(200);
    const photo = upload.json<{ photo: { id: string; status: string } }>().photo;
    expect(photo.status).toBe('rejected');
    const photoId = photo.id;

    const [statement] = await mine(mia.token);
    expect(statement).toMatchObject({
      kind: 'photo_refused_auto',
      title: 'Dein Foto wurde nicht freigegeben',
      rule: { id: 'sexual_content', title: 'Keine Nacktheit' },
      automatedDetection: true,
      automatedDecision: true,
      canObject: true,
      objection: null,
    });
    expect(statement!.automation).toContain('automatische Bildprüfung');
    expect(statement!.redress).toContain('Art. 21 DSA');
    // Six months to object (DSA Art. 20(1)).
    const months = (new Date(statement!.objectionUntil).getTime() - new Date(statement!.createdAt).getTime()) / (24 * 3600 * 1000);
    expect(months).toBeGreaterThanOrEqual(181);
    expect(months).toBeLessThanOrEqual(185);
    // An admin hiding the refused photo (never shown to anyone) adds no second statement (red team).
    expect((await w.api('POST', `/api/admin/photos/${photoId}/disable`, w.admin.token)).statusCode).toBe(200);
    expect((await mine(mia.token)).map((d) => d.kind)).toEqual(['photo_refused_auto']);

    const [mail] = await mailsTo(w, mia.email, 'Dein Foto wurde nicht freigegeben');
    expect(mail?.text).toContain('Regel: Keine Nacktheit');
    expect(mail?.text).toContain('Widerspruch');
    expect(mail?.text).not.toMatch(/\b(Porn|Hentai|Sexy)\b/);
    const byLink = await statementByToken(w, objectionToken(mail));
    expect(byLink.status).toBe(200);
    expect(byLink.statement.id).toBe(statement!.id);

    const lines = (await audit()).filter((a) => a.target === statement!.id);
    expect(lines).toMatchObject([{ action: 'decision.issued', admin: 'Automatische Prüfung', member: 'Mia', details: { kind: 'photo_refused_auto', object: photoId } }]);
  });

  it('an admin disabling a photo with a chosen rule: statement (decided by a person), mail; a second disable adds none', async () => {
    const lea = await photoMember(w, 'Lea');
    const res = await w.api('POST', `/api/admin/photos/${lea.photoId}/disable`, w.admin.token, { rule: 'own_photos' });
    expect(res.statusCode).toBe(200);
    expect((await w.api('POST', `/api/admin/photos/${lea.photoId}/disable`, w.admin.token)).statusCode).toBe(200);
    const items = await mine(lea.token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'photo_removed', rule: { id: 'own_photos' }, automatedDetection: false, automatedDecision: false });
    expect(items[0]!.automation).toContain('Mensch aus unserem Team');
    expect(await mailsTo(w, lea.email, 'Dein Foto wurde gesperrt')).toHaveLength(1);
    expect((await audit()).filter((a) => a.action === 'photo.disable' && a.target === lea.photoId).map((a) => a.details.rule)).toContain('own_photos');
  });

  it("the spec's routes without a body still work, with the action's default rule; bad rules and ids are 400", async () => {
    const ina = await photoMember(w, 'Ina');
    expect((await w.t.app.inject({ method: 'POST', url: `/api/admin/photos/${ina.photoId}/disable`, headers: bearer(w.admin.token) })).statusCode).toBe(200);
    expect((await mine(ina.token))[0]?.rule.id).toBe('sexual_content');
    expect((await w.api('POST', `/api/admin/users/${ina.id}/suspend`, w.admin.token, { rule: 'gibt_es_nicht' })).statusCode).toBe(400);
    expect((await w.api('POST', `/api/admin/users/${ina.id}/suspend`, w.admin.token, { rule: 'respect\u0000' })).statusCode).toBe(400);
    expect((await w.api('POST', '/api/admin/messages/keine-id/remove', w.admin.token)).statusCode).toBe(400);
    expect((await w.api('POST', `/api/admin/messages/${randomUUID()}/remove`, w.admin.token)).json()).toMatchObject({ error: 'not_found', message: 'Diese Nachricht gibt es nicht.' });
  });

  it('a suspension: statement and mail although the member can no longer sign in; the link still opens it', async () => {
    const ben = await photoMember(w, 'Ben', 'male');
    // What the team found goes into the statement (DSA Art. 17(3)(b); red team: the template alone said nothing concrete).
    const found = 'Du hast mehrere Mitglieder um Geld für ein Flugticket gebeten.';
    expect((await w.api('POST', `/api/admin/users/${ben.id}/suspend`, w.admin.token, { rule: 'no_scam', facts: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await w.api('POST', `/api/admin/users/${ben.id}/suspend`, w.admin.token, { rule: 'no_scam', facts: `  ${found}  ` })).statusCode).toBe(200);
    expect((await w.api('GET', '/api/me/decisions', ben.token)).statusCode).toBe(401);
    const [mail] = await mailsTo(w, ben.email, 'Dein Konto wurde gesperrt');
    const { status, statement } = await statementByToken(w, objectionToken(mail));
    expect(status).toBe(200);
    expect(statement).toMatchObject({ kind: 'account_suspended', object: 'Dein Funkeln-Konto', rule: { id: 'no_scam' }, canObject: true });
    expect(statement.facts).toContain(`Was wir festgestellt haben: ${found}`);
    expect(mail?.text).toContain(found);
  });

  it('an admin removing a message: both read the placeholder, the sender gets a statement naming her own words and nothing of the recipient', async () => {
    const { eva, bodo, messageId } = await conversation(w, 'Kannst du mir 200 Euro per PayPal schicken? Gutschein geht auch');
    expect((await w.api('GET', `/api/conversations/${bodo.id}`, eva.token)).body).toContain('"hint":"money"');
    expect((await w.api('POST', `/api/admin/messages/${messageId}/remove`, w.admin.token, { rule: 'no_scam' })).statusCode).toBe(200);
    // Again: nothing more happens.
    expect((await w.api('POST', `/api/admin/messages/${messageId}/remove`, w.admin.token)).statusCode).toBe(200);
    for (const [me, other] of [[eva, bodo], [bodo, eva]] as const) {
      const res = await w.api('GET', `/api/conversations/${other.id}`, me.token);
      expect(res.body).toContain(MESSAGE_REMOVED_TEXT);
      expect(res.body).not.toContain('Gutschein');
    }
    expect((await w.api('GET', '/api/messages', eva.token)).body).not.toContain('Gutschein');
    // The recipient's scam hint went with the words.
    expect((await w.api('GET', `/api/conversations/${bodo.id}`, eva.token)).body).not.toContain('"hint":"money"');
    const items = await mine(bodo.token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'message_removed', title: 'Eine Nachricht von dir wurde entfernt', rule: { id: 'no_scam' } });
    expect(items[0]!.object).toContain('Kannst du mir 200 Euro per PayPal schicken?');
    const shown = JSON.stringify(items[0]);
    expect(shown).not.toContain(eva.id);
    expect(shown).not.toContain('Eva');
    expect(shown).not.toContain(eva.email);
    const [mail] = await mailsTo(w, bodo.email, 'Eine Nachricht von dir wurde entfernt');
    expect(mail?.text).not.toContain('Eva');
    expect(await mine(eva.token)).toEqual([]);
    // Art. 15 DSGVO: the data export holds the statement (never the link's token hash).
    const exported = await w.api('GET', '/api/me/export', bodo.token);
    expect(exported.json<{ decisions: unknown[] }>().decisions).toEqual([expect.objectContaining({ id: items[0]!.id, kind: 'message_removed', rule: 'no_scam', objection: null })]);
    expect(exported.body).not.toContain('token_hash');
  });

  it('the team refusing a photo verification: statement with the verification rule (the machine flagged it, a person decided)', async () => {
    const ida = await photoMember(w, 'Ida');
    const attemptId = randomUUID();
    await w.t.c.db.query(
      "INSERT INTO verification_attempts (id, user_id, instruction, expires_at, status, main_photo_id, matched_photo_ids) VALUES ($1, $2, 'turn_left', now() + interval '10 minutes', 'uncertain', $3, ARRAY[$3]::uuid[])",
      [attemptId, ida.id, ida.photoId],
    );
    expect((await w.api('POST', `/api/admin/verifications/${attemptId}/decision`, w.admin.token, { approve: false })).statusCode).toBe(200);
    const [statement] = await mine(ida.token);
    expect(statement).toMatchObject({ kind: 'verification_refused', rule: { id: 'verification_match' }, automatedDetection: true, automatedDecision: false });
    expect(await mailsTo(w, ida.email, 'Deine Foto-Verifizierung wurde abgelehnt')).toHaveLength(1);
  });

  it('a restriction that fails writes no statement and no mail (one transaction)', async () => {
    const before = await w.t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM decisions');
    expect((await w.api('POST', `/api/admin/photos/${randomUUID()}/disable`, w.admin.token, { rule: 'respect' })).statusCode).toBe(404);
    expect((await w.api('POST', `/api/admin/users/${randomUUID()}/suspend`, w.admin.token)).statusCode).toBe(404);
    expect(await w.t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM decisions')).toEqual(before);
  });
});
