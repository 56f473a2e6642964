import type { Db, Tx } from '../../db/client';
import * as repo from './support.repo';
import { toMessage } from './support-views';

/**
 * Support conversations as personal data: the traveller's copy of their data holds them, and they are erased with
 * the account (see modules/personal-data).
 */

/**
 * The conversations an account wrote and those about its orders, each with its messages, as the copy of the
 * traveller's data shows them (staff named by their first name, as in the conversation itself).
 */
export async function supportConversationsForExport({
  db,
  input,
}: {
  db: Db | Tx;
  input: { userId: string; applicationIds: string[] };
}) {
  const rows = await repo.conversationsForExport(db, input.userId, input.applicationIds);
  const messages = await repo.messagesOf(
    db,
    rows.map((r) => r.conversation.id),
  );
  return rows.map((row) => ({
    reference: row.conversation.reference,
    topic: row.conversation.topic,
    status: row.conversation.status,
    order: row.orderReference ?? null,
    email: row.conversation.guestEmail,
    createdAt: row.conversation.createdAt.toISOString(),
    messages: messages
      .filter((m) => m.message.conversationId === row.conversation.id)
      .map(toMessage)
      .map(({ author, authorName, body, createdAt }) => ({
        at: createdAt,
        author,
        authorName,
        body,
      })),
  }));
}

/**
 * Erases, in the caller's transaction, the conversations an account wrote and those about its orders (a guest's
 * included), with their messages; returns how many.
 */
export function eraseSupportConversations({
  tx,
  input,
}: {
  tx: Tx;
  input: { userId: string; applicationIds: string[] };
}): Promise<number> {
  return repo.deleteConversations(tx, input.userId, input.applicationIds);
}
