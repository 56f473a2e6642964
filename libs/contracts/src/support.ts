import { z } from 'zod';
import { ApiMessages } from './api-messages';
import { EmailField } from './auth';
import { blankOr, CHOOSE_FROM_LIST, INVALID_VALUE, text, Uuid } from './primitives';

/**
 * Support conversations: a traveller (signed in, or a guest who names one of their orders) writes to staff, staff
 * answer from the Support inbox, and the two write back and forth until staff close it. A traveller's message
 * reopens an answered or closed conversation.
 */

/** What a traveller's question is about (the contact form's first choice). */
export const SUPPORT_TOPICS = [
  'application',
  'documents',
  'payment',
  'refund',
  'decision',
  'account',
  'other',
] as const;

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

/** The longest message a traveller or staff member can send at once. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;

/** Conversations in one page of the Support inbox. */
export const SUPPORT_INBOX_PAGE_SIZE = 25;

export const SupportText = {
  topicRequired: ApiMessages['support.topicRequired'],
  messageRequired: ApiMessages['support.messageRequired'],
  messageTooLong: ApiMessages['support.messageTooLong'],
  orderReferenceFormat: ApiMessages['support.orderReferenceFormat'],
  orderReferenceRequired: ApiMessages['support.orderReferenceRequired'],
  emailRequired: ApiMessages['support.emailRequired'],
  oneOrderOnly: ApiMessages['support.oneOrderOnly'],
} as const;

export const ZSupportTopicSchema = z.enum(SUPPORT_TOPICS, { error: SupportText.topicRequired });
export type ZSupportTopicSchema = z.infer<typeof ZSupportTopicSchema>;
export type TSupportTopic = ZSupportTopicSchema;

export const ZSupportStatusSchema = z.enum(SUPPORT_STATUSES, CHOOSE_FROM_LIST);
export type ZSupportStatusSchema = z.infer<typeof ZSupportStatusSchema>;
export type TSupportStatus = ZSupportStatusSchema;

/** A message as a traveller or staff member writes it: trimmed, 1 to 4,000 characters. */
export const ZSupportMessageBodySchema = text({ error: SupportText.messageRequired })
  .trim()
  .min(1, SupportText.messageRequired)
  .max(SUPPORT_MESSAGE_MAX_LENGTH, SupportText.messageTooLong);
export type ZSupportMessageBodySchema = z.input<typeof ZSupportMessageBodySchema>;

/**
 * The order number as the pages show it ("Order #3F9A2C7B", see `orderReference`): 8 letters or digits, taken in
 * either case, with or without the "#".
 */
export const ZSupportOrderReferenceSchema = text({ error: SupportText.orderReferenceFormat })
  .trim()
  .transform((v) => v.replace(/^#/, '').trim().toUpperCase())
  .pipe(
    text({ error: SupportText.orderReferenceFormat }).regex(/^[0-9A-F]{8}$/, {
      message: SupportText.orderReferenceFormat,
    }),
  );
export type ZSupportOrderReferenceSchema = z.input<typeof ZSupportOrderReferenceSchema>;

/**
 * A new conversation. A signed-in traveller may name one of their orders by its id (`applicationId`) or none (a
 * general question); a guest names one by its number and the e-mail address it was paid with, both required (the
 * API answers 404 when they match no order).
 */
export const ZCreateSupportConversationRequestSchema = z
  .object({
    topic: ZSupportTopicSchema,
    message: ZSupportMessageBodySchema,
    applicationId: Uuid.optional(),
    orderReference: ZSupportOrderReferenceSchema.optional(),
    email: EmailField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.applicationId && (body.orderReference || body.email))
      ctx.addIssue({ code: 'custom', message: SupportText.oneOrderOnly, path: ['orderReference'] });
    else if (body.orderReference && !body.email)
      ctx.addIssue({ code: 'custom', message: SupportText.emailRequired, path: ['email'] });
    else if (body.email && !body.orderReference)
      ctx.addIssue({
        code: 'custom',
        message: SupportText.orderReferenceRequired,
        path: ['orderReference'],
      });
  });
// prettier-ignore
export type ZCreateSupportConversationRequestSchema = z.input<typeof ZCreateSupportConversationRequestSchema>;
export type TCreateSupportConversationRequest = ZCreateSupportConversationRequestSchema;

/** A traveller's message in a conversation, or a staff member's reply. */
export const ZSupportReplyRequestSchema = z.object({ message: ZSupportMessageBodySchema });
export type ZSupportReplyRequestSchema = z.input<typeof ZSupportReplyRequestSchema>;
export type TSupportReplyRequest = ZSupportReplyRequestSchema;

export const ZSupportMessageSchema = z.object({
  id: text(),
  author: z.enum(['traveller', 'staff']),
  /** The first name of the member of staff who wrote it (never their full name); null for the traveller's. */
  authorName: text().nullable(),
  body: text(),
  createdAt: text(),
});
export type ZSupportMessageSchema = z.infer<typeof ZSupportMessageSchema>;
export type TSupportMessage = ZSupportMessageSchema;

const conversationFields = {
  id: text(),
  /** The short reference the traveller quotes, e.g. S-7K3P9Q. */
  reference: text(),
  topic: ZSupportTopicSchema,
  status: ZSupportStatusSchema,
  applicationId: text().nullable(),
  /** The order's number as the pages show it (`orderReference`), or null for a general question. */
  orderReference: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
};

export const ZSupportConversationSchema = z.object({
  ...conversationFields,
  /** Oldest first. */
  messages: z.array(ZSupportMessageSchema),
});
export type ZSupportConversationSchema = z.infer<typeof ZSupportConversationSchema>;
export type TSupportConversation = ZSupportConversationSchema;

/** A conversation as staff read it: who wrote, and whether they have an account to answer in. */
export const ZAdminSupportConversationSchema = ZSupportConversationSchema.extend({
  travellerName: text().nullable(),
  email: text(),
  /** False for a guest's question: replies reach them by e-mail only. */
  hasAccount: z.boolean(),
});
export type ZAdminSupportConversationSchema = z.infer<typeof ZAdminSupportConversationSchema>;
export type TAdminSupportConversation = ZAdminSupportConversationSchema;

/** A conversation in a list (a traveller's, an order's, or the Support inbox), newest activity first. */
export const ZSupportConversationSummarySchema = z.object({
  ...conversationFields,
  lastMessageAt: text(),
  travellerName: text().nullable(),
  email: text(),
});
export type ZSupportConversationSummarySchema = z.infer<typeof ZSupportConversationSummarySchema>;
export type TSupportConversationSummary = ZSupportConversationSummarySchema;

export const ZSupportConversationListResponseSchema = z.object({
  items: z.array(ZSupportConversationSummarySchema),
});
// prettier-ignore
export type ZSupportConversationListResponseSchema = z.infer<typeof ZSupportConversationListResponseSchema>;
export type TSupportConversationListResponse = ZSupportConversationListResponseSchema;

/**
 * What creating a conversation answers: the whole conversation to a signed-in traveller, only its reference to a
 * guest (who reads the answers in their e-mail, so nothing of the order is shown to whoever typed its number). Both
 * carry `reference`; a signed-in traveller's also has `messages`.
 */
export const ZCreateSupportConversationResponseSchema = z.union([
  ZSupportConversationSchema,
  z.object({ reference: text() }),
]);
// prettier-ignore
export type ZCreateSupportConversationResponseSchema = z.infer<typeof ZCreateSupportConversationResponseSchema>;
export type TCreateSupportConversationResponse = ZCreateSupportConversationResponseSchema;

export const ZAdminSupportListQuerySchema = z.object({
  status: blankOr(ZSupportStatusSchema),
  page: z.coerce
    .number(INVALID_VALUE)
    .int(INVALID_VALUE)
    .min(1, INVALID_VALUE)
    .max(1_000_000, INVALID_VALUE)
    .default(1),
});
export type ZAdminSupportListQuerySchema = z.input<typeof ZAdminSupportListQuerySchema>;
export type TAdminSupportListQuery = ZAdminSupportListQuerySchema;

export const ZAdminSupportListResponseSchema = z.object({
  items: z.array(ZSupportConversationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Conversations of each status, whatever the filter. */
  counts: z.object({
    open: z.number().int(),
    answered: z.number().int(),
    closed: z.number().int(),
  }),
});
export type ZAdminSupportListResponseSchema = z.infer<typeof ZAdminSupportListResponseSchema>;
export type TAdminSupportListResponse = ZAdminSupportListResponseSchema;
