import { and, asc, eq } from 'drizzle-orm';
import type { StaffListResponse, User } from '@waypoint/contracts';
import { applications, auditLog } from '../../db/schema';
import {
  Browser,
  makeAdmin,
  makeCaseworker,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';
import { submittedByTraveller } from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { raceRounds } from '../../test/rounds';
import { paidOrder } from '../../test/orders';

/**
 * Staff acting on the same work at the same moment, many times over: two taking one application, an assignment
 * while the traveller deletes their account, and an assignment to a colleague an admin is deactivating. On
 * PostgreSQL the requests really run at once; on PGlite they interleave between statements. Every round must end
 * with the rules kept: one assignee, an audit trail that chains, no work left with a deactivated account, no 5xx.
 */
const ROUNDS = raceRounds(8);
const RACE_TIMEOUT = 240_000;

let t: TestApp;
let admin: Browser;
let ip = 1;
const browser = () => new Browser(t.app, `10.71.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const idOf = async (b: Browser) =>
  body<{ data: StaffListResponse }>(await b.get('/api/admin/staff')).data.me;

async function submitted(email = uniqueEmail('race')) {
  const b = browser();
  const id = await paidOrder(b, email, 1);
  await submittedByTraveller(b, id);
  return { b, id };
}

const assigneeOf = async (id: string) =>
  (
    await t.database.db
      .select({ assigneeId: applications.assigneeId })
      .from(applications)
      .where(eq(applications.id, id))
  )[0]?.assigneeId ?? null;

/** The application's assignment audit entries, oldest first: who had it before and who after. */
const assignments = async (id: string) =>
  (
    await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'application.assigned')))
      .orderBy(asc(auditLog.id))
  ).map((r) => r.details as { from: string | null; to: string | null });

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

describe('assignment at the same moment', () => {
  it(
    `two staff taking one application: one of them has it, and the history says who had it before each change (${ROUNDS} rounds)`,
    async () => {
      const kim = await makeCaseworker(t, browser);
      const [adminId, kimId] = [await idOf(admin), await idOf(kim)];
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const { id } = await submitted();
        const [a, b] = await Promise.all([
          admin.put(`/api/admin/applications/${id}/assignee`, { assigneeId: adminId }),
          kim.put(`/api/admin/applications/${id}/assignee`, { assigneeId: kimId }),
        ]);
        check('an assignment refused', a.statusCode === 200 && b.statusCode === 200);
        const holder = await assigneeOf(id);
        check('held by neither', holder === adminId || holder === kimId);
        const trail = await assignments(id);
        check('not two changes audited', trail.length === 2);
        check('the first change not from nobody', trail[0]?.from === null);
        check('a change lost', trail[1]?.from === trail[0]?.to);
        check('the history does not end with the holder', trail.at(-1)?.to === holder);
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );

  it(
    `two selections sharing rows, taken in opposite orders, both pass and never deadlock (${ROUNDS} rounds)`,
    async () => {
      const kim = await makeCaseworker(t, browser);
      const [adminId, kimId] = [await idOf(admin), await idOf(kim)];
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS / 2; i++) {
        const ids = [(await submitted()).id, (await submitted()).id, (await submitted()).id];
        const [a, b] = await Promise.all([
          admin.post('/api/admin/applications/assignee', { ids, assigneeId: adminId }),
          kim.post('/api/admin/applications/assignee', {
            ids: [...ids].reverse(),
            assigneeId: kimId,
          }),
        ]);
        check('a selection refused', a.statusCode === 200 && b.statusCode === 200);
        for (const id of ids) {
          const holder = await assigneeOf(id);
          check('held by neither', holder === adminId || holder === kimId);
          check(
            'the history does not end with the holder',
            (await assignments(id)).at(-1)?.to === holder,
          );
        }
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );

  it(
    `assigning while the traveller deletes their account: the erasure passes, the work is assigned before it or refused after it (${ROUNDS} rounds)`,
    async () => {
      const adminId = await idOf(admin);
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const email = uniqueEmail('erased');
        const traveller = browser();
        await traveller.post('/api/auth/register', {
          firstName: 'Ann',
          lastName: 'Lee',
          email,
          password: STRONG_PASSWORD,
        });
        const id = await paidOrder(traveller, email, 1);
        await submittedByTraveller(traveller, id);
        await traveller.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
        const [assigned, deleted] = await Promise.all([
          admin.put(`/api/admin/applications/${id}/assignee`, { assigneeId: adminId }),
          traveller.post('/api/auth/profile/delete', { password: STRONG_PASSWORD }),
        ]);
        check('the account deletion failed', deleted.statusCode === 200);
        check(
          'the assignment neither passed nor refused as erased',
          assigned.statusCode === 200 || assigned.statusCode === 409,
        );
        const trail = await assignments(id);
        const holder = await assigneeOf(id);
        if (assigned.statusCode === 200) {
          check('assigned but not held', holder === adminId);
          check('assigned but not audited', trail.length === 1);
        } else {
          check('refused but held', holder === null);
          check('refused but audited', trail.length === 0);
        }
        const [row] = await t.database.db
          .select({ erased: applications.personalDataErasedAt })
          .from(applications)
          .where(eq(applications.id, id));
        check('not erased', Boolean(row?.erased));
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );

  it(
    `assigning to a colleague an admin deactivates at that moment: no open work is left with a deactivated account (${ROUNDS} rounds)`,
    async () => {
      const other = await makeAdmin(t, browser);
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const colleague = await makeCaseworker(t, browser);
        const colleagueId = body<{ data: User }>(await colleague.get('/api/auth/profile')).data.id;
        const { id } = await submitted();
        const [assigned, deactivated] = await Promise.all([
          admin.put(`/api/admin/applications/${id}/assignee`, { assigneeId: colleagueId }),
          other.post(`/api/admin/staff/${colleagueId}/deactivate`),
        ]);
        check('the deactivation failed', deactivated.statusCode === 200);
        // Before the deactivation, the assignment passes and the work comes back; after it, it is refused.
        check(
          'the assignment neither passed nor refused as not staff',
          assigned.statusCode === 200 || assigned.statusCode === 400,
        );
        check('open work left with a deactivated account', (await assigneeOf(id)) === null);
        const trail = await assignments(id);
        check(
          'the history does not say what happened',
          assigned.statusCode === 200
            ? trail.length === 2 && trail[0]?.to === colleagueId && trail[1]?.to === null
            : trail.length === 0,
        );
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});
