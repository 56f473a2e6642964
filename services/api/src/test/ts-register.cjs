/**
 * Loads the API's TypeScript in the test workers, which are plain Node processes (see jest.config.js): every `.ts`
 * file is compiled by swc to CommonJS when it is first required, with the same options as the rest of the
 * workspace's jest transform, and `import()` of a `.ts` file (how the runner loads a test file) is handed to the same
 * CommonJS loader. Preloaded with `node --require`.
 */
const { register } = require('node:module');
const { pathToFileURL } = require('node:url');
const { addHook } = require('pirates');
const swc = require('@swc/core');

addHook(
  (code, filename) =>
    swc.transformSync(code, {
      filename,
      sourceMaps: 'inline',
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);

register('./ts-as-commonjs.mjs', pathToFileURL(__filename));
