import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
// pg-boss's statement texts, to recognise two of them (see workerExecutor).
import plans from 'pg-boss/src/plans';
import type { Database, Db, Tx } from '../db/client';
import { rowsOf } from '../db/client';

/**
 * Background work as jobs in pg-boss, on the application's own database (PostgreSQL, or the embedded PGlite):
 * a job is a row written in the same transaction as the change that causes it, so it exists exactly when its
 * cause commits. Any number of worker processes fetch jobs (`FOR UPDATE SKIP LOCKED`); a job whose worker dies
 * expires and is retried with back-off; one that fails every attempt stays `failed`, listed for staff.
 */

/** pg-boss's tables live in their own schema, beside the application's. */
export const JOB_SCHEMA = 'pgboss';

/** A queue's policy: how often and how soon a failed job is retried, and when a running one counts as dead. */
export interface QueuePolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each further one when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job running longer than this is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
  /** At most one job of the queue waiting and one running (the periodic jobs). */
  stately?: boolean;
}

/** The periodic clean-ups, by queue name, with their cron schedule (UTC). */
export const SCHEDULED = {
  'sessions-prune': '*/10 * * * *',
  'rate-limits-prune': '*/10 * * * *',
  'drafts-prune': '5 * * * *',
  'upload-links-prune': '10 * * * *',
  reminders: '15 * * * *',
  'document-retention': '20 * * * *',
  'record-retention': '25 * * * *',
  'email-sweep': '*/10 * * * *',
} as const;

const PERIODIC: QueuePolicy = {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  stately: true,
};

/** Every queue and its policy. */
export const QUEUES: Record<
  'email' | 'passport-read' | 'payments-reconcile' | keyof typeof SCHEDULED,
  QueuePolicy
> = {
  /** One e-mail of the outbox (`{ id }`): 12 attempts over about five hours, then FAILED for staff. */
  email: { retryLimit: 11, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  /** The MRZ of one stored passport page (`{ documentId, travelerId }`). */
  'passport-read': { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /**
   * Paid orders whose completion was cut off; run every RECONCILE_INTERVAL_SECONDS (a throttled job). Runs may
   * overlap (each claims its payments with SKIP LOCKED), so a dead worker's run never holds the next ones back.
   */
  'payments-reconcile': { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 },
  ...(Object.fromEntries(Object.keys(SCHEDULED).map((name) => [name, PERIODIC])) as Record<
    keyof typeof SCHEDULED,
    QueuePolicy
  >),
};

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** What a job of each queue carries: ids only, never personal data. */
export interface JobData {
  email: { id: string };
  'passport-read': { documentId: string; travelerId: string };
}
type DataOf<N extends QueueName> = N extends keyof JobData ? JobData[N] : Record<string, never>;

/** pg-boss's way into a database: one statement (with `$n` parameters) or, without values, a script. */
interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Runs pg-boss's parameterised SQL through a drizzle handle (a transaction's, so the job joins it). */
function executorOf(db: Db | Tx): Executor {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql`${sql.param(values[Number(part) - 1] ?? null)}`);
      });
      return { rows: rowsOf(await db.execute(sql.join(chunks))) };
    },
  };
}

/** Builds jobs; never started, so it holds no connection and no timer. */
const builder = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('jobs are sent through a transaction')),
  },
  schema: JOB_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: false,
});

/**
 * Queues a job in the caller's transaction: it exists exactly when the change that causes it commits, and is
 * done by a worker process after that.
 */
export async function enqueueJob<N extends QueueName>(
  tx: Db | Tx,
  name: N,
  data: DataOf<N>,
  options: { singletonSeconds?: number; singletonKey?: string } = {},
): Promise<void> {
  await builder.send(name, data, { ...options, db: executorOf(tx) });
}

/** The most jobs one `runDueJobs` runs (a guard: a job due again at once is not run forever). */
const DRAIN_LIMIT = 1000;

/**
 * Runs the jobs of `name` that are due now, one after another, here (what a worker does, without waiting for a
 * poll): completes each that succeeds and fails each that throws (retried with back-off). For draining a queue
 * from a command, and for tests.
 */
export async function runDueJobs<N extends QueueName>(
  db: Db,
  name: N,
  handler: JobHandler<N>,
): Promise<number> {
  const exec = executorOf(db);
  let ran = 0;
  while (ran < DRAIN_LIMIT) {
    const [job] =
      (await builder.fetch<DataOf<N>>(name, {
        batchSize: 1,
        includeMetadata: true,
        db: exec,
      } as PgBoss.FetchOptions & { includeMetadata: true })) ?? [];
    if (!job) break;
    ran += 1;
    try {
      await handler(job.data, {
        id: job.id,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      });
      await builder.complete(name, job.id, {}, { db: exec });
    } catch (err) {
      await builder.fail(name, job.id, err instanceof Error ? { message: err.message } : {}, {
        db: exec,
      });
    }
  }
  return ran;
}

/** Options of the queue that runs on a database. */
export interface JobQueueOptions {
  /** How often an idle worker looks for jobs of another process (a job of its own process wakes it at once). */
  pollingSeconds?: number;
  /** How often expired jobs (a dead worker's) are found and retried. */
  superviseSeconds?: number;
}

function rawExecutor(database: Database): Executor {
  return { executeSql: (text, values) => database.raw(text, values) };
}

/**
 * pg-boss's statements that record a job's end. Its worker sends them without waiting for their answer, so a
 * database that is down meanwhile would reject them with nobody to catch it and end the process.
 */
const END_OF_JOB = new Set<string>([
  plans.completeJobs(JOB_SCHEMA),
  plans.failJobsById(JOB_SCHEMA),
]);

/**
 * The executor of a worker's queue: as `rawExecutor`, except that a job's end that cannot be recorded is logged
 * and answered as "no job changed". The job then stays active until its expiry and is retried; its handler is
 * idempotent (an e-mail already sent is not sent again).
 */
function workerExecutor(database: Database, log: FastifyBaseLogger): Executor {
  return {
    executeSql: async (text, values) => {
      try {
        return await database.raw(text, values);
      } catch (err) {
        if (!END_OF_JOB.has(text)) throw err;
        log.warn({ err }, 'the end of a job was not recorded: it is retried after its expiry');
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

/** Creates pg-boss's schema (or brings it up to date) and every queue with its current policy. */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: rawExecutor(database),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  try {
    for (const name of QUEUE_NAMES) {
      const { stately, ...policy } = QUEUES[name];
      const options = { name, ...policy, policy: stately ? 'stately' : 'standard' } as const;
      await boss.createQueue(name, options);
      await boss.updateQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

export type JobHandler<N extends QueueName> = (
  data: DataOf<N>,
  attempt: { retryCount: number; retryLimit: number; id: string },
) => Promise<void>;

/** A failed job as staff see it. */
export interface FailedJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
  error: string | null;
}

/**
 * The job queue of a worker process: fetches and runs jobs, keeps the schedules, and retries a dead worker's
 * jobs. A web process never starts one (it only enqueues).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<QueueName, string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: workerExecutor(database, log),
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: options.superviseSeconds ?? 30,
      monitorStateIntervalSeconds: 60,
    });
    // A database that is down makes pg-boss's timers fail: logged, never an unhandled 'error' event.
    this.boss.on('error', (err: unknown) => this.log.warn({ err }, 'job queue'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  /** Runs `handler` for every job of `name`; a handler that throws fails the attempt (retried with back-off). */
  async work<N extends QueueName>(name: N, handler: JobHandler<N>): Promise<void> {
    await this.start();
    const id = await this.boss.work<DataOf<N>>(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: this.options.pollingSeconds ?? 2,
      },
      async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        } finally {
          // A queue that had a job may have more: look again at once rather than after the poll interval.
          this.poke(name);
        }
      },
    );
    this.workers.set(name, id);
  }

  /** The queues this process works. */
  queues(): QueueName[] {
    return [...this.workers.keys()];
  }

  /** Looks for jobs of `name` now, instead of at the next poll (after this process queued one). */
  poke(name: QueueName): void {
    const id = this.workers.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /** Keeps the cron schedule of a periodic queue (one job per slot, whichever worker's clock sees it first). */
  async schedule(name: keyof typeof SCHEDULED): Promise<void> {
    await this.start();
    await this.boss.schedule(name, SCHEDULED[name], {}, { tz: 'UTC' });
  }

  /**
   * Queues a job of `name` every `seconds` from each worker, throttled so that one job per interval runs in all
   * (for intervals under the minute a cron schedule cannot express).
   */
  every(name: QueueName, seconds: number): void {
    const slot = Math.max(1, Math.round(seconds));
    const tick = () => {
      builder
        .send(
          name,
          {},
          { singletonSeconds: slot, singletonKey: name, db: rawExecutor(this.database) },
        )
        .then(() => this.poke(name))
        .catch((err: unknown) => this.log.warn({ err, job: name }, 'periodic job not queued'));
    };
    const timer = setInterval(tick, seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutSeconds`), and stops the timers. */
  async stop(timeoutSeconds = 20): Promise<void> {
    this.timers.forEach(clearInterval);
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: timeoutSeconds * 1000,
    });
  }
}

/** Failed jobs of `queues`, newest first (or the one with `id`). */
export async function failedJobs(
  db: Db | Tx,
  queues: readonly string[],
  limit: number,
  id?: string,
): Promise<FailedJob[]> {
  const rows = rowsOf<{
    id: string;
    name: string;
    data: Record<string, unknown> | null;
    retry_count: number;
    created_on: Date | string;
    completed_on: Date | string | null;
    output: { message?: unknown; value?: { message?: unknown } } | null;
  }>(
    await db.execute(sql`
      select id, name, data, retry_count, created_on, completed_on, output
      from ${sql.raw(JOB_SCHEMA)}.job
      where state = 'failed' and name in (${sql.join(
        queues.map((q) => sql`${q}`),
        sql`, `,
      )}) ${id ? sql`and id = ${id}::uuid` : sql``}
      order by completed_on desc nulls last limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    data: r.data ?? {},
    retryCount: r.retry_count,
    createdOn: new Date(r.created_on),
    completedOn: r.completed_on ? new Date(r.completed_on) : null,
    error: messageOf(r.output),
  }));
}

/** How many jobs of `queues` failed every attempt. */
export async function countFailedJobs(db: Db, queues: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from ${sql.raw(JOB_SCHEMA)}.job
      where state = 'failed' and name in (${sql.join(
        queues.map((q) => sql`${q}`),
        sql`, `,
      )})`),
  );
  return Number(row?.n ?? 0);
}

/** The error a failed job recorded: a handler's (`{ message }`) or pg-boss's own, for an expired job. */
function messageOf(
  output: { message?: unknown; value?: { message?: unknown } } | null,
): string | null {
  const message = output?.message ?? output?.value?.message;
  return typeof message === 'string' ? message.slice(0, 500) : null;
}

/** Puts a failed job back in its queue for one more attempt; false when it is not (or no longer) failed. */
export async function retryFailedJob(tx: Db | Tx, name: string, id: string): Promise<boolean> {
  const result = (await builder.retry(name, id, { db: executorOf(tx) })) as unknown as {
    affected: number;
  };
  return result.affected === 1;
}
