import { z } from 'zod';
import { text } from './primitives';

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
