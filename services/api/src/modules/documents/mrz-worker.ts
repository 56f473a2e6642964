import { parentPort } from 'node:worker_threads';
import type { Worker } from 'tesseract.js';
import { createRecogniser, readPassportMrz, type MrzAttempt } from './mrz-ocr';

/**
 * The MRZ worker thread: reads one passport page at a time with a recogniser loaded once. Started, bounded in
 * time and memory, and restarted by mrz-reader.ts; nothing here can block or fail an upload.
 */
export interface MrzJob {
  id: number;
  image: Uint8Array;
  today: string;
}
export type MrzJobResult = ({ id: number } & MrzAttempt) | { id: number; error: string };

let recogniser: Promise<Worker> | null = null;

parentPort?.on('message', async (job: MrzJob) => {
  try {
    const attempt = await readPassportMrz(
      () => (recogniser ??= createRecogniser()),
      Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
      new Date(job.today),
    );
    parentPort!.postMessage({ id: job.id, ...attempt } satisfies MrzJobResult);
  } catch (err) {
    parentPort!.postMessage({
      id: job.id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies MrzJobResult);
  }
});
