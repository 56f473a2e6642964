import type { IncomingMessage, ServerResponse } from 'node:http';
import { LiveEvent } from '@waypoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { LIVE_EVENTS_CHANNEL } from './events.repo';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live status streams of this process. */
    liveEvents: LiveEventHub;
  }
}

/** A stream whose client reads slower than this much is behind: it is closed and its page reconnects. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * A stream is closed after this long, and the browser reconnects (its `retry` is a few seconds): the session is
 * checked again, so a stream does not outlive a sign-out or an expired session by more than this.
 */
export const STREAM_LIFETIME_MS = 10 * 60_000;

/** How long a browser waits before reconnecting a stream the server ended. */
const RETRY_MS = 3000;

class LiveStream {
  private readonly expiry: NodeJS.Timeout;

  constructor(
    readonly userId: string,
    private readonly res: ServerResponse,
    onEnd: () => void,
  ) {
    res.on('close', onEnd);
    this.expiry = setTimeout(() => this.end(), STREAM_LIFETIME_MS);
    this.expiry.unref();
  }

  send(event: LiveEvent) {
    this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  comment(text: string) {
    this.write(`: ${text}\n\n`);
  }

  write(chunk: string) {
    if (this.res.writableEnded || this.res.destroyed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    this.res.write(chunk);
  }

  end() {
    clearTimeout(this.expiry);
    if (!this.res.writableEnded) this.res.end();
  }
}

/**
 * The live status streams of one API process. Changes are announced with `NOTIFY application_events` inside the
 * transaction that makes them (events.repo.ts), so every process hears each committed change: through a
 * dedicated `LISTEN` connection on PostgreSQL, in process on PGlite. Each notice names the account it is for,
 * and goes only to that account's streams. A heartbeat comment keeps idle connections open through proxies.
 */
export class LiveEventHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { heartbeatMs: number; perUser: number },
  ) {}

  /** Starts listening for notices and sending heartbeats. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(LIVE_EVENTS_CHANNEL, (payload) =>
      this.deliver(payload),
    );
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const s of set) s.comment('heartbeat');
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Whether the account may open another stream. */
  accepts(userId: string): boolean {
    return (this.streams.get(userId)?.size ?? 0) < this.options.perUser;
  }

  /** True once the server shuts down: no new streams. */
  get closed(): boolean {
    return this.closing;
  }

  /** How many streams are open (for tests and diagnostics). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Starts the event stream on a response whose request was taken over from the framework: the headers (with
   * those the request's hooks set), then events until the client leaves or the server shuts down.
   */
  open(
    userId: string,
    request: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string | string[] | number | undefined>,
  ) {
    // Idle is normal for this request: only the heartbeat travels for minutes.
    request.socket.setTimeout(0);
    request.socket.setNoDelay(true);
    res.writeHead(200, {
      ...Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)),
      'content-type': 'text/event-stream; charset=utf-8',
      // Never stored, never transformed (compressed) by a proxy, never buffered by nginx.
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    const own = set;
    const stream = new LiveStream(userId, res, () => {
      own.delete(stream);
      if (own.size === 0 && this.streams.get(userId) === own) this.streams.delete(userId);
    });
    own.add(stream);
    stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  }

  /** A notice from the channel; without one (the listener reconnected), every page refetches. */
  deliver(payload?: string) {
    if (payload === undefined || payload === '') {
      for (const set of this.streams.values()) for (const s of set) s.send({ type: 'resync' });
      return;
    }
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      this.log.warn('a live event notice was not JSON');
      return;
    }
    const userId = (notice as { userId?: unknown }).userId;
    const event = LiveEvent.safeParse((notice as { event?: unknown }).event);
    if (typeof userId !== 'string' || !event.success) {
      this.log.warn('a live event notice had an unexpected shape');
      return;
    }
    for (const s of this.streams.get(userId) ?? []) s.send(event.data);
  }

  /** Ends every open stream (before the server closes, so that closing does not wait for them). */
  closeAll() {
    this.closing = true;
    for (const set of [...this.streams.values()]) for (const s of [...set]) s.end();
    this.streams.clear();
  }

  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
  }
}
