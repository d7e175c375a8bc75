import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header as sent (lower-case names, folded lines joined). */
  headers: Record<string, string>;
}

/** A real SMTP server in the test process; every accepted mail is parsed and kept. */
export async function startSmtpServer() {
  const mails: CapturedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (refuse) {
        stream.resume();
        stream.on('end', () => callback(new Error('451 try again later')));
        return;
      }
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
          const headers = Object.fromEntries(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]));
          mails.push({ to: to ?? '', subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '', messageId: m.messageId ?? '', headers });
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-session (a server process killed on purpose) resets its connection;
  // smtp-server reports that as an 'error' event, which must not end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** While true, the server answers every mail with a temporary failure. */
    setRefusing(value: boolean) {
      refuse = value;
    },
    mailsTo(address: string) {
      return mails.filter((m) => m.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** The token of the first link to path (e.g. '/verify') in a mail's text. */
export function linkToken(mail: CapturedMail | undefined, path: string): string {
  const match = mail?.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in mail: ${mail?.text ?? '(none)'}`);
  return match[1];
}
