import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, redactUrl } from './logging';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

describe('logging', () => {
  it('masks secrets in logged URLs', () => {
    expect(redactUrl('/auth/verify?token=abc123&next=/orders')).toBe(
      '/auth/verify?token=[redacted]&next=/orders',
    );
    expect(redactUrl('/x?code=123456')).toBe('/x?code=[redacted]');
    expect(redactUrl('/api/reference/countries')).toBe('/api/reference/countries');
  });

  it('never writes passwords, tokens, card or passport data, or cookies', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { cookie: 'sid=s3cr3t', authorization: 'Bearer t0k3n' } },
      body: {
        password: 'hunter2',
        token: 'magic',
        passportNumber: 'X1234567',
        cardNumber: '4242424242424242',
      },
      traveler: { passport: { passportNumber: 'Y7654321' } },
    });
    const out = lines.join('');
    for (const secret of ['s3cr3t', 't0k3n', 'hunter2', 'magic', 'X1234567', '4242424242424242']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });
});
