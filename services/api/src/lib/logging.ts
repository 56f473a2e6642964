import type { LoggerOptions } from 'pino';

/** Query-string parameters whose values never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|code|key|secret|signature|password|client_secret)=)[^&#]*/gi;

/**
 * Paths whose segment after a prefix is a secret: the phone-upload link (`/upload/<token>` in the browser,
 * `/api/uploads/<token>` in the API) and the invitation to join the staff (`/auth/staff-invitation/<token>` in the
 * browser, `/api/staff/invitations/<token>` in the API).
 */
const SECRET_SEGMENTS =
  /^((?:\/api\/uploads|\/upload|\/api\/staff\/invitations|\/auth\/staff-invitation)\/)[^/?#]+/i;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/** Paths pino removes from every log line: credentials, tokens, card and passport data. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.code',
  '*.clientSecret',
  '*.cardNumber',
  '*.cvc',
  '*.passportNumber',
  '*.passportNumberEncrypted',
  '*.*.password',
  '*.*.token',
  '*.*.passportNumber',
];

/**
 * Fields of an error that describe it without carrying data: pg's SQLSTATE and the names of the constraint,
 * table and column, Node's system error codes, and the HTTP status of an application error. Everything else an
 * error carries (Drizzle's `params`, pg's `detail`, `where`, `hint` and `internalQuery`, a provider's response)
 * may hold the values of the request and is left out.
 */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'errno',
  'syscall',
] as const;

/** Where Drizzle appends the values of a failed query to its message. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** pg quotes the offending value at the end of a message: `invalid input syntax for type uuid: "…"`. */
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"(?=$|\n)/g;

/** An error message without the values it may quote. */
export function scrubErrorMessage(message: string): string {
  return message.replace(QUERY_PARAMS, '').replace(QUOTED_VALUE, ': [redacted]');
}

const MAX_CAUSE_DEPTH = 5;

/**
 * The `err` serializer of every log line: type, scrubbed message, stack frames and the safe fields, for the error
 * and its causes. The stack is rebuilt from its frames, since its first line repeats the unscrubbed message.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return scrubErrorMessage(err);
  if (typeof err !== 'object' || err === null) return err;
  const e = err as Error & Record<string, unknown>;
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  const type =
    rawMessage.startsWith('Failed query: ') && 'params' in e
      ? 'DrizzleQueryError'
      : (e.constructor?.name ?? 'Error');
  const message = scrubErrorMessage(rawMessage);
  const out: Record<string, unknown> = { type, message };
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (e.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    out.cause = serializeError(e.cause, depth + 1);
  }
  if (Array.isArray(e.errors) && depth < MAX_CAUSE_DEPTH) {
    out.errors = e.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    hooks: {
      // A message taken from an error (`log.error(err)` uses err.message) is scrubbed like the error itself.
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) =>
          typeof arg === 'string' ? scrubErrorMessage(arg) : arg,
        ) as Parameters<typeof method>;
        return method.apply(this, scrubbed);
      },
    },
    serializers: {
      // Headers are left out entirely: cookies and authorisation never reach a log line.
      req(req: { method?: string; url?: string; hostname?: string; ip?: string }) {
        return {
          method: req.method,
          url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
          host: req.hostname,
          ip: req.ip,
        };
      },
      err: serializeError,
      error: serializeError,
    },
  };
}
