/**
 * Which database failures mean "the database is not answering right now" (a restart, a failover, a network cut,
 * a timeout) rather than a fault in the request or the code. Those are answered 503 with Retry-After, and the
 * pool reconnects by itself when the database is back.
 */

/** SQLSTATE classes and codes of connection-class failures. */
const UNAVAILABLE_SQLSTATE = new Set([
  '57P01', // admin_shutdown: terminated by an administrator (pg_terminate_backend, failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: the statement timeout fired
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node socket errors when the database host cannot be reached. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of node-postgres, pg-pool and PGlite for a lost or unusable connection. */
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|not queryable|cannot use a pool after calling end|pglite is closed|connection ended|client was closed/i;

function oneIsUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.has(code) || UNAVAILABLE_ERRNO.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** The error and its causes, outermost first (Drizzle wraps the driver's error as `cause`). */
export function* causeChain(err: unknown): Generator<unknown> {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    yield current;
    const next = (current as { cause?: unknown }).cause;
    if (next === current) return;
    current = next;
  }
}

/** True when the error, or one of its causes, is a connection-class failure. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causeChain(err)) if (oneIsUnavailable(e)) return true;
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return false;
}
