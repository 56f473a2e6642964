const path = require('node:path');
const {
  createWebpackConfig,
  packageFolder,
} = require('@waypoint/platform/webpack/create-config.cjs');

/**
 * In development the shell loads each remote from its own dev server (`npm run dev -w <remote>`). The staff area's
 * address comes from the API, for staff only (`npm run dev` points it at mf-admin's dev server on port 4203).
 */
const devRemotes = {
  apply: 'http://localhost:4201/mf-manifest.json',
  account: 'http://localhost:4202/mf-manifest.json',
};

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  port: 4200,
  entry: path.join(__dirname, 'src/index.ts'),
  title: 'Waypoint – apply online for a UK ETA or UK visitor visa',
  // The favicon, app icons and web app manifest at the root; every country's flag (4:3) under /flags/.
  staticFiles: [
    { from: path.join(__dirname, 'public'), to: '' },
    { from: path.join(packageFolder('flag-icons', __dirname), 'flags/4x3'), to: 'flags' },
  ],
  devServer: (devServer) => ({
    ...devServer,
    setupMiddlewares: (middlewares) => [
      {
        name: 'remotes-manifest',
        path: '/remotes.json',
        middleware: (_req, res) => res.json(devRemotes),
      },
      ...middlewares,
    ],
  }),
});
