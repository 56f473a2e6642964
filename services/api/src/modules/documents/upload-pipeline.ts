import type { Config } from '../../config';
import type { UploadPipeline } from '../../lib/upload-pipeline';
import { collectWhenIdle, defaultQueueLimits, ImageQueue } from './image-queue';

export function createUploadPipeline(config: Config): UploadPipeline {
  const queue = new ImageQueue(defaultQueueLimits(config.uploadWorkers), collectWhenIdle());
  return { admit: (owner) => queue.admit(owner) };
}
