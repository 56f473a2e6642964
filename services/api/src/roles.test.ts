import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assembleApp } from './boot';
import { loadConfig, type Config, type ProcessRole } from './config';
import { rowsOf, type Database } from './db/client';
import { emailOutbox } from './db/schema';
import { FieldEncryption } from './lib/field-encryption';
import type { Mailer, OutgoingMail } from './modules/notifications/mailer';
import { Browser, STRONG_PASSWORD, uniqueEmail } from './test/auth-helpers';
import { cloneTemplate, createTemplate, TEMPLATE_ENV } from './test/template';

/** A mailer that keeps what it is given. */
function recordingMailer(): { mailer: Mailer; sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    mailer: {
      kind: 'mailbox',
      send: async (mail) => {
        sent.push(mail);
      },
      close: () => undefined,
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check` to hold, asking every 50 ms, at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

// Processes of every role share one database and one encryption key, as on several machines.
let database: Database;
let dataDir: string;
let base: Config;
const encryption = new FieldEncryption(crypto.randomBytes(32).toString('base64'));
const running: FastifyInstance[] = [];

beforeAll(async () => {
  const template =
    process.env[TEMPLATE_ENV] ?? (process.env[TEMPLATE_ENV] = await createTemplate());
  database = await cloneTemplate(template);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-roles-'));
  // ROLE is set on the parsed configuration: the test database may be the embedded one, which the
  // configuration refuses to split between processes.
  base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MRZ_READING: 'false',
  });
});

afterAll(async () => {
  await Promise.all(running.map((app) => app.close()));
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(role: ProcessRole, mailer: Mailer) {
  const assembled = await assembleApp({
    config: { ...base, role },
    database,
    encryption,
    mailer,
  });
  await assembled.app.ready();
  running.push(assembled.app);
  return assembled;
}

const outboxRowOf = async (to: string) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0];

describe('process roles', () => {
  const email = uniqueEmail();

  it('a web process answers the travellers and runs no background job', async () => {
    const { mailer, sent } = recordingMailer();
    const { app, background } = await start('web', mailer);
    expect(background).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/reference/countries' })).statusCode).toBe(
      200,
    );
    const registered = await new Browser(app, '10.2.0.1').post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    expect(registered.statusCode).toBe(200);

    // The message and its job are queued, and stay queued: longer than a worker's poll, nobody tries it.
    await sleep(2500);
    const row = await outboxRowOf(email);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    const jobs = rowsOf<{ state: string }>(
      await database.db.execute(
        sql`select state from pgboss.job where name = 'email' and data->>'id' = ${row!.id}`,
      ),
    );
    expect(jobs).toEqual([{ state: 'created' }]);
    expect(sent).toEqual([]);
  });

  it('a worker process sends the queued e-mail, answers the probes and no traveller route', async () => {
    const { mailer, sent } = recordingMailer();
    const { app, background } = await start('worker', mailer);
    expect(background).toEqual(
      expect.arrayContaining([
        'email',
        'payments-reconcile',
        'reminders',
        'document-retention',
        'record-retention',
        'email-sweep',
      ]),
    );

    // It finds the job queued by the web process at its first poll.
    expect(await eventually(async () => (await outboxRowOf(email))?.status === 'SENT')).toBe(true);
    expect(sent.map((mail) => mail.to)).toEqual([email]);

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/reference/countries'],
      ['POST', '/api/auth/register'],
      ['GET', '/api/events'],
      ['GET', '/api/applications'],
      ['GET', '/'],
    ] as const) {
      expect({ url, status: (await app.inject({ method, url })).statusCode }).toEqual({
        url,
        status: 404,
      });
    }
  });

  it('a process of role all does both', async () => {
    const { mailer } = recordingMailer();
    const { app, background } = await start('all', mailer);
    expect(background).toContain('email');
    expect((await app.inject({ method: 'GET', url: '/api/reference/countries' })).statusCode).toBe(
      200,
    );
  });
});
