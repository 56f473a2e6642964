const path = require('node:path');
const { createPrerenderConfig } = require('@waypoint/platform/webpack/create-config.cjs');

/** The Node build `scripts/prerender.cjs` runs to write the prerendered pages into dist/pages. */
module.exports = createPrerenderConfig({
  dir: __dirname,
  entry: path.join(__dirname, 'src/prerender/prerender.tsx'),
  outDir: path.join(__dirname, '.prerender'),
});
