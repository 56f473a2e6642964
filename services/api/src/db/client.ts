import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle given to a transaction callback: the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Answers when the database responds to a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` whenever a `NOTIFY <channel>` is committed. On PostgreSQL this holds a connection of its
   * own that reconnects after errors (and then calls `onNotify` once without a payload, for what it may have
   * missed). Resolves after the first attempt to listen; returns the function that stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs SQL given as text, for a library that writes its own (the job queue): one statement with `$n`
   * parameters, or, without values, a script of several.
   */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Limits of the PostgreSQL pool; every value has a default suited to one API process. */
export interface PoolLimits {
  /** Connections per process. */
  poolSize?: number;
  /** How long a request waits for a connection (a new one, or a free one from a full pool). */
  connectTimeoutMs?: number;
  /** Server-side limit of one statement (`statement_timeout`); the client gives up a little later. */
  statementTimeoutMs?: number;
}

export type DatabaseOptions =
  | ({ kind: 'postgres'; url: string } & PoolLimits)
  /**
   * `dataDir` undefined means in memory. `sharedBuffersMb` sizes PostgreSQL's buffer cache (128 MB unless set):
   * the tests' small databases open in about a fifth of the time with a few MB, most of the opening being the
   * zeroing of that cache.
   */
  | { kind: 'pglite'; dataDir?: string; sharedBuffersMb?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      statement_timeout: statementTimeoutMs,
      // The client stops waiting shortly after the server should have cancelled the statement.
      query_timeout: statementTimeoutMs + 2_000,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      keepAlive: true,
    });
    // A connection that dies (a terminated backend, a failover, a network cut) emits 'error' on its client,
    // idle or checked out; unhandled, that event would end the process. The query that was using it (if any)
    // fails with a connection error, which the API answers 503, and the pool replaces the connection.
    const ignore = () => undefined;
    pool.on('error', ignore);
    pool.on('connect', (client) => client.on('error', ignore));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Each listener holds a connection of its own: closing the database ends them too.
    const listeners = new Set<() => Promise<void>>();
    return {
      kind: 'postgres',
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      raw: async (text, values) => {
        const result = await pool.query(text, values);
        // A script answers one result per statement; its last one is the answer.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last?.rows ?? [] };
      },
      listen: async (channel, onNotify) => {
        const stop = await listenPostgres(
          options.url,
          channel,
          onNotify,
          options.connectTimeoutMs ?? 5_000,
        );
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        if (!pool.ended) await pool.end();
      },
    };
  }
  return pgliteDatabase(await openPglite(options));
}

/** An embedded PostgreSQL (PGlite) with the extensions the schema uses, on `dataDir` or in memory. */
export async function openPglite(
  options: Omit<Extract<DatabaseOptions, { kind: 'pglite' }>, 'kind'>,
): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.sharedBuffersMb
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            '-c',
            `shared_buffers=${options.sharedBuffersMb}MB`,
          ],
        }
      : {}),
    extensions: { pg_trgm },
  });
}

/**
 * The database over an open PGlite. `close` stops the listeners it started, then ends: by default it closes
 * the PGlite (a test harness that keeps one PGlite for several apps passes its own `end`).
 */
export function pgliteDatabase(
  client: PGlite,
  end: () => Promise<void> = () => client.close(),
): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  let closed = false;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await client.query('select 1');
    },
    raw: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      const unlisten = async () => {
        if (!listeners.delete(unlisten) || client.closed) return;
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      if (!client.closed) await end();
    },
  };
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). The database can restart or
 * the connection drop: its 'error' event is handled (unhandled it would end the process) and the connection is
 * opened again with an exponential backoff.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
  connectTimeoutMs: number,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name '${channel}'`);
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let connectedBefore = false;

  const retry = (client: pg.Client) => {
    if (client !== current) return; // already handled
    current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    current = client;
    client.on('error', () => retry(client));
    client.on('end', () => retry(client));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      retry(client);
      return;
    }
    // Stopped while this connection was being made: it is not kept.
    if (stopped || current !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    failures = 0;
    // Whatever was notified while the connection was down has been missed.
    if (connectedBefore) onNotify();
    connectedBefore = true;
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/** The rows of a raw `db.execute` result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
