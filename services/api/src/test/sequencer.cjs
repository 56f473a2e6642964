/**
 * The order the API's test files start in. Jest runs first the files that took longest last time, and, on a fresh
 * clone where it has no timings yet, the largest files. The files below take long but are small (they start
 * servers in processes of their own, wait for restarts and expired leases, or send hundreds of generated requests),
 * so on a fresh clone they started last, and the run ended with one worker finishing them while the other waited
 * (server.test.ts and fuzz.test.ts were the last two of `npm test`; the fault runs the last four on PostgreSQL).
 * They start first, longest first; every other file keeps Jest's order.
 */
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const LONGEST_FIRST = [
  'src/faults/kill-job.test.ts',
  'src/faults/receipts-across-processes.test.ts',
  'src/faults/kill-payment.test.ts',
  'src/faults/kill-webhook.test.ts',
  'src/faults/outage.test.ts',
  'src/server.test.ts',
  'src/modules/documents/storage.test.ts',
  'src/fuzz.test.ts',
  'src/fuzz-second-seed.test.ts',
  'src/modules/documents/mrz-ocr-b.test.ts',
  'src/modules/rate-limits/trusted-proxies.test.ts',
  'src/modules/health/liveness.test.ts',
  'src/roles.test.ts',
];

class LongestFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const rank = (test) => {
      const relative = path
        .relative(test.context.config.rootDir, test.path)
        .split(path.sep)
        .join('/');
      const i = LONGEST_FIRST.indexOf(relative);
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((test, i) => ({ test, i, rank: rank(test) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ test }) => test);
  }
}

module.exports = LongestFirst;
module.exports.LONGEST_FIRST = LONGEST_FIRST;
