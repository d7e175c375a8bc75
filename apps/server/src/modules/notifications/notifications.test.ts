import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/cluster.js';
import { createTestApp, listen, PUBLIC_URL, type TestApp } from '../../../test/harness.js';
import { decodeEntities } from '../../../test/html.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { startSmtpServer, type CapturedMail, type TestSmtp } from '../../../test/smtp.js';
import { countTransactions } from '../../../test/transactions.js';

let t: TestApp;
let smtp: TestSmtp;
let baseUrl: string;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  baseUrl = await listen(t.app);
  api = apiAs(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Member = ApiMember & { email: string };

/** A member with a confirmed address (notification mails go to confirmed addresses only). */
async function member(name: string): Promise<Member> {
  const m = await memberWithProfile(t.app, name, 'female');
  const [row] = await t.c.db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [m.id]);
  return { ...m, email: row!.email };
}

async function send(from: Member, to: Member, body = 'Hallo, wie geht es dir?'): Promise<void> {
  const res = await api('POST', `/api/messages/${to.id}`, from.token, { body });
  expect(res.statusCode).toBe(200);
}

/** The notification mails (not the sign-up mail) the member has got, once every notification heard is handled and sent. */
async function mailsOf(m: Member): Promise<CapturedMail[]> {
  await t.c.notifications.idle();
  await t.c.mailSender.drain();
  return smtp.mailsTo(m.email).filter((mail) => mail.subject !== 'Bitte bestätige deine E-Mail-Adresse');
}

const tokenOf = (mail: CapturedMail | undefined) => /unsubscribe\?t=([\w-]+)/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
const settingsOf = async (m: Member) => (await api('GET', '/api/me/settings', m.token)).json<Record<string, unknown>>();

describe('notification mails', () => {
  it('mails an offline member once per conversation, without the text, until a socket shows they are back', async () => {
    const [ida, eva, ole] = [await member('Ida'), await member('Evangelina'), await member('Ole')];
    await send(eva, ida, 'Streng geheimer Inhalt');
    await send(eva, ida);
    expect(await mailsOf(ida)).toHaveLength(1);
    const [mail] = await mailsOf(ida);
    expect(mail!.subject).toBe('Du hast eine neue Nachricht');
    expect(mail!.text).toContain('Evangelina hat dir auf Funkeln geschrieben');
    expect(mail!.text).toContain(`${PUBLIC_URL}/messages/${eva.id}`);
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toContain('geheimer');
    expect(mail!.headers['list-unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?t=[\\w-]+>$`));
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await send(ole, ida);
    expect(await mailsOf(ida)).toHaveLength(2);

    const socket = connectClient(baseUrl, ida.token);
    await socket.connected();
    await eventually(() => t.app.realtime.isOnline(ida.id));
    socket.close();
    await eventually(async () => !(await t.app.realtime.isOnline(ida.id)));
    await send(eva, ida);
    expect(await mailsOf(ida)).toHaveLength(3);
  });

  it('counts any authenticated request (recorded as activity) as coming back', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    await send(eva, ida);
    // The mail was sent five minutes ago, the member last seen ten minutes ago.
    await t.c.db.query("UPDATE notification_marks SET created_at = now() - interval '5 minutes' WHERE user_id = $1", [ida.id]);
    await t.c.db.query("UPDATE users SET last_active_at = now() - interval '10 minutes' WHERE id = $1", [ida.id]);
    await send(eva, ida);
    expect(await mailsOf(ida)).toHaveLength(1);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ida.email, password: 'Kiwi-Wolke-Geheim-42' } });
    const token = login.json<{ token: string }>().token;
    await t.c.db.query("UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1", [ida.id]);
    expect((await api('GET', '/api/me', token)).statusCode).toBe(200);
    // "Last seen" is written behind the request (at most a second later).
    await t.c.sessions.lastSeen.flush();
    await send(eva, ida);
    expect(await mailsOf(ida)).toHaveLength(2);
  });

  it('sends nothing while the member has a socket open', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    const socket = connectClient(baseUrl, ida.token);
    await socket.connected();
    await eventually(() => t.app.realtime.isOnline(ida.id));
    await send(eva, ida);
    socket.close();
    expect(await mailsOf(ida)).toHaveLength(0);
  });

  it('honours the master switch, the switch per kind and a confirmed address', async () => {
    const [ida, eva, ole, unconfirmed] = [await member('Ida'), await member('Eva'), await member('Ole'), await member('Una')];
    await api('PUT', '/api/me/settings', ida.token, { emailNotifications: false });
    await send(eva, ida);
    await api('PUT', '/api/me/settings', ida.token, { emailNotifications: true, emailOnMessage: false });
    await send(ole, ida);
    expect(await mailsOf(ida)).toHaveLength(0);
    expect((await api('POST', `/api/likes/${ida.id}?type=flirt`, eva.token)).statusCode).toBe(200);
    expect((await mailsOf(ida)).map((m) => m.subject)).toEqual(['Jemand flirtet mit dir']);

    await t.c.db.query('UPDATE users SET email_verified = false WHERE id = $1', [unconfirmed.id]);
    await send(eva, unconfirmed);
    expect(await mailsOf(unconfirmed)).toHaveLength(0);
  });

  it('writes without a transaction: the mark, the daily count and the outbox row in one statement (PGlite has one connection)', async () => {
    const ida = await member('Ida');
    await api('PUT', '/api/me/settings', ida.token, { emailOnFlirt: false });
    await t.c.notifications.idle();
    const opened = countTransactions(t.c.db);
    try {
      await t.c.eventOutbox.recordNow(t.c.db, 'flirt.created', { recipientId: ida.id });
      await t.c.notifications.idle();
      expect(opened.count()).toBe(0);
      await api('PUT', '/api/me/settings', ida.token, { emailOnFlirt: true });
      const settingsWrites = opened.count();
      await t.c.eventOutbox.recordNow(t.c.db, 'flirt.created', { recipientId: ida.id });
      await t.c.notifications.idle();
      expect(opened.count() - settingsWrites).toBe(0);
    } finally {
      opened.restore();
    }
    expect((await mailsOf(ida)).map((m) => m.subject)).toEqual(['Jemand flirtet mit dir']);
  });

  it('stops at the daily cap', async () => {
    const ida = await member('Ida');
    const senders = [await member('Anna'), await member('Berta'), await member('Carla')];
    await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '2' });
    try {
      for (const s of senders) await send(s, ida);
      expect(await mailsOf(ida)).toHaveLength(2);
    } finally {
      await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '10' });
    }
  });

  it('over the cap a conversation stays unmarked: once the cap allows, its next message mails', async () => {
    const [ida, anna, berta] = [await member('Ida'), await member('Anna'), await member('Berta')];
    await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '1' });
    try {
      await send(anna, ida);
      await send(berta, ida);
      expect(await mailsOf(ida)).toHaveLength(1);
      const marks = await t.c.db.query<{ subject: string }>('SELECT subject FROM notification_marks WHERE user_id = $1', [ida.id]);
      expect(marks.map((m) => m.subject)).toEqual([anna.id]);
      await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '2' });
      await send(berta, ida);
      expect((await mailsOf(ida)).map((m) => m.text.includes('Berta'))).toEqual([false, true]);
    } finally {
      await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '10' });
    }
  });

  it('holds the daily cap when many conversations notify at the same moment', async () => {
    const ida = await member('Ida');
    const senders = await Promise.all(['Anna', 'Berta', 'Carla', 'Dora', 'Emma', 'Frida'].map((name) => member(name)));
    await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '2' });
    try {
      await Promise.all(senders.map((s) => send(s, ida)));
      expect(await mailsOf(ida)).toHaveLength(2);
      const [row] = await t.c.db.query<{ count: number }>("SELECT count FROM daily_counters WHERE user_id = $1 AND kind = 'mail:notification'", [ida.id]);
      expect(row?.count).toBe(2);
      expect(await t.c.db.query('SELECT 1 FROM notification_marks WHERE user_id = $1', [ida.id])).toHaveLength(2);
    } finally {
      await t.c.settings.update({ NOTIFICATION_MAILS_PER_DAY: '10' });
    }
  });

  it("escapes the other member's display name in the HTML mail: markup and quotes stay text", async () => {
    const name = `<script>"Ev'a"</script>`;
    const [ida, eva] = [await member('Ida'), await member(name)];
    await send(eva, ida);
    const [mail] = await mailsOf(ida);
    expect(mail!.text).toContain(`${name} hat dir auf Funkeln geschrieben`);
    expect(mail!.html).not.toContain('<script');
    expect(mail!.html).toContain('<p style="margin:0 0 16px">&#60;script&#62;&#34;Ev&#39;a&#34;&#60;/script&#62; hat dir auf Funkeln geschrieben.');
  });

  it('a flirt mail names nobody; a match mail tells both members', async () => {
    const [ida, eva] = [await member('Ida'), await member('Evangelina')];
    await api('POST', `/api/likes/${ida.id}?type=flirt`, eva.token);
    const [flirt] = await mailsOf(ida);
    expect(flirt!.text).toContain(`${PUBLIC_URL}/flirts`);
    for (const secret of ['Evangelina', eva.id, eva.email]) expect(`${flirt!.subject}${flirt!.text}${flirt!.html}`).not.toContain(secret);

    expect((await api('POST', `/api/likes/${eva.id}?type=like`, ida.token)).json()).toEqual({ match: true });
    const [toEva] = await mailsOf(eva);
    expect(toEva!.subject).toBe('Du hast ein neues Match');
    expect(toEva!.text).toContain('Du und Ida habt euch gegenseitig geliked');
    expect((await mailsOf(ida)).map((m) => m.subject)).toEqual(['Jemand flirtet mit dir', 'Du hast ein neues Match']);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const url = (token: string) => `/api/notifications/unsubscribe?t=${token}`;
  const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };

  it('GET shows a German page with a button and changes nothing; POST switches the kind off, idempotently', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    await send(eva, ida);
    const token = tokenOf((await mailsOf(ida))[0]);
    const page = await t.app.inject({ method: 'GET', url: url(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Möchtest du keine E-Mails zu neuen Nachrichten mehr bekommen?');
    expect(decodeEntities(/<form method="post" action="([^"]*)">/.exec(page.body)?.[1])).toBe(url(token));
    expect(await settingsOf(ida)).toMatchObject({ emailOnMessage: true });

    for (let i = 0; i < 2; i++) {
      const done = await t.app.inject({ method: 'POST', url: url(token), headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Du bekommst keine E-Mails zu neuen Nachrichten mehr.');
    }
    expect(await settingsOf(ida)).toMatchObject({ emailNotifications: true, emailOnMessage: false, emailOnMatch: true, emailOnFlirt: true });
  });

  it('takes the multipart form a mail provider may send', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    await api('POST', `/api/likes/${ida.id}?type=flirt`, eva.token);
    const token = tokenOf((await mailsOf(ida))[0]);
    const payload = '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n';
    const res = await t.app.inject({ method: 'POST', url: url(token), headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload });
    expect(res.statusCode).toBe(200);
    expect(await settingsOf(ida)).toMatchObject({ emailOnFlirt: false, emailOnMessage: true });
  });

  it('answers a tampered token or a POST without the one-click field with a German 400 and changes nothing', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    await send(eva, ida);
    const token = tokenOf((await mailsOf(ida))[0]);
    const flipped = (i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    for (const bad of [flipped(3), flipped(16), flipped(token.length - 1), token.slice(0, -1), `${token}A`, 'x']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: url(bad), headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_token', message: expect.stringContaining('Abmeldelink ist ungültig') });
      }
    }
    const noField = await t.app.inject({ method: 'POST', url: url(token), headers: oneClick, payload: 'List-Unsubscribe=Bitte' });
    expect(noField.statusCode).toBe(400);
    expect(noField.json<{ message: string }>().message).toContain('List-Unsubscribe=One-Click');
    expect(await settingsOf(ida)).toMatchObject({ emailOnMessage: true });
  });
});
