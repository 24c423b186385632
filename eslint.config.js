// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

/**
 * Lint for the whole workspace. The import boundaries are the point: inside a front-end bundle, features
 * never import each other (they may use the bundle's shared code and the workspace packages; the app layer
 * composes features); no bundle imports another bundle's source; services never import front-end code;
 * packages never import bundles or services, and the packages form layers (PACKAGE_LAYERS); no module takes
 * part in an import cycle (import-x/no-cycle). Workspace imports (`@sq/contracts/registry`) are resolved
 * through the packages' `exports` by the TypeScript resolver, so the rules see them as the package files.
 */
/** The front-end bundles: the shell and every remote folder (mfe-*), found on disk so a new remote is covered. */
const BUNDLES = fs.readdirSync(import.meta.dirname).filter((d) => d === 'shell' || d.startsWith('mfe-'));

/**
 * The workspace packages in layers: each may import only the packages listed for it (and itself).
 *  - contracts is the shared vocabulary (types, zod schemas, Korean messages): it imports nothing internal.
 *  - browser side: api-client and ui build on contracts only (ui never calls the API: screens do, through
 *    their feature's api/); remote-kit adds the remote's frame on ui; standalone is a dev stand-in shell.
 *  - server side: service-kit builds on contracts; stack (launcher, local peers) on service-kit.
 *  - mf-config is build tooling (it reads the one list of remotes from contracts); team-matcher is pure
 *    domain logic and imports only the shared vocabulary (the roles and their names).
 * A new package gets a line here (an unlisted package may import no other package).
 */
const PACKAGE_LAYERS = {
  contracts: [],
  'api-client': ['contracts'],
  ui: ['contracts'],
  'remote-kit': ['contracts', 'ui'],
  standalone: ['contracts', 'ui', 'api-client'],
  'service-kit': ['contracts'],
  stack: ['contracts', 'service-kit'],
  'mf-config': ['contracts'],
  // Pure, no I/O: the operators' team matcher, used by the programs service.
  'team-matcher': ['contracts'],
  // The public API's typed client for API consumers (types of the published document, answer types of contracts).
  'api-sdk': ['contracts'],
};
/** What a front-end bundle may use (never the server side); what a service and the gateway may use. */
const BROWSER_PACKAGES = ['contracts', 'api-client', 'ui', 'remote-kit', 'standalone', 'mf-config'];
const SERVER_PACKAGES = ['contracts', 'service-kit', 'team-matcher'];
/**
 * The programs service in layers, from the ground up: a layer (a folder of services/programs/src) imports only
 * the layers listed for it, and itself, so no import runs back up and a layer reads without the ones above it.
 *  - ground: the settings (src/config/), the clock and the cohort calendar (src/clock.ts, src/schedule.ts).
 *  - repositories hold the SQL and import no domain module; clients call the other services and the PG; jobs
 *    is the queue (it sends in the caller's transaction, through repositories/db.ts).
 *  - core: the application's state machine, what the payment functions work with, and the refunds (the
 *    engine, the quote, the ledger). Then the mails, the payments (charges, reservations, cancellation, refund
 *    settlement at the PG), the applications (wizard, views, erasure), the operators' modules (team building,
 *    board, sprint, team charges), the reconciliation with the PG and webhooks out (delivery, subscriptions; the
 *    events themselves are written by the core, with the changes they tell of), then the routes.
 *  - migrations and seeds stand on the ground and the repositories' row types; service.ts, server.ts and
 *    worker.ts (the rest of the service) compose every layer.
 * A new folder of services/programs/src gets a line here.
 */
const PROGRAMS_LAYERS = {
  ground: [],
  repositories: ['ground'],
  clients: ['ground'],
  jobs: ['ground', 'repositories'],
  core: ['ground', 'repositories', 'clients', 'jobs'],
  mail: ['ground', 'repositories', 'clients', 'jobs', 'core'],
  payments: ['ground', 'repositories', 'clients', 'jobs', 'core', 'mail'],
  applications: ['ground', 'repositories', 'clients', 'jobs', 'core', 'mail', 'payments'],
  operators: ['ground', 'repositories', 'clients', 'jobs', 'core', 'mail', 'payments', 'applications'],
  reconciliation: ['ground', 'repositories', 'clients', 'jobs', 'core', 'mail', 'payments'],
  webhooks: ['ground', 'repositories', 'clients', 'jobs', 'core', 'mail'],
  routes: [
    'ground',
    'repositories',
    'clients',
    'jobs',
    'core',
    'mail',
    'payments',
    'applications',
    'operators',
    'reconciliation',
    'webhooks',
  ],
  migrations: ['ground', 'repositories'],
  seeds: ['ground', 'repositories'],
};
const PROGRAMS_ALL = Object.keys(PROGRAMS_LAYERS).map((layer) => `programs:${layer}`);
const pkg = (/** @type {string[]} */ names) =>
  names.map((name) => /** @type {[string, { package: string }]} */ (['package', { package: name }]));

/**
 * The names the shared router module (packages/mf-config/src/browser/react-router-dom.mjs) exports: the only
 * ones a bundle may import from 'react-router-dom'. Read from that file so the list exists once.
 */
const ROUTER_FACADE_NAMES = (() => {
  const text = fs.readFileSync(
    new URL('./packages/mf-config/src/browser/react-router-dom.mjs', import.meta.url),
    'utf8',
  );
  const list = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(text)?.[1];
  if (!list) throw new Error('eslint.config.js: no export list in the router facade');
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
})();

/**
 * The whole Korean catalogue (MESSAGES, about 7 KB gzip) is for services: a browser module imports the domain
 * it shows (@sq/contracts/messages/<domain>, or core-messages), so a page's first load carries only its texts.
 */
const CATALOGUE_RULE = {
  name: '@sq/contracts/messages',
  message:
    'Browser code imports the texts of its domain (@sq/contracts/messages/<domain> or @sq/contracts/core-messages), not the whole catalogue.',
};
const ROUTER_FACADE_RULE = {
  name: 'react-router-dom',
  allowImportNames: ROUTER_FACADE_NAMES,
  message: 'Not in the shared router module: add it to packages/mf-config/src/browser/react-router-dom.mjs first.',
};

const RESOLVER = createTypeScriptImportResolver({
  alwaysTryTypes: true,
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
});

const SQL_IN_REPOSITORIES = 'Only repositories query: put the SQL in one under src/repositories/.';
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', '**/.federation/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        location: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        AbortController: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        atob: 'readonly',
        btoa: 'readonly',
        HTMLElement: 'readonly',
        KeyboardEvent: 'readonly',
        MouseEvent: 'readonly',
        StorageEvent: 'readonly',
        Node: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        globalThis: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Reported, not fatal: knex row types in the services are still loosely typed.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      // boundaries resolves through eslint-module-utils: the TypeScript resolver follows package `exports`.
      'import/resolver': {
        typescript: { alwaysTryTypes: true },
        node: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
      },
      'boundaries/include': ['shell/**', 'mfe-*/**', 'packages/**', 'services/**', 'api-gateway/**', 'e2e/**'],
      'boundaries/elements': [
        // A file belongs to the first element whose pattern matches: each bundle's features, then its
        // shared folder, then the rest of the bundle (its app layer and config).
        ...BUNDLES.flatMap((b) => [
          { type: `${b}:feature`, pattern: `${b}/src/features/*`, mode: 'folder', capture: ['feature'] },
          { type: `${b}:shared`, pattern: `${b}/src/shared`, mode: 'folder' },
          { type: `${b}:app`, pattern: b, mode: 'folder' },
        ]),
        { type: 'package', pattern: 'packages/*', mode: 'folder', capture: ['package'] },
        // A service's integration tests may start another service for real, as its peer.
        { type: 'service-test', pattern: 'services/*/test', mode: 'folder', capture: ['service'] },
        // The programs service's layers (PROGRAMS_LAYERS); its other files (service.ts, server.ts, worker.ts) are the service.
        { type: 'programs:ground', pattern: 'services/programs/src/config', mode: 'folder' },
        { type: 'programs:ground', pattern: 'services/programs/src/{clock,schedule}.ts', mode: 'file' },
        ...Object.keys(PROGRAMS_LAYERS)
          .filter((layer) => layer !== 'ground')
          .map((layer) => ({ type: `programs:${layer}`, pattern: `services/programs/src/${layer}`, mode: 'folder' })),
        { type: 'service', pattern: 'services/*', mode: 'folder', capture: ['service'] },
        // The gateway's tests may start the real services and the stack's local peers behind it (access matrix,
        // route contract, fuzzing).
        { type: 'gateway-test', pattern: 'api-gateway/test', mode: 'folder' },
        { type: 'gateway', pattern: 'api-gateway', mode: 'folder' },
        { type: 'e2e', pattern: 'e2e', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            '${file.type} "${file.internalPath}" may not import ${dependency.type} "${dependency.source}" (see eslint.config.js: import boundaries)',
          rules: [
            ...BUNDLES.flatMap((b) => [
              // A feature uses its bundle's shared code and the workspace packages, never another feature.
              { from: `${b}:feature`, allow: [`${b}:shared`, ...pkg(BROWSER_PACKAGES)] },
              { from: `${b}:shared`, allow: [`${b}:shared`, ...pkg(BROWSER_PACKAGES)] },
              // The app layer of a bundle composes its own features; no bundle imports another's source.
              { from: `${b}:app`, allow: [`${b}:app`, `${b}:feature`, `${b}:shared`, ...pkg(BROWSER_PACKAGES)] },
            ]),
            ...Object.entries(PACKAGE_LAYERS).map(([name, allowed]) => ({
              from: [['package', { package: name }]],
              allow: pkg([name, ...allowed]),
            })),
            { from: 'service', allow: [['service', { service: '{{from.service}}' }], ...pkg(SERVER_PACKAGES)] },
            ...Object.entries(PROGRAMS_LAYERS).flatMap(([layer, below]) => {
              const allowed = [`programs:${layer}`, ...below.map((b) => `programs:${b}`)];
              return [
                { from: `programs:${layer}`, allow: [...allowed, ...pkg(SERVER_PACKAGES)] },
                {
                  from: `programs:${layer}`,
                  disallow: ['service', ...PROGRAMS_ALL.filter((type) => !allowed.includes(type))],
                  message: `\${file.type} "\${file.internalPath}" may not import \${dependency.type} "\${dependency.source}": a layer of the programs service imports only the layers under it (eslint.config.js: PROGRAMS_LAYERS)`,
                },
              ];
            }),
            { from: [['service', { service: 'programs' }]], allow: PROGRAMS_ALL },
            // Service tests may also start the local peers (mail sink, OAuth provider) of the stack.
            {
              from: 'service-test',
              allow: ['service', 'service-test', ...PROGRAMS_ALL, ...pkg([...SERVER_PACKAGES, 'stack'])],
            },
            { from: 'gateway', allow: ['gateway', ...pkg(SERVER_PACKAGES)] },
            {
              from: 'gateway-test',
              allow: ['gateway', 'gateway-test', 'service', ...PROGRAMS_ALL, ...pkg([...SERVER_PACKAGES, 'stack'])],
            },
            { from: 'e2e', allow: ['e2e', 'package'] },
          ],
        },
      ],
    },
  },
  {
    // Icons are SVG components from packages/ui (Icon): an emoji needs an emoji font and shows as an empty box
    // on machines without one. Applies to every front-end source file. Emoji = characters shown as emoji by
    // default, or asked to be (U+FE0F); text symbols such as © stay allowed.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'packages/{ui,remote-kit,standalone}/src/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/[\\p{Emoji_Presentation}\\u{FE0F}]/u]',
          'JSXText[value=/[\\p{Emoji_Presentation}\\u{FE0F}]/u]',
          'TemplateElement[value.raw=/[\\p{Emoji_Presentation}\\u{FE0F}]/u]',
        ].map((selector) => ({
          selector,
          message:
            'No emoji in the interface: use an SVG icon from @sq/ui (Icon), see packages/ui/src/components/Icon.tsx.',
        })),
      ],
    },
  },
  {
    // Bundles share one narrowed router module (ROUTER_FACADE_NAMES); a name outside it would be undefined
    // at run time, and no build step notices. Tests, and a remote's server module (first-content.tsx, built
    // for the gateway with the whole react-router), use react-router itself and may import anything.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'packages/{ui,remote-kit,standalone}/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'mfe-*/src/first-content.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ROUTER_FACADE_RULE, CATALOGUE_RULE] }],
    },
  },
  {
    // The operators' console is a federated entry of its own (mfe-programs/src/admin.tsx, composing
    // src/console over the src/features/console-* features and src/shared/console) that only /admin/* routes
    // load: nothing a visitor's or member's page is built from (the public entry app.tsx, its app layer, shared
    // code, the other features) may import it, or operator code would ride along in their chunks. Same router
    // rule as above (a later block replaces the option).
    files: [
      'mfe-*/src/app.tsx',
      'mfe-*/src/app/**/*.{ts,tsx}',
      'mfe-*/src/shared/**/*.{ts,tsx}',
      'mfe-*/src/features/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'mfe-*/src/features/console-*/**', 'mfe-*/src/shared/console/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ROUTER_FACADE_RULE, CATALOGUE_RULE],
          patterns: [
            {
              group: ['**/console-*', '**/console-*/**', '**/console', '**/console/**', '**/admin', '**/admin.tsx'],
              message: "Operator code: only the console's own entry (src/admin.tsx, src/console) may import it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Contracts modules are bundled by the screens that use them: they import the domain texts they need, never
    // the whole catalogue (messages.ts composes it for the services; the package index re-exports it).
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/contracts/src/messages.ts', 'packages/contracts/src/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)messages$', message: CATALOGUE_RULE.message }] }],
    },
  },
  {
    // One config.ts per service, read once when the app is built and passed down (app.<service>Config): the
    // environment is read nowhere else, so every setting is named, validated and documented in one place.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/config.ts', 'services/programs/src/config/index.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: "Read settings in the service's src/config.ts and pass them down.",
        },
      ],
    },
  },
  {
    // SQL only in repositories: a route validates, decides and answers; what it stores or reads goes through
    // the service's repositories (src/repositories/), so every query of a table is found in one place. Every
    // route, and the whole of the services whose other modules hold no transactions of their own.
    files: [
      'services/{account,careercard,content,itskill,programs}/src/routes/**/*.ts',
      'services/{account,careercard,content,itskill}/src/**/*.ts',
    ],
    ignores: ['services/*/src/{repositories,migrations,seeds}/**'],
    rules: {
      // A type (Knex.Transaction handed to a repository) queries nothing.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'knex', allowTypeImports: true, message: SQL_IN_REPOSITORIES }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='knex']", message: SQL_IN_REPOSITORIES },
        { selector: "CallExpression[callee.name='trx']", message: SQL_IN_REPOSITORIES },
      ],
    },
  },
  {
    // The same rule for the rest of the programs service (the core: the state machine and the refunds; the
    // payments, the wizard, the erasure, the operators' modules, the mails, the job queue, the clients of the
    // other services, webhooks out, the schedule; not the repositories, migrations and seeds, nor the routes, which have the rule above,
    // nor the files that build and start the app): they decide, and read and write through the repositories. They
    // hold their transactions and row locks themselves, so they may open a transaction (`knex.transaction`) and
    // hand it, or the connection, to a repository function; calling a connection (`trx('payment')`,
    // `deps.knex('refund')`) or its query API (`knex.raw`, `trx.fn.now()`) is a query. Type imports of knex stay
    // allowed (Knex.Transaction).
    files: [
      'services/programs/src/{core,payments,applications,operators,mail,jobs,clients,webhooks}/**/*.ts',
      'services/programs/src/*.ts',
    ],
    ignores: ['services/programs/src/{server,service,worker}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'knex',
              allowTypeImports: true,
              message: 'Domain modules do not query: put the SQL in a repository (src/repositories/).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.name=/^(knex|trx|db)$/]',
          'CallExpression[callee.property.name=/^(knex|trx|db)$/]',
          'MemberExpression[object.name=/^(knex|trx|db)$/][property.name!=/^(transaction|executionPromise)$/]',
          'MemberExpression[object.property.name=/^(knex|trx|db)$/][property.name!=/^(transaction|executionPromise)$/]',
        ].map((selector) => ({
          selector,
          message:
            'Domain modules do not query: put the SQL in a repository (src/repositories/) and pass it the transaction.',
        })),
      ],
    },
  },
  {
    // No import cycles anywhere (a cycle hides an ordering bug and defeats lazy chunks). Type-only imports
    // count too: they still tie the modules' designs together.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x's TypeScript settings (which files it reads, with which parser), our resolver.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [RESOLVER],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
