import { WriteBatcher, type WriteBatcherOptions } from './write-batcher';

/** A store behind a batcher, whose writes finish when the test says so. */
function store(options: Partial<WriteBatcherOptions<string, number, string>> = {}) {
  const data = new Map<string, number>();
  const batches: [string, number][][] = [];
  const pending: { finish: () => void; fail: (err: unknown) => void }[] = [];
  const batcher = new WriteBatcher<string, number, string>({
    maxInFlight: 2,
    maxBatch: 10,
    isolate: (err) => (err as Error).message !== 'database away',
    write: (batch) => {
      batches.push([...batch]);
      return new Promise((resolve, reject) => {
        pending.push({
          finish: () => {
            if ([...batch.values()].some((value) => value < 0)) {
              reject(new Error('a negative value'));
              return;
            }
            for (const [key, value] of batch) data.set(key, value);
            resolve(new Map([...batch].map(([key, value]) => [key, `${key}=${value}`])));
          },
          fail: reject,
        });
      });
    },
    ...options,
  });
  /** Lets the batcher send what is waiting. */
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** Finishes every write in the database, and those they let through, until none is left. */
  const finishAll = async () => {
    for (;;) {
      await turn();
      const next = pending.shift();
      if (!next) return;
      next.finish();
    }
  };
  return { batcher, data, batches, pending, turn, finishAll };
}

describe('batched writes', () => {
  it('send the writes of one turn together, each caller getting its own result', async () => {
    const s = store();
    const results = Promise.all(['a', 'b', 'c'].map((key, i) => s.batcher.write(key, i)));
    await s.finishAll();
    await expect(results).resolves.toEqual(['a=0', 'b=1', 'c=2']);
    expect(s.batches).toEqual([
      [
        ['a', 0],
        ['b', 1],
        ['c', 2],
      ],
    ]);
  });

  it('keep at most the given number of batches in the database, and send what waited together', async () => {
    const s = store({ maxInFlight: 2 });
    const first = [s.batcher.write('a', 1)];
    await s.turn();
    const second = [s.batcher.write('b', 1)];
    await s.turn();
    const third = ['c', 'd', 'e'].map((key) => s.batcher.write(key, 1));
    await s.turn();
    expect(s.batches).toHaveLength(2); // a, then b; c, d and e wait for one of them
    s.pending.shift()!.finish();
    await s.finishAll();
    await Promise.all([...first, ...second, ...third]);
    expect(s.batches.map((batch) => batch.map(([key]) => key))).toEqual([
      ['a'],
      ['b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('write one key in the order its writes arrived, and two that waited together as the later one', async () => {
    const s = store();
    const first = s.batcher.write('a', 1);
    await s.turn();
    // While a's first write is in the database, its next writes wait for it, and the later of them wins.
    const second = s.batcher.write('a', 2);
    const third = s.batcher.write('a', 3);
    const other = s.batcher.write('b', 9);
    await s.turn();
    expect(s.batches.map((batch) => batch.map(([key]) => key))).toEqual([['a'], ['b']]);
    await s.finishAll();
    await expect(Promise.all([first, second, third, other])).resolves.toEqual([
      'a=1',
      'a=3',
      'a=3',
      'b=9',
    ]);
    expect(s.data.get('a')).toBe(3);
    expect(s.batches.map((batch) => batch.map(([key]) => key))).toEqual([['a'], ['b'], ['a']]);
  });

  it('split a batch no larger than the limit', async () => {
    const s = store({ maxBatch: 2, maxInFlight: 5 });
    const writes = ['a', 'b', 'c', 'd', 'e'].map((key) => s.batcher.write(key, 1));
    await s.finishAll();
    await Promise.all(writes);
    expect(s.batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it('fail only the bad write of a batch, trying the others alone', async () => {
    const s = store();
    const writes = Promise.allSettled([
      s.batcher.write('a', 1),
      s.batcher.write('b', -1),
      s.batcher.write('c', 2),
    ]);
    await s.finishAll();
    expect(await writes).toEqual([
      { status: 'fulfilled', value: 'a=1' },
      { status: 'rejected', reason: new Error('a negative value') },
      { status: 'fulfilled', value: 'c=2' },
    ]);
    expect(s.data).toEqual(
      new Map([
        ['a', 1],
        ['c', 2],
      ]),
    );
  });

  it('try the writes of a failed batch again one at a time, within the limit, before the writes that waited', async () => {
    const s = store({ maxInFlight: 1 });
    const failed = Promise.allSettled([
      s.batcher.write('a', 1),
      s.batcher.write('b', -1),
      s.batcher.write('c', 2),
    ]);
    await s.turn();
    // While the batch is in the database, a's next write and d's wait.
    const later = [s.batcher.write('a', 5), s.batcher.write('d', 4)];
    let mostAtOnce = 0;
    for (;;) {
      await s.turn();
      mostAtOnce = Math.max(mostAtOnce, s.pending.length);
      const next = s.pending.shift();
      if (!next) break;
      next.finish();
    }
    expect(mostAtOnce).toBe(1);
    expect(s.batches.map((batch) => batch.map(([key]) => key))).toEqual([
      ['a', 'b', 'c'],
      ['a'],
      ['b'],
      ['c'],
      ['a', 'd'],
    ]);
    expect((await failed).map((write) => write.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    await expect(Promise.all(later)).resolves.toEqual(['a=5', 'd=4']);
    expect(s.data.get('a')).toBe(5);
  });

  it('fail every write of a batch when the database is away, without trying each again', async () => {
    const s = store();
    const writes = Promise.allSettled(['a', 'b'].map((key) => s.batcher.write(key, 1)));
    await s.turn();
    s.pending.shift()!.fail(new Error('database away'));
    expect((await writes).map((write) => write.status)).toEqual(['rejected', 'rejected']);
    expect(s.batches).toHaveLength(1);
    // The next write goes as usual.
    const next = s.batcher.write('a', 2);
    await s.finishAll();
    await expect(next).resolves.toBe('a=2');
  });

  it('fail a write the database did not confirm', async () => {
    const batcher = new WriteBatcher<string, number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      isolate: () => false,
      write: async (batch) => new Map([...batch].filter(([key]) => key !== 'lost')),
    });
    await expect(batcher.write('lost', 1)).rejects.toThrow('not confirmed');
    await expect(batcher.write('kept', 1)).resolves.toBe(1);
  });
});
