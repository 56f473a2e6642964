import { Column, SQL, Table, and, eq, is, sql } from 'drizzle-orm';
import { PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { applications, users } from './schema';

// The query builder asks `is(value, type)` for every column and chunk of SQL it writes. The installed
// drizzle-orm keeps each answer per prototype and type (patches/drizzle-orm+*.patch, applied on install):
// these are the answers the builder must still get, asked in an order that would expose a wrong remembered one.
describe("the query builder's type checks", () => {
  it('tell columns, tables and SQL apart, asked again and again in any order', () => {
    for (let round = 0; round < 3; round++) {
      expect(is(applications.id, Column)).toBe(true);
      expect(is(applications.id, PgColumn)).toBe(true);
      expect(is(applications.id, Table)).toBe(false);
      expect(is(applications.id, SQL)).toBe(false);
      expect(is(applications, Table)).toBe(true);
      expect(is(applications, PgTable)).toBe(true);
      expect(is(applications, Column)).toBe(false);
      expect(is(users.email, Column)).toBe(true);
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is(sql`1`.as('one'), SQL.Aliased)).toBe(true);
      expect(is(sql`1`.as('one'), SQL)).toBe(false);
    }
  });

  it('answer false for what is not an object', () => {
    expect(is(null, Column)).toBe(false);
    expect(is('id', Column)).toBe(false);
    expect(is(42, SQL)).toBe(false);
  });

  it('refuse a class that is not one of the builder’s, every time it is asked', () => {
    // What a caller outside TypeScript's checks could pass.
    const NotAnEntity = class {} as unknown as typeof Column;
    expect(() => is(applications.id, NotAnEntity)).toThrow(/doesn't look like a Drizzle entity/);
    expect(() => is(applications.id, NotAnEntity)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it('write the same SQL for the same query, built twice', () => {
    const ID = '00000000-0000-4000-8000-000000000007';
    const dialect = new PgDialect({ casing: 'snake_case' });
    const where = and(eq(applications.id, ID), eq(applications.status, 'SUBMITTED'));
    const first = dialect.sqlToQuery(where!);
    const second = dialect.sqlToQuery(
      and(eq(applications.id, ID), eq(applications.status, 'SUBMITTED'))!,
    );
    expect(first).toEqual(second);
    expect(first.sql).toBe('("applications"."id" = $1 and "applications"."status" = $2)');
    expect(first.params).toEqual([ID, 'SUBMITTED']);
  });
});
