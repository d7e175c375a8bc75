import { randomUUID } from 'node:crypto';
import type { AdminReport, AuditEntry } from '@funkeln/contracts/admin';
import type { MyReport } from '@funkeln/contracts/safety';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register } from '../../../test/harness.js';
import { confirmEmail, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { RECEIPTS_PER_ADDRESS } from './notices.service.js';

const t = useTestApp({ smtp: true, env: { ADMIN_EMAILS: 'chefin@example.org' } });
let admin: string;
let anna: ApiMember;
let ben: ApiMember;
let cleo: ApiMember;

let network = 0x100;
/** Each test its own network, so the per-network limits of one test do not reach the next. */
const freshNetwork = () => `2001:db8:${(++network).toString(16)}::1`;

async function notice(payload: object, remoteAddress = freshNetwork(), token?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/notices', payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json<{ id: string; message: string; error?: string }>() };
}

const profileNotice = (memberId: string, extra: object = {}) => ({
  target: { kind: 'profile', memberId },
  reason: 'fake_profile',
  details: 'Das Foto gehört jemand anderem.',
  goodFaith: true,
  ...extra,
});

const stored = (id: string) =>
  t.c.db.query<{ reported_id: string | null; reporter_id: string | null; channel: string; reporter_email: string | null; evidence: unknown; photo_id: string | null }>(
    'SELECT reported_id, reporter_id, channel, reporter_email, evidence, photo_id FROM reports WHERE id = $1',
    [id],
  );

async function mailsTo(address: string) {
  await t.c.mailSender.drain();
  return t.smtp.mailsTo(address);
}

async function confirmed(name: string, gender: 'female' | 'male'): Promise<ApiMember> {
  const m = await memberWithProfile(t.app, name, gender);
  await confirmEmail(t.c, m.id);
  return m;
}
const emailOf = async (id: string) => (await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]))[0]!.email;

beforeAll(async () => {
  const { token } = await register(t.app, 'chefin@example.org', 'Kiwi-Wolke-Geheim-42', 'Chefin');
  await confirmEmail(t.c, (await t.api('GET', '/api/me', token)).json<{ id: string }>().id);
  admin = token;
  [anna, ben, cleo] = await Promise.all([confirmed('Anna', 'female'), confirmed('Ben', 'male'), confirmed('Cleo', 'female')]);
}, 60_000);

describe('notices from visitors (DSA Art. 16)', () => {
  it('takes a notice with an address: a receipt at once by mail, naming the reference and the reason but not the member', async () => {
    const res = await notice(profileNotice(ben.id, { email: 'Besucherin@Example.org' }));
    expect(res.status).toBe(200);
    const ref = res.body.id.slice(0, 8).toUpperCase();
    expect(res.body.message).toContain(ref);
    expect(await stored(res.body.id)).toEqual([{ reported_id: ben.id, reporter_id: null, channel: 'notice', reporter_email: 'besucherin@example.org', evidence: null, photo_id: null }]);
    const [receipt, ...more] = await mailsTo('besucherin@example.org');
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`Deine Meldung ${ref} ist eingegangen`);
    expect(receipt?.text).toContain('Fake-Profil');
    expect(receipt?.text).not.toContain('Ben');
  });

  it('takes a notice without an address and says that no answer can come', async () => {
    const res = await notice(profileNotice(ben.id));
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Ohne E-Mail-Adresse');
    expect(await stored(res.body.id)).toHaveLength(1);
  });

  it('a photo notice from the share page names the main photo; a photo id of another member stores nothing', async () => {
    const res = await notice({ ...profileNotice(ben.id), target: { kind: 'photo', memberId: ben.id } });
    expect(res.status).toBe(200);
    expect(await stored(res.body.id)).toMatchObject([{ reported_id: ben.id, photo_id: null }]);
    const foreign = await notice({ ...profileNotice(ben.id), target: { kind: 'photo', memberId: ben.id, photoId: randomUUID() } });
    expect(foreign.status).toBe(200);
    expect(await stored(foreign.body.id)).toEqual([]);
  });

  it('answers alike for an existing, a suspended and an unknown member (status, body, receipt); only real accounts are stored', async () => {
    const sus = await confirmed('Susi', 'female');
    expect((await t.api('POST', `/api/admin/users/${sus.id}/suspend`, admin)).statusCode).toBe(200);
    const unknown = randomUUID();
    const answers = [];
    for (const [label, id] of [['shown', cleo.id], ['suspended', sus.id], ['unknown', unknown]] as const) {
      const email = `probe-${label}@example.org`;
      const res = await notice(profileNotice(id, { email }));
      const ref = res.body.id.slice(0, 8).toUpperCase();
      const mails = (await mailsTo(email)).map((m) => ({ subject: m.subject.replace(ref, 'REF'), text: m.text.replace(new RegExp(ref, 'g'), 'REF') }));
      answers.push({ status: res.status, keys: Object.keys(res.body).sort(), message: res.body.message.replace(ref, 'REF'), mails });
      expect((await stored(res.body.id)).length, label).toBe(label === 'unknown' ? 0 : 1);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('asks for an explanation and the good-faith statement on illegal content; bad input is a German 400 and writes nothing', async () => {
    const count = async () => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;
    const before = await count();
    const cases: [object, string][] = [
      [profileNotice(ben.id, { reason: 'fraud', details: '' }), 'Bitte erkläre'],
      [profileNotice(ben.id, { goodFaith: false }), 'Bitte bestätige'],
      [profileNotice(ben.id, { goodFaith: undefined }), 'Bitte bestätige'],
      [profileNotice(ben.id, { details: 'a\u0000b' }), 'unzulässige Zeichen'],
      [profileNotice(ben.id, { details: 'x'.repeat(2001) }), 'höchstens 2000'],
      [profileNotice(ben.id, { email: 'keine-adresse\u0000@example.org' }), 'E-Mail'],
      [profileNotice(ben.id, { reason: 'nonsense' }), 'Grund'],
      [profileNotice(`${ben.id}\u0000`), 'Ungültige'],
      [{ ...profileNotice(ben.id), target: { kind: 'share', memberId: ben.id } }, 'Bitte melde'],
    ];
    for (const [payload, text] of cases) {
      const res = await notice(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(text);
    }
    expect(await count()).toBe(before);
    // Illegal content with both: accepted.
    expect((await notice(profileNotice(ben.id, { reason: 'copyright', details: 'Das ist mein Foto aus meinem Urlaub.' }))).status).toBe(200);
  });

  it('a visitor cannot report a message or attach messages: the unknown message answer', async () => {
    const message = await notice({ ...profileNotice(ben.id), target: { kind: 'message', messageId: randomUUID() } });
    expect(message.status).toBe(404);
    const attached = await notice(profileNotice(ben.id, { attachMessages: true, evidenceIds: [randomUUID()] }));
    expect(attached.status).toBe(404);
  });

  it('limits per network (an IPv6 /64 is one) under parallel requests: exactly 10 an hour', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => notice(profileNotice(i % 2 ? ben.id : cleo.id, {}), `2001:db8:77:1::${(i + 1).toString(16)}`).then((r) => r.status)),
    );
    // 16 requests, two targets: the per-target limit (3 a day per network and target) bites first for each target.
    expect(answers.filter((s) => s === 200)).toHaveLength(6);
    const more = await Promise.all(Array.from({ length: 12 }, () => notice(profileNotice(randomUUID()), '2001:db8:78:1::1')));
    expect(more.filter((r) => r.status === 200)).toHaveLength(10);
    expect(more.filter((r) => r.status === 429).map((r) => r.body.error)).toEqual(['rate_limited', 'rate_limited']);
  });

  it('limits per network and target: 3 a day for one thing, then a German 429, also for unknown ids', async () => {
    for (const id of [ben.id, randomUUID()]) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => notice(profileNotice(id), '2001:db8:79:1::1')));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = answers.find((r) => r.status === 429);
      expect(refused?.body.message).toContain('heute schon gemeldet');
    }
  });

  it("sends a visitor's address at most 3 receipts a day, however many networks and ids: the notices are still taken (red team)", async () => {
    const answers = [];
    for (const email of ['Opfer@example.org', 'opfer+1@example.org', 'OPFER+zwei@EXAMPLE.org', 'opfer@example.org', 'opfer+3@example.org', 'opfer@example.org']) {
      answers.push(await notice(profileNotice(randomUUID(), { email })));
    }
    answers.push(await notice(profileNotice(ben.id, { email: 'opfer@example.org' })));
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
    expect(new Set(answers.map((a) => a.body.message.replace(/\(Nummer \w+\)/u, '')))).toHaveLength(1);
    const receipts = (await Promise.all(['opfer@example.org', 'opfer+1@example.org', 'opfer+zwei@example.org', 'opfer+3@example.org'].map(mailsTo))).flat();
    expect(receipts).toHaveLength(RECEIPTS_PER_ADDRESS);
    expect(await stored(answers[6]!.body.id)).toMatchObject([{ reported_id: ben.id, reporter_email: 'opfer@example.org' }]);
  });
});

describe('notices and reports of members, with the last messages attached', () => {
  let messages: string[] = [];

  beforeAll(async () => {
    // Cleo and Anna write; Ben's conversation with Anna is another.
    messages = [];
    for (const [from, to, body] of [
      [cleo, anna, 'Hallo Anna'],
      [anna, cleo, 'Hallo Cleo'],
      [cleo, anna, 'Schick mir Geld, sonst …'],
    ] as const) {
      const res = await t.api('POST', `/api/messages/${to.id}`, from.token, { body });
      expect(res.statusCode, res.body).toBe(200);
      messages.push(res.json<{ message: { id: string } }>().message.id);
    }
  });

  it('a member\'s notice is hers: the receipt goes to her address, her list shows it', async () => {
    const res = await notice(profileNotice(ben.id, { email: 'fremd@example.org' }), freshNetwork(), anna.token);
    expect(res.status).toBe(200);
    expect(await stored(res.body.id)).toMatchObject([{ reporter_id: anna.id, reporter_email: null }]);
    expect(await mailsTo('fremd@example.org')).toEqual([]);
    expect((await mailsTo(await emailOf(anna.id))).some((m) => m.subject.includes(res.body.id.slice(0, 8).toUpperCase()))).toBe(true);
    const mine = (await t.api('GET', '/api/me/reports', anna.token)).json<MyReport[]>();
    expect(mine.find((r) => r.id === res.body.id)).toMatchObject({ what: 'profile', reason: 'Fake-Profil', status: 'open', outcome: null });
    expect((await notice(profileNotice(anna.id), freshNetwork(), anna.token)).body.error).toBe('self_report');
  });

  it("a member's notices count against her report limit, from every network: her list cannot test more ids than POST /api/reports (red team)", async () => {
    const dora = await confirmed('Dora', 'female');
    const answers = await Promise.all(Array.from({ length: 14 }, () => notice(profileNotice(randomUUID()), freshNetwork(), dora.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    const report = await t.api('POST', '/api/reports', dora.token, { userId: ben.id, reason: 'spam' });
    expect(report.statusCode).toBe(429);
  });

  it('attaches the messages she consented to, exactly those; without consent nothing; another conversation is the unknown 404', async () => {
    const evidence = { attachMessages: true, evidenceIds: messages };
    const withConsent = await t.api('POST', '/api/reports', anna.token, { messageId: messages[2], reason: 'scam', ...evidence });
    expect(withConsent.statusCode).toBe(200);
    const [row] = await stored(withConsent.json<{ id: string }>().id);
    expect(row?.evidence).toEqual([
      { from: 'reported', body: 'Hallo Anna', sentAt: expect.stringMatching(/^\d{4}-/) },
      { from: 'reporter', body: 'Hallo Cleo', sentAt: expect.stringMatching(/^\d{4}-/) },
      { from: 'reported', body: 'Schick mir Geld, sonst …', sentAt: expect.stringMatching(/^\d{4}-/) },
    ]);

    const noConsent = await t.api('POST', '/api/reports', anna.token, { messageId: messages[2], reason: 'scam', attachMessages: false, evidenceIds: messages });
    expect((await stored(noConsent.json<{ id: string }>().id))[0]?.evidence).toBeNull();

    const count = async () => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;
    const before = await count();
    // Ben names Anna and Cleo's messages: not his conversation, the same 404 as an unknown message.
    const foreign = await t.api('POST', '/api/reports', ben.token, { userId: cleo.id, reason: 'harassment', ...evidence });
    const unknown = await t.api('POST', '/api/reports', ben.token, { userId: cleo.id, reason: 'harassment', attachMessages: true, evidenceIds: [randomUUID()] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    const viaNotice = await notice({ ...profileNotice(cleo.id), ...evidence }, freshNetwork(), ben.token);
    expect(viaNotice.status).toBe(404);
    expect(await count()).toBe(before);

    const messageNotice = await notice({ ...profileNotice(cleo.id), target: { kind: 'message', messageId: messages[2] }, ...evidence }, freshNetwork(), anna.token);
    expect(messageNotice.status).toBe(200);
    expect(((await stored(messageNotice.body.id))[0]?.evidence as unknown[]).length).toBe(3);
    expect((await notice({ ...profileNotice(cleo.id), target: { kind: 'message', messageId: messages[2] } }, freshNetwork(), ben.token)).status).toBe(404);
  });

  it('admins see the attached messages with their report, members get 403', async () => {
    const res = await t.api('POST', '/api/reports', anna.token, { messageId: messages[2], reason: 'scam', attachMessages: true, evidenceIds: [messages[2]!] });
    const id = res.json<{ id: string }>().id;
    const list = (await t.api('GET', '/api/admin/reports', admin)).json<AdminReport[]>();
    expect(list.find((r) => r.id === id)).toMatchObject({ channel: 'report', category: 'house_rules', reason: 'Betrugsverdacht', evidence: [{ from: 'reported', body: 'Schick mir Geld, sonst …' }] });
    for (const who of [anna, cleo]) {
      const denied = await t.api('GET', '/api/admin/reports', who.token);
      expect(denied.statusCode).toBe(403);
      expect(denied.body).not.toContain('Schick mir Geld');
    }
    expect((await t.api('GET', '/api/me/reports', cleo.token)).body).not.toContain(id);
  });
});

describe('the reporter is told the outcome (DSA Art. 16(5))', () => {
  it('mails the visitor the decision and forgets her address; the audit log has it', async () => {
    const res = await notice(profileNotice(ben.id, { email: 'entscheidung@example.org' }));
    const id = res.body.id;
    const decided = await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, { status: 'resolved', note: 'Danke für deinen Hinweis.' });
    expect(decided.statusCode).toBe(200);
    const mails = await mailsTo('entscheidung@example.org');
    const outcome = mails.find((m) => m.subject.includes('unsere Entscheidung'));
    expect(outcome?.text).toContain('den Inhalt entfernt bzw. Maßnahmen ergriffen');
    expect(outcome?.text).toContain('Danke für deinen Hinweis.');
    expect(outcome?.text).not.toContain('Ben');
    expect((await stored(id))[0]?.reporter_email).toBeNull();
    const audit = (await t.api('GET', '/api/admin/audit', admin)).json<AuditEntry[]>().find((e) => e.target === id);
    expect(audit).toMatchObject({ action: 'report.resolved', details: { reporterTold: 'mail', note: true } });
    // Deciding the same again writes no second mail.
    await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, { status: 'resolved' });
    expect((await mailsTo('entscheidung@example.org')).filter((m) => m.subject.includes('unsere Entscheidung'))).toHaveLength(1);
  });

  it('tells a member in the app and by mail, without anything about the reported member', async () => {
    const res = await t.api('POST', '/api/reports', anna.token, { userId: ben.id, reason: 'spam', details: 'Werbung für Kryptowährung.' });
    const id = res.json<{ id: string }>().id;
    expect((await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, { status: 'dismissed' })).statusCode).toBe(200);
    const outcome = (await mailsTo(await emailOf(anna.id))).find((m) => m.subject === `Deine Meldung ${id.slice(0, 8).toUpperCase()}: unsere Entscheidung`);
    expect(outcome?.text).toContain('keinen Verstoß');
    const list = await t.api('GET', '/api/me/reports', anna.token);
    expect(list.json<MyReport[]>().find((r) => r.id === id)).toMatchObject({ status: 'dismissed', outcome: expect.stringContaining('keinen Verstoß'), note: null, decidedAt: expect.stringMatching(/^\d{4}-/) });
    expect(list.body).not.toContain(ben.id);
    expect(list.body).not.toContain('Ben');
  });

  it('a note to the reporter is bounded and plain text; an unknown report is a 404', async () => {
    const res = await t.api('POST', '/api/reports', anna.token, { userId: ben.id, reason: 'spam' });
    const id = res.json<{ id: string }>().id;
    expect((await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, { status: 'resolved', note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await t.api('POST', `/api/admin/reports/${id}/resolve`, admin, { status: 'resolved', note: 'a\u0000' })).statusCode).toBe(400);
    expect((await t.api('POST', `/api/admin/reports/${randomUUID()}/resolve`, admin, { status: 'resolved' })).statusCode).toBe(404);
    expect((await t.api('POST', `/api/admin/reports/${id}/resolve`, anna.token, { status: 'resolved' })).statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('drops attached messages after the objection period and decided reports after a year; open ones stay', async () => {
    const attach = async () => {
      const res = await t.api('POST', '/api/reports', cleo.token, { userId: ben.id, reason: 'spam' });
      return res.json<{ id: string }>().id;
    };
    const [old, older, open] = [await attach(), await attach(), await attach()];
    await t.c.db.query(`UPDATE reports SET evidence = '[]'::jsonb, status = 'resolved', resolved_at = now() - interval '200 days' WHERE id = $1`, [old]);
    await t.c.db.query(`UPDATE reports SET status = 'resolved', resolved_at = now() - interval '400 days' WHERE id = $1`, [older]);
    await t.c.db.query(`UPDATE reports SET evidence = '[]'::jsonb, created_at = now() - interval '400 days' WHERE id = $1`, [open]);
    await t.c.reportOutcomes.prune();
    const left = await t.c.db.query<{ id: string; evidence: unknown }>('SELECT id, evidence FROM reports WHERE id IN ($1, $2, $3)', [old, older, open]);
    expect(left.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: old, evidence: null },
        { id: open, evidence: [] },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
