import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The shared preset's module runtime (`jest.runtime.js`) compiles a module once per worker and runs its script again
 * for each later test file, with V8's code cache in Jest's cache folder. These tests run Jest on two small test files
 * in one process (so the second file gets the script the first compiled) and check what a test author relies on:
 * every file gets new module instances, errors point at the right file and line, and `import()` works in a test file
 * and in a module it requires (which a script made from the code cache, or kept from an earlier file, must allow).
 */
const root = path.resolve(__dirname, '../../..');
const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');

const files: Record<string, string> = {
  'jest.config.js': `module.exports = {
  runtime: ${JSON.stringify(path.join(root, 'jest.runtime.js'))},
  testEnvironment: 'node',
  transform: {},
};
`,
  'state.js': `const state = { loads: 0 };
exports.state = state;
exports.fail = () => {
  throw new Error('from the shared module');
};
`,
  'loader.js': `exports.load = () => import('./state.js');
`,
  'first.test.js': `const { state, fail } = require('./state');
state.loads += 1;
test('sees a module instance of its own', () => expect(state.loads).toBe(1));
test('gets the line an error was thrown at', () => {
  let stack = '';
  try { fail(); } catch (error) { stack = error.stack; }
  expect(stack).toContain('state.js:4:');
});
test('can import() a module, and so can the modules it requires', async () => {
  expect(typeof (await import('./state.js')).fail).toBe('function');
  expect(typeof (await require('./loader').load()).fail).toBe('function');
});
`,
};
files['second.test.js'] = files['first.test.js']!;

interface JestResult {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { message: string }[];
}

function runJest(dir: string, cacheDirectory: string): JestResult {
  const run = spawnSync(
    process.execPath,
    [jestBin, '--runInBand', '--json', '--cacheDirectory', cacheDirectory, '--rootDir', dir],
    {
      cwd: dir,
      env: { PATH: process.env.PATH, NODE_OPTIONS: '--experimental-vm-modules' },
      encoding: 'utf8',
    },
  );
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  if (!json) throw new Error(`jest printed no result: ${run.stderr}`);
  return JSON.parse(json) as JestResult;
}

describe("the screen tests' module runtime", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waypoint-jest-runtime-'));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives each test file new module instances, true stack traces and import(), with its cache and without', () => {
    const cacheDirectory = path.join(dir, 'cache');
    const first = runJest(dir, cacheDirectory);
    expect(first.testResults.map((result) => result.message.trim()).filter(Boolean)).toEqual([]);
    expect(first).toMatchObject({ success: true, numPassedTests: 6, numFailedTests: 0 });
    // The code cache was written, and a second run that reads it behaves the same.
    expect(fs.readdirSync(path.join(cacheDirectory, 'v8-code-cache')).length).toBeGreaterThan(0);
    expect(runJest(dir, cacheDirectory)).toMatchObject({ success: true, numPassedTests: 6 });
  }, 60_000);
});
