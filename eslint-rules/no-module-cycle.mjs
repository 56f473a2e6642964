import fs from 'node:fs';
import path from 'node:path';

/**
 * The API's modules (services/api/src/modules/<module>/) call each other one way only: an import from one module
 * into another is reported when the other module already reaches back to the first, directly or through others.
 * The graph is read from the relative imports of the modules' sources (tests are left out: they may reach into any
 * module); the file being linted counts as it is written now, saved or not.
 */

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /(?:\.test|\.spec)\.[cm]?[jt]sx?$|(?:^|[\\/])(?:test|__tests__)[\\/]/;
// `… from '…'`, `import '…'` and `import('…')`: what the modules' sources use to import one another.
const RELATIVE_IMPORT =
  /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Per source file, with its modification time: the modules it imports. */
const scanned = new Map();

function isModuleSource(file) {
  return SOURCE.test(file) && !file.endsWith('.d.ts') && !TEST.test(file);
}

/** The module a path lies in (the first folder under `modulesDir`), or null outside the modules. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

function importedModules(modulesDir, file, text) {
  const targets = new Set();
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
    if (target) targets.add(target);
  }
  return targets;
}

/** module → module it imports → one file of the first that imports the second. */
function moduleGraph(modulesDir) {
  const graph = new Map();
  const seen = new Set();
  for (const entry of fs.readdirSync(modulesDir, { recursive: true })) {
    const file = path.join(modulesDir, String(entry));
    if (!isModuleSource(file)) continue;
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    seen.add(file);
    let known = scanned.get(file);
    if (!known || known.mtimeMs !== stat.mtimeMs || known.size !== stat.size) {
      known = {
        mtimeMs: stat.mtimeMs,
        size: stat.size,
        targets: importedModules(modulesDir, file, fs.readFileSync(file, 'utf8')),
      };
      scanned.set(file, known);
    }
    const from = moduleOf(modulesDir, file);
    for (const to of known.targets) {
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, file);
    }
  }
  for (const file of scanned.keys()) if (!seen.has(file)) scanned.delete(file);
  return graph;
}

/** The shortest chain of imports from module `start` to module `goal`, as [module, importing file] steps. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) break;
    for (const [next, file] of graph.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, { from: current, file });
      queue.push(next);
    }
  }
  if (!cameFrom.has(goal)) return null;
  const steps = [];
  for (let at = goal; at !== start; at = cameFrom.get(at).from)
    steps.unshift({ module: at, file: cameFrom.get(at).file });
  return steps;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow an import that closes a cycle between the API modules' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Module '{{from}}' importing '{{to}}' closes a cycle between modules: {{chain}}. Modules call each other " +
        'one way only: move what both need into the lower module, or have the caller pass a function in.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.options[0].modulesDir);
    const filename = context.physicalFilename ?? context.filename;
    const from = moduleOf(modulesDir, filename);
    if (!from || !isModuleSource(filename)) return {};
    let graph;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const specifier = node.source.value;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(filename), specifier));
      if (!to || to === from) return;
      graph ??= moduleGraph(modulesDir);
      const back = pathBetween(graph, to, from);
      if (!back) return;
      const chain = [
        from,
        `${to} (this import)`,
        ...back.map((s) => `${s.module} (${path.relative(modulesDir, s.file)})`),
      ].join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { from, to, chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
