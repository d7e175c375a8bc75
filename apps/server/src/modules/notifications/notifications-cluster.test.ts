import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustered, eventually } from '../../../test/cluster.js';
import { createNode, listen, type TestApp } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { createTestDb } from '../../../test/test-db.js';

// Two server processes on one PostgreSQL and Redis: a socket on either counts as online, and a
// notification is produced once, by the process that stored the message.
describe.runIf(clustered)('notification mails across two processes (PostgreSQL + Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let twoUrl: string;
  let smtp: TestSmtp;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const shared = await createTestDb();
    dropDb = shared.drop;
    const env = { REDIS_PREFIX: `n${randomBytes(4).toString('hex')}:`, SMTP_URL: smtp.url };
    one = await createNode(shared, env);
    two = await createNode(shared, env);
    await eventually(() => one.c.events.clustered && two.c.events.clustered);
    twoUrl = await listen(two.app);
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropDb?.();
    await smtp?.close();
  });

  async function member(name: string): Promise<ApiMember & { email: string }> {
    const m = await memberWithProfile(one.app, name, 'female');
    const [row] = await one.c.db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [m.id]);
    return { ...m, email: row!.email };
  }

  async function notificationMails(email: string) {
    await Promise.all([one.c.notifications.idle(), two.c.notifications.idle()]);
    await Promise.all([one.c.mailSender.drain(), two.c.mailSender.drain()]);
    return smtp.mailsTo(email).filter((m) => m.headers['list-unsubscribe']);
  }

  it('no mail while the member is connected to the other process; once offline, exactly one', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    const send = async () => expect((await apiAs(one.app)('POST', `/api/messages/${ida.id}`, eva.token, { body: 'Hallo!' })).statusCode).toBe(200);

    const socket = connectClient(twoUrl, ida.token);
    await socket.connected();
    await eventually(() => one.app.realtime.isOnline(ida.id));
    await send();
    expect(await notificationMails(ida.email)).toHaveLength(0);

    socket.close();
    await eventually(async () => !(await one.app.realtime.isOnline(ida.id)));
    await send();
    await send();
    expect(await notificationMails(ida.email)).toHaveLength(1);
  });
});
