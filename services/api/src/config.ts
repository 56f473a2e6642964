import net from 'node:net';
import path from 'node:path';
import { DEFAULT_SUPPORT_EMAIL, type RemoteArea } from '@waypoint/contracts';
import { z } from 'zod';

/**
 * The only reader of the environment. Parsed once at boot; embedded defaults for local use,
 * hard failures in production where a default would be unsafe.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** The development portal's seller and support details: fine on a laptop, refused in production. */
const SELLER_DEFAULTS = {
  SELLER_LEGAL_NAME: 'Waypoint Travel Services Ltd',
  SELLER_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
  SELLER_COMPANY_NUMBER: '00000000',
  SELLER_VAT_NUMBER: 'GB000000000',
  SUPPORT_EMAIL: DEFAULT_SUPPORT_EMAIL,
} as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  ROLE: z
    .enum(['all', 'web', 'worker'], {
      error: () =>
        'ROLE must be all (HTTP and background work), web (HTTP only) or worker (background work only)',
    })
    .default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url('PUBLIC_URL must be a URL').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Waypoint <no-reply@waypoint.localhost>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64').length === 32,
        'ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)',
      )
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAX_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('waypoint:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: optionalString,
  STATIC_DIR: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url('S3_ENDPOINT must be a URL').optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  ADMIN_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(8),
  API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
  UPLOAD_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Reading of passport pages' machine-readable zone (after the upload is stored, in a worker thread).
  MRZ_READING: z.enum(['true', 'false', '1', '0', '']).optional(),
  MRZ_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  LIVE_EVENTS_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  LIVE_EVENTS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  REMOTE_APPLY_URL: optionalString,
  REMOTE_ACCOUNT_URL: optionalString,
  REMOTE_ADMIN_URL: optionalString,
  REMOTES_FILE: optionalString,
  RELEASES_DIR: optionalString,
  // The seller as invoices and credit notes name it, and where travellers get help. The defaults are the
  // development portal's; production refuses them (an invoice must name the real seller).
  SELLER_LEGAL_NAME: z.string().trim().min(1).default(SELLER_DEFAULTS.SELLER_LEGAL_NAME),
  SELLER_ADDRESS: z.string().trim().min(1).default(SELLER_DEFAULTS.SELLER_ADDRESS),
  SELLER_COMPANY_NUMBER: z.string().trim().min(1).default(SELLER_DEFAULTS.SELLER_COMPANY_NUMBER),
  SELLER_VAT_NUMBER: z.string().trim().min(1).default(SELLER_DEFAULTS.SELLER_VAT_NUMBER),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default(SELLER_DEFAULTS.SUPPORT_EMAIL),
  HELP_URL: optionalString.pipe(z.url('HELP_URL must be a URL').optional()),
});

/** The repository root, when running from the source tree (services/api/src or services/api/dist). */
const REPO_ROOT = path.resolve(__dirname, '../../..');

export type PaymentProviderName = 'sandbox' | 'stripe';

/**
 * What a process does: `web` answers HTTP and runs no background work, `worker` runs the background work (the
 * e-mail outbox, payment reconciliation, reminders, retention and clean-ups) and answers only the health probes,
 * `all` does both (one process on its own).
 */
export type ProcessRole = 'all' | 'web' | 'worker';

export interface Config {
  env: 'development' | 'test' | 'production';
  role: ProcessRole;
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute path; everything the embedded mode keeps lives under it. */
  dataDir: string;
  /** node-postgres when set; PGlite under `dataDir/db` otherwise. */
  databaseUrl: string | undefined;
  /** PostgreSQL pool limits (ignored by PGlite). */
  database: { poolSize: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /** Requests are shed with 503 above these (0 turns a limit off). */
  pressure: { maxEventLoopDelayMs: number; maxRssBytes: number };
  /**
   * Payments the provider reports as succeeded but whose order is not paid (the process died between the two)
   * are completed this long after the last sign of activity, checked every `intervalSeconds`.
   */
  reconcile: { graceSeconds: number; intervalSeconds: number };
  /**
   * The job queue of a worker: how often an idle worker looks for other processes' jobs (its own process's wake
   * it at once), and how often jobs of a dead worker are found past their expiry and retried.
   */
  jobs: { pollSeconds: number; superviseSeconds: number };
  /** The live status streams (`GET /api/events`): heartbeat interval, and open streams allowed per account. */
  liveEvents: { heartbeatSeconds: number; perUser: number };
  publicUrl: string;
  /** The seller's legal identity, as invoices and credit notes show it. */
  seller: Seller;
  /** Where travellers get help: an e-mail address, and the help page when there is one. */
  support: Support;
  mail: { smtpUrl: string | undefined; from: string; mailboxDir: string };
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiBase: string | undefined;
      };
  /** Base64 AES-256 key; in the embedded mode generated once under `dataDir/keys`. */
  encryptionKey: string | undefined;
  uploadsDir: string;
  /** Where uploaded documents are kept: DATA_DIR/uploads, or an S3-compatible bucket when configured. */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  keysDir: string;
  /** Uploads decoded and checked at once in this process (default: one per CPU, at most 4). */
  uploadWorkers: number | undefined;
  /** Documents of an approved or rejected order are erased this many days after the decision. */
  documentRetentionDays: number;
  /** Whether passport pages' MRZs are read (on unless MRZ_READING=false). */
  mrzReading: boolean;
  /** Time limit of one MRZ reading, in milliseconds. */
  mrzTimeoutMs: number;
  /** Rate-limit counters live in Redis when set (in the database otherwise). */
  redisUrl: string | undefined;
  /** Put before every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  logLevel: string;
  /**
   * Which peers may tell the client's address (X-Forwarded-For) and protocol: none (`false`, the socket address
   * counts), the nearest `n` hops, the listed proxy addresses and ranges, or anyone (`true`, refused in
   * production). See `trustProxyOption` for what Fastify is given.
   */
  trustProxy: TrustProxy;
  /** Serve the OpenAPI document and its viewer at /api/docs (off in production unless API_DOCS=true). */
  apiDocs: boolean;
  sessions: {
    user: { idleSeconds: number; absoluteSeconds: number };
    admin: { idleSeconds: number; absoluteSeconds: number };
    /** `__Host-` prefixed and Secure in production. */
    cookieName: string;
    secureCookie: boolean;
  };
  /**
   * Folders of the built front-end bundles: the shell and each remote, and the released versions of each area
   * (`releases/<area>/<version>/`, served at `/releases/`).
   */
  bundles: Record<'shell' | RemoteName | 'releases', string>;
  /** Where the shell loads each remote from unless the registry file says otherwise (see `remotesFile`). */
  remotes: Record<RemoteName, string>;
  /**
   * The remote registry of this environment (`REMOTES_FILE`): a JSON file of area → manifest address, followed
   * while the server runs, so an area is released or rolled back by editing it. Null when not set.
   */
  remotesFile: string | null;
}

export type RemoteName = RemoteArea;

export type TrustProxy = boolean | { hops: number } | { addresses: string[] };

/** proxy-addr's named ranges: 127.0.0.1/8 and ::1, link-local, and private (10/8, 172.16/12, 192.168/16, fc00::/7). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const TRUST_PROXY_FORMS =
  'false, a number of proxies in front (1, 2 …) or a comma-separated list of proxy addresses and CIDR ranges (127.0.0.1,10.0.0.0/8)';

/** What an entry of a TRUST_PROXY list is: an address, a range (CIDR or named), a range of `everything`, or nothing. */
function proxyEntryKind(entry: string): 'address' | 'range' | 'everything' | null {
  if (NAMED_RANGES.has(entry)) return 'range';
  const slash = entry.indexOf('/');
  if (slash === -1) return net.isIP(entry) ? 'address' : null;
  const family = net.isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (!family || !/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return null;
  return Number(bits) === 0 ? 'everything' : 'range';
}

/** TRUST_PROXY read, or the problem with it. */
function parseTrustProxy(
  raw: string | undefined,
  isProduction: boolean,
): { value: TrustProxy } | { problem: string } {
  const value = raw?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return { value: false };
  if (value === 'true') {
    return isProduction
      ? {
          problem: `TRUST_PROXY=true is refused in production: it believes any X-Forwarded-For a client sends, which defeats the per-IP limits; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)`,
        }
      : { value: true };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS
      ? { value: { hops } }
      : {
          problem: `TRUST_PROXY: ${value} proxies in front is more than ${MAX_HOPS}; expected ${TRUST_PROXY_FORMS}`,
        };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => proxyEntryKind(entry) === null);
  if (wrong.length > 0) {
    return {
      problem: `TRUST_PROXY: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')} is not an address or a CIDR range; expected ${TRUST_PROXY_FORMS}`,
    };
  }
  if (isProduction && entries.some((entry) => proxyEntryKind(entry) === 'everything')) {
    return {
      problem: `TRUST_PROXY: a /0 range trusts every address, as TRUST_PROXY=true would, which production refuses; list the proxies' addresses or ranges`,
    };
  }
  return { value: { addresses: entries } };
}

/**
 * Fastify's `trustProxy` for the configured trust. A hop count becomes a function: Fastify's own number form
 * trusts no hop at all, and the client's address would be the nearest proxy's.
 */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'boolean') return trust;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}

export interface Seller {
  legalName: string;
  /** The registered address, on one line (commas between its parts). */
  address: string;
  companyNumber: string;
  vatNumber: string;
}

export interface Support {
  email: string;
  helpUrl: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, isProduction);
  if ('problem' in trustProxy) problems.push(trustProxy.problem);

  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  const stripeSet = stripeKeys.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < 3) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  const payments: Config['payments'] =
    stripeSet === 3
      ? {
          provider: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiBase: e.STRIPE_API_BASE,
        }
      : { provider: 'sandbox' };

  const s3 = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  const s3Set = s3.filter(Boolean).length;
  if (s3Set > 0 && s3Set < 4) {
    problems.push(
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }

  if (e.ROLE !== 'all' && !isProduction) {
    // Web and worker processes are separate processes, often on separate machines: they must share the database
    // and the key that encrypts personal data in it (production requires both anyway).
    if (!e.DATABASE_URL) {
      problems.push(
        `ROLE=${e.ROLE} needs DATABASE_URL: the embedded database serves one process only (run ROLE=all without PostgreSQL)`,
      );
    }
    if (!e.ENCRYPTION_KEY) {
      problems.push(
        `ROLE=${e.ROLE} needs ENCRYPTION_KEY: every process must encrypt and decrypt with the same key`,
      );
    }
  }

  if (isProduction) {
    if (payments.provider === 'sandbox') {
      problems.push(
        'production refuses the sandbox payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      );
    }
    if (!e.DATABASE_URL) problems.push('DATABASE_URL is required in production');
    if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY is required in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL is required in production');
    const placeholders = (Object.keys(SELLER_DEFAULTS) as (keyof typeof SELLER_DEFAULTS)[]).filter(
      (name) => e[name] === SELLER_DEFAULTS[name],
    );
    if (placeholders.length > 0) {
      problems.push(
        `${placeholders.join(', ')} must be set in production: invoices, credit notes and emails print them`,
      );
    }
    if (!e.REMOTE_ADMIN_URL || !/^https?:\/\//.test(e.REMOTE_ADMIN_URL)) {
      problems.push(
        "REMOTE_ADMIN_URL is required in production: the staff area's mf-manifest.json on its own origin (https://…)",
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    pressure: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      maxRssBytes: e.MAX_RSS_MB * 1024 * 1024,
    },
    reconcile: {
      graceSeconds: e.RECONCILE_GRACE_SECONDS,
      intervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    },
    jobs: { pollSeconds: e.JOBS_POLL_SECONDS, superviseSeconds: e.JOBS_SUPERVISE_SECONDS },
    liveEvents: {
      heartbeatSeconds: e.LIVE_EVENTS_HEARTBEAT_SECONDS,
      perUser: e.LIVE_EVENTS_PER_USER,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seller: {
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SELLER_ADDRESS,
      companyNumber: e.SELLER_COMPANY_NUMBER,
      vatNumber: e.SELLER_VAT_NUMBER,
    },
    support: { email: e.SUPPORT_EMAIL, helpUrl: e.HELP_URL ?? null },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxDir: path.join(dataDir, 'mail') },
    payments,
    encryptionKey: e.ENCRYPTION_KEY,
    uploadsDir: path.join(dataDir, 'uploads'),
    storage:
      s3Set === 4
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    keysDir: path.join(dataDir, 'keys'),
    uploadWorkers: e.UPLOAD_WORKERS,
    documentRetentionDays: e.DOCUMENT_RETENTION_DAYS,
    mrzReading: e.MRZ_READING !== 'false' && e.MRZ_READING !== '0',
    mrzTimeoutMs: e.MRZ_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: 'value' in trustProxy ? trustProxy.value : false,
    apiDocs:
      e.API_DOCS === undefined || e.API_DOCS === ''
        ? !isProduction
        : e.API_DOCS === 'true' || e.API_DOCS === '1',
    sessions: {
      user: {
        idleSeconds: e.SESSION_IDLE_MINUTES * 60,
        absoluteSeconds: e.SESSION_ABSOLUTE_HOURS * 3600,
      },
      admin: {
        idleSeconds: e.ADMIN_SESSION_IDLE_MINUTES * 60,
        absoluteSeconds: e.ADMIN_SESSION_ABSOLUTE_HOURS * 3600,
      },
      cookieName: isProduction ? '__Host-waypoint_session' : 'waypoint_session',
      secureCookie: isProduction,
    },
    // STATIC_DIR holds shell/, apply/, account/ and admin/ (a deployment); otherwise the workspaces' dist folders.
    bundles: e.STATIC_DIR
      ? {
          shell: path.resolve(e.STATIC_DIR, 'shell'),
          apply: path.resolve(e.STATIC_DIR, 'apply'),
          account: path.resolve(e.STATIC_DIR, 'account'),
          admin: path.resolve(e.STATIC_DIR, 'admin'),
          releases: path.resolve(e.RELEASES_DIR ?? path.join(e.STATIC_DIR, 'releases')),
        }
      : {
          shell: path.join(REPO_ROOT, 'shell/dist'),
          apply: path.join(REPO_ROOT, 'mf-apply/dist'),
          account: path.join(REPO_ROOT, 'mf-account/dist'),
          admin: path.join(REPO_ROOT, 'mf-admin/dist'),
          releases: path.resolve(e.RELEASES_DIR ?? path.join(REPO_ROOT, 'releases')),
        },
    remotes: {
      apply: e.REMOTE_APPLY_URL ?? '/remotes/apply/mf-manifest.json',
      account: e.REMOTE_ACCOUNT_URL ?? '/remotes/account/mf-manifest.json',
      admin: e.REMOTE_ADMIN_URL ?? '/remotes/admin/mf-manifest.json',
    },
    remotesFile: e.REMOTES_FILE ? path.resolve(e.REMOTES_FILE) : null,
  };
}
