import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Tools of the fault tests: the built server as a child process, an HTTP client with cookies, a database of
 * its own per scenario, and a TCP proxy that can cut the API off from PostgreSQL. Everything on 127.0.0.1.
 */

/**
 * How to start the server in a process of its own: the built `dist/server.js` when this file runs built (the CLI
 * tools), and `src/server.ts` when it runs from the sources (the tests), compiled on load by the preload the tests
 * run with (`src/test/ts-register.cjs`, the `source` export condition), so the tests need no build first.
 */
export function serverArguments(): string[] {
  if (path.extname(__filename) === '.js') return [path.resolve(__dirname, '../server.js')];
  return [
    '--require',
    path.resolve(__dirname, '../test/ts-register.cjs'),
    '--conditions=source',
    path.resolve(__dirname, '../server.ts'),
  ];
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output(): string;
  alive(): boolean;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server ({@link serverArguments}) on a free port with the given environment; resolves once it answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArguments(), {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exitCode: number | null | undefined;
  child.stdout!.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}: ${output}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(50);
  }
  return {
    child,
    base,
    exited,
    output: () => output,
    alive: () => exitCode === undefined,
  };
}

/** Kills a server process at once (as a crash or an OOM kill would) and waits until it is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (!server.alive()) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Stops a server process gracefully. */
export async function stop(server: ServerProcess): Promise<void> {
  if (!server.alive()) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

export interface Reply {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** A browser-like caller: same-origin headers and a cookie jar. Network failures answer status 0. */
export class Client {
  constructor(
    public base: string,
    /** Sent as X-Forwarded-For (for a server started with TRUST_PROXY=true): one address per simulated user. */
    private readonly forwardedFor?: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (its address and cookies) sending to another process of the same deployment. */
  on(base: string): Client {
    return new Client(base, this.forwardedFor, this.cookies);
  }

  async request(method: string, url: string, body?: unknown, timeoutMs = 10_000): Promise<Reply> {
    const headers: Record<string, string> = { origin: this.base, 'sec-fetch-site': 'same-origin' };
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(this.base + url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
    } catch {
      return { status: 0, body: null, retryAfter: null };
    }
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: unknown = {}) {
    return this.request('POST', url, body);
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database of the scenario's own on the PostgreSQL server of `adminUrl`, dropped by `drop`. */
export async function createDatabase(adminUrl: string) {
  const name = `waypoint_fault_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    admin,
    /** Ends every connection of the API to this database, as a failover or a restart would. */
    async terminateBackends(): Promise<number> {
      const res = await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return (res.rows[0] as { n: number }).n;
    },
    async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      await admin
        .query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
        .catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** A TCP proxy in front of PostgreSQL: `cut()` drops every connection and refuses new ones until `restore()`. */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The database is unreachable: open connections break, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }

  /** The proxy's URL for a database URL of the real server. */
  urlFor(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }
}

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-fault-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small seeded random generator (mulberry32), so a failing run can be replayed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
