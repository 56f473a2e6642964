import { leaseDatabase, TEMPLATE_ENV } from './template';

/**
 * The database a test file gets must be in the template's state whatever the file before it did: on PGlite the
 * worker's database is lent again after being put back, so what one file wrote must be gone for the next.
 */
const template = () => process.env[TEMPLATE_ENV]!;

type Row = Record<string, unknown>;
const rows = async (
  lease: { database: { raw(text: string): Promise<{ rows: unknown[] }> } },
  text: string,
) => (await lease.database.raw(text)).rows as Row[];

/**
 * Which database a lease is: the same for the same database lent again, another for a new copy (an embedded
 * copy's server starts when it is opened; on PostgreSQL each copy is a database of its own).
 */
const started = async (lease: { database: { raw(text: string): Promise<{ rows: unknown[] }> } }) =>
  String(
    (
      await rows(
        lease,
        `select pg_postmaster_start_time()::text || ' ' || current_database() as at`,
      )
    )[0]!.at,
  );
/** On PGlite the worker's database is lent again; on PostgreSQL every file gets a new database. */
const reused = () => template().startsWith('pglite:');

/** What a file's writes could leave behind, read in one go. */
const STATE = `select
  (select name from countries where code = 'FR') as france,
  (select count(*)::int from countries) as countries,
  (select count(*)::int from country_visa_types) as offers,
  (select count(*)::int from users) as users,
  (select count(*)::int from audit_log) as audit,
  (select last_value from audit_log_id_seq) as audit_sequence,
  (select is_called from audit_log_id_seq) as audit_sequence_called`;

describe('the database lent to a test file', () => {
  it('is back in the template state after a file changed reference data, wrote rows and used a sequence', async () => {
    const first = await leaseDatabase(template());
    const firstStarted = await started(first);
    const [before] = await rows(first, STATE);
    await first.database.raw(`
      update countries set name = 'Changed' where code = 'FR';
      delete from country_visa_types where country_code = 'FR';
      insert into users (email, password_hash, role) values ('a@example.com', 'x', 'user');
      insert into audit_log (actor_role, action, entity_type) values ('system', 'a', 'b'), ('system', 'c', 'd');`);
    const [changed] = await rows(first, STATE);
    expect(changed).toMatchObject({ france: 'Changed', users: 1, audit: 2 });
    expect(changed!.offers).toBeLessThan(before!.offers as number);
    await first.release();

    const second = await leaseDatabase(template());
    try {
      // On PGlite the same database, put back (not a new copy).
      if (reused()) expect(await started(second)).toBe(firstStarted);
      else expect(await started(second)).not.toBe(firstStarted);
      expect((await rows(second, STATE))[0]).toEqual(before);
      // A new row gets the number the first row of the template would get.
      const [audit] = await rows(
        second,
        `insert into audit_log (actor_role, action, entity_type) values ('system', 'a', 'b') returning id`,
      );
      expect(Number(audit!.id)).toBe(1);
    } finally {
      await second.release();
    }
  });

  it('gives a second database open at the same time a copy of its own', async () => {
    const one = await leaseDatabase(template());
    const two = await leaseDatabase(template());
    try {
      await one.database.raw(`update countries set name = 'Only here' where code = 'DE'`);
      expect((await rows(two, `select name from countries where code = 'DE'`))[0]!.name).toBe(
        'Germany',
      );
    } finally {
      await two.release();
      await one.release();
    }
  });

  it('is a new copy after a file closed it or changed the schema', async () => {
    const closing = await leaseDatabase(template());
    const closedStarted = await started(closing);
    await closing.database.close();
    await expect(closing.database.ping()).rejects.toThrow();
    await closing.release();

    const altering = await leaseDatabase(template());
    const alteredStarted = await started(altering);
    expect(alteredStarted).not.toBe(closedStarted);
    await altering.database.raw(`create table scratch (id int); insert into scratch values (1)`);
    await altering.release();

    const next = await leaseDatabase(template());
    try {
      expect(await started(next)).not.toBe(alteredStarted);
      expect(await rows(next, `select to_regclass('public.scratch') as scratch`)).toEqual([
        { scratch: null },
      ]);
    } finally {
      await next.release();
    }
  });
});
