const path = require('node:path');
require('../../libs/ui/test/jsdom-workers.js');

const testSupport = path.join(__dirname, '../../libs/ui/test');

module.exports = {
  ...require('../../jest.preset.js'),
  testEnvironment: path.join(testSupport, 'jsdom-environment.js'),
  setupFilesAfterEnv: [path.join(testSupport, 'setup-tests.ts')],
  roots: ['<rootDir>/src', '<rootDir>/test'],
};
