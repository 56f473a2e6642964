/** Shared jest settings: TypeScript through @swc/jest, workspace libraries resolved to their sources. */
const path = require('node:path');

const root = __dirname;

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
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
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    '^@waypoint/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@waypoint/ui$': path.join(root, 'libs/ui/src/index.ts'),
    '^@waypoint/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '\\.css$': path.join(root, 'libs/ui/test/style-mock.js'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
