/**
 * The API's tests run in plain Node worker processes (jest-light-runner) rather than in jest's per-file module
 * sandboxes: a worker loads the app's modules once and keeps them for every test file it runs, where jest's own
 * runner loaded them again for each file (about 0.6 s a file). The TypeScript, the global setup's included, is
 * compiled by `src/test/ts-register.cjs`, which the `test` scripts of package.json preload through NODE_OPTIONS in
 * jest's process and its workers (so jest's own transform is off). Every test file still gets an app and a database
 * of its own in the template's state (`src/test/harness.ts`, `src/test/template.ts`); what a file changes in shared modules or in `process.env` is seen by the next
 * file of the same worker, so a test that changes either restores it.
 */
const os = require('node:os');

/**
 * One worker more than the machine has cores on PGlite, two more on PostgreSQL: a test file waits part of the time
 * (for the servers it starts in processes of its own, for restarts and expired leases in the fault runs, and on
 * PostgreSQL for the database, which works in processes of its own), and the extra workers use the cores meanwhile.
 * On two cores, PostgreSQL 139 s → 101 s with four workers, PGlite 105 s → 99 s with three. At most six on
 * PostgreSQL, whose 100 connections (its default) each file's databases and servers share.
 */
const cores = os.availableParallelism();

module.exports = {
  ...require('../../jest.preset.js'),
  maxWorkers: process.env.DATABASE_URL ? Math.min(cores + 2, 6) : cores + 1,
  runner: 'jest-light-runner/child-process',
  transform: {},
  roots: ['<rootDir>/src'],
  testSequencer: '<rootDir>/src/test/sequencer.cjs',
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['<rootDir>/src/test/cheap-password-hashing.ts'],
  testTimeout: 30000,
};
