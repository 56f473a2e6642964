import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable } from './faults';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a terminated backend (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a database starting up (57P03)', pgError('57P03')],
    ['a connection exception (08006)', pgError('08006')],
    [
      'a statement timeout (57014)',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', pgError('ECONNRESET')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a closed embedded database', new Error('PGlite is closed')],
    [
      'a driver error wrapped by Drizzle',
      new DrizzleQueryError('select 1', [], pgError('57P01') as Error),
    ],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601')],
    ['an invalid text representation', pgError('22P02')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
