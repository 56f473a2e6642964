import type {
  Locale,
  TAdminSupportConversation,
  TSupportConversation,
  TSupportConversationSummary,
  TSupportMessage,
} from '@waypoint/contracts';
import { queueEmail } from '../notifications/outbox.service';
import type { EmailMessage, SupportLink } from '../notifications/templates';
import type { Db, Tx } from '../../db/client';
import type { SupportMessageRow } from '../../db/rows';
import * as repo from './support.repo';
import type { ConversationWithParties } from './support.repo';

/** A conversation as the traveller and staff read it, from its row and the people around it. */

const fullName = (person: { firstName: string | null; lastName: string | null } | null) => {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ').trim();
  return name || null;
};

/**
 * The account a conversation belongs to: the one that wrote it, else the account of its order (a guest's question
 * about an order with an account is read in that account's My orders).
 */
const accountOf = (row: ConversationWithParties) =>
  row.conversation.userId ? row.account : row.orderUserId ? row.orderAccount : null;

/** Who wrote: the account's name, else the order's lead traveller's. */
export const travellerNameOf = (row: ConversationWithParties): string | null =>
  (row.conversation.userId ? fullName(row.account) : null) ?? fullName(row.lead);

/** The first name the traveller is greeted by in e-mails. */
export const firstNameOf = (row: ConversationWithParties): string | null =>
  (row.conversation.userId ? row.account?.firstName : null) ?? row.lead?.firstName ?? null;

/**
 * Where answers go, in which language, and where the traveller reads the conversation: a guest at the address they
 * gave, in the language of their visit; an account at its address, in its language. A conversation about an order
 * with an account is on that order in My orders; an account's general question on the contact page; a guest
 * without an account has only the e-mails.
 */
export function recipientOf(row: ConversationWithParties): {
  address: string;
  locale: Locale;
  link: SupportLink | null;
} {
  const { conversation } = row;
  const account = accountOf(row);
  const address = conversation.guestEmail ?? row.account?.email ?? '';
  const locale = (conversation.userId ? row.account?.locale : null) ?? conversation.locale;
  const link: SupportLink | null = !account
    ? null
    : conversation.applicationId
      ? 'orders'
      : 'contact';
  return { address, locale, link };
}

/**
 * Queues an e-mail to the traveller of a conversation, at the address answers go to and in their language (none
 * when there is no address); `message` is given the conversation, the first name it greets and the traveller's link.
 */
export async function emailTraveller(
  tx: Tx,
  id: string,
  message: (
    row: ConversationWithParties,
    to: { firstName: string | null; link: SupportLink | null },
  ) => EmailMessage,
): Promise<void> {
  const row = (await repo.conversationById(tx, id))!;
  const recipient = recipientOf(row);
  if (!recipient.address) return;
  await queueEmail({
    tx,
    input: {
      to: recipient.address,
      message: message(row, { firstName: firstNameOf(row), link: recipient.link }),
      locale: recipient.locale,
    },
  });
}

export function toMessage(row: {
  message: SupportMessageRow;
  staffFirstName: string | null;
}): TSupportMessage {
  return {
    id: row.message.id,
    author: row.message.author,
    // Staff are named by their first name only.
    authorName: row.message.author === 'staff' ? (row.staffFirstName ?? null) : null,
    body: row.message.body,
    createdAt: row.message.createdAt.toISOString(),
  };
}

function fields(row: ConversationWithParties) {
  const c = row.conversation;
  return {
    id: c.id,
    reference: c.reference,
    topic: c.topic,
    status: c.status,
    applicationId: c.applicationId,
    orderReference: row.orderReference ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toSummary(row: ConversationWithParties): TSupportConversationSummary {
  return {
    ...fields(row),
    lastMessageAt: row.conversation.lastMessageAt.toISOString(),
    travellerName: travellerNameOf(row),
    email: recipientOf(row).address,
  };
}

export function toConversation(
  row: ConversationWithParties,
  messages: TSupportMessage[],
): TSupportConversation {
  return { ...fields(row), messages };
}

export function toAdminConversation(
  row: ConversationWithParties,
  messages: TSupportMessage[],
): TAdminSupportConversation {
  return {
    ...toConversation(row, messages),
    travellerName: travellerNameOf(row),
    email: recipientOf(row).address,
    hasAccount: accountOf(row) !== null,
  };
}

/**
 * Loads an existing conversation with its messages and shapes it for whoever reads it: `toConversation` for its
 * traveller, `toAdminConversation` for staff.
 */
export async function readConversation<T>(
  db: Db | Tx,
  id: string,
  shape: (row: ConversationWithParties, messages: TSupportMessage[]) => T,
): Promise<T> {
  const row = (await repo.conversationById(db, id))!;
  const messages = await repo.messagesOf(db, [id]);
  return shape(row, messages.map(toMessage));
}
