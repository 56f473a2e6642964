import crypto from 'node:crypto';
import type { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { PreparedBody } from '../../lib/prepared-body';
import type { Database } from '../../db/client';
import { REFERENCE_CHANGED_CHANNEL } from '../../db/seed';
import type { ServiceContext } from '../../lib/context';
import {
  appliedReferenceVersion,
  readReferenceSnapshot,
  type ReferenceSnapshotData,
} from './reference.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reference data served from memory. */
    referenceCache: ReferenceCache;
  }
}

export const VERSION_CHECK_MS = 60_000;

/** The reference data held in memory, each response serialized the first time it is asked for. */
export class ReferenceSnapshot {
  private readonly bodies = new Map<string, PreparedBody>();

  constructor(readonly data: ReferenceSnapshotData) {}

  /** The body of `key`, serialized with `schema` (exactly as the route's response serializer would). */
  prepared<T>(key: string, schema: z.ZodType, value: () => T): PreparedBody {
    let found = this.bodies.get(key);
    if (!found) {
      found = prepare(schema, key, value());
      this.bodies.set(key, found);
    }
    return found;
  }
}

const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

function prepare(schema: z.ZodType, key: string, data: unknown): PreparedBody {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = serializerCompiler({
      schema,
      method: 'GET',
      url: key,
      httpStatus: '200',
    }) as (data: unknown) => string;
    serializers.set(schema, serialize);
  }
  const body = Buffer.from(serialize(data), 'utf8');
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return new PreparedBody(body, `"${hash}"`);
}

/**
 * The in-memory reference data. Built once (concurrent first uses share one build) and rebuilt when the data
 * changes: on a `NOTIFY reference_changed` (sent by the seed) and when the applied seed version differs from
 * the one loaded (checked every minute, in case a notification was missed).
 */
export class ReferenceCache {
  private snapshot: ReferenceSnapshot | null = null;
  private building: Promise<ReferenceSnapshot> | null = null;
  private buildAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly database: Database,
  ) {}

  /** The current snapshot, or null before the first build. */
  get current(): ReferenceSnapshot | null {
    return this.snapshot;
  }

  /** The current snapshot, built first when there is none. */
  get(): Promise<ReferenceSnapshot> {
    return this.snapshot ? Promise.resolve(this.snapshot) : this.refresh();
  }

  /** Reads the reference data again; a refresh asked for during a build starts another one after it. */
  refresh(): Promise<ReferenceSnapshot> {
    if (this.building) {
      this.buildAgain = true;
      return this.building;
    }
    const build = async () => {
      do {
        this.buildAgain = false;
        this.snapshot = new ReferenceSnapshot(await readReferenceSnapshot({ ctx: this.ctx }));
      } while (this.buildAgain);
      return this.snapshot;
    };
    this.building = build().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** Loads the snapshot and follows changes: notifications, and a periodic check of the seed version. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REFERENCE_CHANGED_CHANNEL, () => {
      this.refreshInBackground('a change was notified');
    });
    await this.refresh();
    this.timer = setInterval(() => void this.checkVersion(), VERSION_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
    await this.building?.catch(() => undefined);
  }

  /** Rebuilds when the seed has applied a version other than the one loaded. */
  async checkVersion(): Promise<void> {
    try {
      const version = await appliedReferenceVersion({ ctx: this.ctx });
      if (this.snapshot && version !== this.snapshot.data.version) {
        this.refreshInBackground('the seed version changed');
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'could not check the reference data version');
    }
  }

  private refreshInBackground(reason: string) {
    this.refresh().then(
      () => this.ctx.log.info({ reason }, 'reference data reloaded'),
      (err: unknown) => this.ctx.log.warn({ err, reason }, 'could not reload the reference data'),
    );
  }
}
