import { AdminText } from './admin-text';
import { z } from 'zod';
import {
  atMostItems,
  blankOr,
  CHOOSE_FROM_LIST,
  IdParams,
  INVALID_VALUE,
  IsoDate,
  text,
  Uuid,
} from './primitives';
import { ValidationText } from './messages';
import { ApplicationDetail, DocumentSummary } from './post-payment';
import { ChangeSection, GrantBody, HomeOfficeReference, RequestedChange } from './casework';
import { changeKey } from './casework-rules';
import { apiMessage, ApiMessages } from './api-messages';
import { ApplicationStatus } from './orders';
import { nextStatuses } from './lifecycle';
import { APPLICATION_STATUSES } from './order-rules';
import { Refund, RefundOption } from './refunds';
import { CreditNoteSummary, ReceiptSummary } from './receipts';
import {
  ApplicationNote,
  Due,
  QueueAssignee,
  QueueCounts,
  QueueDue,
  StaffMember,
} from './staff-work';

const optionalText = text()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
const isoDate = blankOr(IsoDate, ValidationText.realDate);

/**
 * The columns the admin list can be sorted by (a whitelist: nothing else reaches the ORDER BY). Without one the
 * list is the work queue: open work by due date, the soonest first, then everything else newest first.
 */
export const AdminSortColumn = z.enum(
  ['due', 'created', 'submitted', 'amount', 'travellers', 'status'],
  CHOOSE_FROM_LIST,
);
export type AdminSortColumn = z.infer<typeof AdminSortColumn>;
export const SortOrder = z.enum(['asc', 'desc'], CHOOSE_FROM_LIST);
export type SortOrder = z.infer<typeof SortOrder>;

/** The admin list's filters (spec: Admin filter), all optional; changing one resets the page to 1. */
export const AdminListQuery = z
  .object({
    search: optionalText,
    status: blankOr(ApplicationStatus),
    dateFrom: isoDate,
    dateTo: isoDate,
    /** Open work past its due date, or due later today (UK time). */
    due: blankOr(QueueDue),
    /** Open work assigned to the member of staff asking, or to nobody. */
    assignee: blankOr(QueueAssignee),
    page: z.coerce
      .number(INVALID_VALUE)
      .int(INVALID_VALUE)
      .min(1, INVALID_VALUE)
      .max(1_000_000, INVALID_VALUE)
      .default(1),
    sort: AdminSortColumn.default('due'),
    /** Ascending or descending; soonest due first for the queue, else newest or largest first when not given. */
    order: SortOrder.optional(),
  })
  // Said on the 'from' date, as the staff list shows it (a 400 with the message, never an empty result).
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: AdminText.dateOrder,
    path: ['dateFrom'],
  })
  .transform((q) => ({ ...q, order: q.order ?? (q.sort === 'due' ? 'asc' : 'desc') }));
export type AdminListQuery = z.input<typeof AdminListQuery>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const AdminApplicationRow = z.object({
  id: text(),
  reference: text(),
  status: ApplicationStatus,
  createdAt: text(),
  submittedAt: text().nullable(),
  updatedAt: text(),
  totalAmount: z.number(),
  totalCents: z.number().int(),
  travelerCount: z.number().int(),
  travelers: z.array(z.object({ firstName: text(), lastName: text() })),
  country: z.object({ id: text(), name: text(), flagEmoji: text() }),
  visaType: z.object({ id: text(), name: text() }),
  user: z
    .object({
      firstName: text().nullable(),
      lastName: text().nullable(),
      email: text(),
    })
    .nullable(),
  guestEmail: text().nullable(),
  /** When it is due and where it stands (null before submission); sent by the API. */
  due: Due.nullable().optional(),
  /** Who works on it; sent by the API. */
  assignee: StaffMember.nullable().optional(),
});
export type AdminApplicationRow = z.infer<typeof AdminApplicationRow>;

export const AdminListResponse = z.object({
  applications: z.array(AdminApplicationRow),
  pagination: Pagination,
});
export type AdminListResponse = z.infer<typeof AdminListResponse>;

/** Amounts in cents today, in the last 7 and in the last 30 days. */
export const PeriodTotals = z.object({
  todayCents: z.number().int(),
  last7DaysCents: z.number().int(),
  last30DaysCents: z.number().int(),
});
export type PeriodTotals = z.infer<typeof PeriodTotals>;

export const DashboardResponse = z.object({
  applications: z.array(AdminApplicationRow),
  counts: z.record(ApplicationStatus, z.number().int()),
  /** What payments brought in, whatever was refunded of it since. */
  paid: PeriodTotals,
  /** What was refunded, by when each refund was settled. */
  refunded: PeriodTotals,
  /** What needs staff attention in the background machinery. */
  operations: z.object({
    /** Payments the provider reported as succeeded whose order is not completed yet. */
    paymentsAwaitingReconciliation: z.number().int(),
    /** E-mails that failed every attempt (listed at /api/admin/emails). */
    failedEmails: z.number().int(),
    /** Other background jobs that failed every attempt (listed at /api/admin/jobs). */
    failedJobs: z.number().int(),
  }),
  /** The work queue: overdue, due today, unassigned and the asking member of staff's open work; sent by the API. */
  queue: QueueCounts.optional(),
  lastUpdated: text(),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/** Every e-mail the portal sends, by its template's name (the API's templates are exactly these). */
export const EMAIL_TEMPLATES = [
  'sign-in-link',
  'email-verification',
  'password-reset',
  'reauthentication-code',
  'account-claimed',
  'email-changed',
  'payment-confirmation',
  'status-change',
  'changes-requested',
  'lodged',
  'decision',
  'refund-confirmation',
  'expiry-reminder',
  'account-deleted',
  'staff-invitation',
  'draft-return-link',
  'support-received',
  'support-reply',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/** An e-mail that could not be sent after every retry. */
export const FailedEmail = z.object({
  id: text(),
  to: text(),
  /** The template's name, e.g. `payment-confirmation`. */
  template: text(),
  /** What the e-mail is, in words (e.g. "Payment confirmation"). */
  description: text(),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
});
export type FailedEmail = z.infer<typeof FailedEmail>;

export const FailedEmailsResponse = z.object({
  emails: z.array(FailedEmail),
  total: z.number().int(),
});
export type FailedEmailsResponse = z.infer<typeof FailedEmailsResponse>;

export const EmailIdParams = IdParams;
export type EmailIdParams = z.infer<typeof EmailIdParams>;

export const RequeueEmailResponse = z.object({ id: text(), status: z.literal('PENDING') });
export type RequeueEmailResponse = z.infer<typeof RequeueEmailResponse>;

/**
 * The job queues of background work other than e-mails (whose failures have their own list): reading passport
 * pages, reconciling payments and the scheduled clean-ups.
 */
export const BACKGROUND_JOBS = [
  'passport-read',
  'payments-reconcile',
  'sessions-prune',
  'rate-limits-prune',
  'drafts-prune',
  'upload-links-prune',
  'reminders',
  'document-retention',
  'record-retention',
  'email-sweep',
] as const;
export const BackgroundJob = z.enum(BACKGROUND_JOBS, CHOOSE_FROM_LIST);
export type BackgroundJob = z.infer<typeof BackgroundJob>;

/** A background job that failed every attempt. */
export const FailedJob = z.object({
  id: Uuid,
  queue: BackgroundJob,
  /** The order it concerns, when it concerns one (a passport page's). */
  applicationId: Uuid.nullable(),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
  failedAt: text().nullable(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobsResponse = z.object({
  jobs: z.array(FailedJob),
  total: z.number().int(),
});
export type FailedJobsResponse = z.infer<typeof FailedJobsResponse>;

export const JobRetryParams = z.object({ queue: BackgroundJob, id: Uuid });
export type JobRetryParams = z.input<typeof JobRetryParams>;

export const RetryJobResponse = z.object({ id: Uuid, status: z.literal('retry') });
export type RetryJobResponse = z.infer<typeof RetryJobResponse>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: text(),
  action: text(),
  actor: text(),
  actorRole: text(),
  ip: text().nullable(),
  details: z.record(text(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AdminApplicationDetail = z.object({
  application: ApplicationDetail,
  version: z.number().int(),
  createdAt: text(),
  paidAt: text().nullable(),
  account: z
    .object({
      id: text(),
      email: text(),
      firstName: text().nullable(),
      lastName: text().nullable(),
    })
    .nullable(),
  payment: z
    .object({
      amountCents: z.number().int(),
      currency: text(),
      provider: text(),
      reference: text(),
      status: text(),
      succeededAt: text().nullable(),
    })
    .nullable(),
  // Receipts
  /** The order's receipt (null before payment); optional only for readers that predate it. */
  receipt: ReceiptSummary.nullable().optional(),
  /** The credit notes of its succeeded refunds, oldest first; optional only for readers that predate them. */
  creditNotes: z.array(CreditNoteSummary).optional(),
  /** Passport data from the wizard, the number decrypted for this view only (the view is audited). */
  passports: z.array(
    z.object({
      travelerId: text(),
      nationality: text().nullable(),
      number: text().nullable(),
      expirationDate: text().nullable(),
      hasSecondNationality: z.boolean().nullable(),
      addLater: z.boolean(),
      dateOfBirth: text(),
    }),
  ),
  history: z.array(AuditEntry),
  /**
   * The latest request for changes, with what the traveller changed since: each flagged section's fields before
   * and now, each flagged document's file before and now.
   */
  changeReview: z
    .object({
      requestedAt: text(),
      requestedBy: text(),
      resubmittedAt: text().nullable(),
      items: z.array(
        z.object({
          travelerId: text().nullable(),
          section: ChangeSection,
          message: text(),
          resolved: z.boolean(),
          fields: z.array(
            z.object({ field: text(), before: text().nullable(), after: text().nullable() }),
          ),
          beforeDocument: DocumentSummary.nullable(),
          afterDocument: DocumentSummary.nullable(),
        }),
      ),
    })
    .nullable()
    .optional(),
  /** Who lodged the application with the Home Office, besides what the traveller sees. */
  lodgedBy: text().nullable().optional(),
  /** When it is due and where it stands, who works on it, and staff's internal notes (oldest first); sent by the API. */
  due: Due.nullable().optional(),
  assignee: StaffMember.nullable().optional(),
  notes: z.array(ApplicationNote).optional(),
  allowedTransitions: z.array(ApplicationStatus),
  /** The order's refunds, newest first. */
  refunds: z.array(Refund),
  /** The refunds staff can make now: allowed by the status, and within what is left of the payment. */
  refundOptions: z.array(RefundOption),
  /** What personal data of the order was erased, and when (absent from older servers). */
  erasure: z
    .object({
      /** The documents' files and rows: after the retention period, or with the account. */
      documentsErasedAt: text().nullable(),
      documentsErasedBy: z.enum(['retention', 'deletion']).nullable(),
      /** The travellers' personal and passport data, with the account (payment records are kept). */
      personalDataErasedAt: text().nullable(),
    })
    .optional(),
});
export type AdminApplicationDetail = z.infer<typeof AdminApplicationDetail>;

/** The only status changes staff can make: the staff steps of the lifecycle (`LIFECYCLE`). */
export const TRANSITIONS: Partial<
  Record<z.infer<typeof ApplicationStatus>, z.infer<typeof ApplicationStatus>[]>
> = Object.fromEntries(
  APPLICATION_STATUSES.map((status) => [status, nextStatuses(status, 'staff')] as const).filter(
    ([, next]) => next.length > 0,
  ),
);

const seenVersion = z.number(INVALID_VALUE).int(INVALID_VALUE).min(1, INVALID_VALUE);

/**
 * A staff step on an application (`POST /api/admin/applications/:id/status`), each with what it records; `version`
 * is the version the member of staff saw: a step on an application changed meanwhile is refused.
 */
export const DecisionBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('UNDER_REVIEW'), version: seenVersion }),
    /** Ask the traveller to change sections or documents, with a message for each. */
    z.object({
      status: z.literal('CHANGES_REQUESTED'),
      version: seenVersion,
      changes: z
        .array(RequestedChange, { error: ApiMessages['casework.changesRequired'] })
        .min(1, ApiMessages['casework.changesRequired'])
        .max(80, atMostItems(80))
        .superRefine((changes, ctx) => {
          const seen = new Set<string>();
          changes.forEach((c, i) => {
            const key = changeKey(c);
            if (seen.has(key))
              ctx.addIssue({
                code: 'custom',
                path: [i],
                message: ApiMessages['casework.changeTwice'],
              });
            seen.add(key);
          });
        }),
    }),
    /** Submitted to the Home Office under this reference on this day. */
    z.object({
      status: z.literal('LODGED'),
      version: seenVersion,
      homeOfficeReference: HomeOfficeReference,
      lodgedOn: IsoDate,
    }),
    /** The government granted it: an ETA or visa for every traveller. */
    z.object({
      status: z.literal('APPROVED'),
      version: seenVersion,
      grants: z
        .array(GrantBody, { error: ApiMessages['casework.grantEveryTraveler'] })
        .min(1, ApiMessages['casework.grantEveryTraveler'])
        .max(10, ApiMessages['casework.grantEveryTraveler']),
    }),
    /** The government refused it: the reason it gave and, if any, its letter. */
    z.object({
      status: z.literal('REJECTED'),
      version: seenVersion,
      reason: text({ error: AdminText.rejectReasonRequired })
        .trim()
        .min(1, AdminText.rejectReasonRequired)
        .max(1000, apiMessage('validation.atMostCharacters', { max: 1000 })),
      documentId: Uuid.optional(),
    }),
  ],
  INVALID_VALUE,
);
export type DecisionBody = z.input<typeof DecisionBody>;
export type DecisionStep = z.output<typeof DecisionBody>;
