/**
 * Writes `boot.json` beside the shell's build: the script files the shell downloads before it can draw a page,
 * i.e. the chunks of its bootstrap (`import('./bootstrap')` in the entry) and, through every shared package that
 * code consumes, the chunks that provide those packages, followed transitively. The browser only discovers them
 * once `main.js` has run; the API announces them in each page's `<head>` (`services/api/src/plugins/pages.ts`), so
 * they download together with `main.js` instead of one round trip after it.
 *
 * Only the shell's own files are listed: they are served by the same server as the page, so a preload of one can
 * fail only when the page itself could not be served.
 */
const { Compilation, sources } = require('webpack');

const PLUGIN = 'BootFilesPlugin';

class BootFilesPlugin {
  /** @param {{ entry?: string }} [options] */
  constructor(options = {}) {
    this.entry = options.entry ?? 'main';
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = compilation.entrypoints.get(this.entry);
          if (!entry) return;
          const { chunkGraph } = compilation;
          const publicPath = compilation.outputOptions.publicPath;
          const prefix = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '/';
          /** @type {Set<import('webpack').ChunkGroup>} */
          const groups = new Set();
          /** @type {string[]} */
          const files = [];
          const visitBlocksOf = (/** @type {import('webpack').Module} */ module) => {
            for (const block of module.blocks) {
              const group = chunkGraph.getBlockChunkGroup(block);
              if (group) visit(group);
            }
          };
          const visit = (/** @type {import('webpack').ChunkGroup} */ group) => {
            if (groups.has(group)) return;
            groups.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) {
                if (file.endsWith('.js') && !files.includes(prefix + file))
                  files.push(prefix + file);
              }
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                // A shared package: before the chunk that consumes it runs, the share scope loads the copy this
                // build provides (its provide module's chunks; the consumer's own fallback only when nothing is
                // provided).
                if (module.type === 'consume-shared-module') {
                  const shareKey = /** @type {{ options: { shareKey: string } }} */ (
                    /** @type {unknown} */ (module)
                  ).options.shareKey;
                  visitBlocksOf(provided.get(shareKey) ?? module);
                }
              }
            }
          };
          /** @type {Map<string, import('webpack').Module>} */
          const provided = new Map();
          for (const module of compilation.modules) {
            if (module.type === 'provide-module') {
              const { _name } = /** @type {{ _name: string }} */ (/** @type {unknown} */ (module));
              provided.set(_name, module);
            }
          }
          // The entry's own async imports: the bootstrap. The packages the build provides sit in the entry too,
          // but only those the bootstrap consumes are needed to start (a package an area alone uses is not).
          for (const chunk of entry.chunks) {
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'provide-module') visitBlocksOf(module);
            }
          }
          const json = `${JSON.stringify({ scripts: files }, null, 2)}\n`;
          compilation.emitAsset('boot.json', new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { BootFilesPlugin };
