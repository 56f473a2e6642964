import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChangeSection } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type { ChangeRequestItemRow, ChangeRequestRow, GrantRow } from '../../db/rows';
import {
  applications,
  changeRequestItems,
  changeRequests,
  documents,
  grants,
  travelers,
  users,
} from '../../db/schema';

type Q = Db | Tx;

/** The latest request for changes of an order, with its items in the order they were asked. */
export async function latestChangeRequest(
  db: Q,
  applicationId: string,
): Promise<{ request: ChangeRequestRow; items: ChangeRequestItemRow[]; by: string | null } | null> {
  const [row] = await db
    .select({ request: changeRequests, by: users.email })
    .from(changeRequests)
    .leftJoin(users, eq(users.id, changeRequests.requestedBy))
    .where(eq(changeRequests.applicationId, applicationId))
    .orderBy(desc(changeRequests.requestedAt))
    .limit(1);
  if (!row) return null;
  const items = await db
    .select()
    .from(changeRequestItems)
    .where(eq(changeRequestItems.changeRequestId, row.request.id))
    .orderBy(asc(changeRequestItems.position));
  return { request: row.request, items, by: row.by };
}

export async function insertChangeRequest(
  tx: Tx,
  input: {
    applicationId: string;
    requestedBy: string | null;
    items: Omit<typeof changeRequestItems.$inferInsert, 'changeRequestId' | 'position'>[];
  },
): Promise<void> {
  const [request] = await tx
    .insert(changeRequests)
    .values({ applicationId: input.applicationId, requestedBy: input.requestedBy })
    .returning({ id: changeRequests.id });
  await tx
    .insert(changeRequestItems)
    .values(
      input.items.map((item, position) => ({ ...item, position, changeRequestId: request!.id })),
    );
}

/** Marks an open request's item done (the traveller saved its section or uploaded a new document). */
export async function resolveChangeItem(
  tx: Tx,
  input: { applicationId: string; travelerId: string | null; section: ChangeSection },
): Promise<void> {
  const open = tx
    .select({ id: changeRequests.id })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.applicationId, input.applicationId),
        isNull(changeRequests.resubmittedAt),
      ),
    );
  await tx
    .update(changeRequestItems)
    .set({ resolvedAt: sql`coalesce(${changeRequestItems.resolvedAt}, now())` })
    .where(
      and(
        inArray(changeRequestItems.changeRequestId, open),
        eq(changeRequestItems.section, input.section),
        input.travelerId === null
          ? isNull(changeRequestItems.travelerId)
          : eq(changeRequestItems.travelerId, input.travelerId),
      ),
    );
}

/** Closes the open request: the traveller resubmitted. */
export async function closeChangeRequest(tx: Tx, applicationId: string): Promise<void> {
  await tx
    .update(changeRequests)
    .set({ resubmittedAt: sql`now()` })
    .where(
      and(eq(changeRequests.applicationId, applicationId), isNull(changeRequests.resubmittedAt)),
    );
}

/** Stamps the lodging on the order (its status step is stamped by the status machine). */
export async function recordLodging(
  tx: Tx,
  input: { applicationId: string; reference: string; lodgedOn: string; by: string | null },
): Promise<void> {
  await tx
    .update(applications)
    .set({
      homeOfficeReference: input.reference,
      lodgedOn: input.lodgedOn,
      lodgedBy: input.by,
    })
    .where(eq(applications.id, input.applicationId));
}

/** The e-mail of whoever lodged the order. */
export async function emailOf(db: Q, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The decision documents of an order (uploaded by staff), newest first. */
export async function decisionDocumentsOf(db: Q, applicationId: string) {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, 'DECISION')))
    .orderBy(desc(documents.createdAt));
}

/** The decision documents recorded with the outcome. */
export async function acceptDecisionDocuments(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(documents)
    .set({ status: 'ACCEPTED', decidedAt: sql`now()` })
    .where(and(inArray(documents.id, ids), eq(documents.kind, 'DECISION')));
}

export async function insertGrants(
  tx: Tx,
  rows: Omit<typeof grants.$inferInsert, 'id' | 'createdAt'>[],
): Promise<void> {
  if (rows.length) await tx.insert(grants).values(rows);
}

export async function grantsOf(db: Q, applicationId: string): Promise<GrantRow[]> {
  return db
    .select()
    .from(grants)
    .where(eq(grants.applicationId, applicationId))
    .orderBy(asc(grants.createdAt));
}

/** A grant with its traveller and order, for a reminder or its links. */
export async function grantWithTraveler(db: Q, grantId: string) {
  const [row] = await db
    .select({ grant: grants, traveler: travelers, application: applications })
    .from(grants)
    .innerJoin(travelers, eq(travelers.id, grants.travelerId))
    .innerJoin(applications, eq(applications.id, grants.applicationId))
    .where(eq(grants.id, grantId));
  return row;
}

/**
 * Grants whose reminder `days` before the expiry is due on `today` and not sent: the expiry is the grant's end
 * of validity, or its passport's expiry when that comes first. At most `limit`.
 */
export async function dueReminders(db: Q, input: { days: 60 | 14; today: string; limit: number }) {
  const expiry = sql`least(${grants.validUntil}, coalesce(${travelers.passportExpirationDate}::date, ${grants.validUntil}))`;
  const sent = input.days === 60 ? grants.reminder60SentAt : grants.reminder14SentAt;
  return db
    .select({ id: grants.id })
    .from(grants)
    .innerJoin(travelers, eq(travelers.id, grants.travelerId))
    .innerJoin(applications, eq(applications.id, grants.applicationId))
    .where(
      and(
        isNull(grants.remindersStoppedAt),
        isNull(sent),
        isNull(applications.personalDataErasedAt),
        sql`${expiry} - ${input.days}::int <= ${input.today}::date`,
        // Within the last 14 days only the later reminder is sent.
        sql`${expiry} - ${input.days === 60 ? 14 : 0}::int > ${input.today}::date`,
      ),
    )
    .limit(input.limit);
}

/** Claims a reminder for sending: true once, for whoever stamps it first. */
export async function claimReminder(tx: Tx, grantId: string, days: 60 | 14): Promise<boolean> {
  const stamp = days === 60 ? { reminder60SentAt: sql`now()` } : { reminder14SentAt: sql`now()` };
  const sent = days === 60 ? grants.reminder60SentAt : grants.reminder14SentAt;
  const rows = await tx
    .update(grants)
    .set(stamp)
    .where(and(eq(grants.id, grantId), isNull(sent)))
    .returning({ id: grants.id });
  return rows.length === 1;
}

/** Stops a grant's reminders; false when they were already stopped. */
export async function stopReminders(tx: Tx, grantId: string): Promise<boolean> {
  const rows = await tx
    .update(grants)
    .set({ remindersStoppedAt: sql`now()` })
    .where(and(eq(grants.id, grantId), isNull(grants.remindersStoppedAt)))
    .returning({ id: grants.id });
  return rows.length === 1;
}
