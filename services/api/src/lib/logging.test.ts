import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, redactUrl, serializeError } from './logging';

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

  it('masks the phone-upload token in the path, where that link carries it', () => {
    expect(redactUrl('/api/uploads/eyJhIjoiMSJ9.c2lnbmF0dXJl')).toBe('/api/uploads/[redacted]');
    expect(redactUrl('/upload/eyJhIjoiMSJ9.c2ln?x=1')).toBe('/upload/[redacted]?x=1');
    expect(redactUrl('/api/uploads/abc/extra')).toBe('/api/uploads/[redacted]/extra');
    expect(redactUrl('/api/application/123/travelers/456/upload-link/photo')).toBe(
      '/api/application/123/travelers/456/upload-link/photo',
    );
  });

  it('masks the token of an invitation to join the staff, in the page and the API', () => {
    expect(redactUrl('/auth/staff-invitation/Xk9-_abc')).toBe('/auth/staff-invitation/[redacted]');
    expect(redactUrl('/api/staff/invitations/Xk9-_abc')).toBe('/api/staff/invitations/[redacted]');
    expect(redactUrl('/api/staff/invitations/Xk9-_abc/accept')).toBe(
      '/api/staff/invitations/[redacted]/accept',
    );
    // An admin's route names the invitation by its id, which is no secret.
    expect(redactUrl('/api/admin/staff/invitations/6f1c')).toBe(
      '/api/admin/staff/invitations/6f1c',
    );
  });

  it('logs database errors without their parameters or the values they quote', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type uuid: "X1234567"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(ann@example.com) already exists.',
      where: 'SQL function "f" statement 1, value X1234567',
      hint: 'X1234567',
      internalQuery: 'select X1234567',
      table: 'users',
    });
    const queryError = Object.assign(
      new Error(
        'Failed query: select * from users where email = $1\nparams: ann@example.com,hunter2',
      ),
      { query: 'select * from users where email = $1', params: ['ann@example.com', 'hunter2'] },
      { cause: pgError },
    );
    const out = JSON.stringify(serializeError(queryError));
    for (const secret of ['X1234567', 'ann@example.com', 'hunter2', 'params']) {
      expect(out).not.toContain(secret);
    }
    expect(serializeError(queryError)).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select * from users where email = $1',
      stack: expect.stringMatching(/^DrizzleQueryError: Failed query: select \* from users/),
      cause: {
        message: 'invalid input syntax for type uuid: [redacted]',
        code: '22P02',
        severity: 'ERROR',
        table: 'users',
      },
    });
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
