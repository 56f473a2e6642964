module.exports = {
  ...require('../../jest.preset.js'),
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['<rootDir>/src/test/cheap-password-hashing.ts'],
  testTimeout: 30000,
  // otplib's crypto and base32 helpers ship only as ES modules: compile them like the sources.
  transformIgnorePatterns: [
    '/node_modules/(?!(@scure|@noble)/)(?!.*/node_modules/(@scure|@noble)/)',
  ],
};
