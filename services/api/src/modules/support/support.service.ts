import crypto from 'node:crypto';
import type {
  TCreateSupportConversationResponse,
  TSupportConversation,
  TSupportConversationSummary,
  TSupportTopic,
} from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type { SupportConversationRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { notFound, validationFailed } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { actorOf, recordAudit, type AuditActor } from '../audit/audit.repo';
import { findOrder } from '../applications/order-lookup.service';
import * as repo from './support.repo';
import { emailTraveller, readConversation, toConversation, toSummary } from './support-views';

/**
 * A traveller's side of support conversations: writing to staff (signed in, or as a guest naming one of their
 * orders by its number and e-mail), reading the answers, and writing again.
 */

const HOUR = 3600;
/** New conversations from one address (a guest's lookups of order numbers included). */
const CONVERSATIONS_PER_IP = 10;
/** Messages of one account, new conversations and replies together. */
const MESSAGES_PER_ACCOUNT = 30;
/** The most conversations a traveller's list shows. */
const LIST_LIMIT = 100;

/** References without the characters people misread (0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short reference the traveller can quote, e.g. S-7K3P9Q. */
function newReference(): string {
  let out = 'S-';
  for (let i = 0; i < 6; i += 1)
    out += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** The conversation when `user` may read it (they wrote it, or it is about their order); 404 otherwise. */
async function ownedConversation(db: Db | Tx, id: string, user: UserRow) {
  const row = await repo.conversationById(db, id);
  if (!row || (row.conversation.userId !== user.id && row.orderUserId !== user.id))
    throw notFound('support.notFound');
  return row;
}

/**
 * The order a new conversation is about: one of the signed-in traveller's own orders by its id, or any order by its
 * number and e-mail (a guest must name one that way); none for a signed-in traveller's general question.
 */
async function orderOf(
  ctx: ServiceContext,
  user: UserRow | null,
  input: {
    applicationId?: string | undefined;
    orderReference?: string | undefined;
    email?: string | undefined;
  },
): Promise<string | null> {
  if (input.orderReference && input.email) {
    const order = await repo.orderByReferenceAndEmail(ctx.db, input.orderReference, input.email);
    if (!order) throw notFound('support.orderNotFound');
    return order.id;
  }
  if (!user) {
    throw validationFailed('support.guestNeedsOrder', {
      orderReference: 'support.orderReferenceRequired',
      email: 'support.emailRequired',
    });
  }
  if (!input.applicationId) return null;
  const order = await findOrder({ db: ctx.db, input: { id: input.applicationId } });
  if (!order || order.userId !== user.id) throw notFound('application.notFound');
  return order.id;
}

/**
 * A traveller writes to staff. Signed in: about one of their orders, or a general question; as a guest: about the
 * order whose number and e-mail they give (404 when none matches). Counted per address (and per account), so order
 * numbers cannot be tried at will. The conversation, its first message, the audit entry and the acknowledgement
 * e-mail (in the traveller's language) are written together.
 */
export async function startConversation({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: {
    topic: TSupportTopic;
    message: string;
    applicationId?: string | undefined;
    orderReference?: string | undefined;
    email?: string | undefined;
  };
  /** The signed-in traveller; null for a guest. */
  user: UserRow | null;
  caller: Caller;
}): Promise<TCreateSupportConversationResponse> {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `support:ip:${caller.ip}`, max: CONVERSATIONS_PER_IP, windowSeconds: HOUR },
    ...(user
      ? [{ key: `support:user:${user.id}`, max: MESSAGES_PER_ACCOUNT, windowSeconds: HOUR }]
      : []),
  ]);
  const applicationId = await orderOf(ctx, user, input);
  const order = applicationId
    ? await findOrder({ db: ctx.db, input: { id: applicationId } })
    : null;
  const actor: AuditActor = user
    ? actorOf(user, caller)
    : { userId: null, role: 'guest', ip: caller.ip, userAgent: caller.userAgent ?? null };

  const id = await ctx.db.transaction(async (tx) => {
    let conversation: SupportConversationRow | undefined;
    // A reference drawn twice (about one in a billion per conversation) is drawn again.
    for (let attempt = 0; !conversation && attempt < 5; attempt += 1) {
      conversation = await repo.insertConversation(tx, {
        reference: newReference(),
        topic: input.topic,
        userId: user?.id ?? null,
        applicationId,
        guestEmail: user ? null : input.email!.toLowerCase(),
        locale: user?.locale ?? caller.locale ?? order?.locale ?? 'en',
      });
    }
    if (!conversation) throw new Error('no free support reference after 5 draws');
    await repo.insertMessage(tx, {
      conversationId: conversation.id,
      author: 'traveller',
      body: input.message,
    });
    await recordAudit(tx, {
      action: 'support.conversation_created',
      actor,
      entityId: conversation.id,
      applicationId,
      details: {
        reference: conversation.reference,
        topic: input.topic,
        by: user ? 'account' : 'guest',
      },
    });
    await emailTraveller(tx, conversation.id, (row, { firstName, link }) => ({
      template: 'support-received',
      payload: {
        firstName,
        reference: row.conversation.reference,
        orderReference: row.orderReference ?? null,
        message: input.message,
        link,
      },
    }));
    return conversation.id;
  });
  ctx.pokeJobs('email');
  const conversation = await readConversation(ctx.db, id, toConversation);
  // A guest is told only the reference: nothing of the order goes to whoever typed its number.
  return user ? conversation : { reference: conversation.reference };
}

/** The signed-in traveller's conversations (theirs, and those about their orders), newest activity first. */
export async function travellerConversations({
  ctx,
  user,
}: {
  ctx: ServiceContext;
  user: UserRow;
}): Promise<TSupportConversationSummary[]> {
  const rows = await repo.conversationsOfTraveller(ctx.db, user.id, LIST_LIMIT);
  return rows.map(toSummary);
}

/** A conversation with its messages, for the traveller it belongs to (404 for anyone else). */
export async function travellerConversation({
  ctx,
  input,
  user,
}: {
  ctx: ServiceContext;
  input: { id: string };
  user: UserRow;
}): Promise<TSupportConversation> {
  const row = await ownedConversation(ctx.db, input.id, user);
  return readConversation(ctx.db, row.conversation.id, toConversation);
}

/**
 * The traveller writes again: the conversation is open again for staff (an answered or closed one reopens), and the
 * message is audited. 404 for anyone but its traveller.
 */
export async function travellerReply({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: { id: string; message: string };
  user: UserRow;
  caller: Caller;
}): Promise<TSupportConversation> {
  await ownedConversation(ctx.db, input.id, user);
  await consumeRateLimits(ctx.rateLimits, [
    { key: `support:user:${user.id}`, max: MESSAGES_PER_ACCOUNT, windowSeconds: HOUR },
  ]);
  await ctx.db.transaction(async (tx) => {
    const conversation = (await repo.lockConversation(tx, input.id))!;
    await repo.insertMessage(tx, {
      conversationId: conversation.id,
      author: 'traveller',
      body: input.message,
    });
    await repo.updateConversation(tx, conversation.id, { status: 'open', messageWritten: true });
    await recordAudit(tx, {
      action: 'support.traveller_replied',
      actor: actorOf(user, caller),
      entityId: conversation.id,
      applicationId: conversation.applicationId,
      details: { reference: conversation.reference, reopened: conversation.status !== 'open' },
    });
  });
  return readConversation(ctx.db, input.id, toConversation);
}

/** The conversations about an order, for its owner (the application scope checked who asks). */
export async function orderConversations({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { applicationId: string };
}): Promise<TSupportConversationSummary[]> {
  const rows = await repo.conversationsOfOrder(ctx.db, input.applicationId);
  return rows.map(toSummary);
}
