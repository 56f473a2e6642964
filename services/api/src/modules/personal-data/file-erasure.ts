import type { ServiceContext } from '../../lib/context';
import type { FileStorage } from '../documents/storage';
import * as repo from './personal-data.repo';

/**
 * Removes erased documents' files from storage, once the transaction that erased their rows has committed. Each file
 * stays listed in `file_erasures` until its removal succeeds, so a failure (storage down) is retried later by the
 * retention job instead of leaving a forgotten file behind.
 */
export async function removeFiles(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  storage: FileStorage,
  keys: string[],
): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      await repo.fileErased(ctx.db, key);
      removed += 1;
    } catch (err) {
      failed += 1;
      ctx.log.warn({ err }, 'an erased document file could not be removed from storage yet');
      await repo
        .fileErasureFailed(ctx.db, key, err instanceof Error ? err.message : String(err))
        .catch(() => undefined);
    }
  }
  return { removed, failed };
}

/** Retries the removals still listed (a batch at a time; rows another process holds are skipped). */
export async function retryFileErasures(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  storage: FileStorage,
  batch = 100,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const pending = await repo.lockPendingFileErasures(tx, batch);
      let done = 0;
      for (const { storageKey } of pending) {
        try {
          await storage.delete(storageKey);
          await repo.fileErased(tx, storageKey);
          done += 1;
        } catch (err) {
          ctx.log.warn({ err }, 'an erased document file could not be removed from storage yet');
          await repo.fileErasureFailed(
            tx,
            storageKey,
            err instanceof Error ? err.message : String(err),
          );
        }
      }
      return { seen: pending.length, done };
    });
    removed += outcome.done;
    // Stop when the list is drained, or when nothing could be removed (storage down: try again next run).
    if (outcome.seen < batch || outcome.done === 0) return removed;
  }
}
