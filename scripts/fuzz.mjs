// `npm run fuzz -- --requests 100000 [--seed 1234]`: the API's schema-driven fuzz test (services/api/src/fuzz.test.ts)
// as a long run, with a random seed unless one is given. Prints the seed and the count of each status code; a
// failing run lists every request that got a 5xx (rerun with the same seed to reproduce).
// DATABASE_URL, when set, runs it on PostgreSQL instead of PGlite.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string' },
  },
});
const requests = Number(values.requests);
const seed = values.seed === undefined ? crypto.randomInt(2 ** 31 - 1) : Number(values.seed);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('Usage: npm run fuzz -- [--requests N] [--seed N]');
  process.exit(2);
}
console.log(`Fuzzing the API: ${requests} requests, seed ${seed}`);

// Through the API's own test script: its test files run with the preload that compiles them (package.json `test`).
const run = spawnSync('npm', ['test', '--', 'src/fuzz.test.ts'], {
  cwd: path.join(root, 'services/api'),
  stdio: 'inherit',
  env: { ...process.env, FUZZ_REQUESTS: String(requests), FUZZ_SEED: String(seed) },
});
process.exit(run.status ?? 1);
