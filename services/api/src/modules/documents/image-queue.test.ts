import { AppError } from '../../lib/errors';
import { ImageQueue, QueueText } from './image-queue';

/** A job that finishes when told to, recording when it started. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the image queue', () => {
  it('runs at most `workers` at once and at most two per account, oldest first', async () => {
    const queue = new ImageQueue({ workers: 3, perUser: 2, perUserWaiting: 4, maxWaiting: 10 });
    const started: string[] = [];
    const jobs = ['ann1', 'ann2', 'ann3', 'bob1', 'cy1'].map((name) => job(started, name));
    const runs = jobs.map((j, i) => {
      const ticket = queue.admit(['ann', 'ann', 'ann', 'bob', 'cy'][i]!);
      return ticket.run(j.work).finally(ticket.release);
    });
    await tick();
    // ann3 waits for ann's share; bob1 takes the third worker; cy1 waits for a worker.
    expect(started).toEqual(['ann1', 'ann2', 'bob1']);
    expect(queue.stats()).toMatchObject({ running: 3, waiting: 2 });
    jobs[0]!.finish();
    await tick();
    // The freed worker goes to the oldest waiter that fits: ann3.
    expect(started).toEqual(['ann1', 'ann2', 'bob1', 'ann3']);
    jobs[3]!.finish();
    await tick();
    expect(started).toEqual(['ann1', 'ann2', 'bob1', 'ann3', 'cy1']);
    jobs.forEach((j) => j.finish());
    expect(await Promise.all(runs)).toEqual(['ann1', 'ann2', 'ann3', 'bob1', 'cy1']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });

  it('refuses an account beyond its running and waiting share, and everyone when the queue is full', () => {
    const queue = new ImageQueue({ workers: 1, perUser: 2, perUserWaiting: 1, maxWaiting: 3 });
    const tickets = [queue.admit('ann'), queue.admit('ann'), queue.admit('ann')];
    let refusal: unknown;
    try {
      queue.admit('ann');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 429, message: QueueText.userBusy });
    expect((refusal as AppError).retryAfterSeconds).toBeGreaterThan(0);
    tickets.push(queue.admit('bob'));
    expect(() => queue.admit('cy')).toThrow(QueueText.busy);
    tickets[0]!.release();
    tickets[0]!.release(); // releasing twice gives back one place only
    expect(() => queue.admit('cy')).not.toThrow();
    expect(() => queue.admit('dee')).toThrow(QueueText.busy);
  });

  it('frees the worker when the work fails', async () => {
    const queue = new ImageQueue({ workers: 1, perUser: 1, perUserWaiting: 1, maxWaiting: 1 });
    const ticket = queue.admit('ann');
    await expect(
      ticket.run(async () => {
        throw new Error('unreadable');
      }),
    ).rejects.toThrow('unreadable');
    ticket.release();
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});
