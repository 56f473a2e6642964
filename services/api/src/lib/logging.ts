import type { LoggerOptions } from 'pino';

/** Query-string parameters whose values never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|code|key|secret|signature|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
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
    },
  };
}
