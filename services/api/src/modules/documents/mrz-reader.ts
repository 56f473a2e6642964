import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MrzAttempt } from './mrz-ocr';
import type { MrzJob, MrzJobResult } from './mrz-worker';

/**
 * Reads passport pages' MRZs in one worker thread, one page at a time, each within a time limit; the thread has
 * a bounded JavaScript heap. A read that fails, times out or crashes the thread ends as "could not read" and the
 * thread is started afresh for the next page. Waiting pages are bounded: past `maxWaiting` a page is not read.
 */
export interface MrzReaderOptions {
  timeoutMs: number;
  /** Heap of the worker thread, in MB (the recogniser's WebAssembly memory is outside it). */
  maxHeapMb?: number;
  maxWaiting?: number;
}

/** A page read (with its fields, or why it has none), or not read: past its time, a crash, too many waiting. */
export type MrzOutcome =
  | ({ ok: true } & MrzAttempt)
  | { ok: false; reason: 'timeout' | 'crash' | 'error' | 'busy' | 'closed' };

interface Pending {
  job: MrzJob;
  done: (outcome: MrzOutcome) => void;
}

/**
 * The worker beside this file: `mrz-worker.js` when built, `mrz-worker.ts` when the tests run the sources (their
 * preload compiles it in the worker thread too).
 */
function workerFile() {
  return path.join(__dirname, `mrz-worker${path.extname(__filename)}`);
}

export class MrzReader {
  private worker: Worker | null = null;
  private current: (Pending & { timer: NodeJS.Timeout }) | null = null;
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: MrzReaderOptions) {}

  /** The MRZ of a passport page image (null fields when none could be read); never rejects. */
  read(image: Buffer, today = new Date()): Promise<MrzOutcome> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'closed' });
    if (this.waiting.length >= (this.options.maxWaiting ?? 50))
      return Promise.resolve({ ok: false, reason: 'busy' });
    return new Promise((done) => {
      this.waiting.push({
        job: { id: this.nextId++, image: new Uint8Array(image), today: today.toISOString() },
        done,
      });
      this.pump();
    });
  }

  /** Stops the thread; pages waiting end as not read. */
  async close() {
    this.closed = true;
    for (const p of this.waiting.splice(0)) p.done({ ok: false, reason: 'closed' });
    this.finish({ ok: false, reason: 'closed' });
    await this.stopWorker();
  }

  private start(): Worker {
    const worker = new Worker(workerFile(), {
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxHeapMb ?? 256,
        maxYoungGenerationSizeMb: 32,
      },
    });
    worker.unref();
    worker.on('message', (result: MrzJobResult) => {
      if (!this.current || this.current.job.id !== result.id) return;
      if ('error' in result) this.finish({ ok: false, reason: 'error' });
      else {
        const { id: _id, ...attempt } = result;
        this.finish({ ok: true, ...attempt });
      }
      this.pump();
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish({ ok: false, reason: 'crash' });
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return worker;
  }

  private pump() {
    if (this.closed || this.current) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.worker ??= this.start();
    const timer = setTimeout(() => {
      // A read past its time: the thread (and the recogniser inside it) is stopped and started again.
      this.finish({ ok: false, reason: 'timeout' });
      void this.stopWorker().then(() => this.pump());
    }, this.options.timeoutMs);
    timer.unref();
    this.current = { ...next, timer };
    this.worker.postMessage(next.job, [next.job.image.buffer as ArrayBuffer]);
  }

  private finish(outcome: MrzOutcome) {
    const current = this.current;
    if (!current) return;
    this.current = null;
    clearTimeout(current.timer);
    current.done(outcome);
  }

  private async stopWorker() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
