import { z } from 'zod';
import { text } from './primitives';
import { RefundKind } from './refunds';

/**
 * A paid order's receipt as the pages list it; the PDF itself is downloaded from
 * `GET /api/application/{id}/receipt` (its owner) or `GET /api/admin/applications/{id}/receipt` (staff).
 */
export const ReceiptSummary = z.object({
  /** Sequential per calendar year, e.g. 2026-000123. */
  number: text(),
  issuedAt: text(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;

/**
 * A credit note as the pages list it: issued for each succeeded refund, numbered per calendar year
 * (CN-2026-000001), for the amount refunded (negative). `url` downloads its PDF: the owner's under
 * `GET /api/application/{id}/credit-notes/{number}`, staff's under `GET /api/admin/applications/{id}/credit-notes/{number}`.
 */
export const CreditNoteSummary = z.object({
  number: text(),
  issuedAt: text(),
  /** Negative: the amount the credit note takes off the invoice, in cents. */
  amountCents: z.number().int(),
  currency: text(),
  /** What the refund concerned: the whole order, or the service fee only. */
  kind: RefundKind,
  url: text(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;
