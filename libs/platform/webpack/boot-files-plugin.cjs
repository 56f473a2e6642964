/**
 * Writes `boot.json` beside the shell's build: the script files the shell downloads before it can draw a page,
 * i.e. the chunks of the imports its entry makes as it starts (`import('./bootstrap')` and the packages it evaluates
 * first). The browser only discovers them once `main.js` has run; the API announces them in each page's `<head>`
 * (`services/api/src/plugins/pages.ts`), so they download together with `main.js` instead of one round trip after it.
 *
 * Only the shell's own files are listed: they are served by the same server as the page, so a preload of one can
 * fail only when the page itself could not be served. An import the entry makes for some pages only (the federation
 * runtime, for a page drawn by an area) is named in `skip` and left out, so the other pages never download it.
 */
const { Compilation, sources } = require('webpack');

const PLUGIN = 'BootFilesPlugin';

class BootFilesPlugin {
  /** @param {{ entry?: string, skip?: string[] }} [options] */
  constructor(options = {}) {
    this.entry = options.entry ?? 'main';
    this.skip = new Set(options.skip ?? []);
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
          /** @type {string[]} */
          const files = [];
          for (const chunk of entry.chunks) {
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              for (const block of module.blocks) {
                const group = chunkGraph.getBlockChunkGroup(block);
                if (!group || (group.name && this.skip.has(group.name))) continue;
                for (const groupChunk of group.chunks) {
                  for (const file of groupChunk.files) {
                    if (file.endsWith('.js') && !files.includes(prefix + file))
                      files.push(prefix + file);
                  }
                }
              }
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
