const path = require('node:path');
const { createWebpackConfig } = require('@waypoint/platform/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'apply',
  port: 4201,
  exposes: { './routes': './src/routes.tsx' },
  // Standalone development page (only served by `npm run dev`, not part of the deployed remote).
  entry: path.join(__dirname, 'src/standalone/index.ts'),
  title: 'Waypoint – Apply (standalone)',
});
