import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../db/client';
import { queueEmail } from '../modules/notifications/outbox.service';
import {
  createDatabase,
  killHard,
  sleep,
  startServer,
  stop,
  tempDir,
  type ServerProcess,
} from './harness';

/**
 * A worker process killed -9 in the middle of a job: the job queue must lose nothing and do nothing twice. E-mails
 * are queued as the product queues them (an outbox row and its job, in one transaction); a mail server that stalls
 * its first conversation keeps the worker mid-send; the worker is killed there and another takes over. Every
 * message must reach the mail server exactly once.
 */
export interface JobKillReport {
  queued: number;
  /** Messages the mail server accepted, counted by Message-ID. */
  delivered: number;
  /** Message-IDs accepted more than once. */
  deliveredTwice: number;
  /** Outbox rows not SENT at the end. */
  lost: number;
  /** From the kill until every message was sent (the stalled one by the other worker), in ms. */
  takeoverMs: number;
  /** Email jobs not completed at the end. */
  jobsOpen: number;
}

/** A mail server on 127.0.0.1 that counts messages by Message-ID and can hold a conversation at MAIL FROM. */
async function stallingMailServer() {
  const delivered = new Map<string, number>();
  let stallNext = true;
  let onStall: () => void = () => undefined;
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!stallNext) return callback();
      // The first conversation never gets an answer: its worker is mid-job when it is killed.
      stallNext = false;
      onStall();
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? 'none';
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    delivered,
    stalled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function killWorkerMidJob({
  adminUrl,
  messages = 12,
}: {
  adminUrl: string;
  messages?: number;
}): Promise<JobKillReport> {
  const scratch = await createDatabase(adminUrl);
  const data = await tempDir();
  const mail = await stallingMailServer();
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    ROLE: 'worker',
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    JOBS_POLL_SECONDS: '0.5',
    JOBS_SUPERVISE_SECONDS: '1',
  };
  const workers: ServerProcess[] = [];
  // The scenario's own handle on the database, to queue e-mails as the product does.
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
  try {
    // The first worker migrates the database; the messages are queued once it is up.
    workers.push(await startServer(env));
    for (let i = 0; i < messages; i += 1) {
      await database.db.transaction((tx) =>
        queueEmail({
          tx,
          input: {
            to: `job-kill-${i}@example.com`,
            message: { template: 'sign-in-link', payload: { firstName: 'Ann', token: `t${i}` } },
            locale: 'en',
          },
        }),
      );
    }
    await mail.stalled;
    // The worker is in the middle of its first job: kill it there.
    await killHard(workers[0]!);
    const killedAt = Date.now();
    workers.push(await startServer(env));

    const until = Date.now() + 90_000;
    const sentCount = async () =>
      Number(
        (
          await scratch.query<{ n: number }>(
            `select count(*)::int as n from email_outbox where status = 'SENT'`,
          )
        )[0]?.n ?? 0,
      );
    while (Date.now() < until && (await sentCount()) < messages) await sleep(250);
    const takeoverMs = Date.now() - killedAt;
    await sleep(1500); // a late repeat would show now
    const [open] = await scratch.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'email' and state <> 'completed'`,
    );
    return {
      queued: messages,
      delivered: mail.delivered.size,
      deliveredTwice: [...mail.delivered.values()].filter((n) => n > 1).length,
      lost: messages - (await sentCount()),
      takeoverMs,
      jobsOpen: open?.n ?? 0,
    };
  } finally {
    for (const worker of workers) await stop(worker);
    await database.close();
    await mail.close();
    await scratch.drop();
    await data.remove();
  }
}
