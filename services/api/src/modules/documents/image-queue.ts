import os from 'node:os';
import { ApiMessages, ErrorCode } from '@waypoint/contracts';
import { AppError } from '../../lib/errors';
import type { QueueTicket } from '../../lib/upload-pipeline';

/**
 * Bounds the decoding and checking of uploads in one API process: at most `workers` files are processed at once,
 * at most `perUser` of them for the same account; further uploads wait their turn. An upload takes its place in
 * the queue before its body is read, so the number of upload bodies held in memory is bounded too: an account
 * with `perUser + perUserWaiting` uploads under way, or a process with `workers + maxWaiting`, is answered 429
 * with Retry-After.
 */
export interface QueueLimits {
  workers: number;
  perUser: number;
  perUserWaiting: number;
  maxWaiting: number;
}

export const QueueText = {
  userBusy: ApiMessages['upload.queueUserBusy'],
  busy: ApiMessages['upload.queueBusy'],
} as const;

/** The default: one worker per CPU (at most 4), two at once per account. */
export function defaultQueueLimits(workers?: number): QueueLimits {
  const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : 1;
  return {
    workers: Math.max(1, workers ?? Math.min(4, cpus)),
    perUser: 2,
    perUserWaiting: 4,
    maxWaiting: 16,
  };
}

interface Waiter {
  owner: string;
  start: () => void;
}

export class ImageQueue {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private admitted = 0;
  private readonly admittedBy = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly limits: QueueLimits,
    /** Called when the last upload under way has finished. */
    private readonly onIdle: () => void = () => {},
  ) {}

  /** Numbers for logs and tests. */
  stats() {
    return { running: this.running, waiting: this.waiters.length, admitted: this.admitted };
  }

  admit(owner: string): QueueTicket {
    const mine = this.admittedBy.get(owner) ?? 0;
    if (mine >= this.limits.perUser + this.limits.perUserWaiting) {
      throw new AppError(ErrorCode.RATE_LIMITED, 'upload.queueUserBusy', { retryAfterSeconds: 5 });
    }
    if (this.admitted >= this.limits.workers + this.limits.maxWaiting) {
      throw new AppError(ErrorCode.RATE_LIMITED, 'upload.queueBusy', { retryAfterSeconds: 30 });
    }
    this.admitted += 1;
    this.admittedBy.set(owner, mine + 1);
    let released = false;
    return {
      run: (work) => this.runFor(owner, work),
      release: () => {
        if (released) return;
        released = true;
        this.admitted -= 1;
        const left = (this.admittedBy.get(owner) ?? 1) - 1;
        if (left > 0) this.admittedBy.set(owner, left);
        else this.admittedBy.delete(owner);
        if (this.admitted === 0) this.onIdle();
      },
    };
  }

  private canStart(owner: string) {
    return (
      this.running < this.limits.workers && (this.runningBy.get(owner) ?? 0) < this.limits.perUser
    );
  }

  private take(owner: string) {
    this.running += 1;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
  }

  private free(owner: string) {
    this.running -= 1;
    const left = (this.runningBy.get(owner) ?? 1) - 1;
    if (left > 0) this.runningBy.set(owner, left);
    else this.runningBy.delete(owner);
    // The first waiter (oldest) whose account has room goes next.
    for (let i = 0; i < this.waiters.length && this.running < this.limits.workers;) {
      const waiter = this.waiters[i]!;
      if (this.canStart(waiter.owner)) {
        this.waiters.splice(i, 1);
        this.take(waiter.owner);
        waiter.start();
      } else {
        i += 1;
      }
    }
  }

  private async runFor<T>(owner: string, work: () => Promise<T>): Promise<T> {
    // Waiters left in the queue are blocked by a full pool or by their own account's share, so a newcomer
    // that fits may start at once without overtaking anyone who could.
    if (this.canStart(owner)) {
      this.take(owner);
    } else {
      await new Promise<void>((resolve) => this.waiters.push({ owner, start: resolve }));
    }
    try {
      return await work();
    } finally {
      this.free(owner);
    }
  }
}

/**
 * Once uploads stop, their bodies and pictures (tens of MB outside the JavaScript heap) are only freed at the
 * next full garbage collection, which an idle server may not run for minutes. When the process was started with
 * --expose-gc (as the Dockerfile and `npm start` do), one collection is run a moment after the queue empties, so
 * memory returns to its baseline; without the flag this does nothing.
 */
export function collectWhenIdle(delayMs = 1000) {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (typeof gc !== 'function') return;
    clearTimeout(timer);
    timer = setTimeout(gc, delayMs);
    timer.unref();
  };
}
