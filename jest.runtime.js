/**
 * Jest's module runtime with V8's code cache. Jest runs every test file in a fresh module registry, so each file
 * compiled React, jsdom's helpers, Redux Toolkit, Mock Service Worker and the app's modules again from their source,
 * and every function again the first time it ran (about a seventh of a screen-test suite's CPU). This runtime
 * compiles each module once per worker as a script and runs that script again for every later test file that loads
 * the module (in that file's context, as a new function, so each file still gets fresh module instances): V8 keeps
 * what it compiled. The first test file that loaded a module writes V8's code cache for it once it has run (so it
 * holds the functions that file called, not only the module's top level), and the other workers, suites and runs
 * load the script from that cache in Jest's cache folder.
 *
 * A cache file is named by a hash of the module's code (after Jest's transform), its wrapper's parameters and the
 * Node version; V8 checks its own version and flags and rejects data that does not fit, which is then made again.
 * The wrapper is Node's classic one, on the code's first line, so line numbers and stack traces are unchanged.
 * The modules run exactly as before: only their compilation is skipped. A module that may call `import()` is not
 * cached on disk (see DYNAMIC_IMPORT). `--no-cache` keeps the scripts in memory only, as it turns off Jest's
 * transform cache; `WAYPOINT_JEST_CODE_CACHE=0` turns it off (to compare). `libs/ui/test/jest-runtime.test.ts`
 * checks what a test relies on: new module instances per file, true stack traces, `import()`.
 *
 * It also keeps each source file it reads for the worker's life (checked against the file's size and time of
 * change): Jest read every module's source again for each test file, even when its transformed code came from
 * Jest's own memory.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

const compileFunction = vm.compileFunction;
/**
 * filename → the source last compiled for it and its script. A script compiled once runs again for the next test
 * file (in that file's context, as a new function): V8 keeps the functions it has compiled, so nothing is compiled or
 * read from a cache twice in one worker.
 */
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

/**
 * A script keeps the dynamic `import()` callback it was made with, and on Node 20 one made from a code cache has
 * none at all. A module that may call `import()` is therefore compiled without the code cache, with a callback that
 * asks the runtime of the test file now running (`importers`, by filename).
 */
const DYNAMIC_IMPORT = /\bimport\s*\(/;
const importers = new Map();

function dynamicImport(filename) {
  return (...args) => {
    const importer = importers.get(filename);
    if (!importer) throw new Error(`import() is not available in ${filename}`);
    return importer(...args);
  };
}

/** Scripts compiled without a cache during the current test file; their cache is written once the file has run. */
const fresh = [];

function compileScript(code, params, filename) {
  const wrapped = `(function (${params.join(', ')}) {${code}\n})`;
  if (DYNAMIC_IMPORT.test(code)) {
    return new vm.Script(wrapped, { filename, importModuleDynamically: dynamicImport(filename) });
  }
  const file = folder ? cacheFile(code, params) : undefined;
  const cachedData = file ? readCache(file) : undefined;
  if (cachedData !== undefined) {
    const script = new vm.Script(wrapped, { filename, cachedData });
    if (!script.cachedDataRejected) return script;
  }
  const script = new vm.Script(wrapped, { filename });
  if (file) fresh.push({ script, file });
  return script;
}

function compileWithCache(code, params, options) {
  if (!options?.filename || options.cachedData !== undefined || options.produceCachedData) {
    return compileFunction(code, params, options);
  }
  const { filename } = options;
  importers.set(filename, options.importModuleDynamically);
  let known = inMemory.get(filename);
  if (known?.source !== code) {
    known = { source: code, script: compileScript(code, params, filename) };
    inMemory.set(filename, known);
  }
  return options.parsingContext
    ? known.script.runInContext(options.parsingContext)
    : known.script.runInThisContext();
}

function saveFresh() {
  for (const { script, file } of fresh.splice(0)) writeCache(file, script.createCachedData());
}

if (process.env.WAYPOINT_JEST_CODE_CACHE !== '0') vm.compileFunction = compileWithCache;

/**
 * filename → a source file as last read, with the size and time of change it was read at (Jest's own file cache
 * lives as long as one test file's runtime).
 */
const sources = new Map();

function readSource(filename) {
  const { mtimeMs, size } = fs.statSync(filename);
  const known = sources.get(filename);
  if (known?.mtimeMs === mtimeMs && known.size === size) return known;
  const source = { mtimeMs, size, buffer: fs.readFileSync(filename), text: undefined };
  sources.set(filename, source);
  return source;
}

class CodeCachingRuntime extends Runtime {
  constructor(config, ...rest) {
    super(config, ...rest);
    if (folder === undefined) {
      folder = config.cache ? path.join(config.cacheDirectory, 'v8-code-cache') : null;
      if (folder) fs.mkdirSync(folder, { recursive: true });
    }
    const files = this.fileCache;
    files.readFileBuffer = (filename) => {
      let buffer = files.buffers.get(filename);
      if (buffer === undefined) {
        buffer = readSource(filename).buffer;
        files.buffers.set(filename, buffer);
      }
      return buffer;
    };
    files.readFile = (filename) => {
      let text = files.strings.get(filename);
      if (text === undefined) {
        const source = readSource(filename);
        source.text ??= source.buffer.toString();
        text = source.text;
        files.strings.set(filename, text);
      }
      return text;
    };
  }

  teardown() {
    saveFresh();
    return super.teardown();
  }
}

module.exports = CodeCachingRuntime;
