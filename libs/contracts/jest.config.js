module.exports = {
  ...require('../../jest.preset.js'),
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
};
