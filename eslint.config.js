// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import fs from 'node:fs';

/**
 * Lint for the whole workspace. The import boundaries are the point: inside a front-end bundle, features
 * never import each other (they may use the bundle's shared code and the workspace packages; the app layer
 * composes features); no bundle imports another bundle's source; services never import front-end code;
 * packages never import bundles or services.
 */
/** The front-end bundles: the shell and every remote folder (mfe-*), found on disk so a new remote is covered. */
const BUNDLES = fs.readdirSync(import.meta.dirname).filter((d) => d === 'shell' || d.startsWith('mfe-'));

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
        window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', location: 'readonly',
        console: 'readonly', process: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', Buffer: 'readonly',
        AbortController: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', atob: 'readonly', btoa: 'readonly',
        HTMLElement: 'readonly', KeyboardEvent: 'readonly', MouseEvent: 'readonly', StorageEvent: 'readonly', Node: 'readonly',
        structuredClone: 'readonly', queueMicrotask: 'readonly', performance: 'readonly', globalThis: 'readonly',
        __dirname: 'readonly', require: 'readonly', module: 'writable', exports: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
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
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] } },
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
        { type: 'service', pattern: 'services/*', mode: 'folder', capture: ['service'] },
        { type: 'gateway', pattern: 'api-gateway', mode: 'folder' },
        { type: 'e2e', pattern: 'e2e', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} "${file.internalPath}" may not import ${dependency.type} "${dependency.source}" (see eslint.config.js: import boundaries)',
          rules: [
            ...BUNDLES.flatMap((b) => [
              // A feature uses its bundle's shared code and the workspace packages, never another feature.
              { from: `${b}:feature`, allow: [`${b}:shared`, 'package'] },
              { from: `${b}:shared`, allow: [`${b}:shared`, 'package'] },
              // The app layer of a bundle composes its own features; no bundle imports another's source.
              { from: `${b}:app`, allow: [`${b}:app`, `${b}:feature`, `${b}:shared`, 'package'] },
            ]),
            { from: 'package', allow: ['package'] },
            { from: 'service', allow: [['service', { service: '{{from.service}}' }], 'package'] },
            { from: 'service-test', allow: ['service', 'service-test', 'package'] },
            { from: 'gateway', allow: ['gateway', 'package'] },
            { from: 'e2e', allow: ['e2e', 'package'] },
          ],
        },
      ],
    },
  },
);
