import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { emailOutbox } from '../../db/schema';
import { loadConfig } from '../../config';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createMailer, type Mailer, type OutgoingMail } from './mailer';
import type { AttachmentsOf } from './attachments';
import { MAX_ATTEMPTS, processOutbox } from './outbox';
import { requeueFailedEmail } from './outbox.repo';
import { rowsOf } from '../../db/client';

/** These emails carry no files. */
const noAttachments: AttachmentsOf = async () => [];

/** A mailer in place of the SMTP server: each message goes to `send`, which records it or fails as a server would. */
const mailerThat = (send: (mail: OutgoingMail) => void | Promise<void>): Mailer => ({
  kind: 'smtp',
  close: () => undefined,
  send: async (mail) => {
    await send(mail);
  },
});

interface Received {
  to: string[];
  raw: string;
}

function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        received,
      });
    });
  });
}

/** The email job of an outbox row. */
async function jobOf(outboxId: string) {
  const [job] = rowsOf<{
    state: string;
    start_after: Date;
    retry_count: number;
    retry_limit: number;
  }>(
    await t.database.db.execute(
      sql`select state, start_after, retry_count, retry_limit from pgboss.job
          where name = 'email' and data->>'id' = ${outboxId}`,
    ),
  );
  return job!;
}

/**
 * Makes the retry of an outbox row's job due now (instead of after its back-off). The queue takes jobs whose
 * `start_after` is strictly before `now()`; the embedded database's clock can read the same millisecond in the
 * next statement, so the job is made due a second ago.
 */
async function dueNow(outboxId: string) {
  await t.database.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second'
        where name = 'email' and data->>'id' = ${outboxId}`,
  );
}

const stop = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://apply.example.com' });
});
afterAll(() => t.close());

async function register(email: string) {
  const res = await new Browser(t.app, `10.1.0.${Math.floor(Math.random() * 200)}`).post(
    '/api/auth/register',
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    },
  );
  expect(res.statusCode).toBe(200);
}

describe('email outbox', () => {
  it('delivers through SMTP once, survives an outage, and removes secrets after sending', async () => {
    const smtp = await startSmtp();
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: 'https://apply.example.com',
    });
    const mailer = createMailer(config);
    try {
      const first = uniqueEmail();
      await register(first);
      expect(await processOutbox(t.database.db, mailer, config, t.app.log, noAttachments)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([first]);
      expect(smtp.received[0]!.raw).toContain('Subject: Your Waypoint verification code:');
      expect(smtp.received[0]!.raw).toContain('Message-ID: <');

      // The mail server goes down: the message waits with a backoff instead of being lost.
      await stop(smtp.server);
      const second = uniqueEmail();
      await register(second);
      expect(await processOutbox(t.database.db, mailer, config, t.app.log, noAttachments)).toBe(0);
      const [waiting] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, second));
      expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(waiting!.lastError).toBeTruthy();
      // Its job waits for a retry, at least the queue's first delay (5 s) away.
      const job = await jobOf(waiting!.id);
      expect(job.state).toBe('retry');
      expect(new Date(job.start_after).getTime()).toBeGreaterThan(Date.now() + 4000);
      // Not due yet: nothing is tried.
      expect(await processOutbox(t.database.db, mailer, config, t.app.log, noAttachments)).toBe(0);

      // It comes back; once the retry is due the message is delivered, exactly once.
      const again = await startSmtp(smtp.port);
      await dueNow(waiting!.id);
      expect(await processOutbox(t.database.db, mailer, config, t.app.log, noAttachments)).toBe(1);
      expect(await processOutbox(t.database.db, mailer, config, t.app.log, noAttachments)).toBe(0);
      expect(again.received.map((m) => m.to[0])).toEqual([second]);
      await stop(again.server);

      const [sent] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, second));
      expect(sent).toMatchObject({ status: 'SENT', attempts: 2 });
      expect((sent!.payload as { code: string }).code).toBe('[sent]');
    } finally {
      mailer.close();
    }
  });

  it('sends each row once even when two workers run at the same time', async () => {
    const smtp = await startSmtp();
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const mailer = createMailer(config);
    try {
      const addresses = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
      for (const a of addresses) await register(a);
      const [a, b] = await Promise.all([
        processOutbox(t.database.db, mailer, config, t.app.log, noAttachments),
        processOutbox(t.database.db, mailer, config, t.app.log, noAttachments),
      ]);
      expect(a + b).toBe(3);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    } finally {
      mailer.close();
      await stop(smtp.server);
    }
  });

  it('holds a claim for at most 30 s and keeps the Message-ID of a message across retries', async () => {
    const to = uniqueEmail();
    await register(to);
    const seen: { messageId: string; leaseSeconds: number }[] = [];
    let fail = true;
    const mailer = mailerThat(async (mail) => {
      if (mail.to !== to) return;
      const [row] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, to));
      seen.push({
        messageId: mail.messageId,
        leaseSeconds: (row!.lockedUntil!.getTime() - Date.now()) / 1000,
      });
      if (fail) throw new Error('connection lost');
    });
    await processOutbox(t.database.db, mailer, t.config, t.app.log, noAttachments);
    // The worker "comes back" after its failure, once the retry is due.
    fail = false;
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to));
    await dueNow(row!.id);
    await processOutbox(t.database.db, mailer, t.config, t.app.log, noAttachments);
    expect(seen).toHaveLength(2);
    for (const s of seen) expect(s.leaseSeconds).toBeLessThanOrEqual(30);
    expect(seen[0]!.messageId).toBe(seen[1]!.messageId);
    expect(seen[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@waypoint\.mail>$/);
  });

  it('takes over a message whose worker died once its lease has run out', async () => {
    const to = uniqueEmail();
    await register(to);
    // A worker claimed it and died: the lease ran out a moment ago.
    await t.database.db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(emailOutbox.toAddress, to));
    const sent: string[] = [];
    const mailer = mailerThat((mail) => void sent.push(mail.to));
    await processOutbox(t.database.db, mailer, t.config, t.app.log, noAttachments);
    expect(sent).toContain(to);
  });

  it('keeps neither the address nor the payload of an account deletion email once it is sent', async () => {
    const db = t.database.db;
    const email = uniqueEmail();
    const b = new Browser(t.app, '10.1.1.240');
    const registered = await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    expect(registered.statusCode).toBe(200);
    const deleted = await b.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const [queued] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'account-deleted')));
    expect(queued!.payload).toEqual({ applications: 0 });

    const sent: { to: string; subject: string }[] = [];
    const mailer = mailerThat((mail) => void sent.push(mail));
    await processOutbox(db, mailer, t.config, t.app.log, noAttachments);
    // The confirmation still goes to the address the account had.
    expect(sent.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual([
      'Your Waypoint account has been deleted',
    ]);

    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued!.id));
    expect(row).toMatchObject({
      status: 'SENT',
      toAddress: `deleted-${queued!.id}@deleted.invalid`,
      payload: {},
      messageId: `<${queued!.id}@waypoint.mail>`,
    });
    expect(row!.sentAt).not.toBeNull();
    // No row of the outbox holds the address any more, in any column.
    const holding = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(sql`${emailOutbox}::text ilike ${`%${email}%`}`);
    expect(holding).toEqual([]);
  });

  it('gives up after the last attempt: the message is FAILED for staff, and can be sent again', async () => {
    const to = uniqueEmail();
    await register(to);
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to));
    expect(await jobOf(row!.id)).toMatchObject({ state: 'created', retry_limit: MAX_ATTEMPTS - 1 });
    // Every attempt but the last has failed.
    await t.database.db.execute(
      sql`update pgboss.job set retry_count = retry_limit where data->>'id' = ${row!.id}`,
    );
    const refusing = mailerThat(() => {
      throw new Error('550 mailbox unavailable');
    });
    await processOutbox(t.database.db, refusing, t.config, t.app.log, noAttachments);
    const [failed] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row!.id));
    expect(failed).toMatchObject({ status: 'FAILED', lastError: '550 mailbox unavailable' });
    expect((await jobOf(row!.id)).state).toBe('failed');

    // Staff put it back in the queue: a new job sends it.
    expect(
      await requeueFailedEmail(t.database.db, row!.id, {
        userId: null,
        role: 'admin',
        ip: '127.0.0.1',
      }),
    ).toBe(true);
    const sent: string[] = [];
    const mailer = mailerThat((mail) => void sent.push(mail.to));
    await processOutbox(t.database.db, mailer, t.config, t.app.log, noAttachments);
    expect(sent).toEqual([to]);
  });

  it('writes to the development mailbox without SMTP, with correct links to the public URL', async () => {
    const mailer = createMailer(t.config);
    const email = uniqueEmail();
    await register(email);
    await new Browser(t.app).post('/api/auth/sign-in-link', { email });
    expect(
      await processOutbox(t.database.db, mailer, t.config, t.app.log, noAttachments),
    ).toBeGreaterThanOrEqual(2);
    const list = body<{ data: { to: string; subject: string; links: string[]; id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' }),
    ).data.filter((m) => m.to === email);
    expect(list.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Your Waypoint sign-in link',
        expect.stringMatching(/^Your Waypoint verification code: \d{6}$/),
      ]),
    );
    const link = list.find((m) => m.subject === 'Your Waypoint sign-in link')!.links[0]!;
    expect(link).toMatch(/^https:\/\/apply\.example\.com\/auth\/verify\?token=[A-Za-z0-9_-]{22}$/);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development mailbox');
    expect(page.body).toContain(email);
    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${list[0]!.id}` });
    expect(one.body).toContain('Waypoint');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/..%2Fkeys' })).statusCode).toBe(
      400,
    );
  });
});

describe('no secrets in logs', () => {
  it('writes no password, hash, code, token or session id in any log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ LOG_LEVEL: 'debug' }, undefined, stream);
    try {
      const b = new Browser(logged.app, '10.9.9.9');
      const email = uniqueEmail();
      await b.post('/api/auth/register', {
        firstName: 'A',
        lastName: 'B',
        email,
        password: STRONG_PASSWORD,
      });
      await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
      await b.post('/api/auth/login', { email, password: 'Wrong-password-77' });
      await b.post('/api/auth/sign-in-link', { email });
      const [mail] = await logged.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, 'sign-in-link'));
      const token = (mail!.payload as { token: string }).token;
      await b.post('/api/auth/verify-token', { token });
      await b.get('/api/auth/profile');
      const out = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      expect(out).toContain('"reqId"');
      for (const secret of [
        STRONG_PASSWORD,
        'Wrong-password-77',
        token,
        'argon2id',
        b.cookie('waypoint_session')!,
      ]) {
        expect(out).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
