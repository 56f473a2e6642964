import type { ServiceContext } from '../../lib/context';
import { recordAudit, SYSTEM } from '../audit/audit.repo';
import type { FileStorage } from '../documents/storage';
import { removeFiles, retryFileErasures } from './file-erasure';
import * as repo from './personal-data.repo';

const BATCH = 50;

/**
 * The retention job: erases the documents (files and rows) of orders approved or rejected more than
 * `DOCUMENT_RETENTION_DAYS` ago, one audited erasure per order, then retries the file removals that failed before.
 * Safe with several processes: each batch locks its orders with `FOR UPDATE SKIP LOCKED`.
 */
export async function eraseExpiredDocuments({
  ctx,
  storage,
}: {
  ctx: Pick<ServiceContext, 'db' | 'log' | 'config'>;
  storage: FileStorage;
}): Promise<{ applications: number; documents: number }> {
  const retentionDays = ctx.config.documentRetentionDays;
  let applications = 0;
  let documents = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await repo.lockExpiredDecisions(tx, retentionDays, BATCH);
      const keys: string[] = [];
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
        keys.push(...erased.map((e) => e.storageKey));
      }
      return { orders: due.length, keys };
    });
    applications += batch.orders;
    documents += batch.keys.length;
    await removeFiles(ctx, storage, batch.keys);
    if (batch.orders < BATCH) break;
  }
  await retryFileErasures(ctx, storage);
  return { applications, documents };
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
  ctx: Pick<ServiceContext, 'db' | 'log' | 'config'>;
  storage: FileStorage;
}): Promise<{ applications: number; paymentEvents: number }> {
  const retentionYears = RECORD_RETENTION_YEARS;
  let applications = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
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
      return { orders: ids.length, keys: erased.map((e) => e.storageKey) };
    });
    applications += batch.orders;
    await removeFiles(ctx, storage, batch.keys);
    if (batch.orders < BATCH) break;
  }
  const paymentEvents = await repo.deleteExpiredPaymentEvents(ctx.db, retentionYears);
  return { applications, paymentEvents };
}
