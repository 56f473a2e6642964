/**
 * Writes that arrive together go to the database together: one statement, one round trip and one commit for
 * every save waiting, instead of one each.
 *
 * A write is queued and sent at the end of the current turn of the event loop with every other write queued by
 * then. At most `maxInFlight` batches are in the database at once; writes that arrive meanwhile wait for one of
 * them to finish and then go together. Under little load a write goes alone, as soon as it arrives; under heavy
 * load batches grow by themselves, and the database does a fraction of the commits.
 *
 * Writes are keyed by what they write (a draft's owner, say):
 * - writes of one key are applied in the order they arrived: while a batch holding a key is in the database, the
 *   key's later writes wait for it to finish;
 * - two writes of one key waiting together are one write, of the later value, and both callers get its result;
 * - when a batch fails for a reason of its own rather than the database's (`isolate` says which), each of its
 *   writes is tried again alone, so one bad write fails only its caller. A database that is away fails them all.
 *   The writes tried again go before any other, one per batch, within the same limit of batches in flight; their
 *   keys' later writes keep waiting until they are done.
 */
export interface WriteBatcherOptions<K, V, R> {
  /**
   * Writes one batch, each key once, and answers the result of each key. A key it does not answer fails its
   * callers.
   */
  write: (batch: ReadonlyMap<K, V>) => Promise<ReadonlyMap<K, R>>;
  /** Whether a batch's failure is worth trying each of its writes alone. */
  isolate: (err: unknown) => boolean;
  /** Batches in the database at once (keep it below the connection pool's size). */
  maxInFlight: number;
  /** Keys in one batch. */
  maxBatch: number;
}

interface Waiting<V, R> {
  value: V;
  callers: { resolve: (result: R) => void; reject: (err: unknown) => void }[];
}

export class WriteBatcher<K, V, R> {
  /** Writes not sent yet, by key, in the order their keys first arrived. */
  private readonly waiting = new Map<K, Waiting<V, R>>();
  /** Keys of the batches in the database, and of the writes waiting to be tried again. */
  private readonly writing = new Set<K>();
  /** Writes of a failed batch, each to be tried again alone, in their batch's order. */
  private readonly retries: [K, Waiting<V, R>][] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly options: WriteBatcherOptions<K, V, R>) {}

  write(key: K, value: V): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const waiting = this.waiting.get(key);
      if (waiting) {
        waiting.value = value;
        waiting.callers.push({ resolve, reject });
      } else {
        this.waiting.set(key, { value, callers: [{ resolve, reject }] });
      }
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  /** Sends what is waiting, as far as the limit on batches in flight allows: writes to try again first. */
  private send(): void {
    while (this.inFlight < this.options.maxInFlight) {
      const retry = this.retries.shift();
      if (retry) {
        // Its key is still among those being written, so the key's later writes keep waiting.
        this.start(new Map([retry]));
        continue;
      }
      const batch = new Map<K, Waiting<V, R>>();
      for (const [key, waiting] of this.waiting) {
        if (this.writing.has(key)) continue;
        batch.set(key, waiting);
        if (batch.size === this.options.maxBatch) break;
      }
      if (batch.size === 0) return;
      for (const key of batch.keys()) {
        this.waiting.delete(key);
        this.writing.add(key);
      }
      this.start(batch);
    }
  }

  private start(batch: Map<K, Waiting<V, R>>): void {
    this.inFlight += 1;
    void this.run(batch).then((triedAgain) => {
      if (!triedAgain) for (const key of batch.keys()) this.writing.delete(key);
      this.inFlight -= 1;
      this.send();
    });
  }

  /**
   * Writes a batch and settles its callers, or queues its writes to be tried alone (and answers true). A batch of
   * one write, a write tried again included, fails its callers.
   */
  private async run(batch: Map<K, Waiting<V, R>>): Promise<boolean> {
    try {
      settle(batch, await this.writeAll(batch));
      return false;
    } catch (err) {
      if (batch.size === 1 || !this.options.isolate(err)) {
        for (const waiting of batch.values()) rejectAll(waiting, err);
        return false;
      }
      this.retries.push(...batch);
      return true;
    }
  }

  private writeAll(batch: Map<K, Waiting<V, R>>): Promise<ReadonlyMap<K, R>> {
    return this.options.write(new Map([...batch].map(([key, waiting]) => [key, waiting.value])));
  }
}

function settle<K, V, R>(batch: Map<K, Waiting<V, R>>, results: ReadonlyMap<K, R>): void {
  for (const [key, waiting] of batch) {
    if (results.has(key)) {
      const result = results.get(key) as R;
      for (const caller of waiting.callers) caller.resolve(result);
    } else {
      rejectAll(waiting, new Error('The write was not confirmed by the database'));
    }
  }
}

function rejectAll<V, R>(waiting: Waiting<V, R>, err: unknown): void {
  for (const caller of waiting.callers) caller.reject(err);
}
