import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { StoredPassportPage, UploadPipeline } from '../../lib/upload-pipeline';
import { collectWhenIdle, defaultQueueLimits, ImageQueue } from './image-queue';
import { MrzReader, type MrzOutcome } from './mrz-reader';

/**
 * Records what the reader made of a page; called for every outcome except a reader closed meanwhile, which
 * leaves the page pending.
 */
export type RecordMrz = (stored: StoredPassportPage, outcome: MrzOutcome) => Promise<void>;

export function createUploadPipeline(
  config: Config,
  log: FastifyBaseLogger,
  recordMrz: RecordMrz,
): UploadPipeline {
  const queue = new ImageQueue(defaultQueueLimits(config.uploadWorkers), collectWhenIdle());
  // Passport pages' MRZs are read one at a time in a worker thread, after their upload is stored.
  const reader = config.mrzReading ? new MrzReader({ timeoutMs: config.mrzTimeoutMs }) : null;
  const reading = new Set<Promise<void>>();

  const read = async (mrzReader: MrzReader, stored: StoredPassportPage) => {
    const outcome = await mrzReader.read(stored.image);
    if (!outcome.ok && outcome.reason === 'closed') return;
    try {
      await recordMrz(stored, outcome);
    } catch (err) {
      log.warn({ err, documentId: stored.documentId }, 'mrz result not saved');
    }
  };

  return {
    admit: (owner) => queue.admit(owner),
    readMrz: reader
      ? (stored) => {
          const task = read(reader, stored).finally(() => reading.delete(task));
          reading.add(task);
        }
      : undefined,
    async close() {
      await reader?.close();
      await Promise.all(reading);
    },
  };
}
