import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a receiving server can recognise a repeat. */
  messageId: string;
  attachments?: MailAttachment[];
}

/** A file sent with an e-mail (a receipt). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** The attached files, each kept beside the entry as `<entry>.<index>.att`. */
  attachments?: { filename: string; contentType: string; size: number }[];
}

export interface Mailer {
  kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise the development mailbox: one .eml file per message under DATA_DIR/mail. */
export function createMailer(config: Config): Mailer {
  if (config.mail.smtpUrl) {
    // Every send ends well within the outbox's claim lease, even against a server that stopped answering.
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mail.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'mailbox',
    async send(mail) {
      const info = await stream.sendMail({ from: config.mail.from, ...mail });
      await fs.mkdir(config.mail.mailboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const id = mail.messageId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40);
      const base = path.join(config.mail.mailboxDir, `${sentAt.replace(/[:.]/g, '-')}_${id}`);
      await fs.writeFile(`${base}.eml`, info.message as Buffer);
      const attachments = mail.attachments ?? [];
      for (const [i, file] of attachments.entries())
        await fs.writeFile(`${base}.${i}.att`, file.content);
      // A readable copy for the mailbox page.
      const entry: MailboxEntry = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        sentAt,
        attachments: attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.length,
        })),
      };
      await fs.writeFile(`${base}.json`, JSON.stringify(entry));
    },
    close: () => undefined,
  };
}
