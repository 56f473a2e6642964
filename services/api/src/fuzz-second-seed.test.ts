import { fuzzSuite } from './test/fuzz-suite';

/**
 * The second half of the long checks' 10,000 fuzzed requests (`npm run test:long`): 5,000 from another seed, in a
 * file of its own so that it runs beside the first half (fuzz.test.ts). Skipped by `npm test`, whose sample is
 * fuzz.test.ts's 400.
 */
if (process.env.LONG_TESTS) fuzzSuite({ seed: 20_241_130, requests: 5_000 });
else
  it.skip('sends its 5,000 fuzzed requests in the long checks only (npm run test:long)', () =>
    undefined);
