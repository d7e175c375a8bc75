import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outbox.repo.js';

/** One Message-ID per outbox row: should a mail ever go out twice (a crash right after the server took it), mail clients show it once. */
export function outboxMessageId(id: number): string {
  return `<outbox-${id}@funkeln>`;
}

export interface MailTransport {
  readonly name: 'smtp' | 'dev';
  send(mail: OutgoingMail & { messageId?: string }): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; one delivery takes at most about two thirds of `leaseSeconds`. */
export function createSmtpTransport(smtpUrl: string, from: string, leaseSeconds: number): MailTransport {
  const step = Math.floor((leaseSeconds * 1000) / 6);
  const transporter = nodemailer.createTransport(smtpUrl, { from, connectionTimeout: step, greetingTimeout: step, socketTimeout: 2 * step });
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: mail.messageId });
    },
    close: () => transporter.close(),
  };
}

/** Outside production without SMTP: delivery is marking the outbox row, shown at /dev/mailbox. */
export function createDevMailboxTransport(): MailTransport {
  return { name: 'dev', send: async () => undefined, close: () => undefined };
}
