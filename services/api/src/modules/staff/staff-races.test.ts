import { and, eq, isNull } from 'drizzle-orm';
import type { User } from '@waypoint/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../db/schema';
import { Browser, makeAdmin } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { raceRounds } from '../../test/rounds';

/**
 * Two admins, the only two, each demoting or deactivating the other at the same moment, many times over: one of
 * the changes passes and the other is refused, so there is always an active admin. On PostgreSQL the two really
 * run at once; on PGlite they interleave between statements.
 */
const ROUNDS = raceRounds(10);
const RACE_TIMEOUT = 180_000;

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.44.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Admin {
  b: Browser;
  id: string;
}

async function newAdmin(): Promise<Admin> {
  const b = await makeAdmin(t, browser);
  return { b, id: body<{ data: User }>(await b.get('/api/auth/profile')).data.id };
}

type Change = 'demote' | 'deactivate';

function act(by: Admin, change: Change, target: Admin): Promise<LightMyRequestResponse> {
  return change === 'demote'
    ? by.b.put(`/api/admin/staff/${target.id}/role`, { role: 'caseworker' })
    : by.b.post(`/api/admin/staff/${target.id}/deactivate`);
}

const activeAdmins = () =>
  t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.deactivatedAt)));

/** Counts what went wrong, by what, instead of failing at the first round. */
function tally() {
  const broken: Record<string, number> = {};
  return {
    broken,
    check(what: string, ok: boolean) {
      if (!ok) broken[what] = (broken[what] ?? 0) + 1;
    },
  };
}

describe('the last two admins demoting or deactivating each other at once', () => {
  let survivor: Admin;
  beforeAll(async () => {
    survivor = await newAdmin();
  });

  it.each<[Change, Change]>([
    ['demote', 'demote'],
    ['deactivate', 'deactivate'],
    ['demote', 'deactivate'],
  ])(
    `%s against %s always leaves one active admin (${ROUNDS} rounds)`,
    async (mine, theirs) => {
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const other = await newAdmin();
        check('not two admins before the round', (await activeAdmins()).length === 2);
        const [a, b] = await Promise.all([
          act(survivor, mine, other),
          act(other, theirs, survivor),
        ]);
        const statuses = [a.statusCode, b.statusCode];
        check('not exactly one change passed', statuses.filter((s) => s === 200).length === 1);
        // The other is refused: the last admin's rule (409), no longer an admin (403), or signed out (401).
        check(
          'the other change not refused',
          statuses.every((s) => [200, 401, 403, 409].includes(s)),
        );
        const active = await activeAdmins();
        check('not exactly one active admin left', active.length === 1);
        if (active.length === 0) break;
        survivor = a.statusCode === 200 ? survivor : other;
        check('the admin left is not the one whose change passed', active[0]?.id === survivor.id);
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});
