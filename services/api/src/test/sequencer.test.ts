import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const LongestFirst = require('./sequencer.cjs') as {
  new (options: unknown): { sort(tests: unknown[]): Promise<{ path: string }[]> };
  LONGEST_FIRST: string[];
};

const rootDir = path.resolve(__dirname, '../..');

describe('the order the test files start in', () => {
  it('names only test files that exist', () => {
    for (const file of LongestFirst.LONGEST_FIRST)
      expect(fs.existsSync(path.join(rootDir, file)) ? file : `missing: ${file}`).toBe(file);
  });

  it('starts the long, small files first, longest first, and keeps the order of the others', async () => {
    const test = (file: string, size: number) => ({
      path: path.join(rootDir, file),
      duration: undefined,
      context: {
        config: { rootDir, cache: false, id: 'sequencer-test' },
        hasteFS: { getSize: () => size },
      },
    });
    const files = [
      test('src/app.test.ts', 20_000),
      test('src/fuzz.test.ts', 700),
      test('src/modules/auth/auth.test.ts', 30_000),
      test('src/faults/kill-job.test.ts', 600),
      test('src/server.test.ts', 3_700),
    ];
    const sorted = await new LongestFirst({}).sort(files);
    const order = sorted.map((t) => path.relative(rootDir, t.path));
    expect(order.slice(0, 3)).toEqual([
      'src/faults/kill-job.test.ts',
      'src/server.test.ts',
      'src/fuzz.test.ts',
    ]);
    // The others by Jest's own rule without timings: the largest file first.
    expect(order.slice(3)).toEqual(['src/modules/auth/auth.test.ts', 'src/app.test.ts']);
  });
});
