/** Shared jest settings: TypeScript through @swc/jest, workspace libraries resolved to their sources. */
const path = require('node:path');

const root = __dirname;

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Jest's runtime with V8's code cache: a module compiled once is not compiled again for the next test file.
  runtime: path.join(root, 'jest.runtime.js'),
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    '^@waypoint/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@waypoint/ui$': path.join(root, 'libs/ui/src/index.ts'),
    '^@waypoint/ui/icons$': path.join(root, 'libs/ui/src/icons/index.ts'),
    '^@waypoint/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '^@waypoint/platform/api$': path.join(root, 'libs/platform/src/api/index.ts'),
    '^@waypoint/platform/i18n$': path.join(root, 'libs/platform/src/i18n/index.ts'),
    '^@waypoint/platform/lazy-page$': path.join(root, 'libs/platform/src/lazy-page.tsx'),
    '^@waypoint/platform/live$': path.join(root, 'libs/platform/src/live.ts'),
    '^@waypoint/platform/standalone$': path.join(root, 'libs/platform/src/standalone.tsx'),
    '\\.css$': path.join(root, 'libs/ui/test/style-mock.js'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Mock Service Worker (the front ends' tests) needs a few packages that ship only as ES modules: compile them
  // like the sources (Jest on Node 20 cannot require an ES module).
  transformIgnorePatterns: [
    '/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)(?!.*/node_modules/(rettime|until-async|@open-draft/deferred-promise)/)',
  ],
  // Screen tests type and click as a user does; on a busy shared machine a long form can take more than jest's
  // default 5 s without anything being wrong.
  testTimeout: 20_000,
  // Every core of the machine (jest's default leaves one idle: on two cores, a single worker).
  maxWorkers: '100%',
};
