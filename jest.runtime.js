/**
 * Jest's module runtime with V8's code cache. Jest runs every test file in a fresh module registry, so each file
 * compiled React, jsdom's helpers, Redux Toolkit, Mock Service Worker and the app's modules again from their source,
 * and every function again the first time it ran (about a seventh of a screen-test suite's CPU). This runtime
 * compiles each module as a script whose code cache V8 writes once the first test file that loaded it has run (so
 * it holds the functions that file called, not only the module's top level), and loads later test files' copies
 * from that cache: in memory for the same worker, and in Jest's cache folder for the other workers, suites and runs.
 *
 * A cache file is named by a hash of the module's code (after Jest's transform), its wrapper's parameters and the
 * Node version; V8 checks its own version and flags and rejects data that does not fit, which is then made again.
 * The wrapper is Node's classic one, on the code's first line, so line numbers and stack traces are unchanged.
 * The modules run exactly as before: only their compilation is skipped. `--no-cache` keeps the cache in memory
 * only, as it turns off Jest's transform cache; `WAYPOINT_JEST_CODE_CACHE=0` turns it off (to compare).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

const compileFunction = vm.compileFunction;
/** filename → the source last compiled for it and V8's code cache for that source. */
const inMemory = new Map();
/** The folder of cache files; set by the first runtime, one per worker process (null: memory only). */
let folder;

function cacheFile(code, params) {
  const hash = crypto
    .createHash('sha1')
    .update(process.version)
    .update(params.join(','))
    .update(code);
  return path.join(folder, hash.digest('hex'));
}

function readCache(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written under a name of its own and renamed, so a worker reading it never sees half of another's write. */
function writeCache(file, data) {
  const partial = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}

/** Scripts compiled without a cache during the current test file; their cache is made once the file has run. */
const fresh = [];

function compileWithCache(code, params, options) {
  if (!options?.filename || options.cachedData !== undefined || options.produceCachedData) {
    return compileFunction(code, params, options);
  }
  const known = inMemory.get(options.filename);
  let cachedData = known?.source === code ? known.data : undefined;
  const file = cachedData === undefined && folder ? cacheFile(code, params) : undefined;
  if (file) cachedData = readCache(file);
  const wrapped = `(function (${params.join(', ')}) {${code}\n})`;
  const scriptOptions = {
    filename: options.filename,
    importModuleDynamically: options.importModuleDynamically,
  };
  let script =
    cachedData === undefined ? undefined : new vm.Script(wrapped, { ...scriptOptions, cachedData });
  if (script?.cachedDataRejected === false) {
    inMemory.set(options.filename, { source: code, data: cachedData });
  } else {
    script = new vm.Script(wrapped, scriptOptions);
    fresh.push({
      script,
      filename: options.filename,
      source: code,
      file: file ?? (folder ? cacheFile(code, params) : undefined),
    });
  }
  return options.parsingContext
    ? script.runInContext(options.parsingContext)
    : script.runInThisContext();
}

function saveFresh() {
  for (const { script, filename, source, file } of fresh.splice(0)) {
    const data = script.createCachedData();
    inMemory.set(filename, { source, data });
    if (file) writeCache(file, data);
  }
}

if (process.env.WAYPOINT_JEST_CODE_CACHE !== '0') vm.compileFunction = compileWithCache;

class CodeCachingRuntime extends Runtime {
  constructor(config, ...rest) {
    super(config, ...rest);
    if (folder === undefined) {
      folder = config.cache ? path.join(config.cacheDirectory, 'v8-code-cache') : null;
      if (folder) fs.mkdirSync(folder, { recursive: true });
    }
  }

  teardown() {
    saveFresh();
    return super.teardown();
  }
}

module.exports = CodeCachingRuntime;
