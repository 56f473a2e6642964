const path = require('node:path');
require('../libs/ui/test/jsdom-workers.js');
const { sharedConfig } = require('../libs/platform/webpack/create-config.cjs');

const testSupport = path.join(__dirname, '../libs/ui/test');

module.exports = {
  ...require('../jest.preset.js'),
  testEnvironment: path.join(testSupport, 'jsdom-environment.js'),
  setupFilesAfterEnv: [
    path.join(testSupport, 'setup-tests.ts'),
    path.join(__dirname, '../libs/platform/test/msw-setup.ts'),
  ],
  // What the shell's build writes in (see create-config.cjs), for the code that hands shared packages to the areas.
  globals: { WAYPOINT_SHARED_PACKAGES: sharedConfig(__dirname) },
  roots: ['<rootDir>/src'],
};
