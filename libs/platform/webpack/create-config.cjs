/**
 * The one webpack configuration factory for the shell and the three remotes.
 *
 * Every front end compiles TypeScript with swc-loader, extracts CSS with mini-css-extract-plugin, resolves the
 * workspace libraries to their TypeScript sources (the `source` export condition) and takes part in Module
 * Federation with the same shared singletons: the remotes through the build plugin, the shell at run time only.
 * Production file names carry a content hash; `remoteEntry.js` and `mf-manifest.json` are the only stable names a
 * remote publishes.
 */
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { isPseudoLocaleBuild, pseudoOutputDir } = require('./pseudo-locale.cjs');
const { BootFilesPlugin } = require('./boot-files-plugin.cjs');

/**
 * Packages every front end shares as one instance.
 *
 * Module Federation cannot tree-shake a shared package: its whole public surface is bundled, because another build
 * may use any export. So two heavy packages are deliberately not here:
 * - react-router / react-router-dom: `@waypoint/platform` re-exports the router APIs the front ends use
 *   (`libs/platform/src/router.ts`) and every front end imports them from there. Platform is a singleton, so the
 *   router (and its contexts) is still one instance at run time, and each build bundles only the APIs it uses.
 *   Listing react-router-dom here would make platform's own import of it consume the whole shared package again.
 *   Importing react-router-dom anywhere else would create a second router, so the lint configuration forbids it.
 * - @waypoint/contracts: zod schemas plus pure helpers, with `sideEffects: false`; each build keeps only what it
 *   imports (the shell imports no schema, so zod stays out of the home page).
 * zod itself is not shared either: shared, it would be bundled whole (with every locale, ~87 KB gzip) for the
 * first remote that validates, against ~24 KB for the part a remote's own bundle keeps.
 *
 * - react-redux: each build keeps only what it uses (Provider and the hooks, not `connect`). Its copies still
 *   share one store context: react-redux keeps that context on `globalThis`, keyed by React's `createContext`
 *   (one React here), so a Provider of one build is seen by the hooks of another. Shared, the shell would carry all
 *   of it (+6 KB raw on every page) to save an area's page its 3 KB copy.
 *
 * immer and reselect, the toolkit's own dependencies, are shared: every area's page also runs the shell's toolkit,
 * so a copy of each in the area's RTK Query was downloaded twice. Shared, the shell's copies (then kept whole) serve
 * both: about 3 KB of Brotli less on an area's first page, against about 3 KB more on the home page, whose budget
 * has the room. One copy of immer also means one kind of draft for the toolkit and RTK Query.
 */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@reduxjs/toolkit',
  'immer',
  'reselect',
  // RTK Query is shared apart from the toolkit: the shell's pages never load it (it lives in
  // `@waypoint/platform/api`), so the first area that calls the API provides it.
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  '@waypoint/platform',
  '@waypoint/platform/api',
  // Shared messages beyond the design system's (status names): only the areas load them.
  '@waypoint/platform/i18n',
  // Live status and the order timeline: only the pages that follow an order load them.
  '@waypoint/platform/live',
  '@waypoint/ui',
];

/**
 * The files a production build also writes as `<file>.br` and `<file>.gz`: the hashed JS and CSS, `remoteEntry.js`,
 * `mf-manifest.json`, the page, the web app manifest and SVG images. The API sends the sibling a browser accepts (`Accept-Encoding`), so nothing is
 * compressed per request; compressing once at build time also allows the strongest levels.
 */
const PRECOMPRESSED = /\.(?:js|css|html|json|svg|webmanifest)$/;

/** react-router's production build (the same code with its development warnings switched off), for production bundles. */
function reactRouterProductionBuild() {
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist',
    'production',
  );
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

function precompressionPlugins() {
  const common = { test: PRECOMPRESSED, threshold: 0, minRatio: 1, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/**
 * Copies the files of each folder (not its subfolders) into the build output as they are, e.g. the favicon and
 * web app manifest (`public/` → `/`) and the flag images (`flag-icons` → `/flags/`). They are emitted before the
 * compression step, so their precompressed siblings are written too; the dev server serves them from memory.
 */
class StaticFilesPlugin {
  /** @param {Array<{ from: string, to: string }>} folders */
  constructor(folders) {
    this.folders = folders;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StaticFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StaticFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const { from, to } of this.folders) {
            compilation.contextDependencies.add(from);
            for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
              if (!entry.isFile()) continue;
              const file = path.join(from, entry.name);
              compilation.fileDependencies.add(file);
              compilation.emitAsset(
                path.posix.join(to, entry.name),
                new sources.RawSource(fs.readFileSync(file)),
              );
            }
          }
        },
      );
    });
  }
}

/** The folder of an installed package, found through node_modules like {@link readVersion}. */
function packageFolder(packageName, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'node_modules', packageName);
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Cannot find the installed package ${packageName} from ${fromDir}`);
}

/** TypeScript and TSX of the workspace, compiled by swc (browsers get es2020, the Node prerender es2022). */
function typescriptRule({ development, target }) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development } },
          target,
        },
      },
    },
  };
}

/** Message catalogs (`src/i18n/<locale>.json`), compiled at build time (see catalog-loader.cjs). */
function catalogRule() {
  return {
    test: /[\\/]i18n[\\/](?:[\w-]+[\\/])*[a-z]{2}\.json$/,
    type: 'javascript/auto',
    use: path.join(__dirname, 'catalog-loader.cjs'),
  };
}

/** Where the API listens during development; every dev server proxies `/api` to it. */
const API_TARGET = process.env.WAYPOINT_API_URL || 'http://localhost:3000';

/** The installed version of a package, found through node_modules (its `exports` may hide package.json). */
function readVersion(packageName, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', packageName, 'package.json');
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Cannot find the installed version of ${packageName} from ${fromDir}`);
}

/**
 * The portal's own libraries are the contract between the shell and the remotes (docs/micro-frontends.md): each
 * build declares the range it needs (`^` the version it was built with, so the same major) and, strictly, refuses to
 * run on a copy outside it. A remote built for another major of platform or ui then fails to load instead of
 * running on the shell's copy; the shell shows that area's "being updated" message and logs both versions.
 */
const CONTRACT_PACKAGES = new Set(['@waypoint/platform', '@waypoint/ui']);

function sharedConfig(workspaceDir) {
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    const packageName = name.startsWith('@')
      ? name.split('/').slice(0, 2).join('/')
      : name.split('/')[0];
    const version = readVersion(packageName, workspaceDir);
    shared[name] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      ...(CONTRACT_PACKAGES.has(packageName) ? { strictVersion: true } : {}),
    };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir               the workspace folder (`__dirname` of its webpack.config.js)
 * @param {string} options.name              the federation container name (`shell`, `apply`, `account`, `admin`)
 * @param {number} options.port              the dev server port
 * @param {Record<string, string>} [options.exposes]  modules a remote exposes
 * @param {string} [options.entry]           the page entry: always for the shell, dev-only for a remote
 * @param {string} [options.title]           the HTML page title
 * @param {boolean} [options.host]           true for the shell
 * @param {(devServer: object) => object} [options.devServer]  adjusts the dev server settings
 * @param {Array<{ from: string, to: string }>} [options.staticFiles]  folders copied into the output as they are
 */
function createWebpackConfig(options) {
  const { dir, name, port, exposes, entry, title = 'Waypoint', host = false } = options;

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const serving = Boolean(process.env.WEBPACK_SERVE);
    const withPage = host || serving;
    const hashed = (ext) => (production ? `[name].[contenthash:10].${ext}` : `[name].${ext}`);
    // The pseudo-locale build (pseudo-locale.cjs) goes to dist/pseudo/<area>/, without source maps, minification
    // or precompressed siblings (the API sends a file as it is when it has none): it exists only to be tested.
    const pseudo = isPseudoLocaleBuild() && !serving;

    /** @type {import('webpack').Configuration} */
    const config = {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: pseudo ? false : production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: withPage && entry ? { main: entry } : {},
      output: {
        path: pseudo ? pseudoOutputDir(name) : path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        filename: hashed('js'),
        chunkFilename: hashed('js'),
        assetModuleFilename: production
          ? 'assets/[name].[contenthash:10][ext]'
          : 'assets/[name][ext]',
        uniqueName: `waypoint_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        conditionNames: ['source', '...'],
        // react-router's package exports only its development build, whose warnings production pages never show.
        ...(production ? { alias: reactRouterProductionBuild() } : {}),
      },
      module: {
        rules: [
          typescriptRule({ development: !production, target: 'es2020' }),
          catalogRule(),
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, 'css-loader'],
          },
          {
            test: /\.(svg|png|jpe?g|webp|woff2?)$/,
            type: 'asset/resource',
          },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({ filename: hashed('css'), chunkFilename: hashed('css') }),
        // The shell takes part in Module Federation at run time only (shell/src/federation): its build bundles
        // the shared packages as plain modules, so its own pages carry no federation runtime, and is told every
        // shared package's version and rules for the areas it hands them to.
        ...(host
          ? [
              new webpack.DefinePlugin({
                WAYPOINT_SHARED_PACKAGES: JSON.stringify(sharedConfig(dir)),
                // The runtime's Node.js code paths left out, as the plugin's `optimization.target` does below.
                ENV_TARGET: JSON.stringify('web'),
              }),
            ]
          : [
              new ModuleFederationPlugin({
                name,
                ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
                remotes: {},
                shared: sharedConfig(dir),
                manifest: { fileName: 'mf-manifest.json' },
                dts: false,
                experiments: {
                  // Every front end runs in the browser: leave the runtime's Node.js code paths out of the bundles.
                  optimization: { target: 'web' },
                  // One federation runtime per page: the remotes' entries carry none and use the shell's (see
                  // shell/src/federation/runtimePlugin.ts). A remote served on its own for development keeps its
                  // own.
                  ...(!serving ? { externalRuntime: true } : {}),
                },
              }),
            ]),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title,
                chunks: ['main'],
              }),
            ]
          : []),
        ...(options.staticFiles ? [new StaticFilesPlugin(options.staticFiles)] : []),
        // The shell's boot scripts, which the API announces in every page's <head> (boot-files-plugin.cjs).
        // The federation runtime is not one of them: only a page drawn by an area asks for it (shell/src/index.ts).
        ...(host && production ? [new BootFilesPlugin({ skip: ['federation-runtime'] })] : []),
        ...(production && !pseudo ? precompressionPlugins() : []),
      ],
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        minimize: production && !pseudo,
        minimizeOptions: {
          javascript: { ecma: 2020, compress: { ecma: 2020, passes: 3 }, format: { ecma: 2020 } },
        },
        // Each shared package is loaded through a chunk of its own, so a dependency several of them use (immer
        // under @reduxjs/toolkit and its query entry points) was copied into each one and downloaded up to three
        // times; a lower size threshold gives such a dependency one chunk of its own.
        // The contracts' locale list is too small for that threshold, yet the design system, the platform and the
        // page all use it: one named chunk keeps it from being sent once per user.
        splitChunks: {
          minSize: 10000,
          cacheGroups: {
            locales: {
              test: /[\\/]libs[\\/]contracts[\\/]src[\\/]locales\.ts$/,
              name: 'locales',
              chunks: 'all',
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: false }],
        client: { overlay: { warnings: false } },
      },
    };

    if (options.devServer) config.devServer = options.devServer(config.devServer);
    return config;
  };
}

/**
 * A Node build of a front end's prerender entry: one CommonJS file (every lazy import inlined) that renders pages
 * to HTML at build time. Stylesheets are left out; images keep the file names of the browser build.
 *
 * @param {object} options
 * @param {string} options.dir    the workspace folder
 * @param {string} options.entry  the prerender module
 * @param {string} options.outDir where the Node file is written (outside `dist`, which is served); in the
 *                                pseudo-locale build, `dist/pseudo/prerender/<workspace>/` (see prerenderOutputDir)
 */
function createPrerenderConfig({ dir, entry, outDir: normalOutDir }) {
  const outDir = prerenderOutputDir(dir, normalOutDir);
  /** @type {import('webpack').Configuration} */
  return {
    context: dir,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { prerender: entry },
    output: {
      path: outDir,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      conditionNames: ['source', 'node', '...'],
    },
    module: {
      rules: [
        typescriptRule({ development: false, target: 'es2022' }),
        catalogRule(),
        { test: /\.css$/, use: path.join(__dirname, 'ignore-css-loader.cjs') },
        {
          test: /\.(svg|png|jpe?g|webp|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Where a workspace's prerender build is written: `outDir` normally, `dist/pseudo/prerender/<workspace>/` in the
 * pseudo-locale build (so the normal one is left as it is). `shell/scripts/prerender.cjs` reads it from here too.
 */
function prerenderOutputDir(dir, outDir) {
  return isPseudoLocaleBuild()
    ? path.join(pseudoOutputDir('prerender'), path.basename(dir))
    : outDir;
}

module.exports = {
  createWebpackConfig,
  prerenderOutputDir,
  createPrerenderConfig,
  packageFolder,
  sharedConfig,
  SHARED_SINGLETONS,
  API_TARGET,
};
