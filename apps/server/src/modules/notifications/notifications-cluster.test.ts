import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustered, eventually, useClusterPair } from '../../../test/cluster.js';
import { listen } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';

// Two server processes on one PostgreSQL and Redis: a socket on either counts as online, and a
// notification is produced once, by the process that stored the message.
describe.runIf(clustered)('notification mails across two processes (PostgreSQL + Redis)', () => {
  let smtp: TestSmtp;
  let twoUrl: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  const cluster = useClusterPair(() => ({ env: { SMTP_URL: smtp.url } }));
  beforeAll(async () => {
    twoUrl = await listen(cluster.two.app);
  });

  async function member(name: string): Promise<ApiMember & { email: string }> {
    const { one } = cluster;
    const m = await memberWithProfile(one.app, name, 'female');
    const [row] = await one.c.db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [m.id]);
    return { ...m, email: row!.email };
  }

  async function notificationMails(email: string) {
    const { one, two } = cluster;
    await Promise.all([one.c.notifications.idle(), two.c.notifications.idle()]);
    await Promise.all([one.c.mailSender.drain(), two.c.mailSender.drain()]);
    return smtp.mailsTo(email).filter((m) => m.headers['list-unsubscribe']);
  }

  it('no mail while the member is connected to the other process; once offline, exactly one', async () => {
    const { one } = cluster;
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
