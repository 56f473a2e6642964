import type { Tx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { recordAudit, SYSTEM } from '../audit/audit.repo';
import type { FileStorage } from '../documents/storage';
import { removeFiles, retryFileErasures } from './file-erasure';
import * as repo from './personal-data.repo';

const BATCH = 50;

type RetentionContext = Pick<ServiceContext, 'db' | 'log' | 'config'>;

/**
 * Runs a retention step in transactions of up to {@link BATCH} orders until one finds fewer, removing each batch's
 * files from storage after its commit. Returns the orders and files handled.
 */
async function inBatches(
  ctx: RetentionContext,
  storage: FileStorage,
  step: (tx: Tx) => Promise<{ orders: number; files: string[] }>,
): Promise<{ orders: number; files: number }> {
  let orders = 0;
  let files = 0;
  for (;;) {
    const batch = await ctx.db.transaction(step);
    orders += batch.orders;
    files += batch.files.length;
    await removeFiles(ctx, storage, batch.files);
    if (batch.orders < BATCH) return { orders, files };
  }
}

/**
 * The retention job: erases the documents (files and rows) of orders approved or rejected more than
 * `DOCUMENT_RETENTION_DAYS` ago, one audited erasure per order, then retries the file removals that failed before.
 * Safe with several processes: each batch locks its orders with `FOR UPDATE SKIP LOCKED`.
 */
export async function eraseExpiredDocuments({
  ctx,
  storage,
}: {
  ctx: RetentionContext;
  storage: FileStorage;
}): Promise<{ applications: number; documents: number }> {
  const retentionDays = ctx.config.documentRetentionDays;
  const done = await inBatches(ctx, storage, async (tx) => {
    const due = await repo.lockExpiredDecisions(tx, retentionDays, BATCH);
    const files: string[] = [];
    for (const { id } of due) {
      const erased = await repo.eraseDocumentsOf(tx, [id], 'retention');
      if (erased.length > 0) {
        await recordAudit(tx, {
          action: 'documents.retention_erased',
          actor: SYSTEM,
          entityId: id,
          applicationId: id,
          details: { documents: erased.length, retentionDays },
        });
      }
      files.push(...erased.map((e) => e.storageKey));
    }
    return { orders: due.length, files };
  });
  await retryFileErasures(ctx, storage);
  return { applications: done.orders, documents: done.files };
}

/**
 * How long order and payment records are kept after an order's last activity: the six years of UK tax law, as the
 * privacy notice says.
 */
export const RECORD_RETENTION_YEARS = 6;

/**
 * The records part of the retention job: deletes the orders whose last activity (the order, its payments and
 * refunds) is more than {@link RECORD_RETENTION_YEARS} years old, with their payments, refunds, receipts, travellers,
 * documents and audit entries, one audited purge per order; then the payment provider's webhook events as old.
 * Safe with several processes, like the documents' part.
 */
export async function purgeExpiredRecords({
  ctx,
  storage,
}: {
  ctx: RetentionContext;
  storage: FileStorage;
}): Promise<{ applications: number; paymentEvents: number }> {
  const retentionYears = RECORD_RETENTION_YEARS;
  const done = await inBatches(ctx, storage, async (tx) => {
    const ids = (await repo.lockExpiredOrders(tx, retentionYears, BATCH)).map((o) => o.id);
    const erased = await repo.eraseDocumentsOf(tx, ids, 'retention');
    await repo.deleteOrders(tx, ids);
    for (const id of ids) {
      await recordAudit(tx, {
        action: 'application.records_purged',
        actor: SYSTEM,
        entityId: id,
        details: { retentionYears },
      });
    }
    return { orders: ids.length, files: erased.map((e) => e.storageKey) };
  });
  const paymentEvents = await repo.deleteExpiredPaymentEvents(ctx.db, retentionYears);
  return { applications: done.orders, paymentEvents };
}
