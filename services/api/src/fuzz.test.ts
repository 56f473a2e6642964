import { fuzzSuite } from './test/fuzz-suite';

/**
 * Schema-driven fuzzing of the whole API (see test/fuzz.ts and test/fuzz-suite.ts): no generated request may get a
 * 5xx or break the server. A fixed seed keeps the suite repeatable. `npm test` sends a sample of 400 requests; the
 * long checks (`npm run test:long`, run in CI) send 10,000: 5,000 here and 5,000 from a second seed in
 * `fuzz-second-seed.test.ts`, so that the two halves run side by side. `npm run fuzz -- --requests 100000 [--seed N]`
 * sends as many as asked from here.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_607);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (process.env.LONG_TESTS ? 5_000 : 400));

fuzzSuite({ seed: SEED, requests: REQUESTS });
