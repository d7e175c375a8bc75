import type { AdminReport, AuditEntry, PendingPhoto } from '@funkeln/contracts/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { confirmEmail, memberWithProfile, type ApiMember } from '../../../test/members.js';
import type { Moderator } from '../photos/moderation/moderator.js';

/** Every upload waits for a human (grey zone). */
const reviewAll: Moderator = {
  classify: async () => ({ Drawing: 0.01, Hentai: 0.01, Neutral: 0.2, Porn: 0.75, Sexy: 0.03 }),
  close: async () => undefined,
};

const t = useTestApp({ env: { ADMIN_EMAILS: 'chefin@example.org' }, overrides: { moderator: reviewAll } });
let admin: string;

beforeAll(async () => {
  const { token } = await register(t.app, 'chefin@example.org', 'Kiwi-Wolke-Geheim-42', 'Chefin');
  await confirmEmail(t.c, (await t.api('GET', '/api/me', token)).json<{ id: string }>().id);
  admin = token;
});

async function upload(member: ApiMember): Promise<string> {
  const body = multipart(await makeJpeg(800, 600));
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
  return res.json<{ photo: { id: string } }>().photo.id;
}

const emailOf = async (id: string) => (await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]))[0]!.email;
const reports = async () => (await t.api('GET', '/api/admin/reports', admin)).json<AdminReport[]>();

describe('admin queues (issue 20)', () => {
  it('name the member of a pending photo, without e-mail or birth date; members get 403', async () => {
    const owner = await memberWithProfile(t.app, 'Wartende Wilma', 'female');
    const photoId = await upload(owner);
    const res = await t.api('GET', '/api/admin/photos/pending', admin);
    expect(res.json<PendingPhoto[]>().find((p) => p.id === photoId)).toMatchObject({ user_id: owner.id, user_name: 'Wartende Wilma' });
    expect(res.body).not.toContain(await emailOf(owner.id));
    expect(res.body).not.toContain('1994-03-02');
    for (const url of ['/api/admin/photos/pending', '/api/admin/reports']) expect((await t.api('GET', url, owner.token)).statusCode, url).toBe(403);
  });

  it('show a reported photo with a working signed link and its state; hide and show act on it', async () => {
    const owner = await memberWithProfile(t.app, 'Fotografierte', 'female');
    const reporter = await memberWithProfile(t.app, 'Hinweisgeber', 'male');
    const photoId = await upload(owner);
    expect((await t.api('POST', `/api/admin/photos/${photoId}/enable`, admin)).statusCode).toBe(200);
    const filed = await t.api('POST', '/api/reports', reporter.token, { photoId, reason: 'spam' });
    expect(filed.statusCode).toBe(200);
    const id = filed.json<{ id: string }>().id;

    const report = (await reports()).find((r) => r.id === id);
    expect(report).toMatchObject({ photo_id: photoId, reporter: 'Hinweisgeber', reported: { id: owner.id, name: 'Fotografierte' } });
    expect(report?.photo).toMatchObject({ id: photoId, moderation_status: 'approved', disabled: false });
    const image = await t.app.inject({ method: 'GET', url: report!.photo!.thumbUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    expect((await t.api('POST', `/api/admin/photos/${photoId}/disable`, admin)).statusCode).toBe(200);
    expect((await reports()).find((r) => r.id === id)?.photo).toMatchObject({ disabled: true });
    // A hidden photo still shows to the admin (owner-scope link).
    expect((await t.app.inject({ method: 'GET', url: (await reports()).find((r) => r.id === id)!.photo!.thumbUrl })).statusCode).toBe(200);
    expect((await t.api('POST', `/api/admin/photos/${photoId}/enable`, admin)).statusCode).toBe(200);
    expect((await reports()).find((r) => r.id === id)?.photo).toMatchObject({ disabled: false });

    // The log names the member each action concerned.
    expect((await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, {})).statusCode).toBe(200);
    const audit = (await t.api('GET', '/api/admin/audit', admin)).json<AuditEntry[]>();
    expect(audit.slice(0, 3).map((a) => [a.action, a.target, a.member])).toEqual([
      ['report.resolved', id, 'Fotografierte'],
      ['photo.enable', photoId, 'Fotografierte'],
      ['photo.disable', photoId, 'Fotografierte'],
    ]);
  });

  it('log the suspended member by name and no member for a settings change', async () => {
    const member = await memberWithProfile(t.app, 'Gesperrter', 'male');
    expect((await t.api('POST', `/api/admin/users/${member.id}/suspend`, admin)).statusCode).toBe(200);
    expect((await t.api('PUT', '/api/admin/settings', admin, { DEBUG: 'false' })).statusCode).toBe(200);
    const audit = (await t.api('GET', '/api/admin/audit', admin)).json<AuditEntry[]>();
    expect(audit.slice(0, 2).map((a) => [a.action, a.member])).toEqual([
      ['settings.update', null],
      ['user.suspend', 'Gesperrter'],
    ]);
  });

  it('carry no photo for a profile report, nor once the reported photo is deleted', async () => {
    const owner = await memberWithProfile(t.app, 'Löschende', 'female');
    const reporter = await memberWithProfile(t.app, 'Melder', 'male');
    const photoId = await upload(owner);
    await t.api('POST', `/api/admin/photos/${photoId}/enable`, admin);
    const byPhoto = (await t.api('POST', '/api/reports', reporter.token, { photoId, reason: 'spam' })).json<{ id: string }>().id;
    const byProfile = (await t.api('POST', '/api/reports', reporter.token, { userId: owner.id, reason: 'spam' })).json<{ id: string }>().id;
    expect((await reports()).find((r) => r.id === byProfile)?.photo).toBeNull();
    expect((await t.api('DELETE', `/api/me/photos/${photoId}`, owner.token)).statusCode).toBe(200);
    expect((await reports()).find((r) => r.id === byPhoto)).toMatchObject({ photo_id: null, photo: null });
  });
});
