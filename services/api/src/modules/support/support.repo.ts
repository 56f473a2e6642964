import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { SupportConversationRow } from '../../db/rows';
import {
  applications,
  supportConversations,
  supportMessages,
  travelers,
  users,
} from '../../db/schema';

type Q = Db | Tx;

export type SupportStatus = SupportConversationRow['status'];

/**
 * The newest order with this number whose e-mail (the guest's, or its account's) is `email`, compared without case;
 * undefined when none matches.
 */
export async function orderByReferenceAndEmail(db: Q, reference: string, email: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        eq(applications.reference, reference),
        or(
          sql`lower(${applications.guestEmail}) = ${email.toLowerCase()}`,
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
        ),
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(1);
  return row;
}

/** A new conversation, or undefined when its reference is taken (the caller draws another). */
export async function insertConversation(
  tx: Tx,
  values: typeof supportConversations.$inferInsert,
): Promise<SupportConversationRow | undefined> {
  const [row] = await tx
    .insert(supportConversations)
    .values(values)
    .onConflictDoNothing({ target: supportConversations.reference })
    .returning();
  return row;
}

export async function insertMessage(tx: Tx, values: typeof supportMessages.$inferInsert) {
  const [row] = await tx.insert(supportMessages).values(values).returning();
  return row!;
}

/** A conversation locked until the transaction ends: its messages and status change one request at a time. */
export async function lockConversation(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, id))
    .for('update');
  return row;
}

/** A new status, and the newest message's time when a message was just written. */
export async function updateConversation(
  tx: Tx,
  id: string,
  values: { status: SupportStatus; messageWritten: boolean },
) {
  const [row] = await tx
    .update(supportConversations)
    .set({
      status: values.status,
      updatedAt: sql`now()`,
      ...(values.messageWritten ? { lastMessageAt: sql`now()` } : {}),
    })
    .where(eq(supportConversations.id, id))
    .returning();
  return row!;
}

const owner = alias(users, 'owner');
const orderOwner = alias(users, 'order_owner');
const lead = alias(travelers, 'lead');

/**
 * A conversation with what its readers need: its order's number and account, the account that wrote it, and the
 * order's lead traveller (a guest's name).
 */
function conversationsWithParties(db: Q) {
  return db
    .select({
      conversation: supportConversations,
      orderReference: applications.reference,
      orderUserId: applications.userId,
      account: {
        email: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        locale: owner.locale,
      },
      orderAccount: {
        email: orderOwner.email,
        firstName: orderOwner.firstName,
        lastName: orderOwner.lastName,
        locale: orderOwner.locale,
      },
      lead: { firstName: lead.firstName, lastName: lead.lastName },
    })
    .from(supportConversations)
    .leftJoin(applications, eq(applications.id, supportConversations.applicationId))
    .leftJoin(owner, eq(owner.id, supportConversations.userId))
    .leftJoin(orderOwner, eq(orderOwner.id, applications.userId))
    .leftJoin(
      lead,
      and(eq(lead.applicationId, supportConversations.applicationId), eq(lead.position, 1)),
    );
}

export async function conversationById(db: Q, id: string) {
  const [row] = await conversationsWithParties(db).where(eq(supportConversations.id, id));
  return row;
}

export type ConversationWithParties = NonNullable<Awaited<ReturnType<typeof conversationById>>>;

/** What a traveller may read: the conversations they wrote, and those about their orders. */
function travellerWhere(userId: string): SQL {
  return or(
    eq(supportConversations.userId, userId),
    inArray(
      supportConversations.applicationId,
      sql`(select ${applications.id} from ${applications} where ${applications.userId} = ${userId})`,
    ),
  )!;
}

/** Newest activity first. */
const newestFirst = [desc(supportConversations.lastMessageAt), desc(supportConversations.id)];

export function conversationsOfTraveller(db: Q, userId: string, limit: number) {
  return conversationsWithParties(db)
    .where(travellerWhere(userId))
    .orderBy(...newestFirst)
    .limit(limit);
}

export function conversationsOfOrder(db: Q, applicationId: string) {
  return conversationsWithParties(db)
    .where(eq(supportConversations.applicationId, applicationId))
    .orderBy(...newestFirst);
}

/** A page of the Support inbox, newest activity first, of one status or all. */
export function inboxPage(db: Q, status: SupportStatus | undefined, limit: number, offset: number) {
  return conversationsWithParties(db)
    .where(status ? eq(supportConversations.status, status) : undefined)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/** How many conversations have each status. */
export async function countsByStatus(db: Q): Promise<Record<SupportStatus, number>> {
  const rows = await db
    .select({ status: supportConversations.status, n: sql<number>`count(*)::int` })
    .from(supportConversations)
    .groupBy(supportConversations.status);
  const counts: Record<SupportStatus, number> = { open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The messages of conversations, oldest first, with the first name of the member of staff who wrote each. */
export function messagesOf(db: Q, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ message: supportMessages, staffFirstName: users.firstName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorUserId))
    .where(inArray(supportMessages.conversationId, conversationIds))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

/** The conversations a traveller is owed in a copy of their data: theirs, and those about their orders. */
export function conversationsForExport(db: Q, userId: string, applicationIds: string[]) {
  const about =
    applicationIds.length > 0
      ? or(
          eq(supportConversations.userId, userId),
          inArray(supportConversations.applicationId, applicationIds),
        )
      : eq(supportConversations.userId, userId);
  return conversationsWithParties(db)
    .where(about)
    .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id));
}

/**
 * Deletes the conversations of an account and those about its orders (their messages go with them); returns how
 * many.
 */
export async function deleteConversations(
  tx: Tx,
  userId: string,
  applicationIds: string[],
): Promise<number> {
  const about =
    applicationIds.length > 0
      ? or(
          eq(supportConversations.userId, userId),
          inArray(supportConversations.applicationId, applicationIds),
        )
      : eq(supportConversations.userId, userId);
  const deleted = await tx
    .delete(supportConversations)
    .where(about)
    .returning({ id: supportConversations.id });
  return deleted.length;
}
