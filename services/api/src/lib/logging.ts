import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: req.method, url: redactUrl(req.url), host: req.hostname, ip: req.ip };
      },
    },
  };
}
