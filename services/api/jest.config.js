/**
 * The API's tests run in plain Node worker processes (jest-light-runner) rather than in jest's per-file module
 * sandboxes: a worker loads the app's modules once and keeps them for every test file it runs, where jest's own
 * runner loaded them again for each file (about 0.6 s a file). The TypeScript, the global setup's included, is
 * compiled by `src/test/ts-register.cjs`, which the `test` scripts of package.json preload through NODE_OPTIONS in
 * jest's process and its workers (so jest's own transform is off). Every test file still gets an app and a database
 * of its own (`src/test/harness.ts`); what a file changes in shared modules or in `process.env` is seen by the next
 * file of the same worker, so a test that changes either restores it.
 */
module.exports = {
  ...require('../../jest.preset.js'),
  runner: 'jest-light-runner/child-process',
  transform: {},
  roots: ['<rootDir>/src'],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['<rootDir>/src/test/cheap-password-hashing.ts'],
  testTimeout: 30000,
};
