import type {
  applications,
  BillingAddress,
  changeRequestItems,
  changeRequests,
  grants,
  countries,
  documents,
  payments,
  processingOptions,
  refunds,
  receipts,
  creditNotes,
  sessions,
  staffInvitations,
  supportConversations,
  supportMessages,
  travelers,
  uploadLinks,
  users,
  visaTypes,
} from './schema';

/**
 * The rows services work with, as the schema defines them. Services import these types, never the schema itself:
 * the queries that produce the rows live in the repos.
 */
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
/** An admin's invitation to join the staff. */
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
/** A role of staff: `caseworker` or `admin`. */
export type StaffRole = StaffInvitationRow['role'];
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationStatus = ApplicationRow['status'];
export type TravelerRow = typeof travelers.$inferSelect;
/** Columns of a traveller that an answer changes. */
export type TravelerValues = Partial<typeof travelers.$inferInsert>;
export type DocumentRow = typeof documents.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type UploadLinkRow = typeof uploadLinks.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
export type VisaTypeRow = typeof visaTypes.$inferSelect;
export type ProcessingOptionRow = typeof processingOptions.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
/** A paid order's receipt, as issued. */
export type ReceiptRow = typeof receipts.$inferSelect;

/** The brand (visa, mastercard…) and last four digits of the card that paid, as its payment and receipt keep them. */
export interface PaidCard {
  brand: string;
  last4: string;
  /** The billing address given with the card, when the provider reports it (the invoice names the buyer). */
  billing?: BillingAddress | null;
}
export type { BillingAddress };
/** A succeeded refund's credit note, as issued. */
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Who a draft belongs to: an account, or a guest browser (the hash of its guest cookie). */
export type DraftOwner = { userId: string } | { sessionHash: string };
export type ChangeRequestRow = typeof changeRequests.$inferSelect;
export type ChangeRequestItemRow = typeof changeRequestItems.$inferSelect;
export type GrantRow = typeof grants.$inferSelect;
/** A traveller's conversation with staff, and one of its messages. */
export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
