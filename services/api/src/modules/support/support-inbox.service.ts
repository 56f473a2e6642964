import {
  SUPPORT_INBOX_PAGE_SIZE,
  type TAdminSupportConversation,
  type TAdminSupportListResponse,
  type TSupportConversationSummary,
  type TSupportStatus,
} from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { findOrder } from '../applications/order-lookup.service';
import * as repo from './support.repo';
import { emailTraveller, readConversation, toAdminConversation, toSummary } from './support-views';

/**
 * Staff's side of support conversations (caseworkers and admins alike): the Support inbox, reading a conversation
 * (audited, as its messages are the traveller's personal data), answering it (the traveller is e-mailed the answer
 * in their language) and closing it.
 */

type StaffVerb<I> = { ctx: ServiceContext; input: I; staff: UserRow; caller: Caller };

/** The Support inbox: a page of conversations, newest activity first, of one status or all, with every count. */
export async function supportInbox({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { status?: TSupportStatus | undefined; page: number };
}): Promise<TAdminSupportListResponse> {
  const pageSize = SUPPORT_INBOX_PAGE_SIZE;
  const [rows, counts] = await Promise.all([
    repo.inboxPage(ctx.db, input.status, pageSize, (input.page - 1) * pageSize),
    repo.countsByStatus(ctx.db),
  ]);
  const total = input.status ? counts[input.status] : counts.open + counts.answered + counts.closed;
  return { items: rows.map(toSummary), total, page: input.page, pageSize, counts };
}

/** A conversation with its messages; the reading is audited before it is shown. */
export async function supportConversationForStaff({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<{ id: string }>): Promise<TAdminSupportConversation> {
  const row = await repo.conversationById(ctx.db, input.id);
  if (!row) throw notFound('support.notFound');
  await recordAudit(ctx.db, {
    action: 'support.viewed',
    actor: actorOf(staff, caller),
    entityId: row.conversation.id,
    applicationId: row.conversation.applicationId,
    details: { reference: row.conversation.reference },
  });
  return readConversation(ctx.db, input.id, toAdminConversation);
}

/**
 * A member of staff answers: the conversation is answered, the answer audited and e-mailed to the traveller in their
 * language (with a link to the conversation in their account, or the answer alone for a guest), all in one
 * transaction.
 */
export async function replyToTraveller({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<{ id: string; message: string }>): Promise<TAdminSupportConversation> {
  const answered = await ctx.db.transaction(async (tx) => {
    const conversation = await repo.lockConversation(tx, input.id);
    if (!conversation) throw notFound('support.notFound');
    await repo.insertMessage(tx, {
      conversationId: conversation.id,
      author: 'staff',
      authorUserId: staff.id,
      body: input.message,
    });
    await repo.updateConversation(tx, conversation.id, {
      status: 'answered',
      messageWritten: true,
    });
    await recordAudit(tx, {
      action: 'support.staff_replied',
      actor: actorOf(staff, caller),
      entityId: conversation.id,
      applicationId: conversation.applicationId,
      details: { reference: conversation.reference },
    });
    await emailTraveller(tx, conversation.id, (_row, { firstName, link }) => ({
      template: 'support-reply',
      payload: {
        firstName,
        reference: conversation.reference,
        staffName: staff.firstName ?? null,
        reply: input.message,
        link,
      },
    }));
    return conversation.id;
  });
  ctx.pokeJobs('email');
  return readConversation(ctx.db, answered, toAdminConversation);
}

/** Staff close a conversation (audited once; closing a closed one changes nothing). The traveller can still write. */
export async function closeConversation({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<{ id: string }>): Promise<TAdminSupportConversation> {
  await ctx.db.transaction(async (tx) => {
    const conversation = await repo.lockConversation(tx, input.id);
    if (!conversation) throw notFound('support.notFound');
    if (conversation.status === 'closed') return;
    await repo.updateConversation(tx, conversation.id, { status: 'closed', messageWritten: false });
    await recordAudit(tx, {
      action: 'support.closed',
      actor: actorOf(staff, caller),
      entityId: conversation.id,
      applicationId: conversation.applicationId,
      details: { reference: conversation.reference },
    });
  });
  return readConversation(ctx.db, input.id, toAdminConversation);
}

/** The conversations about an order, for its detail in the staff area (404 for an unknown order). */
export async function orderConversationsForStaff({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { applicationId: string };
}): Promise<TSupportConversationSummary[]> {
  if (!(await findOrder({ db: ctx.db, input: { id: input.applicationId } })))
    throw notFound('application.notFound');
  const rows = await repo.conversationsOfOrder(ctx.db, input.applicationId);
  return rows.map(toSummary);
}
