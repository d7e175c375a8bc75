import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outbox.repo.js';

export interface MailTransport {
  readonly name: 'smtp' | 'dev';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transporter.close(),
  };
}

/** Outside production without SMTP: delivery is marking the outbox row, shown at /dev/mailbox. */
export function createDevMailboxTransport(): MailTransport {
  return { name: 'dev', send: async () => undefined, close: () => undefined };
}
