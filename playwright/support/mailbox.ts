import { expect, type APIRequestContext } from '@playwright/test';

/** One email of the development mailbox, as `GET /api/dev/mailbox` lists it (newest first). */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  links: string[];
}

export interface WaitForMailOptions {
  /** Only messages whose subject matches, e.g. /verification code/. */
  subject?: RegExp;
  /** Messages already seen (ids), e.g. from `ids()` taken before the action that sends the mail. */
  excluding?: ReadonlySet<string>;
  /** How long the background worker may take (default 10 s; it usually writes within a second). */
  timeout?: number;
}

/**
 * The portal's development mailbox (no SMTP outside production): the outbox worker writes every e-mail there
 * and `GET /api/dev/mailbox` lists them.
 */
export class DevMailbox {
  constructor(private readonly request: APIRequestContext) {}

  /** Every message, newest first. */
  async list(): Promise<MailboxMessage[]> {
    const reply = await this.request.get('/api/dev/mailbox');
    expect(reply.status(), 'GET /api/dev/mailbox').toBe(200);
    const body = (await reply.json()) as { success: boolean; data: MailboxMessage[] };
    expect(body.success).toBe(true);
    return body.data;
  }

  /** The messages to `to` (case-insensitive), newest first. */
  async messagesTo(to: string): Promise<MailboxMessage[]> {
    const address = to.toLowerCase();
    return (await this.list()).filter((message) => message.to.toLowerCase() === address);
  }

  /** The ids of the messages to `to` so far: pass them as `excluding` to wait for a newer one. */
  async ids(to: string): Promise<Set<string>> {
    return new Set((await this.messagesTo(to)).map((message) => message.id));
  }

  /** Polls until a message to `to` (matching the options) is there and returns the newest such message. */
  async waitForMessage(to: string, options: WaitForMailOptions = {}): Promise<MailboxMessage> {
    const { subject, excluding, timeout = 10_000 } = options;
    let found: MailboxMessage | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.messagesTo(to)).find(
            (message) => (!subject || subject.test(message.subject)) && !excluding?.has(message.id),
          );
          return found !== undefined;
        },
        {
          message: `an email to ${to}${subject ? ` with a subject matching ${String(subject)}` : ''}`,
          timeout,
          intervals: [100, 250, 500],
        },
      )
      .toBe(true);
    if (!found) throw new Error(`no email to ${to}`);
    return found;
  }

  /** Waits for the newest matching message to `to` and returns the 6-digit code in it. */
  async waitForCode(to: string, options: WaitForMailOptions = {}): Promise<string> {
    return codeIn(await this.waitForMessage(to, options));
  }
}

/** The 6-digit code of a verification or reset email: from the subject, else the text, else a link. */
export function codeIn(message: MailboxMessage): string {
  const pattern = /(?<!\d)(\d{6})(?!\d)/;
  const fromLink = message.links
    .map((link) => new URL(link).searchParams.get('code') ?? '')
    .find((code) => /^\d{6}$/.test(code));
  const code = pattern.exec(message.subject)?.[1] ?? pattern.exec(message.text)?.[1] ?? fromLink;
  if (!code) throw new Error(`no 6-digit code in the email "${message.subject}"`);
  return code;
}

/**
 * The path and query of the first link in the message whose path is `pathname`. The e-mail links point at the
 * configured public URL (localhost); tests open the path on their own base URL so the cookies stay theirs.
 */
export function linkPathIn(message: MailboxMessage, pathname: string): string {
  const link = message.links.map((href) => new URL(href)).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in the email "${message.subject}"`);
  return `${link.pathname}${link.search}`;
}
