// @ts-check
/**
 * One build policy for every front-end bundle: the shell (Module Federation host + single-spa root) and the
 * remotes (mfe-*). Each bundle's webpack.config.js is a single call to createHostConfig or
 * createRemoteConfig, so the shared singletons, loaders, hashing and dev-server proxy can never drift apart.
 */
const fs = require('node:fs');
const path = require('node:path');
// The Module Federation plugin must use the very webpack instance that runs the build (the bundle's own,
// found from the working directory); pnpm gives it no webpack of its own to fall back on.
const WEBPACK_PATH = require.resolve('webpack', { paths: [process.cwd(), __dirname] });
process.env.FEDERATION_WEBPACK_PATH ||= WEBPACK_PATH;
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
// webpack's own minifier, resolved through webpack so the two always match.
const TerserPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(WEBPACK_PATH)] }));
const { EmitFilesPlugin } = require('./emit-files.cjs');
const { localRegistry } = require('./dev-registry.cjs');

/** @typedef {import('webpack').Configuration & { devServer?: Record<string, unknown>, plugins: NonNullable<import('webpack').Configuration['plugins']> }} BundleConfig */
/** @typedef {(env: unknown, argv: { mode?: string } | undefined) => BundleConfig | Array<BundleConfig | import("webpack").Configuration>} ConfigFactory */

const { DEV_SERVER_PORTS: PORTS, remoteInFolder } = require('./dev-ports.cjs');

/** Chunk load time-out of spec section 9 (120 s). */
const CHUNK_LOAD_TIMEOUT = 120_000;
const BROWSER_TARGET = 'es2020';
/** The narrowed react-router-dom every bundle shares (see the file's header). */
const ROUTER_FACADE = path.join(__dirname, 'browser', 'react-router-dom.mjs');

/**
 * react-router 7 resolves to its development build by default; point webpack at the production build.
 * @param {string} dir
 */
function routerAliases(dir) {
  const routerDir = path.dirname(
    require.resolve('react-router/package.json', {
      paths: [path.dirname(require.resolve('react-router-dom/package.json', { paths: [dir] }))],
    }),
  );
  return {
    'react-router-dom$': ROUTER_FACADE,
    'react-router$': path.join(routerDir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(routerDir, 'dist', 'production', 'dom-export.mjs'),
  };
}

/** The page's one federation runtime (see the file's header) and the file name it is built to. */
const FEDERATION_RUNTIME = path.join(__dirname, 'browser', 'federation-runtime.mjs');
const FEDERATION_RUNTIME_FILE = `federation-runtime.${require('@module-federation/runtime-tools/package.json').version}.js`;

/** axios without its fetch transport (see the file's header). */
const AXIOS_XHR_ONLY = path.join(__dirname, 'browser', 'axios-xhr-only.mjs');
/** axios modules the site never uses, and the one stand-in for all of them (see its header). */
const AXIOS_LEFT_OUT = path.join(__dirname, 'browser', 'axios-left-out.mjs');
const AXIOS_LEFT_OUT_MODULES =
  /axios[\\/]lib[\\/](helpers[\\/](progressEventReducer|HttpStatusCode|formDataToJSON)|cancel[\\/]CancelToken)\.js$/;

/** The loader that writes a remote's standalone page entry from its routes.json, and the query asking for it. */
const STANDALONE_PAGE = path.join(__dirname, 'standalone-page.cjs');
const STANDALONE_QUERY = '?standalone-page';

/** packages/ui, the one place global CSS may come from. */
const UI_DIR = path.resolve(__dirname, '..', '..', 'ui');

/**
 * Packages that exist once on the page: the ones with run-time state (React, the router, jotai, single-spa,
 * the api-client's axios instance and token store) and the ui package (one set of components and styles).
 * `react-dom/client` and `react/jsx-runtime` are listed apart from their package roots because Module
 * Federation matches requests, not packages: leaving them out would ship a second React.
 * `@sq/contracts` is deliberately not shared: it holds only constants, types and pure schemas, so each
 * bundle keeps the tree-shaken part it uses. Shared, it would be provided whole and eagerly by the shell,
 * putting every form schema (and zod) into every page's first load.
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router-dom', 'react-router-dom'],
  ['jotai', 'jotai'],
  ['single-spa', 'single-spa'],
  ['@sq/api-client', '@sq/api-client'],
  ['@sq/ui', '@sq/ui'],
];

/**
 * Singletons only remotes share among themselves: `@sq/remote-kit` (the lifecycles, root, router and error
 * boundary every remote is made of). The shell never uses it, so it does not provide
 * it: providing it eagerly would put it into the first load of the shell's own pages. The first remote on
 * the page provides it (loaded lazily, like the remote itself) and every later remote reuses that copy.
 */
const REMOTE_SINGLETONS = [['@sq/remote-kit', '@sq/remote-kit']];

/**
 * Version of a package as installed for `fromDir` (walks node_modules upwards like Node does).
 * @param {string} pkg
 * @param {string} fromDir
 * @returns {string}
 */
function installedVersion(pkg, fromDir) {
  let dir = fromDir;
  for (;;) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`@sq/mf-config: ${pkg} is not installed for ${fromDir}`);
    dir = parent;
  }
}

/**
 * The shared-dependency policy: every singleton with the version installed for this bundle as its
 * required range (^major.minor.patch), so a bundle built against an incompatible major warns at run time.
 * @param {string} [dir] the bundle folder (defaults to the current working directory)
 * @param {{ eager?: boolean, remote?: boolean }} [options] eager: provided from the initial chunk (the shell);
 *   remote: a remote's build, which also shares REMOTE_SINGLETONS
 */
function createSharedConfig(dir = process.cwd(), { eager = false, remote = false } = {}) {
  /** @type {Record<string, { singleton: true, requiredVersion: string, version: string, eager: boolean, import?: string }>} */
  const shared = {};
  for (const [key, pkg] of remote ? [...SINGLETONS, ...REMOTE_SINGLETONS] : SINGLETONS) {
    if (!key || !pkg) continue;
    const version = installedVersion(pkg, dir);
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version, eager };
  }
  const router = shared['react-router-dom'];
  if (router) shared['react-router-dom'] = { ...router, import: ROUTER_FACADE };
  return shared;
}

/**
 * shared-deps.json, written next to every build: what a remote was built against (`requires`: package →
 * range) or what the shell provides (`provides`: package → version). A release compares the two and refuses
 * a remote the live shell cannot serve (api-gateway/src/releases/skew.ts).
 * @param {string} dir @param {{ remote: boolean }} options
 */
function sharedDepsFile(dir, { remote }) {
  const shared = createSharedConfig(dir, { remote });
  /** @type {Record<string, string>} */
  const deps = {};
  for (const [key, pkg] of remote ? [...SINGLETONS, ...REMOTE_SINGLETONS] : SINGLETONS) {
    const entry = key && pkg ? shared[key] : undefined;
    if (entry && pkg) deps[pkg] = remote ? entry.requiredVersion : entry.version;
  }
  return {
    to: 'shared-deps.json',
    text: `${JSON.stringify(remote ? { requires: deps } : { provides: deps }, null, 2)}\n`,
  };
}

function gatewayUrl() {
  return process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
}

/**
 * webpack-dev-server (v5): /api, /remotes.json and /bundles go to the gateway.
 * @param {{ port: number, historyApiFallback: boolean, staticDir?: string, setupMiddlewares?: (m: any[]) => any[] }} options
 */
function devServer({ port, historyApiFallback, staticDir, setupMiddlewares }) {
  return {
    port,
    host: '127.0.0.1',
    hot: false,
    liveReload: true,
    historyApiFallback,
    // Remotes are fetched cross-origin by the shell's dev server.
    headers: { 'Access-Control-Allow-Origin': '*' },
    static: staticDir && fs.existsSync(staticDir) ? [{ directory: staticDir, watch: true }] : false,
    client: { overlay: { errors: true, warnings: false } },
    proxy: [{ context: ['/api', '/remotes.json', '/bundles'], target: gatewayUrl(), changeOrigin: false }],
    setupMiddlewares,
  };
}

function terser() {
  return new TerserPlugin({
    extractComments: false,
    terserOptions: { ecma: 2020, compress: { passes: 2, pure_getters: true }, format: { comments: false } },
  });
}

/** @param {import('webpack').PathData} pathData */
function hashedName(pathData) {
  const chunk = /** @type {any} */ (pathData.chunk);
  if (chunk?.contentHash?.javascript) return '[name].[contenthash:8].js';
  if (chunk?.renderedHash) return '[name].[chunkhash:8].js';
  // Module Federation's runtime asks for the file name of a chunk that is not rendered yet.
  return '[name].js';
}

/**
 * What every bundle has in common.
 * @param {{ name: string, dir: string, mode: 'production' | 'development', publicPath: string }} options
 * @returns {BundleConfig}
 */
function baseConfig({ name, dir, mode, publicPath }) {
  const production = mode === 'production';
  // Extracted CSS in every mode: the same CSS chunk loading in development as in production.
  const cssLoader = MiniCssExtractPlugin.loader;
  return {
    mode,
    context: dir,
    target: 'web',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: production ? hashedName : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT,
      // federation-runtime.js and a remote's server/ module are written to the same folder by their own builds.
      clean: { keep: /^(federation-runtime\.|server\/)/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: routerAliases(dir),
    },
    module: {
      // A missing export (e.g. one the router facade does not offer) fails the build instead of undefined at run time.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: require.resolve('esbuild-loader'),
          options: { target: BROWSER_TARGET, jsx: 'automatic' },
        },
        {
          // Component styles of a bundle: CSS Modules, class names prefixed by the bundle so nothing leaks.
          test: /\.module\.css$/,
          use: [
            cssLoader,
            {
              loader: require.resolve('css-loader'),
              options: {
                modules: {
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: production ? `${name}-[hash:base64:6]` : `${name}__[name]__[local]`,
                },
              },
            },
          ],
        },
        {
          // Global CSS comes only from packages/ui (tokens, reset, shared components), imported by the shell
          // and by a remote's standalone stand-in. Any other plain .css file has no loader and fails the build.
          test: /\.css$/,
          exclude: /\.module\.css$/,
          include: [UI_DIR],
          use: [cssLoader, require.resolve('css-loader')],
        },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        },
      ],
    },
    optimization: {
      minimize: production,
      // JS: webpack's default (terser), whose dead-code removal inside modules is what tree-shakes
      // react-router; esbuild only minifies the CSS.
      minimizer: [
        terser(),
        new EsbuildPlugin({ target: BROWSER_TARGET, css: true, include: /\.css$/, legalComments: 'none' }),
      ],
      // axios comes in one async chunk with its xhr-only stand-in (@sq/api-client loads it on the first
      // request), not as a vendor chunk plus a 150-byte chunk for the stand-in.
      splitChunks: {
        cacheGroups: {
          axios: {
            test: /[\\/](axios[\\/]|axios-(xhr-only|left-out)\.mjs$)/,
            chunks: 'async',
            name: 'axios',
            enforce: true,
          },
        },
      },
      moduleIds: production ? 'deterministic' : 'named',
      chunkIds: production ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new (require(WEBPACK_PATH).NormalModuleReplacementPlugin)(
        /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
        AXIOS_XHR_ONLY,
      ),
      new (require(WEBPACK_PATH).NormalModuleReplacementPlugin)(AXIOS_LEFT_OUT_MODULES, AXIOS_LEFT_OUT),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        ignoreOrder: true,
      }),
    ],
  };
}

/**
 * The federation runtime as its own small script, built without Module Federation (a federated build
 * would need the runtime before it could provide it). The shell's index.html loads it first; bundles
 * built with `externalRuntime` find it on the global. Its name carries the runtime's version.
 * @param {{ dir: string, mode: 'production' | 'development' }} options
 * @returns {import('webpack').Configuration}
 */
function runtimeProvider({ dir, mode }) {
  return {
    name: 'federation-runtime',
    mode,
    context: dir,
    target: 'web',
    devtool: false,
    entry: { 'federation-runtime': FEDERATION_RUNTIME },
    output: { path: path.join(dir, 'dist'), filename: FEDERATION_RUNTIME_FILE, publicPath: 'auto', clean: false },
    // Browser only, as the bundles' own `experiments.optimization.target: 'web'` says for their part: the
    // runtime's Node.js script loading (vm, node: imports) is left out.
    plugins: [new (require(WEBPACK_PATH).DefinePlugin)({ ENV_TARGET: JSON.stringify('web') })],
    optimization: { minimize: mode === 'production', minimizer: [terser()] },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote's server module (@sq/contracts/first-content): its `firstContent` entry built for Node, as one
 * CommonJS file with everything bundled (the gateway that loads it needs no React of its own), plus one
 * stylesheet with exactly the CSS of what it renders. The CSS Modules rules are the browser build's
 * (baseConfig), so class names are the same in the server-rendered markup and in the remote's own.
 * @param {{ name: string, dir: string, mode: 'production' | 'development', entry: string, webpack: typeof import('webpack') }} options
 * @returns {BundleConfig}
 */
function firstContentConfig({ name, dir, mode, entry, webpack }) {
  const config = baseConfig({ name, dir, mode, publicPath: '' });
  const [, ...plugins] = config.plugins;
  return {
    ...config,
    name: 'first-content',
    target: 'node',
    devtool: false,
    entry: { 'first-content': entry },
    // The whole router (the facade is for what the browser bundles share; the server also needs StaticRouter).
    resolve: {
      ...config.resolve,
      alias: { ...routerAliases(dir), 'react-router-dom$': routerAliases(dir)['react-router$'] },
    },
    output: {
      path: path.join(dir, 'dist', 'server'),
      filename: '[name].cjs',
      chunkFormat: 'commonjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // No axios transport swap (the server module makes no requests); one file, unminified (read by Node only).
    plugins: [
      ...plugins.filter((p) => !(p instanceof MiniCssExtractPlugin)),
      new MiniCssExtractPlugin({ filename: '[name].css' }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      defineEnv(webpack, mode === 'production'),
    ],
    optimization: { ...config.optimization, minimize: false, splitChunks: false },
  };
}

/** @param {{ mode?: string } | undefined} argv @returns {'production' | 'development'} */
function mode(argv) {
  return argv?.mode === 'production' || process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

/** Build-time settings the browser code reads (API host in production, credentials). */
/** @param {typeof import('webpack')} webpack @param {boolean} production */
function defineEnv(webpack, production) {
  return new webpack.DefinePlugin({
    'process.env.SQ_API_BASE_URL': JSON.stringify(process.env.SQ_API_BASE_URL || '/api'),
    'process.env.SQ_API_WITH_CREDENTIALS': JSON.stringify(
      process.env.SQ_API_WITH_CREDENTIALS || (production ? 'true' : 'false'),
    ),
    'process.env.SQ_SITE_NAME': JSON.stringify(process.env.SQ_SITE_NAME || '사이드퀘스트'),
  });
}

/**
 * A remote: exposes each of its entries (`./{entry}` from `src/{entry}.tsx`: single-spa lifecycles), emits
 * mf-manifest.json, remoteEntry and chunks with publicPath 'auto' so the same build works under whatever
 * versioned URL it is published at, plus a copy of its route manifest. Name, dev port and entries come
 * from the one list of remotes (@sq/contracts/remotes.json) by the remote's folder. In development it also
 * serves a standalone page for its team, written from its routes.json (STANDALONE_PAGE).
 * `firstContent`: the remote's server module entry (see firstContentConfig), built in production only.
 * @param {{ dir: string, firstContent?: string }} options
 * @returns {ConfigFactory}
 */
function createRemoteConfig({ dir, firstContent }) {
  const { name, devPort: port, entries } = remoteInFolder(path.basename(dir));
  const exposes = Object.fromEntries(entries.map((entry) => [`./${entry}`, `./src/${entry}.tsx`]));
  return (_env, argv) => {
    const m = mode(argv);
    const production = m === 'production';
    const webpack = require(WEBPACK_PATH);
    const config = baseConfig({ name, dir, mode: m, publicPath: 'auto' });
    const withStandalone = !production || process.env.SQ_STANDALONE === '1';
    const routes = path.join(dir, 'src', 'routes.json');
    config.entry = withStandalone ? { standalone: `${routes}${STANDALONE_QUERY}` } : {};
    // The released version (set by the release tooling), shown on the remote's root element so a release
    // or rollback can be seen on the running site.
    const version =
      process.env.REMOTE_VERSION || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    config.plugins.push(
      defineEnv(webpack, production),
      new webpack.DefinePlugin({ 'process.env.SQ_REMOTE_VERSION': JSON.stringify(version) }),
      new ModuleFederationPlugin({
        name,
        // A fixed name: the entry is found through mf-manifest.json under a versioned URL, and webpack
        // cannot content-hash a container entry.
        filename: 'remoteEntry.js',
        // No federation runtime of its own: the page's one runtime comes from federation-runtime.js (the
        // shell's first script). A remote loads no remotes and reads no manifests either.
        experiments: {
          externalRuntime: true,
          optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
        },
        exposes,
        shared: createSharedConfig(dir, { remote: true }),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
      }),
      new EmitFilesPlugin({ files: [{ from: routes, to: 'routes.json' }, sharedDepsFile(dir, { remote: true })] }),
    );
    if (withStandalone) {
      // The page's entry is routes.json read through STANDALONE_PAGE: JavaScript, not the JSON module it would be.
      config.module?.rules?.push({
        resourceQuery: STANDALONE_QUERY,
        type: 'javascript/auto',
        loader: STANDALONE_PAGE,
        options: { entries },
      });
      config.plugins.push(
        // The one standalone page of @sq/standalone: a header slot, a main slot, the federation runtime first.
        new HtmlWebpackPlugin({
          templateContent: require(require.resolve('@sq/standalone/page', { paths: [dir] }))({
            title: `${name} (standalone)`,
            federationRuntime: `/${FEDERATION_RUNTIME_FILE}`,
          }),
          chunks: ['standalone'],
          publicPath: '/',
        }),
      );
    }
    config.devServer = devServer({ port, historyApiFallback: true, staticDir: path.join(dir, 'public') });
    const server =
      production && firstContent ? [firstContentConfig({ name, dir, mode: m, entry: firstContent, webpack })] : [];
    // The standalone page needs the runtime the shell would otherwise provide.
    return [...(withStandalone ? [runtimeProvider({ dir, mode: m })] : []), config, ...server];
  };
}

/**
 * The host: single-spa root config + Module Federation host with no build-time remotes (they come from
 * /remotes.json at run time), runtime plugins for failure handling, index.html and static files of
 * `public/` copied to the root of dist.
 * `startApp`: a CommonJS module exporting the function index.html inlines to start the page's scripts, with
 * its FIRST_CONTENT_ID and FIRST_PAINT_WAIT_MAX_MS.
 * @param {{ name: string, dir: string, port: number, entry?: string, runtimePlugins?: string[], startApp?: string }} options
 * @returns {ConfigFactory}
 */
function createHostConfig({
  name,
  dir,
  port,
  entry = './src/index.ts',
  runtimePlugins = [],
  startApp = './src/start-app.cjs',
}) {
  return (_env, argv) => {
    const m = mode(argv);
    const production = m === 'production';
    const webpack = require(WEBPACK_PATH);
    const config = baseConfig({ name, dir, mode: m, publicPath: '/' });
    config.entry = { main: entry };
    const publicDir = path.join(dir, 'public');
    const starter = require(path.resolve(dir, startApp));
    config.plugins.push(
      defineEnv(webpack, production),
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: createSharedConfig(dir, { eager: true }),
        shareStrategy: 'loaded-first',
        runtimePlugins: runtimePlugins.map((p) => path.resolve(dir, p)),
        // Browser only: leaves the Node.js loading code out of the runtime.
        // The runtime itself comes from federation-runtime.js, loaded before main (see runtimeProvider).
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
        dts: false,
        dev: false,
      }),
      new HtmlWebpackPlugin({
        template: path.join(dir, 'src', 'index.html'),
        chunks: ['main'],
        // The template preloads the scripts and starts them with its one inline script (startApp).
        inject: false,
        federationRuntime: `/${FEDERATION_RUNTIME_FILE}`,
        // Its own text, without line comments (a few hundred bytes in every page), and its two settings.
        startApp: starter.toString().replace(/^\s*\/\/.*\n/gm, ''),
        firstContentId: starter.FIRST_CONTENT_ID,
        firstPaintWaitMs: starter.FIRST_PAINT_WAIT_MAX_MS,
      }),
      new EmitFilesPlugin({ dir: publicDir, files: [sharedDepsFile(dir, { remote: false })] }),
    );
    // SQ_DEV_REGISTRY=local: serve /remotes.json from the remotes' own dev servers instead of the gateway.
    const setupMiddlewares =
      process.env.SQ_DEV_REGISTRY === 'local'
        ? (/** @type {any[]} */ middlewares) => {
            middlewares.unshift({
              name: 'local-registry',
              path: '/remotes.json',
              middleware: localRegistry(path.dirname(dir)),
            });
            return middlewares;
          }
        : undefined;
    config.devServer = devServer({ port, historyApiFallback: true, staticDir: publicDir, setupMiddlewares });
    return [runtimeProvider({ dir, mode: m }), config];
  };
}

module.exports = {
  createSharedConfig,
  createRemoteConfig,
  createHostConfig,
  PORTS,
  CHUNK_LOAD_TIMEOUT,
  SINGLETONS,
  REMOTE_SINGLETONS,
};
