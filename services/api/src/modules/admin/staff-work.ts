import {
  STAFF_ROLES,
  addDays,
  ukToday,
  type ApplicationNote,
  type Due,
  type QueueCounts,
  type StaffListResponse,
  type StaffMember,
} from '@waypoint/contracts';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { ApplicationRow, UserRow } from '../../db/rows';
import { applicationNotes, applications, users } from '../../db/schema';
import type { Caller, ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.repo';

/**
 * The work queue: when each application is due, who works on it, and staff's internal notes.
 *
 * The due date lives on the application (`due_at`), kept by a database trigger on every status step (migration
 * 0019): the first submission plus the processing hours, stopped while the traveller is asked for changes and moved
 * on by that wait when they resubmit. `queue_due_at` is the same while the application is open work (submitted or
 * under review), and what the list sorts and filters on, with its indexes.
 */

type Q = Db | Tx;

/** The start of the next day in the United Kingdom after `now`: what "due today" runs up to. */
export function endOfUkDay(now: Date): Date {
  const tomorrow = addDays(ukToday(now), 1);
  const nextDay = Date.UTC(
    +tomorrow.slice(0, 4),
    +tomorrow.slice(5, 7) - 1,
    +tomorrow.slice(8, 10),
  );
  // UK midnight is UTC midnight, or an hour earlier in summer time (when the UK's clock reads 1 am at it).
  const ukHour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(nextDay))
      .find((p) => p.type === 'hour')!.value,
  );
  return new Date(nextDay - ukHour * 60 * 60 * 1000);
}

/** Where an application stands against its promise (null before it is submitted, or closed before lodging). */
export function dueOf(a: ApplicationRow, now = new Date()): Due | null {
  if (!a.dueAt) return null;
  const hours = a.processingHours;
  if (a.lodgedAt)
    return {
      at: a.dueAt.toISOString(),
      state: a.lodgedAt.getTime() <= a.dueAt.getTime() ? 'met' : 'missed',
      hours,
    };
  if (a.status === 'CHANGES_REQUESTED' && a.duePausedAt) {
    // As it would be if the traveller answered now: the wait so far is added.
    const at = new Date(a.dueAt.getTime() + (now.getTime() - a.duePausedAt.getTime()));
    return { at: at.toISOString(), state: 'paused', hours };
  }
  if (a.status !== 'SUBMITTED' && a.status !== 'UNDER_REVIEW') return null;
  const state =
    a.dueAt.getTime() < now.getTime()
      ? 'overdue'
      : a.dueAt.getTime() < endOfUkDay(now).getTime()
        ? 'due-today'
        : 'due';
  return { at: a.dueAt.toISOString(), state, hours };
}

/** The list's work-queue filters as SQL (each backed by the queue indexes). */
export function queueWhere(
  f: {
    due?: 'overdue' | 'today' | undefined;
    assignee?: 'me' | 'none' | undefined;
    staffId?: string;
  },
  now = new Date(),
) {
  const parts = [];
  if (f.due === 'overdue') parts.push(lt(applications.queueDueAt, now));
  if (f.due === 'today')
    parts.push(gte(applications.queueDueAt, now), lt(applications.queueDueAt, endOfUkDay(now)));
  if (f.assignee === 'me' && f.staffId)
    parts.push(eq(applications.assigneeId, f.staffId), isNotNull(applications.queueDueAt));
  if (f.assignee === 'none')
    parts.push(isNull(applications.assigneeId), isNotNull(applications.queueDueAt));
  return parts;
}

/** The dashboard's queue counts: each a range of the queue indexes. */
export async function queueCounts(db: Db, staffId: string, now = new Date()): Promise<QueueCounts> {
  const count = async (where: ReturnType<typeof queueWhere>) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(and(...where));
    return Number(row?.n ?? 0);
  };
  const [overdue, dueToday, unassigned, mine] = await Promise.all([
    count(queueWhere({ due: 'overdue' }, now)),
    count(queueWhere({ due: 'today' }, now)),
    count(queueWhere({ assignee: 'none' }, now)),
    count(queueWhere({ assignee: 'me', staffId }, now)),
  ]);
  return { overdue, dueToday, unassigned, mine };
}

/** A person's name as staff lists show it: first and last name, or the address when there is none. */
export function displayName(u: Pick<UserRow, 'email' | 'firstName' | 'lastName'>): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || u.email;
}

/** A member of staff as named on lists. */
export function staffMember(
  u: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): StaffMember {
  return { id: u.id, name: displayName(u), email: u.email };
}

/** The statuses at which an application still needs staff: what a deactivated account's work returns from. */
const WORK_STATUSES = ['SUBMITTED', 'UNDER_REVIEW', 'CHANGES_REQUESTED', 'LODGED'] as const;

/** The staff who can be given work: active staff accounts. */
const isActiveStaff = and(
  inArray(users.role, STAFF_ROLES),
  isNull(users.deletedAt),
  isNull(users.deactivatedAt),
);

async function activeStaff(db: Q) {
  return db
    .select()
    .from(users)
    .where(isActiveStaff)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
}

export async function staffList({
  ctx,
  staff,
}: {
  ctx: ServiceContext;
  staff: UserRow;
}): Promise<StaffListResponse> {
  return { staff: (await activeStaff(ctx.db)).map(staffMember), me: staff.id };
}

/** The assignees of these applications, by application. */
export async function assigneesOf(db: Q, assigneeIds: (string | null)[]) {
  const ids = [...new Set(assigneeIds.filter((id): id is string => !!id))];
  if (!ids.length) return new Map<string, StaffMember>();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, staffMember(u)]));
}

/**
 * Gives applications to a member of staff (or to nobody): each one whose assignee changes is audited with who
 * had it before. An application whose travellers' data were erased is left as it is (409 when it is the only one).
 * The assignee is checked again under a share lock on their account, so an admin deactivating them at the same
 * moment either waits for the assignment (and then returns the work to the queue) or has them refused.
 */
export async function assign({
  ctx,
  input,
  staff,
  caller,
}: {
  ctx: ServiceContext;
  input: { ids: string[]; assigneeId: string | null; single?: boolean };
  staff: UserRow;
  caller: Caller;
}) {
  const assignee = input.assigneeId
    ? (await activeStaff(ctx.db)).find((u) => u.id === input.assigneeId)
    : null;
  if (input.assigneeId && !assignee) throw badRequest('admin.assigneeNotStaff');
  const to = assignee ? staffMember(assignee) : null;
  const changed = await ctx.db.transaction(async (tx) => {
    if (to) {
      const [still] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, to.id), isActiveStaff))
        .for('share');
      if (!still) throw badRequest('admin.assigneeNotStaff');
    }
    const rows = await tx
      .select({
        id: applications.id,
        assigneeId: applications.assigneeId,
        erased: applications.personalDataErasedAt,
      })
      .from(applications)
      .where(inArray(applications.id, input.ids))
      // In one order, so that two selections sharing rows never wait on each other crosswise.
      .orderBy(asc(applications.id))
      .for('update');
    if (input.single && !rows.length) throw notFound('application.notFound');
    if (input.single && rows[0]!.erased) throw conflict('admin.personalDataErased');
    const moving = rows.filter((r) => !r.erased && r.assigneeId !== (to?.id ?? null));
    if (!moving.length) return 0;
    await tx
      .update(applications)
      .set({ assigneeId: to?.id ?? null, assignedAt: to ? sql`now()` : null })
      .where(
        inArray(
          applications.id,
          moving.map((r) => r.id),
        ),
      );
    const before = await assigneesOf(
      tx,
      moving.map((r) => r.assigneeId),
    );
    for (const r of moving) {
      const from = r.assigneeId ? before.get(r.assigneeId) : undefined;
      await auditAssignment(tx, actorOf(staff, caller), r.id, from ?? null, to);
    }
    return moving.length;
  });
  return { changed, assignee: to };
}

function auditAssignment(
  tx: Tx,
  actor: ReturnType<typeof actorOf>,
  applicationId: string,
  from: StaffMember | null,
  to: StaffMember | null,
) {
  return recordAudit(tx, {
    action: 'application.assigned',
    actor,
    entityId: applicationId,
    applicationId,
    details: {
      from: from?.id ?? null,
      fromName: from?.name ?? null,
      to: to?.id ?? null,
      toName: to?.name ?? null,
    },
  });
}

/**
 * Returns a deactivated account's open work to the queue, unassigned (each application audited as an assignment to
 * nobody by the admin who deactivated it), in the deactivation's transaction. Decided work keeps its assignee.
 */
export async function releaseWorkOf(
  tx: Tx,
  account: UserRow,
  actor: ReturnType<typeof actorOf>,
): Promise<number> {
  const released = await tx
    .update(applications)
    .set({ assigneeId: null, assignedAt: null })
    .where(
      and(eq(applications.assigneeId, account.id), inArray(applications.status, WORK_STATUSES)),
    )
    .returning({ id: applications.id });
  const from = staffMember(account);
  for (const r of released) await auditAssignment(tx, actor, r.id, from, null);
  return released.length;
}

/** An application's internal notes, oldest first. */
export async function notesOf(db: Q, applicationId: string): Promise<ApplicationNote[]> {
  const rows = await db
    .select()
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
  return rows.map((n) => ({
    id: n.id,
    at: n.createdAt.toISOString(),
    author: n.authorName,
    body: n.body,
  }));
}

/** Adds an internal note (audited); refused on an order whose travellers' data were erased. */
export async function addNote({
  ctx,
  input,
  staff,
  caller,
}: {
  ctx: ServiceContext;
  input: { id: string; body: string };
  staff: UserRow;
  caller: Caller;
}) {
  await ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .select({ id: applications.id, erased: applications.personalDataErasedAt })
      .from(applications)
      .where(eq(applications.id, input.id))
      .for('update');
    if (!a) throw notFound('application.notFound');
    if (a.erased) throw conflict('admin.personalDataErased');
    const [note] = await tx
      .insert(applicationNotes)
      .values({
        applicationId: a.id,
        authorId: staff.id,
        authorName: staffMember(staff).name,
        body: input.body,
      })
      .returning({ id: applicationNotes.id });
    await recordAudit(tx, {
      action: 'application.note_added',
      actor: actorOf(staff, caller),
      entityId: a.id,
      applicationId: a.id,
      details: { noteId: note!.id },
    });
  });
  return { notes: await notesOf(ctx.db, input.id) };
}

/**
 * The history's note entries with their text, while the note is kept (the audit log holds only the note's id, so
 * the text goes with the traveller's personal data).
 */
export function withNoteBodies<
  E extends { action: string; details: Record<string, unknown> | null },
>(entries: E[], notes: ApplicationNote[]): E[] {
  const bodies = new Map(notes.map((n) => [n.id, n.body]));
  return entries.map((e) => {
    if (e.action !== 'application.note_added') return e;
    const body = bodies.get(String(e.details?.noteId ?? ''));
    return body ? { ...e, details: { ...e.details, body } } : e;
  });
}
